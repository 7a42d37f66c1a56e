package fp_test

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/testflag"
)

// The double error and gamma functions (lib64_erf.go, lib64_gamma.go):
// their documented error bounds against the certified references of
// package ulp, as TestLib64BAccuracy checks the exponentials.
// internal/golden's TestDevice checks them against the device.

// lib64Erf lists them by catalog ID with the package-level function and
// native Go's nearest equivalent (for BenchmarkFuncs64).
var lib64Erf = []struct {
	id     string
	f      func(fp.Flags, float64) float64
	pkg    func(float64) float64
	native func(float64) float64
	lo, hi float64 // typical inputs: uniform in [lo, hi]
}{
	{"erf", fp.Flags.Erf, fp.Erf, math.Erf, -6, 6},
	{"erfc", fp.Flags.Erfc, fp.Erfc, math.Erfc, -6, 27},
	{"erfcx", fp.Flags.Erfcx, fp.Erfcx, erfcxNative, -26, 100},
	{"normcdf", fp.Flags.Normcdf, fp.Normcdf, normcdfNative, -38, 9},
	{"erfinv", fp.Flags.Erfinv, fp.Erfinv, math.Erfinv, -1, 1},
	{"erfcinv", fp.Flags.Erfcinv, fp.Erfcinv, math.Erfcinv, 0, 2},
	{"normcdfinv", fp.Flags.Normcdfinv, fp.Normcdfinv, normcdfinvNative, 0, 1},
	{"lgamma", fp.Flags.Lgamma, fp.Lgamma, lgammaNative, -30, 200},
	{"tgamma", fp.Flags.Tgamma, fp.Tgamma, math.Gamma, -190, 172},
}

// erfcxNative and normcdfNative are the native routes of erfcx and
// normcdf: package math has neither.
func erfcxNative(x float64) float64   { return math.Exp(x*x) * math.Erfc(x) }
func normcdfNative(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// normcdfinvNative is the native route of normcdfinv.
func normcdfinvNative(x float64) float64 { return -math.Sqrt2 * math.Erfcinv(2*x) }

// lgammaNative is the native route of lgamma.
func lgammaNative(x float64) float64 {
	y, _ := math.Lgamma(x)
	return y
}

// TestLib64ErfAccuracy checks the documented ulp bound (CUDA C++
// Programming Guide 13.0, Table 18, in the catalog) of each function under
// every captured flag set, against ulp.Ref64, on random inputs (gopter,
// CUDAFP_SEED), and that the package-level function is the default flags'
// method.
func TestLib64ErfAccuracy(t *testing.T) {
	props := testflag.Properties(t, 500, 100)
	var cases []unaryBound64
	for _, c := range lib64Erf {
		cases = append(cases, unaryBound64{c.id, func(fl fp.Flags) func(float64) float64 {
			return func(x float64) float64 { return c.f(fl, x) }
		}, c.pkg, c.lo, c.hi})
	}
	addUnaryBound64(t, props, cases)
	props.TestingRun(t)
}

// The functions join BenchmarkFuncs64 and TestNoAllocs64, each next to
// package math's nearest function on the same inputs.
func init() {
	for _, c := range lib64Erf {
		f, native := c.f, c.native
		bench64Cases = append(bench64Cases, bench64{c.id, 1, c.lo, c.hi,
			func(fl fp.Flags, x, _, _ float64) float64 { return f(fl, x) },
			func(x, _, _ float64) float64 { return native(x) }})
	}
}
