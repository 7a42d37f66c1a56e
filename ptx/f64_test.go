package ptx_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
)

// f64s formats a binary64 encoding as bits and hex float.
func f64s(u uint64) string {
	return fmt.Sprintf("%#016x (%x)", u, math.Float64frombits(u))
}

// bigMulRN is the reference for MulF64 on finite nonzero operands: the exact
// product in math/big, rounded once by big.Float.Float64 (nearest-even,
// subnormals and overflow included).
func bigMulRN(a, b uint64) uint64 {
	x := new(big.Float).SetFloat64(math.Float64frombits(a))
	y := new(big.Float).SetFloat64(math.Float64frombits(b))
	z := new(big.Float).SetPrec(2*53).Mul(x, y) // exact: two 53-bit significands
	f, _ := z.Float64()
	return math.Float64bits(f)
}

// bigCvtRN is the reference for CvtF64S64.
func bigCvtRN(v int64) uint64 {
	f, _ := new(big.Float).SetInt64(v).Float64()
	return math.Float64bits(f)
}

var mulF64SC = []struct {
	a, b, want uint64
	why        string
}{
	{0x7ff8000000000001, 0x3ff0000000000000, 0x7ff8000000000001, "NaN · 1 = NaN (a's payload)"},
	{0x7ff0000000000001, 0x7ff4000000000000, 0x7ff8000000000001, "sNaN · sNaN = a quieted"},
	{0x3ff0000000000000, 0xfff0000000000002, 0xfff8000000000002, "1 · sNaN = b quieted"},
	{0x7ff0000000000000, 0x0000000000000000, 0xfff8000000000000, "+Inf · +0 = default NaN"},
	{0x8000000000000000, 0x7ff0000000000000, 0xfff8000000000000, "-0 · +Inf = default NaN"},
	{0x7ff0000000000000, 0xbff0000000000000, 0xfff0000000000000, "+Inf · -1 = -Inf"},
	{0x0000000000000001, 0xfff0000000000000, 0xfff0000000000000, "subnormal · -Inf = -Inf"},
	{0x8000000000000000, 0xbff0000000000000, 0x0000000000000000, "-0 · -1 = +0"},
	{0x0000000000000001, 0x8000000000000000, 0x8000000000000000, "subnormal · -0 = -0"},
	{0x0000000000000001, 0x3fe0000000000000, 0x0000000000000000, "2^-1074 · 0.5 ties to even: +0"},
	{0x0000000000000001, 0x3fe0000000000001, 0x0000000000000001, "2^-1074 · (0.5+) rounds up"},
	{0x0000000000000003, 0x3fe0000000000000, 0x0000000000000002, "3·2^-1074 · 0.5 ties to even: 2·2^-1074"},
	{0x7fefffffffffffff, 0x4000000000000000, 0x7ff0000000000000, "MaxFloat64 · 2 = +Inf"},
	{0x000fffffffffffff, 0x3ff0000000000001, 0x0010000000000000, "largest subnormal · (1+ulp) rounds up to MinNormal"},
	{0x3ff0000000000001, 0x3ff8000000000000, 0x3ff8000000000002, "(1+2^-52)·1.5 = 1.5+1.5·2^-52: tie to even"},
}

// TestMulF64Special checks the special-case table of MulF64's doc comment,
// row for row, and that the finite rows agree with math/big.
func TestMulF64Special(t *testing.T) {
	for _, c := range mulF64SC {
		if got := ptx.MulF64(c.a, c.b); got != c.want {
			t.Errorf("MulF64(%s, %s) = %s, want %s (%s)", f64s(c.a), f64s(c.b), f64s(got), f64s(c.want), c.why)
		}
		if finiteNonzero(c.a) && finiteNonzero(c.b) {
			if ref := bigMulRN(c.a, c.b); ref != c.want {
				t.Errorf("table row %q disagrees with math/big: %s", c.why, f64s(ref))
			}
		}
	}
}

func finiteNonzero(u uint64) bool {
	e := u >> 52 & 0x7ff
	return e != 0x7ff && u&^(1<<63) != 0
}

