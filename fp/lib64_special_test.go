package fp_test

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/testflag"
)

// The special-case rows of the doc comments of lib64_*.go, on points of the
// golden special grid: each row is checked against the emulation and
// against the device's output at the same input, so that no expected value
// rests on a transcription. The range rows (thresholds) are checked on the
// emulation, which the golden data verify on 2^24 inputs per flag set.

const (
	pInf64  = 0x7ff0000000000000
	nInf64  = 0xfff0000000000000
	one64   = 0x3ff0000000000000
	nOne64  = 0xbff0000000000000
	nZero64 = 0x8000000000000000
	dNaN64  = 0xfff8000000000000 // the device's default NaN
	qNaN1   = 0x7ff8000000000001 // a quiet NaN of the grid
	sNaN1   = 0xfff0f9c7ff5fb763 // a signaling NaN of the grid
	qNaN2   = 0xfffc0000deadbeef
)

var lib64Specials = []struct {
	id   string
	fl   fp.Flags
	in   []uint64
	want uint64
	why  string
}{
	{"exp", def, []uint64{pInf64}, pInf64, "Exp(+Inf) = +Inf"},
	{"exp", def, []uint64{nInf64}, 0, "Exp(-Inf) = +0"},
	{"exp", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Exp(NaN) = x quieted"},
	{"exp", def, []uint64{nZero64}, one64, "Exp(-0) = 1"},
	{"exp2", def, []uint64{0x4090000000000000}, pInf64, "Exp2(1024) = +Inf"},
	{"exp2", def, []uint64{0xc090cc0000000000}, 0, "Exp2(-1075) = +0"},
	{"exp2", def, []uint64{qNaN2}, qNaN2, "Exp2(NaN) = x"},
	{"exp10", def, []uint64{nInf64}, 0, "Exp10(-Inf) = +0"},
	{"exp10", def, []uint64{0}, one64, "Exp10(+0) = 1"},
	{"expm1", def, []uint64{nInf64}, nOne64, "Expm1(-Inf) = -1"},
	{"expm1", def, []uint64{nZero64}, nZero64, "Expm1(-0) = -0"},
	{"expm1", def, []uint64{1}, 1, "Expm1(x) = x for tiny x"},
	{"expm1", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Expm1(NaN) = x quieted"},
	{"log", def, []uint64{0}, nInf64, "Log(+0) = -Inf"},
	{"log", def, []uint64{nZero64}, nInf64, "Log(-0) = -Inf"},
	{"log", def, []uint64{nOne64}, dNaN64, "Log(x) = NaN for x < 0"},
	{"log", def, []uint64{nInf64}, dNaN64, "Log(-Inf) = NaN"},
	{"log", def, []uint64{0x8000000000000001}, dNaN64, "Log(-0x1p-1074) = NaN by default"},
	{"log", ftz, []uint64{0x8000000000000001}, nInf64, "Log(-0x1p-1074) = -Inf with -ftz=true"},
	{"log", def, []uint64{one64}, 0, "Log(1) = +0"},
	{"log", def, []uint64{pInf64}, pInf64, "Log(+Inf) = +Inf"},
	{"log", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Log(NaN) = x quieted"},
	{"log2", def, []uint64{1}, 0xc090c80000000000, "Log2(2^-1074) = -1074"},
	{"log2", def, []uint64{0x0010000000000000}, 0xc08ff00000000000, "Log2(2^-1022) = -1022"},
	{"log2", def, []uint64{0x4000000000000000}, one64, "Log2(2) = 1"},
	{"log2", ftz, []uint64{0x8000000000000001}, nInf64, "Log2(x) = -Inf for -2^-1069 < x < 0 with -ftz=true"},
	{"log2", ftz, []uint64{0x800fffffffffffff}, dNaN64, "Log2(x) = NaN for x ≤ -2^-1069 with -ftz=true"},
	{"log10", def, []uint64{one64}, 0, "Log10(1) = +0"},
	{"log10", def, []uint64{nZero64}, nInf64, "Log10(-0) = -Inf"},
	{"log1p", def, []uint64{nOne64}, nInf64, "Log1p(-1) = -Inf"},
	{"log1p", def, []uint64{0xbff0000000000001}, dNaN64, "Log1p(x) = NaN for x < -1"},
	{"log1p", def, []uint64{nZero64}, nZero64, "Log1p(-0) = -0"},
	{"log1p", def, []uint64{pInf64}, pInf64, "Log1p(+Inf) = +Inf"},
	{"sinh", def, []uint64{nInf64}, nInf64, "Sinh(-Inf) = -Inf"},
	{"sinh", def, []uint64{nZero64}, nZero64, "Sinh(-0) = -0"},
	{"sinh", def, []uint64{qNaN2}, qNaN2, "Sinh(NaN) = x"},
	{"sinh", def, []uint64{0xc0874910d52d3052}, nInf64, "Sinh(x) = -Inf for x ≤ -0x1.633ce8fb9f87ep+09"},
	{"cosh", def, []uint64{nInf64}, pInf64, "Cosh(-Inf) = +Inf"},
	{"cosh", def, []uint64{nZero64}, one64, "Cosh(-0) = 1"},
	{"cosh", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Cosh(NaN) = x quieted"},
	{"tanh", def, []uint64{nInf64}, nOne64, "Tanh(-Inf) = -1"},
	{"tanh", def, []uint64{pInf64}, one64, "Tanh(+Inf) = 1"},
	{"tanh", def, []uint64{nZero64}, nZero64, "Tanh(-0) = -0"},
	{"tanh", def, []uint64{qNaN2}, qNaN2, "Tanh(NaN) = x"},
	{"asinh", def, []uint64{nInf64}, nInf64, "Asinh(-Inf) = -Inf"},
	{"asinh", def, []uint64{nZero64}, nZero64, "Asinh(-0) = -0"},
	{"asinh", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Asinh(NaN) = x quieted"},
	{"acosh", def, []uint64{one64}, 0, "Acosh(1) = +0"},
	{"acosh", def, []uint64{pInf64}, pInf64, "Acosh(+Inf) = +Inf"},
	{"acosh", def, []uint64{0x3fefffffffffffff}, dNaN64, "Acosh(x) = NaN for x < 1"},
	{"acosh", def, []uint64{nInf64}, dNaN64, "Acosh(-Inf) = NaN"},
	{"acosh", def, []uint64{qNaN2}, qNaN2, "Acosh(NaN) = x"},
	{"atanh", def, []uint64{one64}, pInf64, "Atanh(1) = +Inf"},
	{"atanh", def, []uint64{nOne64}, nInf64, "Atanh(-1) = -Inf"},
	{"atanh", def, []uint64{0x3ff0000000000001}, 0x7ff8000000000000, "Atanh(x) = NaN, sign of x, for x > 1"},
	{"atanh", def, []uint64{0xbff0000000000001}, dNaN64, "Atanh(x) = NaN, sign of x, for x < -1"},
	{"atanh", def, []uint64{pInf64}, 0x7ff8000000000000, "Atanh(+Inf) = NaN"},
	{"atanh", def, []uint64{nZero64}, nZero64, "Atanh(-0) = -0"},
	{"atanh", def, []uint64{sNaN1}, sNaN1 | 1<<51, "Atanh(NaN) = x quieted"},
	{"pow", def, []uint64{qNaN2, nZero64}, one64, "Pow(NaN, -0) = 1"},
	{"pow", def, []uint64{one64, qNaN2}, one64, "Pow(1, NaN) = 1"},
	{"pow", def, []uint64{nZero64, nOne64}, nInf64, "Pow(-0, -1) = -Inf"},
	{"pow", def, []uint64{nZero64, 0xc000000000000000}, pInf64, "Pow(-0, -2) = +Inf"},
	{"pow", def, []uint64{nZero64, one64}, nZero64, "Pow(-0, 1) = -0"},
	{"pow", def, []uint64{nZero64, 0x3fe0000000000000}, 0, "Pow(-0, 0.5) = +0"},
	{"pow", def, []uint64{nOne64, pInf64}, one64, "Pow(-1, +Inf) = 1"},
	{"pow", def, []uint64{0x4000000000000000, pInf64}, pInf64, "Pow(2, +Inf) = +Inf"},
	{"pow", def, []uint64{0x3fe0000000000000, pInf64}, 0, "Pow(0.5, +Inf) = +0"},
	{"pow", def, []uint64{0x4000000000000000, nInf64}, 0, "Pow(2, -Inf) = +0"},
	{"pow", def, []uint64{pInf64, nOne64}, 0, "Pow(+Inf, -1) = +0"},
	{"pow", def, []uint64{nInf64, one64}, nInf64, "Pow(-Inf, 1) = -Inf"},
	{"pow", def, []uint64{nInf64, 0xc000000000000000}, 0, "Pow(-Inf, -2) = +0"},
	{"pow", def, []uint64{0xc000000000000000, 0x3fe0000000000000}, dNaN64, "Pow(-2, 0.5) = NaN"},
	{"pow", def, []uint64{qNaN1, one64}, qNaN1, "Pow(NaN, 1) = x"},
	{"pow", def, []uint64{one64 + 1, sNaN1}, sNaN1 | 1<<51, "Pow(x, NaN) = y quieted"},
}

// lib64Eval evaluates lib64B's function id, pow or a function of
// lib64Extra under fl.
func lib64Eval(t *testing.T, id string, fl fp.Flags, in []uint64) uint64 {
	t.Helper()
	if g, ok := lib64Extra[id]; ok {
		return g(fl, in)
	}
	if id == "pow" {
		return math.Float64bits(fl.Pow(math.Float64frombits(in[0]), math.Float64frombits(in[1])))
	}
	for _, c := range lib64B {
		if c.id == id {
			return math.Float64bits(c.f(fl)(math.Float64frombits(in[0])))
		}
	}
	t.Fatalf("%s: not in lib64B", id)
	return 0
}

func TestLib64BSpecialCases(t *testing.T) {
	for _, r := range lib64Specials {
		if got := lib64Eval(t, r.id, r.fl, r.in); got != r.want {
			t.Errorf("%s %s: %s(%s) = %s, want %s", r.why, flagName(r.fl), r.id, fmtArgs(r.in), f64.Format(got), f64.Format(r.want))
		}
		if dev := deviceSpecial64(t, r.id, r.fl, r.in); dev != r.want {
			t.Errorf("%s %s: table says %s(%s) = %s, device %s", r.why, flagName(r.fl), r.id, fmtArgs(r.in), f64.Format(r.want), f64.Format(dev))
		}
	}
}

// deviceSpecial64 returns the device's output of function id under fl at
// the point in of its golden special grid (testdata/golden).
func deviceSpecial64(t *testing.T, id string, fl fp.Flags, in []uint64) uint64 {
	t.Helper()
	f, err := golden.Load(filepath.Join("..", "testdata", "golden", fl.Name(), id+".txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for _, x := range in {
		i := -1
		for j, v := range f.Grid {
			if v == x {
				i = j
			}
		}
		if i < 0 {
			t.Fatalf("%s %s: %s is not on the device's special grid", id, flagName(fl), f64.Format(x))
		}
		k = k*len(f.Grid) + i
	}
	return f.Special[k]
}

// TestLib64BDocRanges checks the thresholds of the doc comments: f(t) is
// the range's value and f(t') is not, t' the double next to t toward 0,
// and the range's value holds on an even sample of the range beyond t
// (2^12 doubles; 2^22 with CUDAFP_EXHAUSTIVE).
func TestLib64BDocRanges(t *testing.T) {
	n := uint64(1) << 12
	if testflag.Exhaustive() {
		n = 1 << 22
	}
	step := func(lo, hi uint64) uint64 { return (hi-lo)/n + 1 }
	for _, c := range []struct {
		id   string
		f    func(float64) float64
		t    float64 // the threshold; the range is |x| ≥ |t| with x's sign
		want float64
	}{
		{"exp", fp.Exp, 0x1.62e42fefa39fp+09, math.Inf(1)},
		{"exp", fp.Exp, -745, 0},
		{"exp2", fp.Exp2, 1024, math.Inf(1)},
		{"exp2", fp.Exp2, -1075, 0},
		{"exp10", fp.Exp10, 0x1.34413509f79ffp+08, math.Inf(1)},
		{"exp10", fp.Exp10, -0x1.439b746e36b53p+08, 0},
		{"expm1", fp.Expm1, 0x1.62e42fefa39fp+09, math.Inf(1)},
		{"expm1", fp.Expm1, -0x1.28aac01252c6fp+05, -1},
		{"sinh", fp.Sinh, 0x1.633ce8fb9f87ep+09, math.Inf(1)},
		{"sinh", fp.Sinh, -0x1.633ce8fb9f87ep+09, math.Inf(-1)},
		{"cosh", fp.Cosh, 0x1.633ce8fb9f87ep+09, math.Inf(1)},
		{"cosh", fp.Cosh, -0x1.633ce8fb9f87ep+09, math.Inf(1)},
		{"tanh", fp.Tanh, 0x1.30fc1931f09cap+04, 1},
		{"tanh", fp.Tanh, -0x1.30fc1931f09cap+04, -1},
	} {
		b := math.Float64bits(c.t)
		if got := c.f(math.Float64frombits(b - 1)); got == c.want {
			t.Errorf("%s(%x) = %v: the threshold %x is not the first", c.id, math.Float64frombits(b-1), got, c.t)
		}
		end := math.Float64bits(math.Inf(1)) | b&(1<<63)
		for u, st := b, step(b, end); u <= end && u >= b; u += st {
			if got := c.f(math.Float64frombits(u)); got != c.want {
				t.Errorf("%s(%x) = %v, want %v (|x| ≥ %x)", c.id, math.Float64frombits(u), got, c.want, c.t)
				break
			}
		}
	}
	// Expm1(x) = x for 0 < x < 0x1.6a09e667f3bcdp-53, and not at that bound.
	lim := math.Float64bits(0x1.6a09e667f3bcdp-53)
	if x := math.Float64frombits(lim); fp.Expm1(x) == x {
		t.Errorf("Expm1(%x) = x: the bound is not the first", x)
	}
	for u := uint64(1); u < lim; u += step(1, lim) {
		if x := math.Float64frombits(u); fp.Expm1(x) != x {
			t.Errorf("Expm1(%x) = %x, want x", x, fp.Expm1(x))
			break
		}
	}
	// Log(x) = -Inf with -ftz=true for -2^-1069 < x < 0, NaN from -2^-1069 on.
	if got := ftz.Log(-0x1p-1069); got == got {
		t.Errorf("Log(-0x1p-1069) [ftz] = %v, want NaN", got)
	}
	for u := uint64(1); u < math.Float64bits(0x1p-1069); u += step(1, math.Float64bits(0x1p-1069)) {
		if got := ftz.Log(-math.Float64frombits(u)); !math.IsInf(got, -1) {
			t.Errorf("Log(%x) [ftz] = %v, want -Inf", -math.Float64frombits(u), got)
			break
		}
	}
}
