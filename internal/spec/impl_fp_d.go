package spec

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Bindings of package fp's hyperbolic functions, expm1f, cube roots and
// Euclidean norms (sinhf, coshf, expm1f, cbrtf, rcbrtf, hypotf, rhypotf,
// norm3df, rnorm3df, norm4df, rnorm4df, normf, rnormf) to the catalog. Each binding receives the effective
// flags of the golden file it is checked against and returns the function
// as compiled under them.
func init() {
	bindF32("sinhf", func(fl fp.Flags) func(float32) float32 { return fl.Sinhf })
	bindF32("coshf", func(fl fp.Flags) func(float32) float32 { return fl.Coshf })
	bindF32("expm1f", func(fl fp.Flags) func(float32) float32 { return fl.Expm1f })
	bindF32("cbrtf", func(fl fp.Flags) func(float32) float32 { return fl.Cbrtf })
	bindF32("rcbrtf", func(fl fp.Flags) func(float32) float32 { return fl.Rcbrtf })
	bindF32x2("hypotf", func(fl fp.Flags) func(x, y float32) float32 { return fl.Hypotf })
	bindF32x2("rhypotf", func(fl fp.Flags) func(x, y float32) float32 { return fl.Rhypotf })
	bindF32x3("norm3df", func(fl fp.Flags) func(x, y, z float32) float32 { return fl.Norm3df })
	bindF32x3("rnorm3df", func(fl fp.Flags) func(x, y, z float32) float32 { return fl.Rnorm3df })
	bindF32x4("norm4df", func(fl fp.Flags) func(x, y, z, w float32) float32 { return fl.Norm4df })
	bindF32x4("rnorm4df", func(fl fp.Flags) func(x, y, z, w float32) float32 { return fl.Rnorm4df })
	// normf and rnormf: static calls on a stack array (loadArray), so that
	// the kernels do not allocate.
	bind("normf", func(fl fp.Flags) Kernel {
		return func(in *Args) uint64 {
			var a [MaxArray]float32
			return uint64(math.Float32bits(fl.Normf(loadArray(in, &a))))
		}
	})
	bind("rnormf", func(fl fp.Flags) Kernel {
		return func(in *Args) uint64 {
			var a [MaxArray]float32
			return uint64(math.Float32bits(fl.Rnormf(loadArray(in, &a))))
		}
	})
}
