package rounding_test

import (
	"fmt"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// Special-case tables: the rows of each doc comment's "Special cases are"
// table, in the same order, with one column per mode (RN RZ RU RD), plus a
// few rounding rows whose expected values follow from the exact reasoning
// in their label. Rows run with ftz off; rows without subnormal operands
// run with ftz on as well (the table does not depend on it).

const (
	nan    = f32.CanonicalNaNBits
	pInf   = f32.InfBits
	nInf   = f32.NegInfBits
	pZero  = f32.ZeroBits
	nZero  = f32.NegZeroBits
	one    = f32.OneBits    // 1
	mOne   = f32.NegOneBits // -1
	two    = 0x40000000     // 2
	half   = 0x3f000000     // 0.5
	four   = 0x40800000     // 4
	three  = 0x40400000     // 3
	ulp1   = 0x34000000     // 2^-23, the ulp of 1
	hulp1  = 0x33800000     // 2^-24, half the ulp of 1
	minSub = f32.MinSubnormalBits
	maxFin = f32.MaxFiniteBits
	qNaN   = 0xffc00000 // a negative quiet NaN with another payload
	sNaN   = 0x7f800001 // a signalling NaN
)

// all4 repeats one expected value in every mode.
func all4(u uint32) [4]uint32 { return [4]uint32{u, u, u, u} }

type scRow struct {
	in   []uint32
	want [4]uint32 // RN, RZ, RU, RD
	why  string
}

var scTables = []struct {
	name string
	f    func(in []uint32, m rounding.Mode, ftz bool) uint32
	rows []scRow
}{
	{"Add32", func(in []uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Add32(in[0], in[1], m, ftz) }, []scRow{
		{[]uint32{qNaN, one}, all4(nan), "NaN + y = canonical NaN"},
		{[]uint32{one, sNaN}, all4(nan), "x + sNaN = canonical NaN"},
		{[]uint32{pInf, nInf}, all4(nan), "+Inf + -Inf = NaN"},
		{[]uint32{pInf, mOne}, all4(pInf), "+Inf + y = +Inf"},
		{[]uint32{one, nInf}, all4(nInf), "y + -Inf = -Inf"},
		{[]uint32{pZero, pZero}, all4(pZero), "+0 + +0 = +0"},
		{[]uint32{nZero, nZero}, all4(nZero), "-0 + -0 = -0"},
		{[]uint32{pZero, nZero}, [4]uint32{pZero, pZero, pZero, nZero}, "+0 + -0 = +0, -0 in RD"},
		{[]uint32{one, nZero}, all4(one), "x + -0 = x"},
		{[]uint32{nZero, minSub}, all4(minSub), "-0 + x = x (subnormal x, ftz off)"},
		{[]uint32{one, mOne}, [4]uint32{pZero, pZero, pZero, nZero}, "x + (-x) = +0, -0 in RD"},
		{[]uint32{one, hulp1}, [4]uint32{one, one, one + 1, one}, "1 + 2^-24 is the midpoint of 1 and 1+2^-23: RN ties to even 1"},
		{[]uint32{one + 1, hulp1}, [4]uint32{one + 2, one + 1, one + 2, one + 1}, "(1+2^-23) + 2^-24: midpoint, RN ties to the even 1+2^-22"},
		{[]uint32{maxFin, 0x73000000}, [4]uint32{pInf, maxFin, pInf, maxFin}, "MaxFinite + 2^103 (half its ulp): RN ties to even, which is Inf"},
	}},
	{"Sub32", func(in []uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Sub32(in[0], in[1], m, ftz) }, []scRow{
		{[]uint32{one, qNaN}, all4(nan), "x - NaN = canonical NaN"},
		{[]uint32{pInf, pInf}, all4(nan), "+Inf - +Inf = NaN"},
		{[]uint32{nInf, one}, all4(nInf), "-Inf - y = -Inf"},
		{[]uint32{one, pInf}, all4(nInf), "x - +Inf = -Inf"},
		{[]uint32{pZero, nZero}, all4(pZero), "+0 - -0 = +0"},
		{[]uint32{nZero, pZero}, all4(nZero), "-0 - +0 = -0"},
		{[]uint32{pZero, pZero}, [4]uint32{pZero, pZero, pZero, nZero}, "+0 - +0 = +0, -0 in RD"},
		{[]uint32{two, pZero}, all4(two), "x - 0 = x"},
		{[]uint32{pZero, two}, all4(two | f32.SignMask), "0 - y = -y"},
		{[]uint32{two, two}, [4]uint32{pZero, pZero, pZero, nZero}, "x - x = +0, -0 in RD"},
		{[]uint32{one, hulp1}, all4(one - 1), "1 - 2^-24 is exact: the ulp below 1 is 2^-24"},
		{[]uint32{one, 0x33000000}, [4]uint32{one, one - 1, one, one - 1}, "1 - 2^-25 is the midpoint of 1-2^-24 and 1: RN ties to the even 1"},
	}},
	{"Mul32", func(in []uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Mul32(in[0], in[1], m, ftz) }, []scRow{
		{[]uint32{sNaN, pZero}, all4(nan), "NaN × y = canonical NaN"},
		{[]uint32{pInf, nZero}, all4(nan), "Inf × 0 = NaN"},
		{[]uint32{nZero, pInf}, all4(nan), "0 × Inf = NaN"},
		{[]uint32{nInf, two}, all4(nInf), "-Inf × 2 = -Inf"},
		{[]uint32{mOne, pInf}, all4(nInf), "-1 × +Inf = -Inf"},
		{[]uint32{nZero, two}, all4(nZero), "-0 × 2 = -0"},
		{[]uint32{mOne, pZero}, all4(nZero), "-1 × +0 = -0"},
		{[]uint32{maxFin, two}, [4]uint32{pInf, maxFin, pInf, maxFin}, "overflow: Inf, or MaxFinite where the magnitude rounds down"},
		{[]uint32{0x00800000, half}, all4(0x00400000), "2^-126 × 0.5 = 2^-127, an exact subnormal"},
		{[]uint32{minSub, half}, [4]uint32{pZero, pZero, minSub, pZero}, "2^-149 × 0.5 = 2^-150: RN ties to the even 0"},
	}},
	{"Div32", func(in []uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Div32(in[0], in[1], m, ftz) }, []scRow{
		{[]uint32{one, qNaN}, all4(nan), "x / NaN = canonical NaN"},
		{[]uint32{pInf, nInf}, all4(nan), "Inf / Inf = NaN"},
		{[]uint32{nZero, pZero}, all4(nan), "0 / 0 = NaN"},
		{[]uint32{nInf, two}, all4(nInf), "-Inf / 2 = -Inf"},
		{[]uint32{two, nInf}, all4(nZero), "2 / -Inf = -0"},
		{[]uint32{mOne, pZero}, all4(nInf), "-1 / +0 = -Inf"},
		{[]uint32{one, nZero}, all4(nInf), "1 / -0 = -Inf"},
		{[]uint32{nZero, two}, all4(nZero), "-0 / 2 = -0"},
		{[]uint32{one, three}, [4]uint32{0x3eaaaaab, 0x3eaaaaaa, 0x3eaaaaab, 0x3eaaaaaa}, "1/3 = 0x1.5555...p-2: the 25th bit and beyond are 0101…, above half an ulp"},
		{[]uint32{mOne, three}, [4]uint32{0xbeaaaaab, 0xbeaaaaaa, 0xbeaaaaaa, 0xbeaaaaab}, "-1/3: RU and RD swap on the negative side"},
	}},
	{"Rcp32", func(in []uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Rcp32(in[0], m, ftz) }, []scRow{
		{[]uint32{qNaN}, all4(nan), "1/NaN = canonical NaN"},
		{[]uint32{nInf}, all4(nZero), "1/-Inf = -0"},
		{[]uint32{pZero}, all4(pInf), "1/+0 = +Inf"},
		{[]uint32{nZero}, all4(nInf), "1/-0 = -Inf"},
		{[]uint32{four}, all4(0x3e800000), "1/4 = 0.25 exactly"},
		{[]uint32{three}, [4]uint32{0x3eaaaaab, 0x3eaaaaaa, 0x3eaaaaab, 0x3eaaaaaa}, "1/3 as Div32(1, 3)"},
		{[]uint32{minSub}, [4]uint32{pInf, maxFin, pInf, maxFin}, "1/2^-149 = 2^149 overflows"},
	}},
	{"Sqrt32", func(in []uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Sqrt32(in[0], m, ftz) }, []scRow{
		{[]uint32{sNaN}, all4(nan), "sqrt(NaN) = canonical NaN"},
		{[]uint32{pZero}, all4(pZero), "sqrt(+0) = +0"},
		{[]uint32{nZero}, all4(nZero), "sqrt(-0) = -0"},
		{[]uint32{mOne}, all4(nan), "sqrt(-1) = NaN"},
		{[]uint32{nInf}, all4(nan), "sqrt(-Inf) = NaN"},
		{[]uint32{0x80000001}, all4(nan), "sqrt(negative subnormal) = NaN (ftz off)"},
		{[]uint32{pInf}, all4(pInf), "sqrt(+Inf) = +Inf"},
		{[]uint32{four}, all4(two), "sqrt(4) = 2 exactly"},
		{[]uint32{two}, [4]uint32{0x3fb504f3, 0x3fb504f3, 0x3fb504f4, 0x3fb504f3}, "sqrt(2) = 0x1.6a09e667f3bcc9p+0: the bits after the 24th are 0110…, below half"},
	}},
	{"Fma32", func(in []uint32, m rounding.Mode, ftz bool) uint32 {
		return rounding.Fma32(in[0], in[1], in[2], m, ftz)
	}, []scRow{
		{[]uint32{one, one, qNaN}, all4(nan), "NaN operand = canonical NaN"},
		{[]uint32{pInf, pZero, one}, all4(nan), "Inf × 0 + z = NaN"},
		{[]uint32{nZero, nInf, qNaN}, all4(nan), "0 × Inf + NaN = NaN"},
		{[]uint32{pInf, two, nInf}, all4(nan), "Inf × 2 + -Inf = NaN"},
		{[]uint32{nInf, two, nInf}, all4(nInf), "-Inf × 2 + -Inf = -Inf"},
		{[]uint32{mOne, pInf, one}, all4(nInf), "-1 × Inf + 1 = -Inf"},
		{[]uint32{one, two, nInf}, all4(nInf), "finite product + -Inf = -Inf"},
		{[]uint32{nZero, two, nZero}, all4(nZero), "-0 × 2 + -0 = -0"},
		{[]uint32{nZero, two, pZero}, [4]uint32{pZero, pZero, pZero, nZero}, "-0 × 2 + +0 = +0, -0 in RD"},
		{[]uint32{pZero, two, mOne}, all4(mOne), "0 × y + z = z"},
		{[]uint32{three, three, nZero}, all4(0x41100000), "3 × 3 + -0 = 9, Mul32's product"},
		{[]uint32{two, three, 0xc0c00000}, [4]uint32{pZero, pZero, pZero, nZero}, "2 × 3 + -6 = +0, -0 in RD"},
		{[]uint32{one + 1, one + 1, 0xbf800002}, all4(0x28800000), "(1+2^-23)² - (1+2^-22) = 2^-46 exactly: one rounding, no cancellation loss"},
	}},
	{"RoundInt32", func(in []uint32, m rounding.Mode, ftz bool) uint32 { return rounding.RoundInt32(in[0], m, ftz) }, []scRow{
		{[]uint32{qNaN}, all4(nan), "NaN = canonical NaN"},
		{[]uint32{nInf}, all4(nInf), "-Inf is integral"},
		{[]uint32{nZero}, all4(nZero), "-0 is integral"},
		{[]uint32{0x4b000001}, all4(0x4b000001), "2^23+1 is integral"},
		{[]uint32{0xbe99999a}, [4]uint32{nZero, nZero, nZero, mOne}, "-0.3 rounds to -0 (sign kept), or -1 in RD"},
		{[]uint32{half}, [4]uint32{pZero, pZero, one, pZero}, "0.5: RN ties to the even 0"},
		{[]uint32{0x3fc00000}, [4]uint32{two, one, two, one}, "1.5: RN ties to the even 2"},
		{[]uint32{0x40200000}, [4]uint32{two, two, three, two}, "2.5: RN ties to the even 2"},
		{[]uint32{minSub}, [4]uint32{pZero, pZero, one, pZero}, "2^-149 rounds up to 1 in RU (ftz off)"},
	}},
}

func TestSpecialCases(t *testing.T) {
	for _, tab := range scTables {
		for _, r := range tab.rows {
			subnormal := false
			for _, u := range r.in {
				subnormal = subnormal || f32.IsSubnormal(u)
			}
			for i, m := range rounding.Modes {
				for _, ftz := range ftzs {
					if ftz && (subnormal || f32.IsSubnormal(r.want[i])) {
						continue
					}
					if got := tab.f(r.in, m, ftz); !same(got, r.want[i]) {
						t.Errorf("%s: %s", r.why, failure(tab.name, r.in, m, ftz, got, r.want[i]))
					}
				}
			}
		}
	}
}

// TestSpecialCasesOracle checks the tables' expected values against the
// oracle, so a row typed wrong is caught as such.
func TestSpecialCasesOracle(t *testing.T) {
	ref := map[string]func(in []uint32, m rounding.Mode) uint32{
		"Add32":      func(in []uint32, m rounding.Mode) uint32 { return oracle.Add32(in[0], in[1], m, false) },
		"Sub32":      func(in []uint32, m rounding.Mode) uint32 { return oracle.Sub32(in[0], in[1], m, false) },
		"Mul32":      func(in []uint32, m rounding.Mode) uint32 { return oracle.Mul32(in[0], in[1], m, false) },
		"Div32":      func(in []uint32, m rounding.Mode) uint32 { return oracle.Div32(in[0], in[1], m, false) },
		"Rcp32":      func(in []uint32, m rounding.Mode) uint32 { return oracle.Rcp32(in[0], m, false) },
		"Sqrt32":     func(in []uint32, m rounding.Mode) uint32 { return oracle.Sqrt32(in[0], m, false) },
		"Fma32":      func(in []uint32, m rounding.Mode) uint32 { return oracle.Fma32(in[0], in[1], in[2], m, false) },
		"RoundInt32": func(in []uint32, m rounding.Mode) uint32 { return oracle.RoundInt32(in[0], m, false) },
	}
	for _, tab := range scTables {
		for _, r := range tab.rows {
			for i, m := range rounding.Modes {
				if w := ref[tab.name](r.in, m); w != r.want[i] {
					t.Errorf("table row %q: oracle %s(%s) mode=%v = %s, row says %s", r.why, tab.name, fmtArgs(r.in...), m, f32.Format(w), f32.Format(r.want[i]))
				}
			}
		}
	}
}

// ftzRows are the Flags paragraphs' rows: inputs read as signed zeros,
// tiny results flushed, and cuda.go's tininess-after-rounding choice.
var ftzRows = []struct {
	name string
	f    func(in []uint32, m rounding.Mode) uint32
	in   []uint32
	want [4]uint32
	why  string
}{
	{"Add32", func(in []uint32, m rounding.Mode) uint32 { return rounding.Add32(in[0], in[1], m, true) },
		[]uint32{0x00400000, 0x80000001}, [4]uint32{pZero, pZero, pZero, nZero}, "subnormals read as +0 and -0: their sum is +0, -0 in RD"},
	{"Add32", func(in []uint32, m rounding.Mode) uint32 { return rounding.Add32(in[0], in[1], m, true) },
		[]uint32{0x00800001, 0x80800000}, all4(pZero), "2^-126(1+2^-23) - 2^-126 = 2^-149 exactly: a subnormal result, flushed to +0"},
	{"Sub32", func(in []uint32, m rounding.Mode) uint32 { return rounding.Sub32(in[0], in[1], m, true) },
		[]uint32{0x80800000, 0x80800001}, all4(pZero), "-2^-126 - (-2^-126(1+2^-23)) = +2^-149: flushed to +0"},
	{"Mul32", func(in []uint32, m rounding.Mode) uint32 { return rounding.Mul32(in[0], in[1], m, true) },
		[]uint32{0x00800000, 0xbf000000}, all4(nZero), "2^-126 × -0.5 = -2^-127: tiny, flushed to -0 in every mode"},
	{"Sqrt32", func(in []uint32, m rounding.Mode) uint32 { return rounding.Sqrt32(in[0], m, true) },
		[]uint32{0x80000001}, all4(nZero), "sqrt of a negative subnormal read as -0 = -0"},
	{"Rcp32", func(in []uint32, m rounding.Mode) uint32 { return rounding.Rcp32(in[0], m, true) },
		[]uint32{0x80000001}, all4(nInf), "1/(-subnormal read as -0) = -Inf"},
	{"RoundInt32", func(in []uint32, m rounding.Mode) uint32 { return rounding.RoundInt32(in[0], m, true) },
		[]uint32{minSub}, all4(pZero), "2^-149 read as +0: 0 in RU too"},
}

func TestFTZCases(t *testing.T) {
	for _, r := range ftzRows {
		for i, m := range rounding.Modes {
			if got := r.f(r.in, m); !same(got, r.want[i]) {
				t.Errorf("%s: %s", r.why, failure(r.name, r.in, m, true, got, r.want[i]))
			}
		}
	}
}

// TestFTZTininess pins cuda.go's tininessAfterRounding = true. It builds
// x·y = 2^-126·(1 - ε) with 0 < ε ≤ 2^-25 from 24-bit integers X·Y = 2^47 - d,
// d ≤ 2^22 (x = X·2^-24, y = Y·2^-149). Below 2^-126 the 24-bit grid has
// spacing 2^-150 = 2^-126·2^-24, so with an unbounded exponent the product
// rounds to 2^-126 in RN (at or above the midpoint 2^-126(1 - 2^-25), a
// tie going to the even 2^-126) and in RU: not tiny after rounding, so
// .ftz returns MinNormal. In RZ and RD it stays below 2^-126 and is
// flushed to +0. If the golden data flips the policy, this test flips too.
func TestFTZTininess(t *testing.T) {
	var X, Y uint64
	for X = 1<<24 - 1; X > 1<<23; X-- {
		Y = (1<<47 - 1) / X
		if d := 1<<47 - X*Y; Y < 1<<24 && d <= 1<<22 {
			break
		}
	}
	x := uint32(126)<<23 | uint32(X)&f32.FracMask // X·2^-24, in [0.5, 1)
	y := uint32(1)<<23 | uint32(Y)&f32.FracMask   // Y·2^-149, in [2^-126, 2^-125)
	t.Logf("X=%#x Y=%#x: X·Y = 2^47 - %d", X, Y, 1<<47-X*Y)
	want := [4]uint32{f32.MinNormalBits, pZero, f32.MinNormalBits, pZero}
	for i, m := range rounding.Modes {
		if got := rounding.Mul32(x, y, m, true); got != want[i] {
			t.Errorf("%s", failure("Mul32", []uint32{x, y}, m, true, got, want[i]))
		}
		if o := oracle.Mul32(x, y, m, true); o != want[i] {
			t.Errorf("oracle disagrees with the policy: %s", failure("oracle.Mul32", []uint32{x, y}, m, true, o, want[i]))
		}
		// Negated: RU and RD swap, the flushed zero is -0.
		nw := want[i] | f32.SignMask
		if m == rounding.RU || m == rounding.RD {
			nw = want[5-i] | f32.SignMask
		}
		if got := rounding.Mul32(x, y|f32.SignMask, m, true); got != nw {
			t.Errorf("%s", failure("Mul32", []uint32{x, y | f32.SignMask}, m, true, got, nw))
		}
	}
}

func ExampleAdd32() {
	// 1 + 2^-24 lies halfway between 1 and 1 + 2^-23.
	for _, m := range rounding.Modes {
		fmt.Printf("%v %s\n", m, f32.Format(rounding.Add32(0x3f800000, 0x33800000, m, false)))
	}
	// Output:
	// RN 0x3f800000 [0x1p+00 1]
	// RZ 0x3f800000 [0x1p+00 1]
	// RU 0x3f800001 [0x1.000002p+00 1.0000001]
	// RD 0x3f800000 [0x1p+00 1]
}

// Conversion special cases: the doc tables' rows, with the integer results
// as int64-extended bit patterns, per mode (RN RZ RU RD).
var convRows = []struct {
	name string
	f    func(x uint32, m rounding.Mode) uint64
	x    uint32
	want [4]uint64
	why  string
}{
	{"F32ToI32", i32(rounding.F32ToI32), qNaN, [4]uint64{0, 0, 0, 0}, "NaN → 0 for a 32-bit destination"},
	{"F32ToI32", i32(rounding.F32ToI32), 0x4f000000, all4u(0x7fffffff), "2^31 clamps to MaxInt32"},
	{"F32ToI32", i32(rounding.F32ToI32), pInf, all4u(0x7fffffff), "+Inf clamps to MaxInt32"},
	{"F32ToI32", i32(rounding.F32ToI32), 0xcf000000, all4u(0xffffffff80000000), "-2^31 is MinInt32 exactly"},
	{"F32ToI32", i32(rounding.F32ToI32), 0xcf000001, all4u(0xffffffff80000000), "below -2^31 clamps to MinInt32"},
	{"F32ToI32", i32(rounding.F32ToI32), 0xbfc00000, [4]uint64{0xfffffffffffffffe, 0xffffffffffffffff, 0xffffffffffffffff, 0xfffffffffffffffe}, "-1.5: RN ties to the even -2"},
	{"F32ToU32", u32(rounding.F32ToU32), qNaN, all4u(0), "NaN → 0"},
	{"F32ToU32", u32(rounding.F32ToU32), 0xbe99999a, all4u(0), "-0.3 rounds to 0 or -1, clamped to 0"},
	{"F32ToU32", u32(rounding.F32ToU32), nInf, all4u(0), "-Inf clamps to 0"},
	{"F32ToU32", u32(rounding.F32ToU32), 0x4f800000, all4u(0xffffffff), "2^32 clamps to MaxUint32"},
	{"F32ToU32", u32(rounding.F32ToU32), 0x3f000000, [4]uint64{0, 0, 1, 0}, "0.5: RN ties to the even 0"},
	{"F32ToI64", i64(rounding.F32ToI64), sNaN, all4u(1 << 63), "NaN → 1<<63 for a 64-bit destination"},
	{"F32ToI64", i64(rounding.F32ToI64), 0x5f000000, all4u(1<<63 - 1), "2^63 clamps to MaxInt64"},
	{"F32ToI64", i64(rounding.F32ToI64), 0xdf000000, all4u(1 << 63), "-2^63 is MinInt64 exactly"},
	{"F32ToI64", i64(rounding.F32ToI64), nInf, all4u(1 << 63), "-Inf clamps to MinInt64"},
	{"F32ToU64", u64(rounding.F32ToU64), qNaN, all4u(1 << 63), "NaN → 1<<63, unsigned too"},
	{"F32ToU64", u64(rounding.F32ToU64), 0xc0a00000, all4u(0), "-5 clamps to 0"},
	{"F32ToU64", u64(rounding.F32ToU64), 0x5f800000, all4u(1<<64 - 1), "2^64 clamps to MaxUint64"},
	{"F32ToU64", u64(rounding.F32ToU64), 0x5f7fffff, all4u(0xffffff0000000000), "2^64 - 2^40 is exact"},
}

func all4u(u uint64) [4]uint64 { return [4]uint64{u, u, u, u} }

func i32(f func(uint32, rounding.Mode, bool) int32) func(uint32, rounding.Mode) uint64 {
	return func(x uint32, m rounding.Mode) uint64 { return uint64(f(x, m, false)) }
}
func u32(f func(uint32, rounding.Mode, bool) uint32) func(uint32, rounding.Mode) uint64 {
	return func(x uint32, m rounding.Mode) uint64 { return uint64(f(x, m, false)) }
}
func i64(f func(uint32, rounding.Mode, bool) int64) func(uint32, rounding.Mode) uint64 {
	return func(x uint32, m rounding.Mode) uint64 { return uint64(f(x, m, false)) }
}
func u64(f func(uint32, rounding.Mode, bool) uint64) func(uint32, rounding.Mode) uint64 {
	return func(x uint32, m rounding.Mode) uint64 { return f(x, m, false) }
}

func TestConversionSpecialCases(t *testing.T) {
	for _, r := range convRows {
		for i, m := range rounding.Modes {
			if got := r.f(r.x, m); got != r.want[i] {
				t.Errorf("%s: %s(%s) mode=%v = %#x, want %#x", r.why, r.name, f32.Format(r.x), m, got, r.want[i])
			}
		}
	}
	// Float conversions. F64ToF32 of a NaN: the device measurements quoted
	// in cuda-facts.md §6 (H100, CUDA 13.0).
	for _, c := range []struct {
		x    uint64
		want uint32
		why  string
	}{
		{0x7ff0f9c7ff5fb763, 0x7fc7ce3f, "NaN: sign and top 22 payload bits kept, quieted (device-measured)"},
		{0xfff0000000004020, 0xffc00000, "NaN: payload below the top 22 bits dropped (device-measured)"},
		{0xfff0000000000000, nInf, "-Inf"},
		{0x8000000000000000, nZero, "-0"},
		{0x3ff0000010000000, one, "1 + 2^-24: RN ties to even 1 (checked per mode below)"},
	} {
		for _, m := range rounding.Modes {
			want := c.want
			if c.x == 0x3ff0000010000000 && m == rounding.RU {
				want = one + 1
			}
			if got := rounding.F64ToF32(c.x, m, false); got != want {
				t.Errorf("%s: F64ToF32(%#016x) mode=%v = %s, want %s", c.why, c.x, m, f32.Format(got), f32.Format(want))
			}
		}
	}
	for _, c := range []struct {
		x    uint32
		want uint64
		why  string
	}{
		{0xffa00001, 0xfff0000000000000 | 1<<51 | 0x200001<<29, "sNaN: sign and payload (shifted up 29 bits) kept, quiet bit 51 set"},
		{nInf, 0xfff0000000000000, "-Inf"},
		{nZero, 0x8000000000000000, "-0"},
		{minSub, 0x36a0000000000000, "2^-149 is a normal float64"},
	} {
		if got := rounding.F32ToF64(c.x, false); got != c.want {
			t.Errorf("%s: F32ToF64(%s) = %#016x, want %#016x", c.why, f32.Format(c.x), got, c.want)
		}
	}
	for _, m := range rounding.Modes {
		if rounding.I32ToF32(0, m) != 0 || rounding.U32ToF32(0, m) != 0 || rounding.I64ToF32(0, m) != 0 || rounding.U64ToF32(0, m) != 0 {
			t.Errorf("integer 0 converts to something other than +0 in %v", m)
		}
		// 2^24 + 1 is the midpoint of 2^24 and 2^24 + 2: RN ties to the even 2^24.
		want := map[rounding.Mode]uint32{rounding.RN: 0x4b800000, rounding.RZ: 0x4b800000, rounding.RU: 0x4b800001, rounding.RD: 0x4b800000}[m]
		if got := rounding.I32ToF32(1<<24+1, m); got != want {
			t.Errorf("I32ToF32(2^24+1) mode=%v = %s, want %s", m, f32.Format(got), f32.Format(want))
		}
	}
}
