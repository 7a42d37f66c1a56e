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

// The double inverse trigonometric functions, roots and norms
// (lib64_inv.go, lib64_norm.go): their documented error bounds against the
// certified references of package ulp, their special-case rows against the
// device's special grid (TestLib64BSpecialCases), and their benchmarks next
// to package math. internal/golden's TestDevice checks them against the
// device.

// libInv is one function of up to four doubles, with its package-level
// form, the ulp reference's name and the range of its typical inputs.
type libInv struct {
	id, ref string
	arity   int
	lo, hi  float64
	f       func(fl fp.Flags, a []float64) float64
	pkg     func(a []float64) float64
}

var libInvs = []libInv{
	{"asin", "asin", 1, -1, 1, func(fl fp.Flags, a []float64) float64 { return fl.Asin(a[0]) }, func(a []float64) float64 { return fp.Asin(a[0]) }},
	{"acos", "acos", 1, -1, 1, func(fl fp.Flags, a []float64) float64 { return fl.Acos(a[0]) }, func(a []float64) float64 { return fp.Acos(a[0]) }},
	{"atan", "atan", 1, -4, 4, func(fl fp.Flags, a []float64) float64 { return fl.Atan(a[0]) }, func(a []float64) float64 { return fp.Atan(a[0]) }},
	{"atan2", "atan2", 2, -4, 4, func(fl fp.Flags, a []float64) float64 { return fl.Atan2(a[0], a[1]) }, func(a []float64) float64 { return fp.Atan2(a[0], a[1]) }},
	{"hypot", "hypot", 2, -1e3, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Hypot(a[0], a[1]) }, func(a []float64) float64 { return fp.Hypot(a[0], a[1]) }},
	{"rhypot", "rhypot", 2, -1e3, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Rhypot(a[0], a[1]) }, func(a []float64) float64 { return fp.Rhypot(a[0], a[1]) }},
	{"norm3d", "norm3", 3, -1e3, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Norm3d(a[0], a[1], a[2]) }, func(a []float64) float64 { return fp.Norm3d(a[0], a[1], a[2]) }},
	{"rnorm3d", "rnorm3", 3, -1e3, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Rnorm3d(a[0], a[1], a[2]) }, func(a []float64) float64 { return fp.Rnorm3d(a[0], a[1], a[2]) }},
	{"norm4d", "norm4", 4, -1e3, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Norm4d(a[0], a[1], a[2], a[3]) }, func(a []float64) float64 { return fp.Norm4d(a[0], a[1], a[2], a[3]) }},
	{"rnorm4d", "rnorm4", 4, -1e3, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Rnorm4d(a[0], a[1], a[2], a[3]) }, func(a []float64) float64 { return fp.Rnorm4d(a[0], a[1], a[2], a[3]) }},
	// norm and rnorm (arity 0: arrays of 1 to 8 elements) have no
	// documented bound; the test holds them to norm4d's and rnorm4d's.
	{"norm", "norm", 0, -1e3, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Norm(a) }, fp.Norm},
	{"rnorm", "rnorm", 0, -1e3, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Rnorm(a) }, fp.Rnorm},
	{"rsqrt", "rsqrt", 1, 0, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Rsqrt(a[0]) }, func(a []float64) float64 { return fp.Rsqrt(a[0]) }},
	{"cbrt", "cbrt", 1, -1e3, 1e3, func(fl fp.Flags, a []float64) float64 { return fl.Cbrt(a[0]) }, func(a []float64) float64 { return fp.Cbrt(a[0]) }},
}

// libInvRound returns the reference's correctly rounded result at a.
func libInvRound(ref *ulp.Ref64, a []uint64) uint64 {
	switch ref.Arity() {
	case 1:
		return ref.Round(a[0], rounding.RN)
	case 2:
		return ref.Round2(a[0], a[1], rounding.RN)
	}
	return ref.RoundN(a, rounding.RN)
}

// TestLib64InvAccuracy checks the documented ulp bound (CUDA C++
// Programming Guide 13.0, Table 18, in the catalog) of each function under
// every captured flag set, against ulp.Ref64, on random inputs (gopter,
// CUDAFP_SEED), and that the package-level function is the default flags'
// method.
func TestLib64InvAccuracy(t *testing.T) {
	props := testflag.Properties(t, 1000, 100)
	for _, c := range libInvs {
		f, ok := spec.Lookup(c.id)
		if !ok {
			t.Fatalf("%s: not in the catalog", c.id)
		}
		ref, ok := ulp.Lookup64(c.ref)
		if !ok {
			t.Fatalf("%s: no ulp.Ref64", c.ref)
		}
		gen := lib64Gen(c.lo, c.hi)
		bf := f
		switch c.id {
		case "norm":
			bf, _ = spec.Lookup("norm4d")
		case "rnorm":
			bf, _ = spec.Lookup("rnorm4d")
		}
		genN := func(p *gopter.GenParameters) *gopter.GenResult {
			n := c.arity
			if n == 0 {
				n = 1 + p.Rng.Intn(8)
			}
			a := make([]float64, n)
			for i := range a {
				a[i] = gen(p).Result.(float64)
			}
			return gopter.NewGenResult(a, gopter.NoShrinker)
		}
		props.Property(c.id+" within its documented bound", prop.ForAll(func(a []float64) string {
			var bad []string
			u := make([]uint64, len(a))
			s := make([]string, len(a))
			for i, v := range a {
				u[i], s[i] = math.Float64bits(v), f64.Format(math.Float64bits(v))
			}
			args := strings.Join(s, ", ")
			cr := libInvRound(ref, u)
			for _, fl := range spec.FlagSets {
				got := math.Float64bits(c.f(fl, a))
				if d := distWithin(bf, got, cr, math.NaN(), args); d != "" {
					bad = append(bad, "["+fl.Name()+"] "+d)
				}
			}
			if got, want := math.Float64bits(c.pkg(a)), math.Float64bits(c.f(fp.Flags{}, a)); got != want {
				bad = append(bad, fmt.Sprintf("fp package-level %s(%s) = %s, Flags{} %s", c.id, args, f64.Format(got), f64.Format(want)))
			}
			return strings.Join(bad, "; ")
		}, gopter.Gen(genN)))
	}
	props.TestingRun(t)
}

