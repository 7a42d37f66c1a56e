package fp_test

import (
	"testing"

	"github.com/cudafp/cudafp/fp"
)

const cnan = 0x7fffffff // the canonical NaN, a device result (f32.CanonicalNaNBits)

// Special cases of Sinpif, in the doc comment's order, then ordinary
// points; results are the device's (TestTrigTablesMatchDevice).
var sinpifSC = []oneRow{
	{0x00000000, 0x00000000, "+0"},
	{0x80000000, 0x80000000, "-0"},
	{0x3f800000, 0x00000000, "1: +0"},
	{0xbf800000, 0x80000000, "-1: -0"},
	{0xc0000000, 0x80000000, "-2: -0"},
	{0x4b000001, 0x00000000, "2^23+1"},
	{0x7f7fffff, 0x00000000, "MaxFloat32"},
	{0xff7fffff, 0x80000000, "-MaxFloat32"},
	{0x7f800000, cnan, "+Inf"},
	{0xff800000, cnan, "-Inf"},
	{0x7fc00000, cnan, "NaN"},
	{0xffc00001, cnan, "-NaN with payload"},
	{0x3f000000, 0x3f800000, "1/2"},
	{0x3fc00000, 0xbf800000, "3/2"},
	{0xcaffffff, 0x3f800000, "-(2^23-1/2)"},
	{0x3f7fffff, 0x34490fdb, "1-2^-24"},
	{0x40490fdb, 0xbedc5079, "π"},
}

// Sinpif under -ftz=true (and -use_fast_math): subnormals read as zeros.
var sinpifFTZSC = append([]oneRow{
	{0x00000001, 0x00000000, "2^-149 flushed: +0"},
	{0x80800001, 0x81490fdd, "-(2^-126+2^-149): normal"},
	{0x807fffff, 0x80000000, "negative subnormal flushed: -0"},
}, sinpifSC...)

// Sinpif without -ftz: subnormals are kept.
var sinpifNoFTZSC = append([]oneRow{
	{0x00000001, 0x00000003, "2^-149: π·x rounds to 3·2^-149"},
	{0x807fffff, 0x81490fd9, "largest negative subnormal"},
}, sinpifSC...)

var cospifSC = []oneRow{
	{0x4b800001, 0x3f800000, "2^24+2 > 2^24: 1"},
	{0x7f7fffff, 0x3f800000, "MaxFloat32: 1"},
	{0xcf000000, 0x3f800000, "-2^31: 1"},
	{0x7f800000, cnan, "+Inf"},
	{0xff800000, cnan, "-Inf"},
	{0x7fc00000, cnan, "NaN"},
	{0x3f000000, 0x00000000, "1/2: +0"},
	{0xbf000000, 0x00000000, "-1/2: +0"},
	{0x3fc00000, 0x00000000, "3/2: +0"},
	{0x4affffff, 0x00000000, "2^23-1/2: +0"},
	{0x00000000, 0x3f800000, "+0: 1"},
	{0x80000000, 0x3f800000, "-0: 1"},
	{0x00000001, 0x3f800000, "subnormal: 1"},
	{0x3f800000, 0xbf800000, "1: -1"},
	{0x4b000001, 0xbf800000, "2^23+1, odd: -1"},
	{0x4b800000, 0x3f800000, "2^24: 1"},
	{0x40490fdb, 0xbf671661, "π"},
}

var sincospifSC = []twoRow{
	{0x3f800000, 0x00000000, 0xbf800000, "1"},
	{0xbf800000, 0x80000000, 0xbf800000, "-1"},
	{0x40000000, 0x00000000, 0x3f800000, "2"},
	{0x00000000, 0x00000000, 0x3f800000, "+0"},
	{0x80000000, 0x80000000, 0x3f800000, "-0"},
	{0x4b800001, 0x00000000, 0x3f800000, "2^24+2"},
	{0xcb800001, 0x80000000, 0x3f800000, "-(2^24+2)"},
	{0x7f7fffff, 0x00000000, 0x3f800000, "MaxFloat32"},
	{0x7f800000, cnan, cnan, "+Inf"},
	{0xff800000, cnan, cnan, "-Inf"},
	{0x7fc00000, cnan, cnan, "NaN"},
	{0x3f000000, 0x3f800000, 0x00000000, "1/2"},
	{0x3fc00000, 0xbf800000, 0x00000000, "3/2"},
	{0x40490fdb, 0xbedc5079, 0xbf671661, "π"},
}

var sincospifFTZSC = append([]twoRow{
	{0x00000001, 0x00000000, 0x3f800000, "2^-149 flushed"},
	{0x80000001, 0x80000000, 0x3f800000, "-2^-149 flushed"},
}, sincospifSC...)

var sincospifNoFTZSC = append([]twoRow{
	{0x00000001, 0x00000003, 0x3f800000, "2^-149"},
	{0x80000001, 0x80000003, 0x3f800000, "-2^-149"},
}, sincospifSC...)

