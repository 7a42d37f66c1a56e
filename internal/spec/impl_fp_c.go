package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of package fp's inverse trigonometric and hyperbolic functions
// and log1pf to the catalog. Each binding receives the effective flags of
// the golden file it is checked against and returns the function as
// compiled under them.
func init() {
	bindF32("asinf", func(fl fp.Flags) func(float32) float32 { return fl.Asinf })
	bindF32("acosf", func(fl fp.Flags) func(float32) float32 { return fl.Acosf })
	bindF32("atanf", func(fl fp.Flags) func(float32) float32 { return fl.Atanf })
	bindF32x2("atan2f", func(fl fp.Flags) func(y, x float32) float32 { return fl.Atan2f })
	bindF32("asinhf", func(fl fp.Flags) func(float32) float32 { return fl.Asinhf })
	bindF32("acoshf", func(fl fp.Flags) func(float32) float32 { return fl.Acoshf })
	bindF32("atanhf", func(fl fp.Flags) func(float32) float32 { return fl.Atanhf })
	bindF32("log1pf", func(fl fp.Flags) func(float32) float32 { return fl.Log1pf })
}
