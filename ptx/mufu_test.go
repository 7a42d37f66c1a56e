package ptx_test

import (
	"testing"

	"github.com/cudafp/cudafp/ptx"
)

const nan = 0x7fffffff // the canonical NaN

// both, ftzOnly and noFTZ say which forms a special-case row covers.
var (
	both    = []bool{false, true}
	ftzOnly = []bool{true}
	noFTZ   = []bool{false}
)

type unaryCase struct {
	x, want uint32
	forms   []bool
	why     string
}

// The special-case tables follow the rows of each function's doc comment, in
// order. TestMufuSpecialCasesMatchDevice checks every row whose input is on
// the golden special grid against the device.
var mufuSpecialCases = []struct {
	name  string
	id    string // golden file of the non-ftz form; the ftz form adds "_ftz"
	fn    func(uint32, bool) uint32
	cases []unaryCase
}{
	{"Ex2Approx", "ptx_ex2_approx", ptx.Ex2Approx, []unaryCase{
		{0x7fc00000, nan, both, "NaN"},
		{0xffc00001, nan, both, "negative NaN"},
		{0x7f800001, nan, both, "signalling NaN"},
		{0x00000000, 0x3f800000, both, "2^+0 = 1"},
		{0x80000000, 0x3f800000, both, "2^-0 = 1"},
		{0x00000001, 0x3f800000, both, "subnormal read as +0"},
		{0x807fffff, 0x3f800000, both, "negative subnormal read as -0"},
		{0x43000000, 0x7f800000, both, "2^128 overflows"},
		{0x7f7fffff, 0x7f800000, both, "MaxFloat overflows"},
		{0x7f800000, 0x7f800000, both, "2^+Inf = +Inf"},
		{0xc2fc0001, 0x00000000, ftzOnly, "below 2^-126: flushed"},
		{0xc3000000, 0x00000000, ftzOnly, "2^-128 flushed"},
		{0xff800000, 0x00000000, ftzOnly, "2^-Inf = +0"},
		{0xff800000, 0x00000000, noFTZ, "2^-Inf = (2^-Inf)^2 = +0"},
	}},
	{"Lg2Approx", "ptx_lg2_approx", ptx.Lg2Approx, []unaryCase{
		{0x7fc00000, nan, both, "NaN"},
		{0xffc00001, nan, both, "negative NaN"},
		{0x00000000, 0xff800000, both, "lg2(+0) = -Inf"},
		{0x80000000, 0xff800000, both, "lg2(-0) = -Inf"},
		{0x00000001, 0xff800000, ftzOnly, "subnormal read as +0"},
		{0x807fffff, 0xff800000, ftzOnly, "negative subnormal read as -0"},
		{0x80000001, nan, noFTZ, "negative subnormal, scaled: NaN"},
		{0xbf800000, nan, both, "lg2(-1) = NaN"},
		{0xff7fffff, nan, both, "lg2(-MaxFloat) = NaN"},
		{0xff800000, nan, both, "lg2(-Inf) = NaN"},
		{0x7f800000, 0x7f800000, both, "lg2(+Inf) = +Inf"},
		{0x3f800000, 0x00000000, both, "lg2(1) = +0"},
	}},
	{"RcpApprox", "ptx_rcp_approx", ptx.RcpApprox, []unaryCase{
		{0x7fc00000, nan, both, "NaN"},
		{0xffc00001, nan, both, "negative NaN"},
		{0x7f800000, 0x00000000, both, "1/+Inf = +0"},
		{0xff800000, 0x80000000, both, "1/-Inf = -0"},
		{0x00000000, 0x7f800000, both, "1/+0 = +Inf"},
		{0x80000000, 0xff800000, both, "1/-0 = -Inf"},
		{0x00000001, 0x7f800000, ftzOnly, "subnormal read as +0"},
		{0x807fffff, 0xff800000, ftzOnly, "negative subnormal read as -0"},
		{0x7f000000, 0x00000000, ftzOnly, "1/2^127 = 2^-127 flushed"},
		{0xff7fffff, 0x80000000, ftzOnly, "1/-MaxFloat flushed to -0"},
		{0x00000001, 0x7f800000, noFTZ, "1/2^-149 = rcp(2^-125)·2^24 overflows"},
		{0x00400000, 0x7f000000, noFTZ, "1/2^-127 = rcp(2^-103)·2^24 = 2^127"},
		{0x7f000000, 0x00400000, noFTZ, "1/2^127 = rcp(2^125)·2^-2 = 2^-127"},
		{0x7e800000, 0x00800000, both, "1/2^126 = 2^-126, not scaled"},
		{0x3f800000, 0x3f800000, both, "1/1 = 1"},
	}},
	{"RsqrtApprox", "ptx_rsqrt_approx", ptx.RsqrtApprox, []unaryCase{
		{0x7fc00000, nan, both, "NaN"},
		{0x00000000, 0x7f800000, both, "rsqrt(+0) = +Inf"},
		{0x80000000, 0xff800000, both, "rsqrt(-0) = -Inf"},
		{0x00000001, 0x7f800000, ftzOnly, "subnormal read as +0"},
		{0x80000001, 0xff800000, ftzOnly, "negative subnormal read as -0"},
		{0x00200000, 0x5f800000, noFTZ, "rsqrt(2^-128) = rsqrt(2^-104)·2^12 = 2^64"},
		{0x80000001, nan, noFTZ, "negative subnormal, scaled: NaN"},
		{0xbf800000, nan, both, "rsqrt(-1) = NaN"},
		{0xff800000, nan, both, "rsqrt(-Inf) = NaN"},
		{0x7f800000, 0x00000000, both, "rsqrt(+Inf) = +0"},
		{0x3f800000, 0x3f800000, both, "rsqrt(4^0) = 1"},
		{0x40800000, 0x3f000000, both, "rsqrt(4) = 1/2"},
		{0x00800000, 0x5f000000, both, "rsqrt(4^-63) = 2^63"},
		{0x7e800000, 0x20000000, both, "rsqrt(4^63) = 2^-63"},
	}},
	{"SqrtApprox", "ptx_sqrt_approx", ptx.SqrtApprox, []unaryCase{
		{0x7fc00000, nan, both, "NaN"},
		{0x00000000, 0x00000000, both, "sqrt(+0) = +0"},
		{0x80000000, 0x80000000, both, "sqrt(-0) = -0"},
		{0x00000001, 0x00000000, ftzOnly, "subnormal read as +0"},
		{0x807fffff, 0x80000000, ftzOnly, "negative subnormal read as -0"},
		{0x00200000, 0x1f800000, noFTZ, "sqrt(2^-128) = sqrt(2^-104)·2^-12 = 2^-64"},
		{0x80000001, nan, noFTZ, "negative subnormal, scaled: NaN"},
		{0xbf800000, nan, both, "sqrt(-1) = NaN"},
		{0xff800000, nan, both, "sqrt(-Inf) = NaN"},
		{0x7f800000, 0x7f800000, both, "sqrt(+Inf) = +Inf"},
	}},
}