func TestSinpifSpecial(t *testing.T) {
	checkOne(t, "Sinpif", bitsOf(fp.Sinpif), sinpifNoFTZSC)
	checkOne(t, "Flags{NoFMAD}.Sinpif", bitsOf(fp.Flags{NoFMAD: true}.Sinpif), sinpifNoFTZSC)
	checkOne(t, "Flags{FTZ}.Sinpif", bitsOf(fp.Flags{FTZ: true}.Sinpif), sinpifFTZSC)
	checkOne(t, "FastMath.Sinpif", bitsOf(fp.FastMath.Sinpif), sinpifFTZSC)
}

func TestCospifSpecial(t *testing.T) {
	for _, fl := range []fp.Flags{{}, {FTZ: true}, {NoFMAD: true}, fp.FastMath} {
		checkOne(t, "Flags{"+fl.String()+"}.Cospif", bitsOf(fl.Cospif), cospifSC)
	}
}

func TestSincospifSpecial(t *testing.T) {
	checkTwo(t, "Sincospif", bitsOf2(fp.Sincospif), sincospifNoFTZSC)
	checkTwo(t, "Flags{FTZ}.Sincospif", bitsOf2(fp.Flags{FTZ: true}.Sincospif), sincospifFTZSC)
	checkTwo(t, "FastMath.Sincospif", bitsOf2(fp.FastMath.Sincospif), sincospifFTZSC)
}

// TestTrigpiTablesMatchDevice checks every table row against the device's
// special grid under the flag sets the table stands for.
func TestTrigpiTablesMatchDevice(t *testing.T) {
	for _, fs := range []string{"default", "precdiv0", "precsqrt0", "fmad0"} {
		checkOneTable(t, fs, "sinpif", sinpifNoFTZSC)
		checkTwoTable(t, fs, "sincospif", sincospifNoFTZSC)
	}
	for _, fs := range []string{"ftz", "fast"} {
		checkOneTable(t, fs, "sinpif", sinpifFTZSC)
		checkTwoTable(t, fs, "sincospif", sincospifFTZSC)
	}
	for _, fs := range []string{"default", "ftz", "precdiv0", "precsqrt0", "fmad0", "fast"} {
		checkOneTable(t, fs, "cospif", cospifSC)
	}
}

// isZero reports whether u is ±0; isSub whether u is subnormal.
func isZero(u uint32) bool { return u&0x7fffffff == 0 }
func isSub(u uint32) bool  { return u&0x7f800000 == 0 && !isZero(u) }

// FuzzTrigpi checks, on fuzzed bit patterns and with and without FTZ,
// properties that tie the three kernels together: Sincospif's cosine is
// Cospif's, bit for bit; its sine is Sinpif's up to the sign of a zero
// (neg.f32 against 0 - y); sinpif is odd and cospif even up to the sign of a
// zero; FTZ never returns a subnormal; NaN comes out canonical.
func FuzzTrigpi(f *testing.F) {
	for _, r := range sinpifNoFTZSC {
		f.Add(r.x)
	}
	for _, r := range cospifSC {
		f.Add(r.x)
	}
	f.Fuzz(func(t *testing.T, x uint32) {
		for _, fl := range []fp.Flags{{}, {FTZ: true}} {
			s := bitsOf(fl.Sinpif)(x)
			c := bitsOf(fl.Cospif)(x)
			ss, cc := bitsOf2(fl.Sincospif)(x)
			sn := bitsOf(fl.Sinpif)(x ^ 0x80000000)
			cn := bitsOf(fl.Cospif)(x ^ 0x80000000)
			where := "x = " + fmtF(x) + ", flags " + fl.Name()
			if cc != c {
				t.Errorf("%s: Sincospif cosine %s, Cospif %s", where, fmtF(cc), fmtF(c))
			}
			if ss != s && !(isZero(ss) && isZero(s)) {
				t.Errorf("%s: Sincospif sine %s, Sinpif %s", where, fmtF(ss), fmtF(s))
			}
			if sn != s^0x80000000 && !(isZero(sn) && isZero(s)) && !(s == cnan && sn == cnan) {
				t.Errorf("%s: Sinpif(-x) = %s, Sinpif(x) = %s", where, fmtF(sn), fmtF(s))
			}
			if cn != c && !(isZero(cn) && isZero(c)) {
				t.Errorf("%s: Cospif(-x) = %s, Cospif(x) = %s", where, fmtF(cn), fmtF(c))
			}
			for _, y := range []uint32{s, c, ss, cc} {
				if fl.FTZ && isSub(y) {
					t.Errorf("%s: subnormal result %s under FTZ", where, fmtF(y))
				}
				if y&0x7fffffff > 0x7f800000 && y != cnan {
					t.Errorf("%s: NaN result %s is not canonical", where, fmtF(y))
				}
			}
		}
	})
}

// TestTrigpiNoAlloc checks that the kernels do not allocate.
func TestTrigpiNoAlloc(t *testing.T) {
	var sink float32
	if n := testing.AllocsPerRun(100, func() {
		s, c := fp.Sincospif(0.3)
		sink += fp.Sinpif(0.3) + fp.Cospif(0.3) + s + c
	}); n != 0 {
		t.Errorf("%v allocations per run", n)
	}
	_ = sink
}
