package fp_test

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// opsOperand draws a float32 encoding from strata that reach the fast
// paths' edges: uniform bit patterns; exponents near the ends of the range;
// specials and subnormals; values near 1, where products and sums of
// similar magnitude cancel; and numbers in [1, 2^25) with few significant
// bits (integers, halves, rounding ties).
func opsOperand(r *rand.Rand) uint32 {
	switch r.IntN(7) {
	case 6: // [1, 2^25) with a random number of low bits cleared: integers, halves, ties
		u := r.Uint32()&0x807fffff | (127+r.Uint32N(25))<<23
		return u &^ (1<<r.UintN(24) - 1)
	case 0:
		return r.Uint32()
	case 1: // tiny exponents
		return r.Uint32()&0x807fffff | r.Uint32N(24)<<23
	case 2: // huge exponents
		return r.Uint32()&0x807fffff | (254-r.Uint32N(24))<<23
	case 3: // specials and subnormals
		s := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fffffff, 0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0x3f800000, 0xbf800000}
		return s[r.IntN(len(s))]
	default: // near 1 in magnitude, few significant bits at times
		u := r.Uint32()&0x807fffff | (127-r.Uint32N(3)+r.Uint32N(3))<<23
		if r.IntN(2) == 0 {
			u &^= 0xffff
		}
		return u
	}
}

// TestTrigOpsMatchPTX checks that the fast fma.rn and mul.rn of the trig
// kernels return what package ptx returns, with and without FTZ, on random
// operands from opsOperand's strata (seed logged; CUDAFP_SEED overrides)
// and on operand triples built to cancel exactly or nearly.
func TestTrigOpsMatchPTX(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	n := 2000000
	if testing.Short() {
		n = 100000
	}
	bad := 0
	fail := func(msg string) {
		t.Error(msg)
		if bad++; bad == 10 {
			t.Fatal("too many errors")
		}
	}
	for i := range n {
		a, b, c := opsOperand(r), opsOperand(r), opsOperand(r)
		if i%4 == 0 { // c close to -a·b: massive cancellation
			c = ptx.Mul(a, b, rounding.RN, false) ^ 0x80000000
			c += r.Uint32N(5) - 2
		}
		ftz := i&1 != 0
		if got, want := fp.FmaRN(a, b, c, ftz), ptx.Fma(a, b, c, rounding.RN, ftz); got != want {
			fail("fmaRN(" + fmtF(a) + ", " + fmtF(b) + ", " + fmtF(c) + ", ftz " + boolS(ftz) + ") = " + fmtF(got) + ", ptx.Fma " + fmtF(want))
		}
		if got, want := fp.NegRN(a, ftz), ptx.Fma(a, 0xbf800000, 0, rounding.RN, ftz); got != want {
			fail("negRN(" + fmtF(a) + ", ftz " + boolS(ftz) + ") = " + fmtF(got) + ", ptx.Fma(a, -1, +0) " + fmtF(want))
		}
		if got, want := fp.CvtRNIS32(a, ftz), ptx.CvtS32(a, rounding.RN, ftz); got != want {
			fail("cvtRNIS32(" + fmtF(a) + ", ftz " + boolS(ftz) + ") = " + itoa(got) + ", ptx.CvtS32 " + itoa(want))
		}
		if v := int32(a) >> (a & 31); fp.CvtRNF32S32(v) != ptx.CvtF32S32(v, rounding.RN) {
			fail("cvtRNF32S32(" + itoa(v) + ") = " + fmtF(fp.CvtRNF32S32(v)) + ", ptx.CvtF32S32 " + fmtF(ptx.CvtF32S32(v, rounding.RN)))
		}
		if msg := checkPiOps(a, ftz); msg != "" {
			fail(msg)
		}
		if got, want := fp.MulRN(a, b, ftz), ptx.Mul(a, b, rounding.RN, ftz); got != want {
			fail("mulRN(" + fmtF(a) + ", " + fmtF(b) + ", ftz " + boolS(ftz) + ") = " + fmtF(got) + ", ptx.Mul " + fmtF(want))
		}
	}
}

func itoa(v int32) string { return strconv.Itoa(int(v)) }

