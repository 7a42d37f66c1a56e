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
	bindF32("sinf", flagsOf, fp.Flags.Sinf)
	bindF32("cosf", flagsOf, fp.Flags.Cosf)
	bindF32("tanf", flagsOf, fp.Flags.Tanf)
	bindKernel("sincosf", func(fl fp.Flags) Kernel { return trigPair(fl.Sincosf) })
	bindF32("tanhf", flagsOf, fp.Flags.Tanhf)
	bindF32("sinpif", flagsOf, fp.Flags.Sinpif)
	bindF32("cospif", flagsOf, fp.Flags.Cospif)
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
