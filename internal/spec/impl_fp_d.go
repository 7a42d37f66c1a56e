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
	bindF32("sinhf", flagsOf, fp.Flags.Sinhf)
	bindF32("coshf", flagsOf, fp.Flags.Coshf)
	bindF32("expm1f", flagsOf, fp.Flags.Expm1f)
	bindF32("cbrtf", flagsOf, fp.Flags.Cbrtf)
	bindF32("rcbrtf", flagsOf, fp.Flags.Rcbrtf)
	bindF32x2("hypotf", flagsOf, fp.Flags.Hypotf)
	bindF32x2("rhypotf", flagsOf, fp.Flags.Rhypotf)
	bindF32x3("norm3df", flagsOf, fp.Flags.Norm3df)
	bindF32x3("rnorm3df", flagsOf, fp.Flags.Rnorm3df)
	bindF32x4("norm4df", fp.Flags.Norm4df)
	bindF32x4("rnorm4df", fp.Flags.Rnorm4df)
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
