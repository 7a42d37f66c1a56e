package fp_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// The double exponentials, logarithms, hyperbolic functions and pow
// (lib64_*.go): their documented error bounds against the certified
// references of package ulp (ulp.Dist64 from the correctly rounded result,
// NVIDIA's metric). internal/golden's TestDevice checks them against the
// device.

// lib64B lists the unary functions of lib64_exp.go, lib64_log.go,
// lib64_hyp.go and lib64_ahyp.go by catalog ID.
var lib64B = []unaryBound64{
	{"exp", func(fl fp.Flags) func(float64) float64 { return fl.Exp }, fp.Exp, -750, 750},
	{"exp2", func(fl fp.Flags) func(float64) float64 { return fl.Exp2 }, fp.Exp2, -1100, 1100},
	{"exp10", func(fl fp.Flags) func(float64) float64 { return fl.Exp10 }, fp.Exp10, -330, 330},
	{"expm1", func(fl fp.Flags) func(float64) float64 { return fl.Expm1 }, fp.Expm1, -40, 710},
	{"log", func(fl fp.Flags) func(float64) float64 { return fl.Log }, fp.Log, 0, 4},
	{"log2", func(fl fp.Flags) func(float64) float64 { return fl.Log2 }, fp.Log2, 0, 4},
	{"log10", func(fl fp.Flags) func(float64) float64 { return fl.Log10 }, fp.Log10, 0, 4},
	{"log1p", func(fl fp.Flags) func(float64) float64 { return fl.Log1p }, fp.Log1p, -1, 3},
	{"sinh", func(fl fp.Flags) func(float64) float64 { return fl.Sinh }, fp.Sinh, -712, 712},
	{"cosh", func(fl fp.Flags) func(float64) float64 { return fl.Cosh }, fp.Cosh, -712, 712},
	{"tanh", func(fl fp.Flags) func(float64) float64 { return fl.Tanh }, fp.Tanh, -20, 20},
	{"asinh", func(fl fp.Flags) func(float64) float64 { return fl.Asinh }, fp.Asinh, -1e3, 1e3},
	{"acosh", func(fl fp.Flags) func(float64) float64 { return fl.Acosh }, fp.Acosh, 1, 1e3},
	{"atanh", func(fl fp.Flags) func(float64) float64 { return fl.Atanh }, fp.Atanh, -1, 1},
}

// lib64Gen draws x: a uniform bit pattern (1 in 4), a uniform value of
// [lo, hi], or a value of [lo, hi] scaled by 2^-k for k up to 60 (near 0).
func lib64Gen(lo, hi float64) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		var x float64
		switch p.Rng.Intn(4) {
		case 0:
			x = math.Float64frombits(p.Rng.Uint64())
		case 1:
			x = math.Ldexp(lo+(hi-lo)*p.Rng.Float64(), -p.Rng.Intn(61))
		default:
			x = lo + (hi-lo)*p.Rng.Float64()
		}
		return gopter.NewGenResult(x, gopter.NoShrinker)
	}
}

// distWithin returns "" when got is within the catalog's documented bound
// (NVIDIA's metric: binary64 steps from the correctly rounded result cr,
// ulp.Dist64) at args, else a description.
func distWithin(f *spec.Func, got, cr uint64, x float64, args string) string {
	bound := f.Bound.ULP // at a NaN x, as the reports read it
	if x == x {
		bound = f.Bound.ULPAt(x)
	}
	if d := ulp.Dist64(got, cr); !(float64(d) <= bound) {
		return fmt.Sprintf("%s(%s) = %s: %d ulp from the correctly rounded %s, documented bound %g", f.Name, args, f64.Format(got), d, f64.Format(cr), bound)
	}
	return ""
}

// unaryBound64 is a unary double function of the accuracy tests: its
// catalog ID (also its ulp.Ref64 name), the emulation under fl, the
// package-level form, and the range of its typical inputs (lib64Gen).
type unaryBound64 struct {
	id     string
	f      func(fp.Flags) func(float64) float64
	pkg    func(float64) float64
	lo, hi float64
}

// addUnaryBound64 adds to props, for each case, the property that the
// emulation under every captured flag set is within the catalog's
// documented bound (distWithin) of ulp.Ref64's correctly rounded result,
// and that the package-level function is the default flags' method.
func addUnaryBound64(t *testing.T, props *gopter.Properties, cases []unaryBound64) {
	t.Helper()
	for _, c := range cases {
		f, ok := spec.Lookup(c.id)
		if !ok {
			t.Fatalf("%s: not in the catalog", c.id)
		}
		ref, ok := ulp.Lookup64(c.id)
		if !ok {
			t.Fatalf("%s: no ulp.Ref64", c.id)
		}
		props.Property(c.id+" within its documented bound", prop.ForAll(func(x float64) string {
			var bad []string
			cr := ref.Round(math.Float64bits(x), rounding.RN)
			for _, fl := range spec.FlagSets {
				got := math.Float64bits(c.f(fl)(x))
				if s := distWithin(f, got, cr, x, f64.Format(math.Float64bits(x))); s != "" {
					bad = append(bad, "["+fl.Name()+"] "+s)
				}
			}
			if got, want := math.Float64bits(c.pkg(x)), math.Float64bits(c.f(fp.Flags{})(x)); got != want {
				bad = append(bad, fmt.Sprintf("fp package-level %s(%x) = %s, Flags{} %s", c.id, x, f64.Format(got), f64.Format(want)))
			}
			return strings.Join(bad, "; ")
		}, lib64Gen(c.lo, c.hi)))
	}
}

