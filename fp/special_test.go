package fp_test

import (
	"math"
	"path/filepath"
	"sync"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/testflag"
)

// The special-case tables: one row per "Special cases are:" row of each
// doc comment (and a few per flag set), in the same order. Every row's
// inputs lie on the function's special-value grid, and the row is also
// checked against the device's golden output at that point
// (TestSpecialCasesOnDevice), so the expected values are the H100's.

const nan = f32.CanonicalNaNBits

var (
	def  = fp.Flags{}
	ftz  = fp.Flags{FTZ: true}
	fmd0 = fp.Flags{NoFMAD: true}
	pd0  = fp.Flags{ApproxDiv: true}
	ps0  = fp.Flags{ApproxSqrt: true}
	fast = fp.FastMath
)

type scRow struct {
	id   string   // catalog ID
	fl   fp.Flags // one of the captured flag sets
	in   []uint32
	want uint32
	why  string
}

// Function tables by catalog ID (method expressions of fp.Flags).
var (
	unaryFuncs = map[string]func(fp.Flags, float32) float32{
		"rintf": fp.Flags.Rintf, "truncf": fp.Flags.Truncf, "floorf": fp.Flags.Floorf, "ceilf": fp.Flags.Ceilf,
		"fabsf": fp.Flags.Fabsf,
		"expf":  fp.Flags.Expf, "exp2f": fp.Flags.Exp2f, "exp10f": fp.Flags.Exp10f,
		"logf": fp.Flags.Logf, "log2f": fp.Flags.Log2f, "log10f": fp.Flags.Log10f,
		"sqrtf": fp.Flags.Sqrtf, "rsqrtf": fp.Flags.Rsqrtf, "op_rcp": fp.Flags.Rcp, "op_rsqrt_expr": fp.Flags.RcpSqrt,
		"asinf": fp.Flags.Asinf, "acosf": fp.Flags.Acosf, "atanf": fp.Flags.Atanf,
		"asinhf": fp.Flags.Asinhf, "acoshf": fp.Flags.Acoshf, "atanhf": fp.Flags.Atanhf, "log1pf": fp.Flags.Log1pf,
	}
	binaryFuncs = map[string]func(fp.Flags, float32, float32) float32{
		"op_add": fp.Flags.Add, "op_sub": fp.Flags.Sub, "op_mul": fp.Flags.Mul,
		"fminf": fp.Flags.Fminf, "fmaxf": fp.Flags.Fmaxf, "copysignf": fp.Flags.Copysignf, "fdimf": fp.Flags.Fdimf,
		"op_div": fp.Flags.Div, "fdividef": fp.Flags.Fdividef, "powf": fp.Flags.Powf,
		"atan2f": fp.Flags.Atan2f,
	}
	ternaryFuncs = map[string]func(fp.Flags, float32, float32, float32) float32{
		"op_madd": fp.Flags.MulAdd, "op_msub": fp.Flags.MulSub, "fmaf": fp.Flags.Fmaf,
	}
)

func eval(t *testing.T, id string, fl fp.Flags, in []uint32) uint32 {
	t.Helper()
	b := math.Float32frombits
	switch len(in) {
	case 1:
		if f, ok := unaryFuncs[id]; ok {
			return math.Float32bits(f(fl, b(in[0])))
		}
	case 2:
		if f, ok := binaryFuncs[id]; ok {
			return math.Float32bits(f(fl, b(in[0]), b(in[1])))
		}
	case 3:
		if f, ok := ternaryFuncs[id]; ok {
			return math.Float32bits(f(fl, b(in[0]), b(in[1]), b(in[2])))
		}
	}
	t.Fatalf("no %d-argument function %q in the test tables", len(in), id)
	return 0
}

