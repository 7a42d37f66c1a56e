package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of package fp's gamma and modified Bessel functions (lgammaf,
// tgammaf, cyl_bessel_i0f, cyl_bessel_i1f) to the catalog. Each binding
// receives the effective flags of the golden file it is checked against and
// returns the function as compiled under them.
func init() {
	bindF32("lgammaf", flagsOf, fp.Flags.Lgammaf)
	bindF32("tgammaf", flagsOf, fp.Flags.Tgammaf)
	bindF32("cyl_bessel_i0f", flagsOf, fp.Flags.CylBesselI0f)
	bindF32("cyl_bessel_i1f", flagsOf, fp.Flags.CylBesselI1f)
}