func TestMufuSpecialCases(t *testing.T) {
	for _, fc := range mufuSpecialCases {
		for _, c := range fc.cases {
			for _, ftz := range c.forms {
				if got := fc.fn(c.x, ftz); got != c.want {
					t.Errorf("%s(%s, ftz=%v) = %s, want %s (%s)", fc.name, fmtBits(c.x), ftz, fmtBits(got), fmtBits(c.want), c.why)
				}
			}
		}
	}
}

type divCase struct {
	x, y, want uint32
	forms      []bool
	why        string
}

var mufuDivSpecialCases = []struct {
	name  string
	id    string
	fn    func(uint32, uint32, bool) uint32
	cases []divCase
}{
	{"DivApprox", "ptx_div_approx", ptx.DivApprox, []divCase{
		{0x7fc00000, 0x3f800000, nan, both, "NaN / 1"},
		{0x3f800000, 0xffc00001, nan, both, "1 / NaN"},
		{0x3f800000, 0x00000000, 0x7f800000, both, "1/+0 = +Inf"},
		{0x3f800000, 0x80000000, 0xff800000, both, "1/-0 = -Inf"},
		{0x00000000, 0x00000000, nan, both, "0/0 = 0·Inf"},
		{0x3f800000, 0x00000001, 0x7f800000, ftzOnly, "subnormal divisor read as +0"},
		{0x3f800000, 0x7f000000, 0x00000000, both, "1/2^127: rcp flushed"},
		{0xbf800000, 0x7f000000, 0x80000000, both, "-1/2^127: rcp flushed, -0"},
		{0x7f800000, 0x7f000000, nan, both, "Inf/2^127 = Inf·0"},
		{0x3f800000, 0x7f800000, 0x00000000, both, "1/+Inf = 1·0"},
		{0x7f800000, 0x7f800000, nan, both, "Inf/Inf = Inf·0"},
	}},
	{"DivFull", "ptx_div_full", ptx.DivFull, []divCase{
		{0x7fc00000, 0x3f800000, nan, both, "NaN / 1"},
		{0x3f800000, 0xffc00001, nan, both, "1 / NaN"},
		{0x3f800000, 0x7f000000, 0x00400000, noFTZ, "1/2^127 = (1/4)·rcp(2^125) = 2^-127"},
		{0x3f800000, 0x7f000000, 0x00000000, ftzOnly, "1/2^127 = 2^-127 flushed"},
		{0x3f800000, 0x7f800000, 0x00000000, both, "1/+Inf = (1/4)·rcp(+Inf) = +0"},
		{0x7f800000, 0x7f800000, nan, both, "Inf/Inf = NaN"},
		{0x3f800000, 0x00000000, 0x7f800000, both, "1/+0 = +Inf"},
		{0x00000000, 0x00000000, nan, both, "0/0 = NaN"},
		{0x3f800000, 0x00400000, 0x7f000000, noFTZ, "1/2^-127 = 2^24·rcp(2^-103) = 2^127"},
		{0x3f800000, 0x00400000, 0x7f800000, ftzOnly, "subnormal divisor read as +0"},
	}},
}