var specialCases = []scRow{
	{"op_add", def, []uint32{0x7f800000, 0xff800000}, nan, "+Inf + -Inf = NaN"},
	{"op_add", def, []uint32{0xff800000, 0x7f800000}, nan, "-Inf + +Inf = NaN"},
	{"op_add", def, []uint32{0x3f800000, 0x7fc00000}, nan, "x + NaN = canonical NaN"},
	{"op_add", def, []uint32{0xffc00001, 0x3f800000}, nan, "NaN + y = canonical NaN"},
	{"op_add", def, []uint32{0x00000000, 0x80000000}, 0x00000000, "+0 + -0 = +0"},
	{"op_add", def, []uint32{0x80000000, 0x00000000}, 0x00000000, "-0 + +0 = +0"},
	{"op_add", def, []uint32{0x80000000, 0x80000000}, 0x80000000, "-0 + -0 = -0"},
	{"op_add", def, []uint32{0x00000001, 0x00000001}, 0x00000002, "subnormals kept by default"},
	{"op_add", ftz, []uint32{0x00000001, 0x00000001}, 0x00000000, "-ftz=true flushes subnormal operands"},
	{"op_add", ftz, []uint32{0x80000001, 0x00000000}, 0x00000000, "-ftz=true: -0x1p-149 read as -0; -0 + +0 = +0"},
	{"op_add", fmd0, []uint32{0x3f800000, 0x33800000}, 0x3f800000, "1 + 2^-24 ties to even"},

	{"op_sub", def, []uint32{0x7f800000, 0x7f800000}, nan, "+Inf - +Inf = NaN"},
	{"op_sub", def, []uint32{0xff800000, 0xff800000}, nan, "-Inf - -Inf = NaN"},
	{"op_sub", def, []uint32{0x7fffffff, 0x3f800000}, nan, "NaN - y = NaN"},
	{"op_sub", def, []uint32{0x00000000, 0x00000000}, 0x00000000, "+0 - +0 = +0"},
	{"op_sub", def, []uint32{0x80000000, 0x80000000}, 0x00000000, "-0 - -0 = +0"},
	{"op_sub", def, []uint32{0x80000000, 0x00000000}, 0x80000000, "-0 - +0 = -0"},
	{"op_sub", ftz, []uint32{0x00800001, 0x00800000}, 0x00000000, "-ftz=true flushes the subnormal difference 0x1p-149"},
	{"op_sub", def, []uint32{0x00800001, 0x00800000}, 0x00000001, "the same difference is kept by default"},

	{"op_mul", def, []uint32{0x00000000, 0x7f800000}, nan, "+0 · +Inf = NaN"},
	{"op_mul", def, []uint32{0xff800000, 0x80000000}, nan, "-Inf · -0 = NaN"},
	{"op_mul", def, []uint32{0x3f800000, 0x7f800001}, nan, "x · sNaN = canonical NaN"},
	{"op_mul", def, []uint32{0x80000000, 0x3f800000}, 0x80000000, "-0 · 1 = -0"},
	{"op_mul", def, []uint32{0x80000000, 0xbf800000}, 0x00000000, "-0 · -1 = +0"},
	{"op_mul", ftz, []uint32{0x00800000, 0x3f000000}, 0x00000000, "-ftz=true: 0x1p-126 · 0.5 flushes to +0"},
	{"op_mul", def, []uint32{0x00800000, 0x3f000000}, 0x00400000, "by default 0x1p-126 · 0.5 = 0x1p-127"},

	{"op_madd", def, []uint32{0x3f800000, 0x3f800000, 0x7fffffff}, nan, "x·y + NaN = NaN"},
	{"op_madd", def, []uint32{0x00000000, 0x7f800000, 0x3f800000}, nan, "0·Inf + z = NaN"},
	{"op_madd", def, []uint32{0x3f800000, 0x7f800000, 0xff800000}, nan, "1·+Inf + -Inf = NaN"},
	{"op_madd", def, []uint32{0x00000000, 0x3f800000, 0x80000000}, 0x00000000, "+0·1 + -0 = +0"},
	{"op_madd", def, []uint32{0x80000000, 0x3f800000, 0x80000000}, 0x80000000, "-0·1 + -0 = -0"},
	{"op_madd", def, []uint32{0x3f800001, 0x3fc00000, 0xbf800000}, 0x3f000003, "fused: (1+2^-23)·1.5 - 1 = 0.5 + 3·2^-24 exactly"},
	{"op_madd", fmd0, []uint32{0x3f800001, 0x3fc00000, 0xbf800000}, 0x3f000004, "-fmad=false rounds the product to 1.5+2^-22 first"},
	{"op_madd", ftz, []uint32{0x00000001, 0x3f800000, 0x00000000}, 0x00000000, "-ftz=true flushes the subnormal operand"},

	{"op_msub", def, []uint32{0x3f800000, 0x3f800000, 0x7fffffff}, nan, "x·y - NaN = NaN"},
	{"op_msub", def, []uint32{0x7f800000, 0x00000000, 0x3f800000}, nan, "Inf·0 - z = NaN"},
	{"op_msub", def, []uint32{0x3f800000, 0x7f800000, 0x7f800000}, nan, "1·+Inf - +Inf = NaN"},
	{"op_msub", def, []uint32{0x00000000, 0x3f800000, 0x00000000}, 0x00000000, "+0·1 - +0 = +0"},
	{"op_msub", def, []uint32{0x80000000, 0x3f800000, 0x00000000}, 0x80000000, "-0·1 - +0 = -0"},
	{"op_msub", def, []uint32{0x3f800001, 0x3fc00000, 0x3f800000}, 0x3f000003, "contracted by ptxas: (1+2^-23)·1.5 - 1 in one rounding"},
	{"op_msub", fmd0, []uint32{0x3f800001, 0x3fc00000, 0x3f800000}, 0x3f000004, "-fmad=false: mul.rn then sub.rn"},

	{"op_div", def, []uint32{0x00000000, 0x80000000}, nan, "+0 / -0 = NaN"},
	{"op_div", def, []uint32{0x7f800000, 0xff800000}, nan, "+Inf / -Inf = NaN"},
	{"op_div", def, []uint32{0x3f800000, 0x7fc00000}, nan, "x / NaN = canonical NaN"},
	{"op_div", def, []uint32{0xbf800000, 0x00000000}, 0xff800000, "-1 / +0 = -Inf"},
	{"op_div", def, []uint32{0x3f800000, 0x80000000}, 0xff800000, "1 / -0 = -Inf"},
	{"op_div", def, []uint32{0xbf800000, 0xff800000}, 0x00000000, "-1 / -Inf = +0"},
	{"op_div", def, []uint32{0x3f800000, 0x40400000}, 0x3eaaaaab, "1/3 correctly rounded"},
	{"op_div", fast, []uint32{0x3f800000, 0x7f000000}, 0x00000000, "-use_fast_math: 1 / 2^127 = +0 (|y| > 2^126)"},
	{"op_div", def, []uint32{0x3f800000, 0x7f000000}, 0x00400000, "by default 1 / 2^127 = 2^-127"},
	{"op_div", fast, []uint32{0x7f800000, 0x7f000000}, nan, "-use_fast_math: Inf / 2^127 = NaN"},
	{"op_div", pd0, []uint32{0x3f800000, 0x7f000000}, 0x00400000, "-prec-div=false (div.full) scales: 1 / 2^127 = 2^-127"},
	{"fdividef", def, []uint32{0x3f800000, 0x40400000}, 0x3eaaaaab, "fdividef is x/y: 1/3 correctly rounded by default"},
	{"fdividef", fast, []uint32{0x3f800000, 0x7f000000}, 0x00000000, "fdividef under -use_fast_math is __fdividef"},

	{"op_rcp", def, []uint32{0x00000000}, 0x7f800000, "1/+0 = +Inf"},
	{"op_rcp", def, []uint32{0x80000000}, 0xff800000, "1/-0 = -Inf"},
	{"op_rcp", def, []uint32{0x7f800000}, 0x00000000, "1/+Inf = +0"},
	{"op_rcp", def, []uint32{0xff800000}, 0x80000000, "1/-Inf = -0"},
	{"op_rcp", def, []uint32{0x7f800001}, nan, "1/NaN = NaN"},
	{"op_rcp", def, []uint32{0x00000001}, 0x7f800000, "1/0x1p-149 overflows to +Inf"},
	{"op_rcp", def, []uint32{0x7f000000}, 0x00400000, "1/2^127 = 2^-127 (subnormal) by default"},
	{"op_rcp", ftz, []uint32{0x7f000000}, 0x00000000, "-ftz=true flushes 2^-127 to +0"},

	{"op_rsqrt_expr", def, []uint32{0x00000000}, 0x7f800000, "1/sqrtf(+0) = +Inf"},
	{"op_rsqrt_expr", def, []uint32{0x80000000}, 0xff800000, "1/sqrtf(-0) = -Inf"},
	{"op_rsqrt_expr", def, []uint32{0x7f800000}, 0x00000000, "1/sqrtf(+Inf) = +0"},
	{"op_rsqrt_expr", def, []uint32{0xbf800000}, nan, "1/sqrtf(-1) = NaN"},
	{"op_rsqrt_expr", def, []uint32{0x7fc00000}, nan, "1/sqrtf(NaN) = NaN"},
	{"op_rsqrt_expr", fast, []uint32{0x40800000}, 0x3f000000, "-use_fast_math: rsqrt.approx(4) = 0.5"},

	{"sqrtf", def, []uint32{0x7f800000}, 0x7f800000, "sqrtf(+Inf) = +Inf"},
	{"sqrtf", def, []uint32{0x00000000}, 0x00000000, "sqrtf(+0) = +0"},
	{"sqrtf", def, []uint32{0x80000000}, 0x80000000, "sqrtf(-0) = -0"},
	{"sqrtf", def, []uint32{0xbf800000}, nan, "sqrtf(-1) = NaN"},
	{"sqrtf", def, []uint32{0xffc00001}, nan, "sqrtf(NaN) = canonical NaN"},
	{"sqrtf", def, []uint32{0x00000001}, 0x1a3504f3, "sqrtf(0x1p-149) by default"},
	{"sqrtf", ftz, []uint32{0x00000001}, 0x00000000, "-ftz=true: sqrtf(0x1p-149) = +0"},
	{"sqrtf", ps0, []uint32{0x40800000}, 0x40000000, "-prec-sqrt=false: sqrt.approx(4) = 2"},

	{"rsqrtf", def, []uint32{0x00000000}, 0x7f800000, "rsqrtf(+0) = +Inf"},
	{"rsqrtf", def, []uint32{0x80000000}, 0xff800000, "rsqrtf(-0) = -Inf"},
	{"rsqrtf", def, []uint32{0x7f800000}, 0x00000000, "rsqrtf(+Inf) = +0"},
	{"rsqrtf", def, []uint32{0xbf800000}, nan, "rsqrtf(-1) = NaN"},
	{"rsqrtf", def, []uint32{0x7fc00000}, nan, "rsqrtf(NaN) = canonical NaN"},
	{"rsqrtf", def, []uint32{0x40800000}, 0x3f000000, "rsqrtf(4) = 0.5 exactly"},
	{"rsqrtf", ftz, []uint32{0x00000001}, 0x7f800000, "-ftz=true: rsqrtf(0x1p-149) = +Inf"},

	{"expf", def, []uint32{0x7f800000}, 0x7f800000, "expf(+Inf) = +Inf"},
	{"expf", def, []uint32{0xff800000}, 0x00000000, "expf(-Inf) = +0"},
	{"expf", def, []uint32{0x7fc00000}, nan, "expf(NaN) = canonical NaN"},
	{"expf", def, []uint32{0x00000000}, 0x3f800000, "expf(+0) = 1"},
	{"expf", def, []uint32{0x80000000}, 0x3f800000, "expf(-0) = 1"},
	{"expf", def, []uint32{0x42b17218}, 0x7f800000, "expf(0x1.62e43p+06) = +Inf"},
	{"expf", def, []uint32{0xc2cff1b5}, 0x00000000, "expf(-0x1.9fe36ap+06) = +0"},
	{"expf", def, []uint32{0xc2b17218}, 0x001fffff, "expf(-0x1.62e43p+06): subnormal by default"},
	{"expf", ftz, []uint32{0xc2b17218}, 0x00000000, "-ftz=true flushes it to +0"},
	{"expf", fast, []uint32{0x7f800000}, 0x7f800000, "__expf(+Inf) = +Inf"},

	{"exp10f", def, []uint32{0x7f800000}, 0x7f800000, "exp10f(+Inf) = +Inf"},
	{"exp10f", def, []uint32{0xff800000}, 0x00000000, "exp10f(-Inf) = +0"},
	{"exp10f", def, []uint32{0x7fffffff}, nan, "exp10f(NaN) = NaN"},
	{"exp10f", def, []uint32{0x00000000}, 0x3f800000, "exp10f(+0) = 1"},
	{"exp10f", def, []uint32{0x80000000}, 0x3f800000, "exp10f(-0) = 1"},

	{"exp2f", def, []uint32{0x7f800000}, 0x7f800000, "exp2f(+Inf) = +Inf"},
	{"exp2f", def, []uint32{0xff800000}, 0x00000000, "exp2f(-Inf) = +0"},
	{"exp2f", def, []uint32{0x7fc00000}, nan, "exp2f(NaN) = canonical NaN"},
	{"exp2f", def, []uint32{0x00000000}, 0x3f800000, "exp2f(+0) = 1"},
	{"exp2f", def, []uint32{0x80000000}, 0x3f800000, "exp2f(-0) = 1"},
	{"exp2f", def, []uint32{0xc3150000}, 0x00000001, "exp2f(-149) = 0x1p-149 by default"},
	{"exp2f", ftz, []uint32{0xc3150000}, 0x00000000, "-ftz=true: exp2f(-149) = +0"},
	{"exp2f", def, []uint32{0x40000000}, 0x40800000, "exp2f(2) = 4"},

	{"logf", def, []uint32{0x7f800000}, 0x7f800000, "logf(+Inf) = +Inf"},
	{"logf", def, []uint32{0x00000000}, 0xff800000, "logf(+0) = -Inf"},
	{"logf", def, []uint32{0x80000000}, 0xff800000, "logf(-0) = -Inf"},
	{"logf", def, []uint32{0xbf800000}, nan, "logf(-1) = NaN"},
	{"logf", def, []uint32{0xff800000}, nan, "logf(-Inf) = NaN"},
	{"logf", def, []uint32{0x7fc00000}, nan, "logf(NaN) = canonical NaN"},
	{"logf", def, []uint32{0x3f800000}, 0x00000000, "logf(1) = +0"},
	{"logf", def, []uint32{0x00000001}, 0xc2ce8ed0, "logf(0x1p-149) by default"},
	{"logf", ftz, []uint32{0x00000001}, 0xff800000, "-ftz=true: logf(0x1p-149) = -Inf"},
	{"logf", def, []uint32{0x80000001}, nan, "logf(-0x1p-149) = NaN by default"},
	{"logf", ftz, []uint32{0x80000001}, 0xff800000, "-ftz=true: logf(-0x1p-149) = -Inf"},

	{"log2f", def, []uint32{0x7f800000}, 0x7f800000, "log2f(+Inf) = +Inf"},
	{"log2f", def, []uint32{0x00000000}, 0xff800000, "log2f(+0) = -Inf"},
	{"log2f", def, []uint32{0x80000000}, 0xff800000, "log2f(-0) = -Inf"},
	{"log2f", def, []uint32{0xbf800000}, nan, "log2f(-1) = NaN"},
	{"log2f", def, []uint32{0x7f800001}, nan, "log2f(sNaN) = canonical NaN"},
	{"log2f", def, []uint32{0x00000001}, 0xc3150000, "log2f(0x1p-149) = -149"},
	{"log2f", def, []uint32{0x3f000000}, 0xbf800000, "log2f(0.5) = -1"},

	{"log10f", def, []uint32{0x7f800000}, 0x7f800000, "log10f(+Inf) = +Inf"},
	{"log10f", def, []uint32{0x00000000}, 0xff800000, "log10f(+0) = -Inf"},
	{"log10f", def, []uint32{0x80000000}, 0xff800000, "log10f(-0) = -Inf"},
	{"log10f", def, []uint32{0xbf800000}, nan, "log10f(-1) = NaN"},
	{"log10f", def, []uint32{0xffc00001}, nan, "log10f(NaN) = canonical NaN"},
	{"log10f", def, []uint32{0x3f800000}, 0x00000000, "log10f(1) = +0"},

	{"powf", def, []uint32{0x3f800000, 0x7fffffff}, 0x3f800000, "powf(1, NaN) = 1"},
	{"powf", def, []uint32{0x7fc00000, 0x00000000}, 0x3f800000, "powf(NaN, +0) = 1"},
	{"powf", def, []uint32{0x7fc00000, 0x80000000}, 0x3f800000, "powf(NaN, -0) = 1"},
	{"powf", def, []uint32{0x40000000, 0x7fc00000}, nan, "powf(2, NaN) = NaN"},
	{"powf", def, []uint32{0x7fffffff, 0x3f800000}, nan, "powf(NaN, 1) = NaN"},
	{"powf", def, []uint32{0x80000000, 0xc0400000}, 0xff800000, "powf(-0, -3) = -Inf"},
	{"powf", def, []uint32{0x00000000, 0xc0400000}, 0x7f800000, "powf(+0, -3) = +Inf"},
	{"powf", def, []uint32{0x80000000, 0xc0000000}, 0x7f800000, "powf(-0, -2) = +Inf"},
	{"powf", def, []uint32{0x80000000, 0xbf000000}, 0x7f800000, "powf(-0, -0.5) = +Inf"},
	{"powf", def, []uint32{0x80000000, 0xff800000}, 0x7f800000, "powf(-0, -Inf) = +Inf"},
	{"powf", def, []uint32{0x80000000, 0x40400000}, 0x80000000, "powf(-0, 3) = -0"},
	{"powf", def, []uint32{0x80000000, 0x40000000}, 0x00000000, "powf(-0, 2) = +0"},
	{"powf", def, []uint32{0x80000000, 0x7f800000}, 0x00000000, "powf(-0, +Inf) = +0"},
	{"powf", def, []uint32{0xff800000, 0xc0400000}, 0x80000000, "powf(-Inf, -3) = -0"},
	{"powf", def, []uint32{0xff800000, 0xc0000000}, 0x00000000, "powf(-Inf, -2) = +0"},
	{"powf", def, []uint32{0xff800000, 0x40400000}, 0xff800000, "powf(-Inf, 3) = -Inf"},
	{"powf", def, []uint32{0xff800000, 0x3f000000}, 0x7f800000, "powf(-Inf, 0.5) = +Inf"},
	{"powf", def, []uint32{0x7f800000, 0xbf800000}, 0x00000000, "powf(+Inf, -1) = +0"},
	{"powf", def, []uint32{0x7f800000, 0x3f000000}, 0x7f800000, "powf(+Inf, 0.5) = +Inf"},
	{"powf", def, []uint32{0xbf800000, 0x7f800000}, 0x3f800000, "powf(-1, +Inf) = 1"},
	{"powf", def, []uint32{0xbf800000, 0xff800000}, 0x3f800000, "powf(-1, -Inf) = 1"},
	{"powf", def, []uint32{0x40000000, 0x7f800000}, 0x7f800000, "powf(2, +Inf) = +Inf"},
	{"powf", def, []uint32{0x3f000000, 0x7f800000}, 0x00000000, "powf(0.5, +Inf) = +0"},
	{"powf", def, []uint32{0x40000000, 0xff800000}, 0x00000000, "powf(2, -Inf) = +0"},
	{"powf", def, []uint32{0x3f000000, 0xff800000}, 0x7f800000, "powf(0.5, -Inf) = +Inf"},
	{"powf", def, []uint32{0xc0000000, 0x3f000000}, nan, "powf(-2, 0.5) = NaN"},
	{"powf", def, []uint32{0xc0000000, 0x40400000}, 0xc1000000, "powf(-2, 3) = -8"},
	{"powf", def, []uint32{0xc0000000, 0x40000000}, 0x40800000, "powf(-2, 2) = 4"},
	{"powf", ftz, []uint32{0x40000000, 0x00000001}, 0x3f800000, "-ftz=true: y = 0x1p-149 reads as 0, powf = 1"},
	{"powf", def, []uint32{0x3f000000, 0x40000000}, 0x3e800000, "powf(0.5, 2) = 0.25 exactly by default"},
	{"powf", fast, []uint32{0x3f000000, 0x40000000}, 0x3e800001, "-use_fast_math: __powf(0.5, 2) = 0x1.000002p-02"},
	{"powf", fast, []uint32{0xc0000000, 0x40000000}, nan, "-use_fast_math: __powf(-2, 2) = NaN (lg2 of a negative)"},

	{"rintf", def, []uint32{0x00000000}, 0x00000000, "rintf(+0) = +0"},
	{"rintf", def, []uint32{0x80000000}, 0x80000000, "rintf(-0) = -0"},
	{"rintf", def, []uint32{0x7f800000}, 0x7f800000, "rintf(+Inf) = +Inf"},
	{"rintf", def, []uint32{0xff800000}, 0xff800000, "rintf(-Inf) = -Inf"},
	{"rintf", def, []uint32{0x7fc00000}, nan, "rintf(NaN) = canonical NaN"},
	{"rintf", def, []uint32{0xbf000000}, 0x80000000, "rintf(-0.5) = -0"},
	{"rintf", def, []uint32{0x3fc00000}, 0x40000000, "rintf(1.5) = 2 (ties to even)"},
	{"rintf", ftz, []uint32{0x80000001}, 0x80000000, "-ftz=true: rounding, not flushing, gives -0"},

	{"truncf", def, []uint32{0x00000000}, 0x00000000, "truncf(+0) = +0"},
	{"truncf", def, []uint32{0x80000000}, 0x80000000, "truncf(-0) = -0"},
	{"truncf", def, []uint32{0x7f800000}, 0x7f800000, "truncf(+Inf) = +Inf"},
	{"truncf", def, []uint32{0xff800000}, 0xff800000, "truncf(-Inf) = -Inf"},
	{"truncf", def, []uint32{0xffc00001}, nan, "truncf(NaN) = canonical NaN"},
	{"truncf", def, []uint32{0xbf7fffff}, 0x80000000, "truncf(-(1-2^-24)) = -0"},

	{"floorf", def, []uint32{0x00000000}, 0x00000000, "floorf(+0) = +0"},
	{"floorf", def, []uint32{0x80000000}, 0x80000000, "floorf(-0) = -0"},
	{"floorf", def, []uint32{0x7f800000}, 0x7f800000, "floorf(+Inf) = +Inf"},
	{"floorf", def, []uint32{0xff800000}, 0xff800000, "floorf(-Inf) = -Inf"},
	{"floorf", def, []uint32{0x7f800001}, nan, "floorf(sNaN) = canonical NaN"},
	{"floorf", def, []uint32{0x3f000000}, 0x00000000, "floorf(0.5) = +0"},
	{"floorf", def, []uint32{0xbf000000}, 0xbf800000, "floorf(-0.5) = -1"},
	{"floorf", def, []uint32{0x80000001}, 0xbf800000, "floorf(-0x1p-149) = -1 by default"},
	{"floorf", ftz, []uint32{0x80000001}, 0x80000000, "-ftz=true: floorf(-0x1p-149) = -0"},

	{"ceilf", def, []uint32{0x00000000}, 0x00000000, "ceilf(+0) = +0"},
	{"ceilf", def, []uint32{0x80000000}, 0x80000000, "ceilf(-0) = -0"},
	{"ceilf", def, []uint32{0x7f800000}, 0x7f800000, "ceilf(+Inf) = +Inf"},
	{"ceilf", def, []uint32{0xff800000}, 0xff800000, "ceilf(-Inf) = -Inf"},
	{"ceilf", def, []uint32{0x7fffffff}, nan, "ceilf(NaN) = NaN"},
	{"ceilf", def, []uint32{0x3f000000}, 0x3f800000, "ceilf(0.5) = 1"},
	{"ceilf", def, []uint32{0xbf000000}, 0x80000000, "ceilf(-0.5) = -0"},
	{"ceilf", def, []uint32{0x00000001}, 0x3f800000, "ceilf(0x1p-149) = 1 by default"},
	{"ceilf", ftz, []uint32{0x00000001}, 0x00000000, "-ftz=true: ceilf(0x1p-149) = +0"},

	{"fabsf", def, []uint32{0x00000000}, 0x00000000, "fabsf(+0) = +0"},
	{"fabsf", def, []uint32{0x80000000}, 0x00000000, "fabsf(-0) = +0"},
	{"fabsf", def, []uint32{0xff800000}, 0x7f800000, "fabsf(-Inf) = +Inf"},
	{"fabsf", def, []uint32{0xffc00001}, nan, "fabsf(NaN) = canonical NaN"},
	{"fabsf", def, []uint32{0x807fffff}, 0x007fffff, "fabsf keeps subnormals by default"},
	{"fabsf", ftz, []uint32{0x807fffff}, 0x00000000, "-ftz=true: fabsf(subnormal) = +0"},

	{"fminf", def, []uint32{0x7fffffff, 0x7fc00000}, nan, "fminf(NaN, NaN) = canonical NaN"},
	{"fminf", def, []uint32{0x3f800000, 0x7fc00000}, 0x3f800000, "fminf(x, NaN) = x"},
	{"fminf", def, []uint32{0x7fc00000, 0xbf800000}, 0xbf800000, "fminf(NaN, x) = x"},
	{"fminf", def, []uint32{0x80000000, 0x00000000}, 0x80000000, "fminf(-0, +0) = -0"},
	{"fminf", def, []uint32{0x00000000, 0x80000000}, 0x80000000, "fminf(+0, -0) = -0"},
	{"fminf", ftz, []uint32{0x00000001, 0x00000002}, 0x00000000, "-ftz=true: subnormals read as +0"},

	{"fmaxf", def, []uint32{0x7fffffff, 0xffc00001}, nan, "fmaxf(NaN, NaN) = canonical NaN"},
	{"fmaxf", def, []uint32{0x3f800000, 0x7fc00000}, 0x3f800000, "fmaxf(x, NaN) = x"},
	{"fmaxf", def, []uint32{0x7fc00000, 0xbf800000}, 0xbf800000, "fmaxf(NaN, x) = x"},
	{"fmaxf", def, []uint32{0x80000000, 0x00000000}, 0x00000000, "fmaxf(-0, +0) = +0"},
	{"fmaxf", def, []uint32{0x00000000, 0x80000000}, 0x00000000, "fmaxf(+0, -0) = +0"},

	{"copysignf", def, []uint32{0x3f800000, 0x80000000}, 0xbf800000, "copysignf(1, -0) = -1"},
	{"copysignf", def, []uint32{0xff800000, 0x00000000}, 0x7f800000, "copysignf(-Inf, +0) = +Inf"},
	{"copysignf", def, []uint32{0x7fc00000, 0xbf800000}, 0xffc00000, "copysignf(NaN, -1): the NaN with the sign set"},
	{"copysignf", def, []uint32{0xffc00001, 0x3f800000}, 0x7fc00001, "copysignf(-NaN, 1): payload kept"},
	{"copysignf", ftz, []uint32{0x00000001, 0xbf800000}, 0x80000001, "-ftz=true does not flush"},

	{"fdimf", def, []uint32{0x3f800000, 0x40000000}, 0x00000000, "fdimf(1, 2) = +0"},
	{"fdimf", def, []uint32{0x80000000, 0x00000000}, 0x00000000, "fdimf(-0, +0) = +0"},
	{"fdimf", def, []uint32{0x7f800000, 0x7f800000}, 0x00000000, "fdimf(+Inf, +Inf) = +0 (x ≤ y)"},
	{"fdimf", def, []uint32{0x7fc00000, 0x3f800000}, nan, "fdimf(NaN, y) = NaN"},
	{"fdimf", def, []uint32{0x3f800000, 0x7fffffff}, nan, "fdimf(x, NaN) = NaN"},
	{"fdimf", def, []uint32{0x7f800000, 0x3f800000}, 0x7f800000, "fdimf(+Inf, 1) = +Inf"},
	{"fdimf", def, []uint32{0x00000001, 0x00000000}, 0x00000001, "fdimf(0x1p-149, 0) = 0x1p-149 by default"},
	{"fdimf", ftz, []uint32{0x00000001, 0x00000000}, 0x00000000, "-ftz=true: fdimf(0x1p-149, 0) = +0"},

	{"fmaf", def, []uint32{0x7fffffff, 0x3f800000, 0x3f800000}, nan, "fmaf(NaN, y, z) = NaN"},
	{"fmaf", def, []uint32{0x7f800000, 0x00000000, 0x3f800000}, nan, "fmaf(Inf, 0, z) = NaN"},
	{"fmaf", def, []uint32{0xff800000, 0x3f800000, 0x7f800000}, nan, "fmaf(-Inf, 1, +Inf) = NaN"},
	{"fmaf", def, []uint32{0x00000000, 0x3f800000, 0x80000000}, 0x00000000, "fmaf(+0, 1, -0) = +0"},
	{"fmaf", fmd0, []uint32{0x3f800001, 0x3fc00000, 0xbf800000}, 0x3f000003, "-fmad=false does not split fmaf"},
	{"asinf", def, []uint32{0x00000000}, 0x00000000, "asinf(+0) = +0"},
	{"asinf", def, []uint32{0x80000000}, 0x80000000, "asinf(-0) = -0"},
	{"asinf", def, []uint32{0x3f800000}, 0x3fc90fdb, "asinf(1) = π/2 rounded"},
	{"asinf", def, []uint32{0xbf800000}, 0xbfc90fdb, "asinf(-1) = -π/2 rounded"},
	{"asinf", def, []uint32{0x3f800001}, nan, "asinf(x) = NaN for |x| > 1"},
	{"asinf", def, []uint32{0xff800000}, nan, "asinf(-Inf) = NaN"},
	{"asinf", def, []uint32{0x7fc00000}, nan, "asinf(NaN) = NaN"},
	{"asinf", def, []uint32{0x80000001}, 0x80000001, "asinf(-0x1p-149) = -0x1p-149 by default"},
	{"asinf", ftz, []uint32{0x80000001}, 0x80000000, "-ftz=true reads it as -0"},

	{"acosf", def, []uint32{0x00000000}, 0x3fc90fdb, "acosf(+0) = π/2 rounded"},
	{"acosf", def, []uint32{0x80000000}, 0x3fc90fdb, "acosf(-0) = π/2 rounded"},
	{"acosf", def, []uint32{0x3f800000}, 0x00000000, "acosf(1) = +0"},
	{"acosf", def, []uint32{0xbf800000}, 0x40490fdb, "acosf(-1) = π rounded"},
	{"acosf", def, []uint32{0xbf800001}, nan, "acosf(x) = NaN for |x| > 1"},
	{"acosf", def, []uint32{0x7f800000}, nan, "acosf(+Inf) = NaN"},
	{"acosf", def, []uint32{0xffc00001}, nan, "acosf(NaN) = NaN"},

	{"atanf", def, []uint32{0x00000000}, 0x00000000, "atanf(+0) = +0"},
	{"atanf", def, []uint32{0x80000000}, 0x80000000, "atanf(-0) = -0"},
	{"atanf", def, []uint32{0x3f800000}, 0x3f490fdb, "atanf(1) = π/4 rounded"},
	{"atanf", def, []uint32{0xbf800000}, 0xbf490fdb, "atanf(-1) = -π/4 rounded"},
	{"atanf", def, []uint32{0x7f800000}, 0x3fc90fdb, "atanf(+Inf) = π/2 rounded"},
	{"atanf", def, []uint32{0xff800000}, 0xbfc90fdb, "atanf(-Inf) = -π/2 rounded"},
	{"atanf", def, []uint32{0x7fc00000}, nan, "atanf(NaN) = NaN"},
	{"atanf", def, []uint32{0x4b000000}, 0x3fc90fda, "atanf(2^23) = π/2 rounded down: 1/x is rcp.approx"},
	{"atanf", ftz, []uint32{0x00000001}, 0x00000000, "-ftz=true reads 0x1p-149 as +0"},

	{"atan2f", def, []uint32{0x7fc00000, 0x3f800000}, nan, "atan2f(NaN, x) = NaN"},
	{"atan2f", def, []uint32{0x3f800000, 0x7fffffff}, nan, "atan2f(y, NaN) = NaN"},
	{"atan2f", def, []uint32{0x00000000, 0x00000000}, 0x00000000, "atan2f(+0, +0) = +0"},
	{"atan2f", def, []uint32{0x80000000, 0x3f800000}, 0x80000000, "atan2f(-0, 1) = -0"},
	{"atan2f", def, []uint32{0x00000000, 0x80000000}, 0x40490fdb, "atan2f(+0, -0) = π rounded"},
	{"atan2f", def, []uint32{0x80000000, 0xbf800000}, 0xc0490fdb, "atan2f(-0, -1) = -π rounded"},
	{"atan2f", def, []uint32{0x3f800000, 0x00000000}, 0x3fc90fdb, "atan2f(1, +0) = π/2 rounded"},
	{"atan2f", def, []uint32{0xbf800000, 0x80000000}, 0xbfc90fdb, "atan2f(-1, -0) = -π/2 rounded"},
	{"atan2f", def, []uint32{0x7f800000, 0x7f800000}, 0x3f490fdb, "atan2f(+Inf, +Inf) = π/4 rounded"},
	{"atan2f", def, []uint32{0xff800000, 0xff800000}, 0xc016cbe4, "atan2f(-Inf, -Inf) = -3π/4 rounded"},
	{"atan2f", def, []uint32{0x7f800000, 0xbf800000}, 0x3fc90fdb, "atan2f(+Inf, -1) = π/2 rounded"},
	{"atan2f", def, []uint32{0xbf800000, 0x7f800000}, 0x80000000, "atan2f(-1, +Inf) = -0"},
	{"atan2f", def, []uint32{0x3f800000, 0xff800000}, 0x40490fdb, "atan2f(1, -Inf) = π rounded"},
	{"atan2f", def, []uint32{0x3f800000, 0xbf800000}, 0x4016cbe4, "atan2f(1, -1) = 3π/4 rounded"},
	{"atan2f", def, []uint32{0x00000001, 0x00000001}, 0x3f490fdb, "atan2f(0x1p-149, 0x1p-149) = π/4 by default"},
	{"atan2f", ftz, []uint32{0x00000001, 0x00000001}, 0x00000000, "-ftz=true reads both as +0"},
	{"atan2f", def, []uint32{0x3f800000, 0x7f7fffff}, 0x00200000, "atan2f(1, MaxFloat32) = 0x1p-128 by default"},
	{"atan2f", ftz, []uint32{0x3f800000, 0x7f7fffff}, 0x00000000, "-ftz=true flushes the subnormal quotient"},

	{"asinhf", def, []uint32{0x00000000}, 0x00000000, "asinhf(+0) = +0"},
	{"asinhf", def, []uint32{0x80000000}, 0x80000000, "asinhf(-0) = -0"},
	{"asinhf", def, []uint32{0x7f800000}, 0x7f800000, "asinhf(+Inf) = +Inf"},
	{"asinhf", def, []uint32{0xff800000}, 0xff800000, "asinhf(-Inf) = -Inf"},
	{"asinhf", def, []uint32{0x7fc00000}, nan, "asinhf(NaN) = NaN"},
	{"asinhf", ftz, []uint32{0x00000001}, 0x00000000, "-ftz=true reads 0x1p-149 as +0"},

	{"acoshf", def, []uint32{0x3f800000}, 0x00000000, "acoshf(1) = +0"},
	{"acoshf", def, []uint32{0x3f7fffff}, nan, "acoshf(x) = NaN for x < 1"},
	{"acoshf", def, []uint32{0x00000000}, nan, "acoshf(+0) = NaN"},
	{"acoshf", def, []uint32{0xff800000}, nan, "acoshf(-Inf) = NaN"},
	{"acoshf", def, []uint32{0x7f800000}, 0x7f800000, "acoshf(+Inf) = +Inf"},
	{"acoshf", def, []uint32{0x7fc00000}, nan, "acoshf(NaN) = NaN"},

	{"atanhf", def, []uint32{0x00000000}, 0x00000000, "atanhf(+0) = +0"},
	{"atanhf", def, []uint32{0x80000000}, 0x80000000, "atanhf(-0) = -0"},
	{"atanhf", def, []uint32{0x3f800000}, 0x7f800000, "atanhf(1) = +Inf"},
	{"atanhf", def, []uint32{0xbf800000}, 0xff800000, "atanhf(-1) = -Inf"},
	{"atanhf", def, []uint32{0xbf800001}, nan, "atanhf(x) = NaN for |x| > 1"},
	{"atanhf", def, []uint32{0x7f800000}, nan, "atanhf(+Inf) = NaN"},
	{"atanhf", def, []uint32{0x7fc00000}, nan, "atanhf(NaN) = NaN"},
	{"atanhf", ftz, []uint32{0x80000001}, 0x80000000, "-ftz=true reads -0x1p-149 as -0"},

	{"log1pf", def, []uint32{0x00000000}, 0x00000000, "log1pf(+0) = +0"},
	{"log1pf", def, []uint32{0x80000000}, 0x80000000, "log1pf(-0) = -0"},
	{"log1pf", def, []uint32{0xbf800000}, 0xff800000, "log1pf(-1) = -Inf"},
	{"log1pf", def, []uint32{0xbf800001}, nan, "log1pf(x) = NaN for x < -1"},
	{"log1pf", def, []uint32{0xff800000}, nan, "log1pf(-Inf) = NaN"},
	{"log1pf", def, []uint32{0x7f800000}, 0x7f800000, "log1pf(+Inf) = +Inf"},
	{"log1pf", def, []uint32{0x7fc00000}, nan, "log1pf(NaN) = NaN"},
	{"log1pf", def, []uint32{0x80000001}, 0x80000001, "log1pf(-0x1p-149) = -0x1p-149 by default"},
	{"log1pf", ftz, []uint32{0x80000001}, 0x80000000, "-ftz=true reads it as -0"},
}

