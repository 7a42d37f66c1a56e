package fp_test

import (
	"testing"

	"github.com/cudafp/cudafp/fp"
)

// Special cases of Sinf, Cosf, Tanf, Sincosf and Tanhf, in the doc
// comments' order, then ordinary points of the device's special grid (π/2,
// the Cody–Waite range, the Payne–Hanek range); results are the device's
// (TestTrigTablesMatchDevice). Separate tables hold what differs between
// the builds: subnormal inputs, and every result of -use_fast_math (the
// intrinsics).

var sinfSC = []oneRow{
	{0x00000000, 0x00000000, "+0"},
	{0x80000000, 0x80000000, "-0"},
	{0x7f800000, cnan, "+Inf"},
	{0xff800000, cnan, "-Inf"},
	{0x7fc00000, cnan, "NaN"},
	{0xffc00001, cnan, "-NaN with payload"},
	{0x7f800001, cnan, "signalling NaN"},
	{0x3f800000, 0x3f576aa5, "1"},
	{0x3fc90fdb, 0x3f800000, "π/2 rounded"},
	{0x40490fdb, 0xb3bbbd2e, "π rounded"},
	{0x47c35000, 0x3d126d55, "1e5: Cody–Waite"},
	{0x501502f9, 0xbef99a64, "1e10: Payne–Hanek"},
	{0x7149f2ca, 0xbf4a89b0, "1e30: Payne–Hanek"},
	{0x7f7fffff, 0xbf0599b3, "MaxFloat32"},
	{0xff7fffff, 0x3f0599b3, "-MaxFloat32"},
}

var sinfNoFTZSC = append([]oneRow{
	{0x00000001, 0x00000001, "2^-149: x"},
	{0x807fffff, 0x807fffff, "largest negative subnormal: x"},
}, sinfSC...)

var sinfFTZSC = append([]oneRow{
	{0x00000001, 0x00000000, "2^-149 flushed: +0"},
	{0x807fffff, 0x80000000, "negative subnormal flushed: -0"},
}, sinfSC...)

var sinfFastSC = []oneRow{ // __sinf
	{0x00000000, 0x00000000, "+0"},
	{0x80000000, 0x80000000, "-0"},
	{0x00000001, 0x00000000, "subnormal: +0"},
	{0x7f800000, cnan, "+Inf"},
	{0x7fc00000, cnan, "NaN"},
	{0x3f800000, 0x3f576aa3, "1"},
	{0x40490fdb, 0x00000000, "π rounded"},
	{0x47c35000, 0x3d2fdfc6, "1e5"},
	{0x501502f9, 0x00000000, "1e10"},
}

var cosfSC = []oneRow{
	{0x00000000, 0x3f800000, "+0: 1"},
	{0x80000000, 0x3f800000, "-0: 1"},
	{0x00000001, 0x3f800000, "subnormal: 1"},
	{0x7f800000, cnan, "+Inf"},
	{0xff800000, cnan, "-Inf"},
	{0x7fc00000, cnan, "NaN"},
	{0x3f800000, 0x3f0a5140, "1"},
	{0x3fc90fdb, 0xb33bbd2e, "π/2 rounded"},
	{0x40490fdb, 0xbf800000, "π rounded"},
	{0x47c35000, 0xbf7fd61c, "1e5: Cody–Waite"},
	{0x501502f9, 0x3f5f84c5, "1e10: Payne–Hanek"},
	{0x7f7fffff, 0x3f5a5f97, "MaxFloat32"},
}

var cosfFastSC = []oneRow{ // __cosf
	{0x00000000, 0x3f800000, "+0: 1"},
	{0x00000001, 0x3f800000, "subnormal: 1"},
	{0x7f800000, cnan, "+Inf"},
	{0x7fc00000, cnan, "NaN"},
	{0x3f800000, 0x3f0a5141, "1"},
	{0x3fc90fdb, 0x00000000, "π/2 rounded"},
	{0x47c35000, 0xbf7fc38f, "1e5"},
	{0x501502f9, 0x3f800000, "1e10"},
}

