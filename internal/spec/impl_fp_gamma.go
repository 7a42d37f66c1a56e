package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of package fp's gamma and modified Bessel functions (lgammaf,
// tgammaf, cyl_bessel_i0f, cyl_bessel_i1f) to the catalog. Each binding
// receives the effective flags of the golden file it is checked against and
// returns the function as compiled under them.
func init() {
	bindF32("lgammaf", func(fl fp.Flags) func(float32) float32 { return fl.Lgammaf })
	bindF32("tgammaf", func(fl fp.Flags) func(float32) float32 { return fl.Tgammaf })
	bindF32("cyl_bessel_i0f", func(fl fp.Flags) func(float32) float32 { return fl.CylBesselI0f })
	bindF32("cyl_bessel_i1f", func(fl fp.Flags) func(float32) float32 { return fl.CylBesselI1f })
}