func TestSpecialCases(t *testing.T) {
	for _, r := range specialCases {
		if got := eval(t, r.id, r.fl, r.in); got != r.want {
			t.Errorf("%s %s: %s(%s) = %s, want %s", r.why, flagName(r.fl), r.id, args(r.in), f32.Format(got), f32.Format(r.want))
		}
	}
}

// TestSpecialCasesOnDevice checks every table row against the device's
// output at the same inputs: rows are chosen on the golden special-value
// grid, so that no expected value rests on a transcription.
func TestSpecialCasesOnDevice(t *testing.T) {
	for _, r := range specialCases {
		dev, ok := deviceAt(t, r.id, r.fl, r.in)
		if !ok {
			t.Errorf("%s %s: %s(%s) is not on the device's special grid", r.why, flagName(r.fl), r.id, args(r.in))
			continue
		}
		if dev != r.want {
			t.Errorf("%s %s: table says %s(%s) = %s, device %s", r.why, flagName(r.fl), r.id, args(r.in), f32.Format(r.want), f32.Format(dev))
		}
	}
}

func flagName(fl fp.Flags) string { return "[" + fl.Name() + "]" }

func args(in []uint32) string {
	s := ""
	for i, v := range in {
		if i > 0 {
			s += ", "
		}
		s += f32.Format(v)
	}
	return s
}

