package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of package fp's inverse trigonometric and hyperbolic functions
// and log1pf to the catalog. Each binding receives the effective flags of
// the golden file it is checked against and returns the function as
// compiled under them.
func init() {
	bindF32("asinf", flagsOf, fp.Flags.Asinf)
	bindF32("acosf", flagsOf, fp.Flags.Acosf)
	bindF32("atanf", flagsOf, fp.Flags.Atanf)
	bindF32x2("atan2f", flagsOf, fp.Flags.Atan2f)
	bindF32("asinhf", flagsOf, fp.Flags.Asinhf)
	bindF32("acoshf", flagsOf, fp.Flags.Acoshf)
	bindF32("atanhf", flagsOf, fp.Flags.Atanhf)
	bindF32("log1pf", flagsOf, fp.Flags.Log1pf)
}
