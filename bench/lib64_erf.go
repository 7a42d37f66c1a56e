package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Benchmark bindings of the double error and gamma functions (package fp,
// lib64_erf.go, lib64_gamma.go): the emulation as a user calls it, and
// package math's nearest function as the native route (not correctly
// rounded, so no input is declared exact).
func init() {
	for id, m := range map[string]func(fp.Flags, float64) float64{
		"erf": fp.Flags.Erf, "erfc": fp.Flags.Erfc, "erfcx": fp.Flags.Erfcx, "normcdf": fp.Flags.Normcdf,
		"erfinv": fp.Flags.Erfinv, "erfcinv": fp.Flags.Erfcinv, "normcdfinv": fp.Flags.Normcdfinv,
		"lgamma": fp.Flags.Lgamma, "tgamma": fp.Flags.Tgamma,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, fl, decode(in[0], argF64), packF64)
		}
	}
	for ref, n := range map[string]native{
		"erf":  natLib64("math.Erf(x)", math.Erf),
		"erfc": natLib64("math.Erfc(x)", math.Erfc),
		"erfcx": natLib64("math.Exp(x*x) * math.Erfc(x)", func(x float64) float64 {
			return math.Exp(x*x) * math.Erfc(x)
		}),
		"erfinv":  natLib64("math.Erfinv(x)", math.Erfinv),
		"erfcinv": natLib64("math.Erfcinv(x)", math.Erfcinv),
		"normcdfinv": natLib64("-math.Sqrt2 * math.Erfcinv(2*x)", func(x float64) float64 {
			return -math.Sqrt2 * math.Erfcinv(2*x)
		}),
		"lgamma": natLib64("math.Lgamma(x)", func(x float64) float64 {
			y, _ := math.Lgamma(x)
			return y
		}),
		"tgamma": natLib64("math.Gamma(x)", math.Gamma),
		"normcdf": natLib64("0.5 * math.Erfc(-x/math.Sqrt2)", func(x float64) float64 {
			return 0.5 * math.Erfc(-x/math.Sqrt2)
		}),
	} {
		natives64[ref] = n
	}
}