var goldenCache sync.Map // "flagset/id" → *golden.File

// deviceAt returns the device's output of function id under fl at in, when
// in is a point of its special grid.
func deviceAt(t *testing.T, id string, fl fp.Flags, in []uint32) (uint32, bool) {
	t.Helper()
	key := fl.Name() + "/" + id
	v, ok := goldenCache.Load(key)
	if !ok {
		f, err := golden.Load(filepath.Join("..", "testdata", "golden", fl.Name(), id+".txt.gz"))
		if err != nil {
			t.Fatal(err)
		}
		v, _ = goldenCache.LoadOrStore(key, f)
	}
	f := v.(*golden.File)
	k := 0
	for _, x := range in {
		i := indexOf(f.Grid, x)
		if i < 0 {
			return 0, false
		}
		k = k*len(f.Grid) + i
	}
	return uint32(f.Special[k]), true
}

func indexOf(axis []uint64, x uint32) int {
	for i, v := range axis {
		if v == uint64(x) {
			return i
		}
	}
	return -1
}

// TestDocRanges checks the range rows of the doc comments (overflow and
// underflow thresholds, exact powers of two) on the emulation, whose results
// the golden data verify on every input: every input of each range in the
// exhaustive tier, a stride of them otherwise.
func TestDocRanges(t *testing.T) {
	stride := uint32(997)
	if testflag.Exhaustive() {
		stride = 1
	}
	type thr struct {
		id        string
		f         func(fp.Flags, float32) float32
		fl        fp.Flags
		inf, zero uint32 // the least x with f(x) = +Inf, the greatest with f(x) = +0
	}
	for _, c := range []thr{
		{"expf", fp.Flags.Expf, def, 0x42b17218, 0xc2cff1b5},
		{"expf", fp.Flags.Expf, ftz, 0x42b17218, 0xc2aeac50},
		{"exp10f", fp.Flags.Exp10f, def, 0x421a209b, 0xc2349e35},
		{"exp10f", fp.Flags.Exp10f, ftz, 0x421a209b, 0xc217b819},
		{"exp2f", fp.Flags.Exp2f, def, 0x43000000, 0xc3160000},
		{"exp2f", fp.Flags.Exp2f, ftz, 0x43000000, 0xc2fc0001},
	} {
		f := func(u uint32) uint32 { return math.Float32bits(c.f(c.fl, math.Float32frombits(u))) }
		if f(c.inf-1) == f32.InfBits || f(c.zero-1) == f32.ZeroBits {
			t.Errorf("%s %s: the thresholds %s, %s are not the first", c.id, flagName(c.fl), f32.Format(c.inf), f32.Format(c.zero))
		}
		for u := c.inf; u <= f32.InfBits && u >= c.inf; u += stride {
			if r := f(u); r != f32.InfBits {
				t.Fatalf("%s(%s) %s = %s, doc says +Inf", c.id, f32.Format(u), flagName(c.fl), f32.Format(r))
			}
		}
		for u := c.zero; u <= f32.NegInfBits && u >= c.zero; u += stride {
			if r := f(u); r != f32.ZeroBits {
				t.Fatalf("%s(%s) %s = %s, doc says +0", c.id, f32.Format(u), flagName(c.fl), f32.Format(r))
			}
		}
	}
	// Exp2f(k) = 2^k and Log2f(2^k) = k.
	for _, fl := range []fp.Flags{def, ftz} {
		lo := int32(-149)
		if fl.FTZ {
			lo = -126
		}
		for k := lo; k <= 127; k++ {
			p := uint32(k+127) << 23 // 2^k
			if k < -126 {
				p = 1 << uint(k+149)
			}
			want := p
			if k == -127 && !fl.FTZ {
				want = 0x003fffff // the doc's exception: 0x1.fffff8p-128
			}
			kf := math.Float32bits(float32(k)) // exact: |k| < 2^24
			if r := math.Float32bits(fl.Exp2f(float32(k))); r != want {
				t.Errorf("Exp2f(%d) %s = %s, want %s", k, flagName(fl), f32.Format(r), f32.Format(want))
			}
			if r := math.Float32bits(fl.Log2f(math.Float32frombits(p))); r != kf {
				t.Errorf("Log2f(%s) %s = %s, want %d", f32.Format(p), flagName(fl), f32.Format(r), k)
			}
		}
	}
}
