package fp_test

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// The double Bessel functions (lib64_bessel*.go): the special-case rows of
// their doc comments against the emulation and the device's special grid,
// their documented error bounds against the certified references of
// package oracle, and their benchmarks next to package math's.
// internal/golden's TestDevice checks them against the device.

// besselFuncs64 lists the unary double Bessel functions by catalog ID, with
// the reference of each (internal/oracle, binary32 arguments) and the range
// of the typical inputs of the accuracy test.
var besselFuncs64 = []struct {
	id     string
	f      func(fp.Flags) func(float64) float64
	pkg    func(float64) float64
	ref    *oracle.Func
	lo, hi float64
}{
	{"cyl_bessel_i0", func(fl fp.Flags) func(float64) float64 { return fl.CylBesselI0 }, fp.CylBesselI0, oracle.I0, -100, 100},
	{"cyl_bessel_i1", func(fl fp.Flags) func(float64) float64 { return fl.CylBesselI1 }, fp.CylBesselI1, oracle.I1, -100, 100},
	{"j0", func(fl fp.Flags) func(float64) float64 { return fl.J0 }, fp.J0, oracle.J0, -40, 40},
	{"j1", func(fl fp.Flags) func(float64) float64 { return fl.J1 }, fp.J1, oracle.J1, -40, 40},
	{"y0", func(fl fp.Flags) func(float64) float64 { return fl.Y0 }, fp.Y0, oracle.Y0, 0, 40},
	{"y1", func(fl fp.Flags) func(float64) float64 { return fl.Y1 }, fp.Y1, oracle.Y1, 0, 40},
}

// besselSpecials64 are the doc comments' special cases, on points of the
// golden special grid (NaN rows: the grid's operand order, AsWritten).
var besselSpecials64 = []struct {
	id   string
	in   uint64
	want uint64
	why  string
}{
	{"cyl_bessel_i0", pInf64, pInf64, "CylBesselI0(+Inf) = +Inf"},
	{"cyl_bessel_i0", nInf64, pInf64, "CylBesselI0(-Inf) = +Inf"},
	{"cyl_bessel_i0", nZero64, one64, "CylBesselI0(-0) = 1"},
	{"cyl_bessel_i0", sNaN1, sNaN1 | 1<<51, "CylBesselI0(NaN) = x quieted"},
	{"cyl_bessel_i0", qNaN2, qNaN2, "CylBesselI0(NaN) = x"},
	{"cyl_bessel_i0", 0xffefffffffffffff, pInf64, "CylBesselI0(-MaxFloat64) = +Inf"},
	{"cyl_bessel_i1", nInf64, nInf64, "CylBesselI1(-Inf) = -Inf"},
	{"cyl_bessel_i1", nZero64, nZero64, "CylBesselI1(-0) = -0"},
	{"cyl_bessel_i1", sNaN1, sNaN1 | 1<<51, "CylBesselI1(NaN) = x quieted"},
	{"cyl_bessel_i1", 0xffefffffffffffff, nInf64, "CylBesselI1(-MaxFloat64) = -Inf"},
	{"j0", pInf64, 0, "J0(+Inf) = +0"},
	{"j0", nInf64, 0, "J0(-Inf) = +0"},
	{"j0", nZero64, 0x3feffffffffffffe, "J0(-0) = 1 − 2^-52"},
	{"j0", 0, 0x3feffffffffffffe, "J0(+0) = 1 − 2^-52"},
	{"j0", sNaN1, 0x7fffffff00000000, "J0(NaN) = 0x7fffffff00000000"},
	{"j0", qNaN1, 0x7fffffff00000000, "J0(NaN) = 0x7fffffff00000000"},
	{"j1", pInf64, 0, "J1(+Inf) = +0"},
	{"j1", nInf64, nZero64, "J1(-Inf) = -0"},
	{"j1", nZero64, nZero64, "J1(-0) = -0"},
	{"j1", 0x8010000000000000, 0x8008000000000000, "J1(x) = x/2 for tiny x"},
	{"j1", sNaN1, 0x7fffffff00000000, "J1(NaN) = 0x7fffffff00000000"},
	{"y0", pInf64, 0, "Y0(+Inf) = +0"},
	{"y0", 0, nInf64, "Y0(+0) = -Inf"},
	{"y0", nZero64, nInf64, "Y0(-0) = -Inf"},
	{"y0", nOne64, dNaN64, "Y0(x) = NaN for x < 0"},
	{"y0", nInf64, dNaN64, "Y0(-Inf) = NaN"},
	{"y0", qNaN2, 0x7fffffff00000000, "Y0(NaN) = 0x7fffffff00000000"},
	{"y1", pInf64, 0, "Y1(+Inf) = +0"},
	{"y1", 0, nInf64, "Y1(+0) = -Inf"},
	{"y1", nZero64, nInf64, "Y1(-0) = -Inf"},
	{"y1", 0x8000000000000001, dNaN64, "Y1(x) = NaN for x < 0"},
	{"y1", nInf64, dNaN64, "Y1(-Inf) = NaN"},
	{"y1", 1, nInf64, "Y1(0x1p-1074) = -(2/π)/x = -Inf"},
	{"y1", qNaN1, 0x7fffffff00000000, "Y1(NaN) = 0x7fffffff00000000"},
}