func TestMufuDivSpecialCases(t *testing.T) {
	for _, fc := range mufuDivSpecialCases {
		for _, c := range fc.cases {
			for _, ftz := range c.forms {
				if got := fc.fn(c.x, c.y, ftz); got != c.want {
					t.Errorf("%s(%s, %s, ftz=%v) = %s, want %s (%s)", fc.name, fmtBits(c.x), fmtBits(c.y), ftz, fmtBits(got), fmtBits(c.want), c.why)
				}
			}
		}
	}
}

// TestMufuSpecialCasesMatchDevice checks the special-case rows against the
// device wherever the golden special grid holds their input.
func TestMufuSpecialCasesMatchDevice(t *testing.T) {
	checked := 0
	id := func(base string, ftz bool) string {
		if ftz {
			return base + "_ftz_f32"
		}
		return base + "_f32"
	}
	for _, fc := range mufuSpecialCases {
		for _, ftz := range both {
			f := loadMufuGolden(t, id(fc.id, ftz))
			dev := map[uint32]uint32{}
			for k, out := range f.Special {
				dev[uint32(f.Func.GridPoint(f.Grid, k)[0])] = uint32(out)
			}
			for _, c := range fc.cases {
				for _, form := range c.forms {
					if w, ok := dev[c.x]; ok && form == ftz {
						checked++
						if w != c.want {
							t.Errorf("%s row %q: %s(%s, ftz=%v) wants %s, device %s", fc.name, c.why, fc.name, fmtBits(c.x), ftz, fmtBits(c.want), fmtBits(w))
						}
					}
				}
			}
		}
	}
	for _, fc := range mufuDivSpecialCases {
		for _, ftz := range both {
			f := loadMufuGolden(t, id(fc.id, ftz))
			dev := map[[2]uint32]uint32{}
			for k, out := range f.Special {
				in := f.Func.GridPoint(f.Grid, k)
				dev[[2]uint32{uint32(in[0]), uint32(in[1])}] = uint32(out)
			}
			for _, c := range fc.cases {
				for _, form := range c.forms {
					if w, ok := dev[[2]uint32{c.x, c.y}]; ok && form == ftz {
						checked++
						if w != c.want {
							t.Errorf("%s row %q: %s(%s, %s, ftz=%v) wants %s, device %s", fc.name, c.why, fc.name, fmtBits(c.x), fmtBits(c.y), ftz, fmtBits(c.want), fmtBits(w))
						}
					}
				}
			}
		}
	}
	t.Logf("%d special-case rows checked against the device's special grid", checked)
}

// TestMufuSquare checks the truncated squarer on every input below 2^18
// against its definition: x² less every partial-product bit of the folded
// squaring array in the lowest MufuSquarerCols columns.
func TestMufuSquare(t *testing.T) {
	const cols = ptx.MufuSquarerCols
	for x := range uint32(1 << 18) {
		var lost uint64
		for i := range 18 {
			if x>>i&1 == 0 {
				continue
			}
			if 2*i < cols { // x_i·x_i at column 2i
				lost += 1 << (2 * i)
			}
			for j := i + 1; j < 18; j++ { // 2·x_i·x_j, folded to column i+j+1
				if x>>j&1 != 0 && i+j+1 < cols {
					lost += 1 << (i + j + 1)
				}
			}
		}
		if got, want := ptx.MufuSquare(x), uint64(x)*uint64(x)-lost; got != want {
			t.Fatalf("MufuSquare(%#x) = %#x, want %#x", x, got, want)
		}
	}
}