// lib64Extra evaluates the functions of libInvs on encodings for
// TestLib64BSpecialCases.
var lib64Extra = map[string]func(fl fp.Flags, in []uint64) uint64{}

const (
	pio2Bits64 = 0x3ff921fb54442d18 // π/2 rounded
	piBits64   = 0x400921fb54442d18 // π rounded
	nan3       = 0x7ff8000000000000 // the NaN of the ternary special grid
)

func init() {
	for _, c := range libInvs {
		lib64Extra[c.id] = func(fl fp.Flags, in []uint64) uint64 {
			a := make([]float64, len(in))
			for i, u := range in {
				a[i] = math.Float64frombits(u)
			}
			return math.Float64bits(c.f(fl, a))
		}
	}
	lib64Specials = append(lib64Specials, []struct {
		id   string
		fl   fp.Flags
		in   []uint64
		want uint64
		why  string
	}{
		{"asin", def, []uint64{nZero64}, nZero64, "Asin(-0) = -0"},
		{"asin", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Asin(NaN) = x quieted"},
		{"asin", def, []uint64{0x3ff0000000000001}, 0x7ff8000000000000, "Asin(x) = NaN, sign of x, for x > 1"},
		{"asin", def, []uint64{nInf64}, dNaN64, "Asin(-Inf) = NaN, sign of x"},
		{"acos", def, []uint64{one64}, 0, "Acos(1) = +0"},
		{"acos", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Acos(NaN) = x quieted"},
		{"acos", def, []uint64{0xbff0000000000001}, dNaN64, "Acos(x) = NaN for x < -1"},
		{"acos", def, []uint64{pInf64}, dNaN64, "Acos(+Inf) = NaN"},
		{"atan", def, []uint64{nZero64}, nZero64, "Atan(-0) = -0"},
		{"atan", def, []uint64{pInf64}, pio2Bits64, "Atan(+Inf) = π/2"},
		{"atan", def, []uint64{nInf64}, pio2Bits64 | 1<<63, "Atan(-Inf) = -π/2"},
		{"atan", def, []uint64{qNaN2}, qNaN2, "Atan(NaN) = x"},
		{"rsqrt", def, []uint64{nZero64}, nInf64, "Rsqrt(-0) = -Inf"},
		{"rsqrt", def, []uint64{pInf64}, 0, "Rsqrt(+Inf) = +0"},
		{"rsqrt", def, []uint64{nOne64}, dNaN64, "Rsqrt(x) = NaN for x < 0"},
		{"rsqrt", def, []uint64{nInf64}, dNaN64, "Rsqrt(-Inf) = NaN"},
		{"rsqrt", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Rsqrt(NaN) = x quieted"},
		{"cbrt", def, []uint64{nZero64}, nZero64, "Cbrt(-0) = -0"},
		{"cbrt", def, []uint64{nInf64}, nInf64, "Cbrt(-Inf) = -Inf"},
		{"cbrt", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Cbrt(NaN) = x quieted"},
		{"hypot", def, []uint64{qNaN1, nInf64}, pInf64, "Hypot(NaN, -Inf) = +Inf"},
		{"hypot", def, []uint64{nZero64, 0xc000000000000000}, 0x4000000000000000, "Hypot(-0, -2) = 2"},
		{"hypot", def, []uint64{one64, sNaN1}, sNaN1 | 1<<51, "Hypot(1, NaN) = the NaN quieted"},
		{"rhypot", def, []uint64{sNaN1, pInf64}, 0, "Rhypot(NaN, +Inf) = +0"},
		{"rhypot", def, []uint64{nZero64, 0}, pInf64, "Rhypot(-0, +0) = +Inf"},
		{"rhypot", def, []uint64{qNaN1, qNaN2}, qNaN2, "Rhypot(NaN, NaN) = the larger encoding"},
		{"norm3d", def, []uint64{nan3, nInf64, one64}, pInf64, "Norm3d(NaN, -Inf, 1) = +Inf"},
		{"norm3d", def, []uint64{one64, nan3, 0}, nan3, "Norm3d(1, NaN, 0) = the NaN"},
		{"norm3d", def, []uint64{nZero64, nOne64, 0}, one64, "Norm3d(-0, -1, 0) = 1"},
		{"rnorm3d", def, []uint64{nan3, nInf64, one64}, 0, "Rnorm3d(NaN, -Inf, 1) = +0"},
		{"rnorm3d", def, []uint64{nZero64, 0, nZero64}, pInf64, "Rnorm3d(-0, +0, -0) = +Inf"},
		{"atan2", def, []uint64{qNaN1, sNaN1}, qNaN1, "Atan2(NaN, NaN) = y"},
		{"atan2", def, []uint64{one64, sNaN1}, sNaN1 | 1<<51, "Atan2(y, NaN) = x quieted"},
		{"atan2", def, []uint64{nZero64, one64}, nZero64, "Atan2(-0, x) = -0 for x > 0"},
		{"atan2", def, []uint64{0, nZero64}, piBits64, "Atan2(+0, -0) = π"},
		{"atan2", def, []uint64{nZero64, nOne64}, piBits64 | 1<<63, "Atan2(-0, x) = -π for x < 0"},
		{"atan2", def, []uint64{pInf64, pInf64}, 0x3fe921fb54442d18, "Atan2(+Inf, +Inf) = π/4"},
		{"atan2", def, []uint64{nInf64, nInf64}, 0xc002d97c7f3321d2, "Atan2(-Inf, -Inf) = -3π/4"},
	}...)
}

// The functions join BenchmarkFuncs64 and TestNoAllocs64, each next to
// package math's function on the same inputs.
func init() {
	un := func(name string, lo, hi float64, f func(fp.Flags, float64) float64, native func(float64) float64) bench64 {
		return bench64{name, 1, lo, hi,
			func(fl fp.Flags, x, _, _ float64) float64 { return f(fl, x) },
			func(x, _, _ float64) float64 { return native(x) }}
	}
	bench64Cases = append(bench64Cases,
		un("asin", -1, 1, fp.Flags.Asin, math.Asin),
		un("acos", -1, 1, fp.Flags.Acos, math.Acos),
		un("atan", -4, 4, fp.Flags.Atan, math.Atan),
		bench64{"hypot", 2, -1e3, 1e3, func(fl fp.Flags, x, y, _ float64) float64 { return fl.Hypot(x, y) }, func(x, y, _ float64) float64 { return math.Hypot(x, y) }},
		bench64{"rhypot", 2, -1e3, 1e3, func(fl fp.Flags, x, y, _ float64) float64 { return fl.Rhypot(x, y) }, func(x, y, _ float64) float64 { return 1 / math.Hypot(x, y) }},
		bench64{"norm3d", 3, -1e3, 1e3, func(fl fp.Flags, x, y, z float64) float64 { return fl.Norm3d(x, y, z) }, func(x, y, z float64) float64 { return math.Sqrt(x*x + y*y + z*z) }},
		bench64{"rnorm3d", 3, -1e3, 1e3, func(fl fp.Flags, x, y, z float64) float64 { return fl.Rnorm3d(x, y, z) }, func(x, y, z float64) float64 { return 1 / math.Sqrt(x*x+y*y+z*z) }},
		// norm4d, rnorm4d, norm and rnorm on (x, y, z, x), native the same sum.
		bench64{"norm4d", 3, -1e3, 1e3, func(fl fp.Flags, x, y, z float64) float64 { return fl.Norm4d(x, y, z, x) }, func(x, y, z float64) float64 { return math.Sqrt(x*x + y*y + z*z + x*x) }},
		bench64{"rnorm4d", 3, -1e3, 1e3, func(fl fp.Flags, x, y, z float64) float64 { return fl.Rnorm4d(x, y, z, x) }, func(x, y, z float64) float64 { return 1 / math.Sqrt(x*x+y*y+z*z+x*x) }},
		bench64{"norm", 3, -1e3, 1e3, func(fl fp.Flags, x, y, z float64) float64 { return fl.Norm([]float64{x, y, z, x}) }, func(x, y, z float64) float64 { return math.Sqrt(x*x + y*y + z*z + x*x) }},
		bench64{"rnorm", 3, -1e3, 1e3, func(fl fp.Flags, x, y, z float64) float64 { return fl.Rnorm([]float64{x, y, z, x}) }, func(x, y, z float64) float64 { return 1 / math.Sqrt(x*x+y*y+z*z+x*x) }},
		un("rsqrt", 1e-300, 1e300, fp.Flags.Rsqrt, func(x float64) float64 { return 1 / math.Sqrt(x) }),
		un("cbrt", -1e300, 1e300, fp.Flags.Cbrt, math.Cbrt),
		bench64{"atan2", 2, -4, 4, func(fl fp.Flags, x, y, _ float64) float64 { return fl.Atan2(x, y) }, func(x, y, _ float64) float64 { return math.Atan2(x, y) }},
	)
}