func TestBessel64SpecialCases(t *testing.T) {
	for _, r := range besselSpecials64 {
		var f func(fp.Flags) func(float64) float64
		for _, c := range besselFuncs64 {
			if c.id == r.id {
				f = c.f
			}
		}
		if f == nil {
			t.Fatalf("%s: not in besselFuncs64", r.id)
		}
		for _, fl := range spec.FlagSets {
			if got := math.Float64bits(f(fl)(math.Float64frombits(r.in))); got != r.want {
				t.Errorf("%s %s: %s(%s) = %s, want %s", r.why, flagName(fl), r.id, f64.Format(r.in), f64.Format(got), f64.Format(r.want))
			}
			if dev := deviceSpecial64(t, r.id, fl, []uint64{r.in}); dev != r.want {
				t.Errorf("%s %s: table says %s(%s) = %s, device %s", r.why, flagName(fl), r.id, f64.Format(r.in), f64.Format(r.want), f64.Format(dev))
			}
		}
	}
}

// besselNSpecials64 are the special cases of Jn and Yn's doc comments, on
// points of the golden special grid (NaN rows: the grid's operand order).
var besselNSpecials64 = []struct {
	id   string
	n    int32
	x    uint64
	want uint64
	why  string
}{
	{"jn", -1, one64, dNaN64, "Jn(n, x) = NaN for n < 0"},
	{"jn", 0, nZero64, 0x3feffffffffffffe, "Jn(0, x) = J0(x)"},
	{"jn", 1, nInf64, nZero64, "Jn(1, x) = J1(x)"},
	{"jn", 2, sNaN1, sNaN1 | 1<<51, "Jn(n, NaN) = x quieted"},
	{"jn", 3, qNaN2, qNaN2, "Jn(n, NaN) = x"},
	{"jn", 2, 0, dNaN64, "Jn(n, +0) = NaN"},
	{"jn", 5, nZero64, dNaN64, "Jn(n, -0) = NaN"},
	{"jn", 2, pInf64, 0, "Jn(2, +Inf) = +0"},
	{"jn", 2, 1, dNaN64, "Jn(2, 0x1p-1074) = NaN: the backward recurrence overflows"},
	{"jn", 128, 0x0010000000000000, dNaN64, "Jn(128, 0x1p-1022) = NaN: the backward recurrence overflows"},
	{"yn", -2, one64, dNaN64, "Yn(n, x) = NaN for n < 0"},
	{"yn", 0, nZero64, nInf64, "Yn(0, x) = Y0(x)"},
	{"yn", 1, nInf64, dNaN64, "Yn(1, x) = Y1(x)"},
	{"yn", 2, nOne64, dNaN64, "Yn(n, x) = NaN for x < 0"},
	{"yn", 3, sNaN1, dNaN64, "Yn(n, NaN) = NaN"},
	{"yn", 2, 0, nInf64, "Yn(n, +0) = -Inf"},
	{"yn", 4, nZero64, pInf64, "Yn(n, -0) = +Inf"},
	{"yn", 2, 1, nInf64, "Yn(n, 0x1p-1074) = -(2/π)/x = -Inf"},
	{"yn", 5, pInf64, 0, "Yn(n, +Inf) = +0"},
}