var tanfSC = []oneRow{
	{0x00000000, 0x00000000, "+0"},
	{0x80000000, 0x80000000, "-0"},
	{0x7f800000, cnan, "+Inf"},
	{0xff800000, cnan, "-Inf"},
	{0x7fc00000, cnan, "NaN"},
	{0x3f800000, 0x3fc75924, "1"},
	{0x3f490fdb, 0x3f800000, "π/4 rounded"},
	{0x3fc90fdb, 0xcbae8a4b, "π/2 rounded: -1/tan r by rcp.approx"},
	{0x47c35000, 0xbd12854f, "1e5: Cody–Waite"},
	{0x501502f9, 0xbf0ef001, "1e10: Payne–Hanek"},
}

var tanfNoFTZSC = append([]oneRow{
	{0x00000001, 0x00000001, "2^-149: x"},
}, tanfSC...)

var tanfFTZSC = append([]oneRow{
	{0x00000001, 0x00000000, "2^-149 flushed: +0"},
}, tanfSC...)

var tanfFastSC = []oneRow{ // __tanf
	{0x00000000, 0x00000000, "+0"},
	{0x80000000, 0x80000000, "-0"},
	{0x00000001, 0x00000000, "subnormal: +0"},
	{0x7f800000, cnan, "+Inf"},
	{0x7fc00000, cnan, "NaN"},
	{0x3f800000, 0x3fc75921, "1"},
	{0x3fc90fdb, 0x7f800000, "π/2 rounded: +Inf"},
	{0x47c35000, 0xbd300956, "1e5"},
}

var sincosfSC = []twoRow{
	{0x00000000, 0x00000000, 0x3f800000, "+0"},
	{0x80000000, 0x80000000, 0x3f800000, "-0"},
	{0x7f800000, cnan, cnan, "+Inf"},
	{0xff800000, cnan, cnan, "-Inf"},
	{0x7fc00000, cnan, cnan, "NaN"},
	{0x3fc90fdb, 0x3f800000, 0xb33bbd2e, "π/2 rounded"},
	{0x40490fdb, 0xb3bbbd2e, 0xbf800000, "π rounded"},
	{0x47c35000, 0x3d126d55, 0xbf7fd61c, "1e5: Cody–Waite"},
	{0x501502f9, 0xbef99a64, 0x3f5f84c5, "1e10: Payne–Hanek"},
}

var sincosfNoFTZSC = append([]twoRow{
	{0x00000001, 0x00000001, 0x3f800000, "2^-149"},
}, sincosfSC...)

var sincosfFTZSC = append([]twoRow{
	{0x00000001, 0x00000000, 0x3f800000, "2^-149 flushed"},
}, sincosfSC...)

var sincosfFastSC = []twoRow{ // __sincosf
	{0x00000000, 0x00000000, 0x3f800000, "+0"},
	{0x00000001, 0x00000000, 0x3f800000, "subnormal"},
	{0x7f800000, cnan, cnan, "+Inf"},
	{0x3fc90fdb, 0x3f800000, 0x00000000, "π/2 rounded"},
	{0x47c35000, 0x3d2fdfc6, 0xbf7fc38f, "1e5"},
}

var tanhfSC = []oneRow{
	{0x7f800000, 0x3f800000, "+Inf: 1"},
	{0xff800000, 0xbf800000, "-Inf: -1"},
	{0x41200000, 0x3f800000, "10 ≥ 9.0109: 1"},
	{0xc1200000, 0xbf800000, "-10: -1"},
	{0x7fc00000, cnan, "NaN"},
	{0x00000000, 0x00000000, "+0"},
	{0x80000000, 0x80000000, "-0"},
	{0x41100000, 0x3f7fffff, "9 < 9.0109: the formula"},
	{0x3f000000, 0x3eec9aa0, "0.5: polynomial"},
	{0x3f0ccccd, 0x3f002217, "0.55: polynomial"},
	{0x3f800000, 0x3f42f7d6, "1: ex2 and rcp"},
	{0xbf8ccccd, 0xbf4ced82, "-1.1: ex2 and rcp"},
}