// TestMulF64Big compares MulF64 with math/big on random operands drawn from
// strata: uniform bit patterns; products near the subnormal and overflow
// boundaries; short significands, whose products are often exact ties.
func TestMulF64Big(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	n := 400000
	if testing.Short() {
		n = 20000
	}
	bad := 0
	for i := range n {
		var a, b uint64
		switch i % 4 {
		case 0: // uniform bit patterns
			a, b = r.Uint64(), r.Uint64()
		case 1: // product exponents near the subnormal range: sum of unbiased exponents in [-1130, -1000]
			ea := r.Int64N(2046) + 1
			eb := int64(1023+1023) - 1130 + r.Int64N(130) - ea
			if eb < 0 {
				eb = 0
			}
			if eb > 2046 {
				eb = 2046
			}
			a = r.Uint64()&(1<<63|1<<52-1) | uint64(ea)<<52
			b = r.Uint64()&(1<<63|1<<52-1) | uint64(eb)<<52
		case 2: // near overflow: sum of unbiased exponents in [1020, 1025]
			ea := r.Int64N(1000) + 1030
			eb := int64(1023+1023) + 1020 + r.Int64N(6) - ea
			a = r.Uint64()&(1<<63|1<<52-1) | uint64(ea)<<52
			b = r.Uint64()&(1<<63|1<<52-1) | uint64(eb)<<52
		case 3: // short significands (27 random top bits): frequent exact ties
			a = r.Uint64()&(1<<63|0x7ff<<52|(1<<52-1)&^(1<<26-1)) | 1<<26
			b = r.Uint64()&(1<<63|0x7ff<<52|(1<<52-1)&^(1<<26-1)) | 1<<26
		}
		if !finiteNonzero(a) || !finiteNonzero(b) {
			continue
		}
		got, want := ptx.MulF64(a, b), bigMulRN(a, b)
		if got != want {
			t.Errorf("MulF64(%s, %s) = %s, want %s (seed %d)", f64s(a), f64s(b), f64s(got), f64s(want), seed)
			if bad++; bad == 10 {
				t.Fatal("too many errors")
			}
		}
	}
}

// TestCvtF64S64Big compares CvtF64S64 with math/big on edge values and on
// random integers of every width.
func TestCvtF64S64Big(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	vals := []int64{0, 1, -1, math.MaxInt64, math.MinInt64, math.MinInt64 + 1,
		1<<53 - 1, 1 << 53, 1<<53 + 1, 1<<53 + 3, -(1<<53 + 1), 1<<54 + 2, 1<<54 + 6, 1<<63 - 1<<10, 1<<63 - 1<<10 - 1}
	for range 200000 {
		w := r.UintN(64)
		vals = append(vals, int64(r.Uint64()>>w))
		vals = append(vals, -int64(r.Uint64()>>w))
	}
	bad := 0
	for _, v := range vals {
		if got, want := ptx.CvtF64S64(v), bigCvtRN(v); got != want {
			t.Errorf("CvtF64S64(%d) = %s, want %s (seed %d)", v, f64s(got), f64s(want), seed)
			if bad++; bad == 10 {
				t.Fatal("too many errors")
			}
		}
	}
	// The doc comment's special cases.
	if got := ptx.CvtF64S64(0); got != 0 {
		t.Errorf("CvtF64S64(0) = %s, want +0", f64s(got))
	}
	if got := ptx.CvtF64S64(math.MinInt64); got != 0xc3e0000000000000 {
		t.Errorf("CvtF64S64(-1<<63) = %s, want -0x1p63", f64s(got))
	}
}

// FuzzMulF64 compares MulF64 with math/big on fuzzed bit patterns.
func FuzzMulF64(f *testing.F) {
	for _, c := range mulF64SC {
		f.Add(c.a, c.b)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		got := ptx.MulF64(a, b)
		if !finiteNonzero(a) || !finiteNonzero(b) {
			return // special operands: the table covers them
		}
		if want := bigMulRN(a, b); got != want {
			t.Fatalf("MulF64(%s, %s) = %s, want %s", f64s(a), f64s(b), f64s(got), f64s(want))
		}
	})
}

// TestF64NoAlloc checks that the double-precision kernels do not allocate.
func TestF64NoAlloc(t *testing.T) {
	var sink uint64
	if n := testing.AllocsPerRun(100, func() {
		sink += ptx.MulF64(0x3ff0000000000001, 0x3ff8000000000000) + ptx.CvtF64S64(-12345)
	}); n != 0 {
		t.Errorf("%v allocations per run", n)
	}
	_ = sink
}