// deviceGrid64 returns the device's output of function id under fl at the
// point in of its golden special grid, whose points spec.Func.GridPoint
// enumerates.
func deviceGrid64(t *testing.T, id string, fl fp.Flags, in spec.Args) uint64 {
	t.Helper()
	f, _ := spec.Lookup(id)
	g, err := golden.Load(filepath.Join("..", "testdata", "golden", fl.Name(), id+".txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	for k := range f.GridLen() {
		if f.GridPoint(g.Grid, k) == in {
			return g.Special[k]
		}
	}
	t.Fatalf("%s %s: %x is not on the device's special grid", id, flagName(fl), in[:2])
	return 0
}

func TestBesselN64SpecialCases(t *testing.T) {
	for _, r := range besselNSpecials64 {
		for _, fl := range spec.FlagSets {
			f := fl.Jn
			if r.id == "yn" {
				f = fl.Yn
			}
			if got := math.Float64bits(f(r.n, math.Float64frombits(r.x))); got != r.want {
				t.Errorf("%s %s: %s(%d, %s) = %s, want %s", r.why, flagName(fl), r.id, r.n, f64.Format(r.x), f64.Format(got), f64.Format(r.want))
			}
			if dev := deviceGrid64(t, r.id, fl, spec.Args{uint64(uint32(r.n)), r.x}); dev != r.want {
				t.Errorf("%s %s: table says %s(%d, %s) = %s, device %s", r.why, flagName(fl), r.id, r.n, f64.Format(r.x), f64.Format(r.want), f64.Format(dev))
			}
		}
	}
}

// TestBessel64DocRanges checks the overflow thresholds of CylBesselI0 and
// CylBesselI1's doc comments: f(t) = ±Inf and f(t') is finite, t' the
// double next to t toward 0, and ±Inf holds on an even sample of the range
// beyond t (2^12 doubles; 2^22 with CUDAFP_EXHAUSTIVE).
func TestBessel64DocRanges(t *testing.T) {
	n := uint64(1) << 12
	if testflag.Exhaustive() {
		n = 1 << 22
	}
	for _, c := range []struct {
		id   string
		f    func(float64) float64
		t    float64
		want float64
	}{
		{"cyl_bessel_i0", fp.CylBesselI0, 0x1.64fe5304e83e5p+09, math.Inf(1)},
		{"cyl_bessel_i0", fp.CylBesselI0, -0x1.64fe5304e83e5p+09, math.Inf(1)},
		{"cyl_bessel_i1", fp.CylBesselI1, 0x1.64fe69ff9fec8p+09, math.Inf(1)},
		{"cyl_bessel_i1", fp.CylBesselI1, -0x1.64fe69ff9fec8p+09, math.Inf(-1)},
	} {
		b := math.Float64bits(c.t)
		if got := c.f(math.Float64frombits(b - 1)); math.IsInf(got, 0) {
			t.Errorf("%s(%x) = %v: the threshold %x is not the first", c.id, math.Float64frombits(b-1), got, c.t)
		}
		end := math.Float64bits(math.Inf(1)) | b&(1<<63)
		for u, st := b, (end-b)/n+1; u <= end && u >= b; u += st {
			if got := c.f(math.Float64frombits(u)); got != c.want {
				t.Errorf("%s(%x) = %v, want %v (|x| ≥ %x)", c.id, math.Float64frombits(u), got, c.want, c.t)
				break
			}
		}
	}
}

// crAt returns f(x) correctly rounded to binary64 (round to nearest even)
// for x a binary32 value (and n the order of jn and yn, 0 otherwise), from
// the certified enclosures of oracle f at rising precision; ok is false
// where the oracle gives no enclosure (a special value, or a value far
// outside the binary32 range) or none up to 1024 bits decides the rounding.
func crAt(f *oracle.Func, n int32, x float32) (uint64, bool) {
	xb := math.Float32bits(x)
	for prec := uint(128); prec <= 1024; prec *= 2 {
		var iv oracle.Interval
		var ok bool
		if f.Arity == 2 {
			iv, ok = f.Enclose(uint32(n), xb, prec)
		} else {
			iv, ok = f.Enclose(xb, 0, prec)
		}
		if !ok {
			return 0, false
		}
		lo, _ := iv.Lo.Float64()
		hi, _ := iv.Hi.Float64()
		if math.Float64bits(lo) == math.Float64bits(hi) && !math.IsInf(lo, 0) {
			if lo == 0 && iv.Lo.Sign() != iv.Hi.Sign() {
				return 0, false
			}
			return math.Float64bits(lo), true
		}
	}
	return 0, false
}

// besselWithin returns "" when got is within the catalog's documented bound
// of f at x, equal to cr or both NaN (the ulp part as distWithin, the absolute part against the
// correctly rounded cr, whose own error, at most half an ulp of a value
// below 1, is far below 5e-12), else a description.
func besselWithin(f *spec.Func, got, cr uint64, x float64, args string) string {
	if got == cr || f64.IsNaN(got) && f64.IsNaN(cr) {
		return ""
	}
	if f.Bound.InAbs(x) {
		if d := math.Abs(math.Float64frombits(got) - math.Float64frombits(cr)); !(d <= f.Bound.Abs) {
			return fmt.Sprintf("%s(%s) = %s: absolute error %.3g from the correctly rounded %s, documented bound %g", f.Name, args, f64.Format(got), d, f64.Format(cr), f.Bound.Abs)
		}
		return ""
	}
	return distWithin(f, got, cr, x, args)
}

// besselGen draws x, a binary32 value (the references take binary32
// arguments): uniform in [lo, hi] (3 in 4), or that scaled by 2^-k for k up
// to 60.
func besselGen(lo, hi float64) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		x := lo + (hi-lo)*p.Rng.Float64()
		if p.Rng.Intn(4) == 0 {
			x = math.Ldexp(x, -p.Rng.Intn(61))
		}
		return gopter.NewGenResult(float32(x), gopter.NoShrinker)
	}
}

