package spec

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Bindings of package fp's Bessel functions of the first and second kind
// (j0f, j1f, y0f, y1f, jnf, ynf) to the catalog. Each binding receives the
// effective flags of the golden file it is checked against and returns the
// function as compiled under them.
func init() {
	bindF32("j0f", flagsOf, fp.Flags.J0f)
	bindF32("j1f", flagsOf, fp.Flags.J1f)
	bindF32("y0f", flagsOf, fp.Flags.Y0f)
	bindF32("y1f", flagsOf, fp.Flags.Y1f)
	bindOrderF32("jnf", func(fl fp.Flags) func(int32, float32) float32 { return fl.Jnf })
	bindOrderF32("ynf", func(fl fp.Flags) func(int32, float32) float32 { return fl.Ynf })
}

// bindOrderF32 binds a function of an int order and a float (jnf, ynf).
func bindOrderF32(id string, fn func(fp.Flags) func(int32, float32) float32) {
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 {
			return uint64(math.Float32bits(g(int32(uint32(in[0])), math.Float32frombits(uint32(in[1])))))
		}
	})
}
