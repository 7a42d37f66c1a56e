package fp_test

import (
	"math"
	"path/filepath"
	"sync"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/golden"
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
	}
	binaryFuncs = map[string]func(fp.Flags, float32, float32) float32{
		"op_add": fp.Flags.Add, "op_sub": fp.Flags.Sub, "op_mul": fp.Flags.Mul,
		"fminf": fp.Flags.Fminf, "fmaxf": fp.Flags.Fmaxf, "copysignf": fp.Flags.Copysignf, "fdimf": fp.Flags.Fdimf,
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