// TestBessel64Accuracy checks the documented bound (CUDA C++ Programming
// Guide 13.0, Table 18, in the catalog) of each unary function under every
// captured flag set, against the correctly rounded value from the
// certified references of internal/oracle on random binary32 arguments and
// of ulp.Lookup64 on random doubles (gopter, CUDAFP_SEED), and that the
// package-level function is the default flags' method.
func TestBessel64Accuracy(t *testing.T) {
	props := testflag.Properties(t, 500, 100)
	for _, c := range besselFuncs64 {
		f, ok := spec.Lookup(c.id)
		if !ok {
			t.Fatalf("%s: not in the catalog", c.id)
		}
		props.Property(c.id+" within its documented bound", prop.ForAll(func(x32 float32) string {
			x := float64(x32)
			var bad []string
			if got, want := math.Float64bits(c.pkg(x)), math.Float64bits(c.f(fp.Flags{})(x)); got != want {
				bad = append(bad, fmt.Sprintf("fp package-level %s(%x) = %s, Flags{} %s", c.id, x, f64.Format(got), f64.Format(want)))
			}
			cr, ok := crAt(c.ref, 0, x32)
			if !ok {
				return strings.Join(bad, "; ")
			}
			for _, fl := range spec.FlagSets {
				got := math.Float64bits(c.f(fl)(x))
				if s := besselWithin(f, got, cr, x, f64.Format(math.Float64bits(x))); s != "" {
					bad = append(bad, "["+fl.Name()+"] "+s)
				}
			}
			return strings.Join(bad, "; ")
		}, besselGen(c.lo, c.hi)))
		// Any double: the binary64 reference of package ulp (ulp.Lookup64).
		ref64, ok := ulp.Lookup64(f.Ref)
		if !ok {
			t.Fatalf("%s: no ulp.Ref64 %q", c.id, f.Ref)
		}
		props.Property(c.id+" within its documented bound (binary64 arguments)", prop.ForAll(func(x float64) string {
			cr := ref64.Round(math.Float64bits(x), rounding.RN)
			var bad []string
			for _, fl := range spec.FlagSets {
				got := math.Float64bits(c.f(fl)(x))
				if s := besselWithin(f, got, cr, x, f64.Format(math.Float64bits(x))); s != "" {
					bad = append(bad, "["+fl.Name()+"] "+s)
				}
			}
			return strings.Join(bad, "; ")
		}, lib64Gen(c.lo, c.hi)))
	}
	props.TestingRun(t)
}

