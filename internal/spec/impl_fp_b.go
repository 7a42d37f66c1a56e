package spec

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Bindings of package fp's trigonometric and hyperbolic functions (sinf,
// cosf, tanf, sincosf, tanhf, sinpif, cospif, sincospif) to the catalog.
// Each binding receives the effective flags of the golden file it is checked
// against and returns the function as compiled under them; functions of two
// results pack them as sin<<32 | cos.
func init() {
	bindF32("sinf", func(fl fp.Flags) func(float32) float32 { return fl.Sinf })
	bindF32("cosf", func(fl fp.Flags) func(float32) float32 { return fl.Cosf })
	bindF32("tanf", func(fl fp.Flags) func(float32) float32 { return fl.Tanf })
	bindKernel("sincosf", func(fl fp.Flags) Kernel { return trigPair(fl.Sincosf) })
	bindF32("tanhf", func(fl fp.Flags) func(float32) float32 { return fl.Tanhf })
	bindF32("sinpif", func(fl fp.Flags) func(float32) float32 { return fl.Sinpif })
	bindF32("cospif", func(fl fp.Flags) func(float32) float32 { return fl.Cospif })
	bindKernel("sincospif", func(fl fp.Flags) Kernel { return trigPair(fl.Sincospif) })
}

// trigPair packs a function of one float and two float results as a Kernel.
func trigPair(g func(float32) (float32, float32)) Kernel {
	return func(in *Args) uint64 {
		a := in[0]
		s, c := g(math.Float32frombits(uint32(a)))
		return uint64(math.Float32bits(s))<<32 | uint64(math.Float32bits(c))
	}
}