var tanhfNoFTZSC = append([]oneRow{
	{0x00000001, 0x00000001, "2^-149: x"},
	{0x807fffff, 0x807fffff, "negative subnormal: x"},
}, tanhfSC...)

var tanhfFTZSC = append([]oneRow{
	{0x00000001, 0x00000000, "2^-149 flushed: +0"},
	{0x807fffff, 0x80000000, "negative subnormal flushed: -0"},
}, tanhfSC...)

var tanhfFastSC = []oneRow{ // __tanhf: tanh.approx.f32 never flushes
	{0x7f800000, 0x3f800000, "+Inf: 1"},
	{0xff800000, 0xbf800000, "-Inf: -1"},
	{0x7fc00000, cnan, "NaN"},
	{0x00000000, 0x00000000, "+0"},
	{0x00000001, 0x00000001, "2^-149: x, not flushed"},
	{0x3f800000, 0x3f42f848, "1"},
	{0x41100000, 0x3f800000, "9"},
}

func TestSinfSpecial(t *testing.T) {
	checkOne(t, "Sinf", bitsOf(fp.Sinf), sinfNoFTZSC)
	checkOne(t, "Flags{NoFMAD}.Sinf", bitsOf(fp.Flags{NoFMAD: true}.Sinf), sinfNoFTZSC)
	checkOne(t, "Flags{FTZ}.Sinf", bitsOf(fp.Flags{FTZ: true}.Sinf), sinfFTZSC)
	checkOne(t, "FastMath.Sinf", bitsOf(fp.FastMath.Sinf), sinfFastSC)
}

func TestCosfSpecial(t *testing.T) {
	for _, fl := range []fp.Flags{{}, {FTZ: true}, {NoFMAD: true}} {
		checkOne(t, "Flags{"+fl.String()+"}.Cosf", bitsOf(fl.Cosf), cosfSC)
	}
	checkOne(t, "FastMath.Cosf", bitsOf(fp.FastMath.Cosf), cosfFastSC)
}

func TestTanfSpecial(t *testing.T) {
	checkOne(t, "Tanf", bitsOf(fp.Tanf), tanfNoFTZSC)
	checkOne(t, "Flags{FTZ}.Tanf", bitsOf(fp.Flags{FTZ: true}.Tanf), tanfFTZSC)
	checkOne(t, "FastMath.Tanf", bitsOf(fp.FastMath.Tanf), tanfFastSC)
}

func TestSincosfSpecial(t *testing.T) {
	checkTwo(t, "Sincosf", bitsOf2(fp.Sincosf), sincosfNoFTZSC)
	checkTwo(t, "Flags{FTZ}.Sincosf", bitsOf2(fp.Flags{FTZ: true}.Sincosf), sincosfFTZSC)
	checkTwo(t, "FastMath.Sincosf", bitsOf2(fp.FastMath.Sincosf), sincosfFastSC)
}

func TestTanhfSpecial(t *testing.T) {
	checkOne(t, "Tanhf", bitsOf(fp.Tanhf), tanhfNoFTZSC)
	checkOne(t, "Flags{NoFMAD}.Tanhf", bitsOf(fp.Flags{NoFMAD: true}.Tanhf), tanhfNoFTZSC)
	checkOne(t, "Flags{FTZ}.Tanhf", bitsOf(fp.Flags{FTZ: true}.Tanhf), tanhfFTZSC)
	checkOne(t, "FastMath.Tanhf", bitsOf(fp.FastMath.Tanhf), tanhfFastSC)
}