// TestBesselN64Accuracy checks the absolute bounds Table 18 states for jn
// and yn (CUDA C++ Programming Guide 13.0: "For n = 128, the maximum
// absolute error is 5 x 10-12" for jn, "For |x| > 1.5n, the maximum
// absolute error is 5 x 10-12" for yn) under every captured flag set,
// against the correctly rounded value from oracle.Jn and oracle.Yn, on
// random binary32 arguments (gopter, CUDAFP_SEED): jn(128, x) for 2^-40 ≤
// |x| < 400, yn(n, x) for n in [2, 40] and x in (1.5n, 1.5n + 400]. Below
// 2^-40 jn's backward recurrence overflows to NaN on the device as here
// (from about 6.9e-15 down: besselNSpecials64's rows), outside the bound.
func TestBesselN64Accuracy(t *testing.T) {
	const bound = 5e-12
	props := testflag.Properties(t, 1000, 100)
	check := func(id string, ref *oracle.Func, n int32, x32 float32) string {
		x := float64(x32)
		cr, ok := crAt(ref, n, x32)
		if !ok {
			return ""
		}
		var bad []string
		for _, fl := range spec.FlagSets {
			f := fl.Jn
			if id == "yn" {
				f = fl.Yn
			}
			got := f(n, x)
			if d := math.Abs(got - math.Float64frombits(cr)); !(d <= bound) {
				bad = append(bad, fmt.Sprintf("[%s] %s(%d, %x) = %x: absolute error %.3g from the correctly rounded %x, documented bound %g", fl.Name(), id, n, x, got, d, math.Float64frombits(cr), bound))
			}
		}
		return strings.Join(bad, "; ")
	}
	props.Property("jn(128, x) within 5e-12", prop.ForAll(func(x float32) string {
		if math.Abs(float64(x)) < 0x1p-40 {
			x = float32(math.Copysign(0x1p-40, float64(x)))
		}
		return check("jn", oracle.Jn, 128, x)
	}, besselGen(-400, 400)))
	genYn := func(p *gopter.GenParameters) *gopter.GenResult {
		n := int32(2 + p.Rng.Intn(39))
		x := float32(1.5*float64(n) + 400*(1-p.Rng.Float64()))
		return gopter.NewGenResult([2]float64{float64(n), float64(x)}, gopter.NoShrinker)
	}
	props.Property("yn(n, x) within 5e-12 for x > 1.5n", prop.ForAll(func(a [2]float64) string {
		return check("yn", oracle.Yn, int32(a[0]), float32(a[1]))
	}, genYn))
	props.TestingRun(t)
}

// TestCrAt checks the test's reference on values known exactly or from
// package ulp's binary32 reference: I0(0) = 1, J1(0) = 0 (no enclosure: a
// special value), and J0(x) rounded to binary32 from crAt equals ulp.J0's
// binary32 rounding at a few points.
func TestCrAt(t *testing.T) {
	if cr, ok := crAt(oracle.I0, 0, 0); !ok || cr != one64 {
		t.Errorf("crAt(I0, 0) = %x, %v; want 1", cr, ok)
	}
	if _, ok := crAt(oracle.J1, 0, 0); ok {
		t.Errorf("crAt(J1, 0) has an enclosure; want none (special value)")
	}
	for _, x := range []float32{0.5, 2.404825, 7.5, 33.25, 1e5} {
		cr, ok := crAt(oracle.J0, 0, x)
		if !ok {
			t.Errorf("crAt(J0, %v): undecided", x)
			continue
		}
		// Rounding the binary64 result again to binary32 can differ from
		// the direct rounding only at a binary32 midpoint: compare within
		// one binary32 step.
		got := float32(math.Float64frombits(cr))
		want := math.Float32frombits(ulp.J0.Round(math.Float32bits(x), rounding.RN))
		if d := int64(math.Float32bits(got)) - int64(math.Float32bits(want)); d < -1 || d > 1 {
			t.Errorf("crAt(J0, %v) = %v (binary32 %v), ulp.J0 %v", x, math.Float64frombits(cr), got, want)
		}
	}
}

// The double Bessel functions join BenchmarkFuncs64 and TestNoAllocs64,
// each next to package math's function on the same inputs (math has no I0
// or I1: its Exp stands beside them).
func init() {
	un := func(name string, lo, hi float64, f func(fp.Flags, float64) float64, native func(float64) float64) bench64 {
		return bench64{name, 1, lo, hi,
			func(fl fp.Flags, x, _, _ float64) float64 { return f(fl, x) },
			func(x, _, _ float64) float64 { return native(x) }}
	}
	bench64Cases = append(bench64Cases,
		un("cyl_bessel_i0", -50, 50, fp.Flags.CylBesselI0, math.Exp),
		un("cyl_bessel_i1", -50, 50, fp.Flags.CylBesselI1, math.Exp),
		un("j0", -50, 50, fp.Flags.J0, math.J0),
		un("j1", -50, 50, fp.Flags.J1, math.J1),
		un("y0", 1e-3, 100, fp.Flags.Y0, math.Y0),
		un("y1", 1e-3, 100, fp.Flags.Y1, math.Y1),
		un("jn(5,x)", -50, 50, func(fl fp.Flags, x float64) float64 { return fl.Jn(5, x) }, func(x float64) float64 { return math.Jn(5, x) }),
		un("yn(5,x)", 1e-3, 100, func(fl fp.Flags, x float64) float64 { return fl.Yn(5, x) }, func(x float64) float64 { return math.Yn(5, x) }),
	)
}