func boolS(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// FuzzTrigOps compares the fast fma.rn and mul.rn with package ptx on
// fuzzed bit patterns.
func FuzzTrigOps(f *testing.F) {
	f.Add(uint32(0x3f800001), uint32(0x3f7fffff), uint32(0xbf800000))
	f.Add(uint32(0x00800000), uint32(0x3f000000), uint32(0x00000000))
	f.Add(uint32(0x7f7fffff), uint32(0x3f800001), uint32(0x7f7fffff))
	f.Fuzz(func(t *testing.T, a, b, c uint32) {
		for _, ftz := range []bool{false, true} {
			if got, want := fp.FmaRN(a, b, c, ftz), ptx.Fma(a, b, c, rounding.RN, ftz); got != want {
				t.Fatalf("fmaRN(%s, %s, %s, ftz %v) = %s, ptx.Fma %s", fmtF(a), fmtF(b), fmtF(c), ftz, fmtF(got), fmtF(want))
			}
			if got, want := fp.NegRN(a, ftz), ptx.Fma(a, 0xbf800000, 0, rounding.RN, ftz); got != want {
				t.Fatalf("negRN(%s, ftz %v) = %s, ptx.Fma(a, -1, +0) %s", fmtF(a), ftz, fmtF(got), fmtF(want))
			}
			if got, want := fp.CvtRNIS32(a, ftz), ptx.CvtS32(a, rounding.RN, ftz); got != want {
				t.Fatalf("cvtRNIS32(%s, ftz %v) = %d, ptx.CvtS32 %d", fmtF(a), ftz, got, want)
			}
			if got, want := fp.CvtRNF32S32(int32(b)), ptx.CvtF32S32(int32(b), rounding.RN); got != want {
				t.Fatalf("cvtRNF32S32(%d) = %s, ptx.CvtF32S32 %s", int32(b), fmtF(got), fmtF(want))
			}
			if msg := checkPiOps(a, ftz); msg != "" {
				t.Fatal(msg)
			}
			if got, want := fp.MulRN(a, b, ftz), ptx.Mul(a, b, rounding.RN, ftz); got != want {
				t.Fatalf("mulRN(%s, %s, ftz %v) = %s, ptx.Mul %s", fmtF(a), fmtF(b), ftz, fmtF(got), fmtF(want))
			}
		}
	})
}

// checkPiOps compares the one-operand fast paths of the sinpif kernels with
// the PTX sequences they stand for; it returns a failure message or "".
func checkPiOps(a uint32, ftz bool) string {
	where := "(" + fmtF(a) + ", ftz " + boolS(ftz) + ")"
	if got, want := fp.TwiceRN(a, ftz), ptx.Add(a, a, rounding.RN, ftz); got != want {
		return "twiceRN" + where + " = " + fmtF(got) + ", ptx.Add(a, a) " + fmtF(want)
	}
	if got, want := fp.NegSubRN(a, ftz), ptx.Sub(0, a, rounding.RN, ftz); got != want {
		return "negSubRN" + where + " = " + fmtF(got) + ", ptx.Sub(0, a) " + fmtF(want)
	}
	n, q := fp.RintRN(a, ftz)
	wn := ptx.CvtRoundF32(a, rounding.RN, ftz)
	if wq := ptx.CvtS32(wn, rounding.RZ, ftz); n != wn || q != wq {
		return "rintRN" + where + " = " + fmtF(n) + ", " + itoa(q) + "; ptx " + fmtF(wn) + ", " + itoa(wq)
	}
	if got, want := fp.IsIntegral(a, ftz), ptx.Setp(ptx.EQ, ptx.CvtRoundF32(a, rounding.RZ, ftz), a, ftz); got != want {
		return "isIntegral" + where + " = " + boolS(got) + ", ptx " + boolS(want)
	}
	if got, want := fp.AbsAbove(a, 0x4b800000), !ptx.Setp(ptx.LEU, ptx.Abs(a, ftz), 0x4b800000, ftz); got != want {
		return "absAbove" + where + " = " + boolS(got) + ", ptx " + boolS(want)
	}
	return ""
}