// TestTrigTablesMatchDevice checks every table row against the device's
// special grid under the flag sets the table stands for.
func TestTrigTablesMatchDevice(t *testing.T) {
	for _, fs := range []string{"default", "precdiv0", "precsqrt0", "fmad0"} {
		checkOneTable(t, fs, "sinf", sinfNoFTZSC)
		checkOneTable(t, fs, "cosf", cosfSC)
		checkOneTable(t, fs, "tanf", tanfNoFTZSC)
		checkTwoTable(t, fs, "sincosf", sincosfNoFTZSC)
		checkOneTable(t, fs, "tanhf", tanhfNoFTZSC)
	}
	checkOneTable(t, "ftz", "sinf", sinfFTZSC)
	checkOneTable(t, "ftz", "cosf", cosfSC)
	checkOneTable(t, "ftz", "tanf", tanfFTZSC)
	checkTwoTable(t, "ftz", "sincosf", sincosfFTZSC)
	checkOneTable(t, "ftz", "tanhf", tanhfFTZSC)
	checkOneTable(t, "fast", "sinf", sinfFastSC)
	checkOneTable(t, "fast", "cosf", cosfFastSC)
	checkOneTable(t, "fast", "tanf", tanfFastSC)
	checkTwoTable(t, "fast", "sincosf", sincosfFastSC)
	checkOneTable(t, "fast", "tanhf", tanhfFastSC)
}

// FuzzTrig checks, on fuzzed bit patterns and under the default, -ftz=true
// and -use_fast_math builds, properties that tie the kernels together:
// Sincosf is (Sinf, Cosf) up to the sign of a zero (neg.f32 against an fma
// by -1); sinf, tanf and tanhf are odd and cosf even up to the sign of a
// zero; no result is a subnormal under FTZ (except __tanhf, whose
// tanh.approx.f32 never flushes); every NaN result is the canonical NaN.
func FuzzTrig(f *testing.F) {
	for _, r := range sinfNoFTZSC {
		f.Add(r.x)
	}
	for _, r := range tanhfNoFTZSC {
		f.Add(r.x)
	}
	f.Fuzz(func(t *testing.T, x uint32) {
		for _, fl := range []fp.Flags{{}, {FTZ: true}, fp.FastMath} {
			where := "x = " + fmtF(x) + ", flags " + fl.Name()
			s, c := bitsOf(fl.Sinf)(x), bitsOf(fl.Cosf)(x)
			ss, cc := bitsOf2(fl.Sincosf)(x)
			if ss != s && !(isZero(ss) && isZero(s)) || cc != c && !(isZero(cc) && isZero(c)) {
				t.Errorf("%s: Sincosf = %s, %s; Sinf, Cosf = %s, %s", where, fmtF(ss), fmtF(cc), fmtF(s), fmtF(c))
			}
			odd := func(name string, f func(float32) float32) {
				y, yn := bitsOf(f)(x), bitsOf(f)(x^0x80000000)
				if yn != y^0x80000000 && !(isZero(y) && isZero(yn)) && !(y == cnan && yn == cnan) {
					t.Errorf("%s: %s(-x) = %s, %s(x) = %s", where, name, fmtF(yn), name, fmtF(y))
				}
			}
			odd("Sinf", fl.Sinf)
			odd("Tanf", fl.Tanf)
			odd("Tanhf", fl.Tanhf)
			if cn := bitsOf(fl.Cosf)(x ^ 0x80000000); cn != c && !(isZero(cn) && isZero(c)) {
				t.Errorf("%s: Cosf(-x) = %s, Cosf(x) = %s", where, fmtF(cn), fmtF(c))
			}
			th := bitsOf(fl.Tanhf)(x)
			for i, y := range []uint32{s, c, ss, cc, bitsOf(fl.Tanf)(x), th} {
				if fl.FTZ && isSub(y) && !(fl.FastLib && i == 5) {
					t.Errorf("%s: subnormal result %s under FTZ", where, fmtF(y))
				}
				if y&0x7fffffff > 0x7f800000 && y != cnan {
					t.Errorf("%s: NaN result %s is not canonical", where, fmtF(y))
				}
			}
		}
	})
}