// TestLib64BAccuracy checks the documented ulp bound (CUDA C++ Programming
// Guide 13.0, Table 18, in the catalog) of each function under every
// captured flag set, against ulp.Ref64, on random inputs (gopter,
// CUDAFP_SEED), and that the package-level function is the default flags'
// method.
func TestLib64BAccuracy(t *testing.T) {
	props := testflag.Properties(t, 2000, 200)
	addUnaryBound64(t, props, lib64B)
	f, _ := spec.Lookup("pow")
	ref, _ := ulp.Lookup64("pow")
	gen := func(p *gopter.GenParameters) *gopter.GenResult {
		var a [2]float64
		if p.Rng.Intn(4) == 0 {
			a = [2]float64{math.Float64frombits(p.Rng.Uint64()), math.Float64frombits(p.Rng.Uint64())}
		} else { // x in (0, 4], y with |y·ln x| up to about 800
			x := 4 * (1 - p.Rng.Float64())
			a = [2]float64{x, (2*p.Rng.Float64() - 1) * 800 / math.Max(math.Abs(math.Log(x)), 1e-3)}
		}
		return gopter.NewGenResult(a, gopter.NoShrinker)
	}
	props.Property("pow within its documented bound", prop.ForAll(func(a [2]float64) string {
		var bad []string
		xb, yb := math.Float64bits(a[0]), math.Float64bits(a[1])
		cr := ref.Round2(xb, yb, rounding.RN)
		for _, fl := range spec.FlagSets {
			got := math.Float64bits(fl.Pow(a[0], a[1]))
			if s := distWithin(f, got, cr, a[0], f64.Format(xb)+", "+f64.Format(yb)); s != "" {
				bad = append(bad, "["+fl.Name()+"] "+s)
			}
		}
		if got, want := math.Float64bits(fp.Pow(a[0], a[1])), math.Float64bits(fp.Flags{}.Pow(a[0], a[1])); got != want {
			bad = append(bad, fmt.Sprintf("fp.Pow = %s, Flags{}.Pow %s", f64.Format(got), f64.Format(want)))
		}
		return strings.Join(bad, "; ")
	}, gen))
	props.TestingRun(t)
}

// The fourteen functions and pow join BenchmarkFuncs64 and TestNoAllocs64,
// each next to package math's function on the same inputs.
func init() {
	un := func(name string, lo, hi float64, f func(fp.Flags, float64) float64, native func(float64) float64) bench64 {
		return bench64{name, 1, lo, hi,
			func(fl fp.Flags, x, _, _ float64) float64 { return f(fl, x) },
			func(x, _, _ float64) float64 { return native(x) }}
	}
	bench64Cases = append(bench64Cases,
		un("exp", -700, 700, fp.Flags.Exp, math.Exp),
		un("exp2", -1000, 1000, fp.Flags.Exp2, math.Exp2),
		un("exp10", -300, 300, fp.Flags.Exp10, func(x float64) float64 { return math.Pow(10, x) }),
		un("expm1", -30, 700, fp.Flags.Expm1, math.Expm1),
		un("log", 1e-300, 1e300, fp.Flags.Log, math.Log),
		un("log2", 1e-300, 1e300, fp.Flags.Log2, math.Log2),
		un("log10", 1e-300, 1e300, fp.Flags.Log10, math.Log10),
		un("log1p", 1e-3, 1e3, fp.Flags.Log1p, math.Log1p),
		un("sinh", -20, 20, fp.Flags.Sinh, math.Sinh),
		un("cosh", -20, 20, fp.Flags.Cosh, math.Cosh),
		un("tanh", -10, 10, fp.Flags.Tanh, math.Tanh),
		un("asinh", -1e3, 1e3, fp.Flags.Asinh, math.Asinh),
		un("acosh", 1, 1e3, fp.Flags.Acosh, math.Acosh),
		un("atanh", -1, 1, fp.Flags.Atanh, math.Atanh),
		bench64{"pow", 2, 0.1, 10, func(fl fp.Flags, x, y, _ float64) float64 { return fl.Pow(x, y) }, func(x, y, _ float64) float64 { return math.Pow(x, y) }},
	)
}
