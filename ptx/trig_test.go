package ptx_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// trigCase is one row of a special-case table: the rows of the functions'
// "Special cases are:" lists, in order, each confirmed by the device's
// special grid (testdata/golden/default/ptx_{sin,cos,tanh}_approx*.txt.gz,
// TestTrigGoldenExplicit).
type trigCase struct {
	x, want uint32
	why     string
}

var sinApproxSC = []trigCase{
	{0x7fc00000, 0x7fffffff, "NaN"},
	{0xffc00001, 0x7fffffff, "-NaN with payload"},
	{0x7f800001, 0x7fffffff, "signalling NaN"},
	{0x7f800000, 0x7fffffff, "+Inf"},
	{0xff800000, 0x7fffffff, "-Inf"},
	{0x00000000, 0x00000000, "+0"},
	{0x80000000, 0x80000000, "-0"},
	{0x00000001, 0x00000000, "smallest subnormal"},
	{0x807fffff, 0x80000000, "largest negative subnormal"},
	{0x00800000, 0x00000000, "2^-126: r below 2^-25"},
	{0x34000000, 0x00000000, "2^-23: r = 2^-25.65, below one unit"},
	{0xb4000000, 0x80000000, "-2^-23"},
	{0x4d000000, 0x00000000, "2^27: r ≥ 2^23, whole turns"},
	{0x7f7fffff, 0x00000000, "largest finite"},
	{0xff7fffff, 0x80000000, "most negative finite"},
}

var cosApproxSC = []trigCase{
	{0x7fc00000, 0x7fffffff, "NaN"},
	{0xffc00001, 0x7fffffff, "-NaN with payload"},
	{0x7f800000, 0x7fffffff, "+Inf"},
	{0xff800000, 0x7fffffff, "-Inf"},
	{0x00000000, 0x3f800000, "+0"},
	{0x80000000, 0x3f800000, "-0"},
	{0x00000001, 0x3f800000, "smallest subnormal"},
	{0x807fffff, 0x3f800000, "largest negative subnormal"},
	{0x34000000, 0x3f800000, "2^-23: r below one unit"},
	{0x4d000000, 0x3f800000, "2^27: whole turns"},
	{0x7f7fffff, 0x3f800000, "largest finite"},
	{0xff7fffff, 0x3f800000, "most negative finite"},
}

var tanhApproxSC = []trigCase{
	{0x7fc00000, 0x7fffffff, "NaN"},
	{0xffc00001, 0x7fffffff, "-NaN with payload"},
	{0x7f800001, 0x7fffffff, "signalling NaN"},
	{0x00000000, 0x00000000, "+0"},
	{0x80000000, 0x80000000, "-0"},
	{0x00000001, 0x00000001, "smallest subnormal, not flushed"},
	{0x807fffff, 0x807fffff, "largest negative subnormal, not flushed"},
	{0x00800000, 0x00800000, "2^-126"},
	{0x3b000000, 0x3b000000, "2^-9"},
	{0x3b7fffff, 0x3b7fffff, "just below 2^-8"},
	{0xbb7fffff, 0xbb7fffff, "just above -2^-8"},
	{0x41000000, 0x3f800000, "8"},
	{0xc1000000, 0xbf800000, "-8"},
	{0x7f7fffff, 0x3f800000, "largest finite"},
	{0x7f800000, 0x3f800000, "+Inf"},
	{0xff800000, 0xbf800000, "-Inf"},
}

func TestSinApproxSpecial(t *testing.T) {
	for _, c := range sinApproxSC {
		for _, ftz := range []bool{false, true} {
			if got := ptx.SinApprox(c.x, ftz); got != c.want {
				t.Errorf("SinApprox(%s, %v) = %s, want %s (%s)", trigFmt(c.x), ftz, trigFmt(got), trigFmt(c.want), c.why)
			}
		}
	}
}

func TestCosApproxSpecial(t *testing.T) {
	for _, c := range cosApproxSC {
		for _, ftz := range []bool{false, true} {
			if got := ptx.CosApprox(c.x, ftz); got != c.want {
				t.Errorf("CosApprox(%s, %v) = %s, want %s (%s)", trigFmt(c.x), ftz, trigFmt(got), trigFmt(c.want), c.why)
			}
		}
	}
}

func TestTanhApproxSpecial(t *testing.T) {
	for _, c := range tanhApproxSC {
		if got := ptx.TanhApprox(c.x); got != c.want {
			t.Errorf("TanhApprox(%s) = %s, want %s (%s)", trigFmt(c.x), trigFmt(got), trigFmt(c.want), c.why)
		}
	}
}

// ---- Reference model --------------------------------------------------------
//
// A second, deliberately plain formulation of the same models: the
// reduction in math/big, the squarer as its partial-product array, the
// normalization as a loop. It shares the tables (trig_export_test.go) and
// nothing else with the kernels; the device data and golden tests check the
// tables.

// refSquare is the MUFU's truncated squarer: x² less every bit of the folded
// partial-product array (x_i at column 2i, x_i·x_j at column i+j+1, i < j)
// in the lowest 19 columns.
func refSquare(x uint32) uint64 {
	var lost uint64
	for i := 0; i < 32; i++ {
		if x>>i&1 == 0 {
			continue
		}
		if 2*i < 19 {
			lost += 1 << (2 * i)
		}
		for j := i + 1; j < 32; j++ {
			if x>>j&1 == 1 && i+j+1 < 19 {
				lost += 1 << (i + j + 1)
			}
		}
	}
	return uint64(x)*uint64(x) - lost
}

// refOutput returns the float with value s/2^w truncated to 24 significant
// bits (s < 2^63, the result normal).
func refOutput(s uint64, w int) uint32 {
	if s == 0 {
		return 0
	}
	k := 0 // 2^k ≤ s < 2^(k+1)
	for s>>(k+1) != 0 {
		k++
	}
	var frac uint64
	if k >= 23 {
		frac = (s - 1<<k) >> (k - 23)
	} else {
		frac = (s - 1<<k) << (23 - k)
	}
	return uint32(k-w+127)<<23 | uint32(frac)
}

func refSum(c ptx.TrigCoef, xl uint32) uint64 {
	return uint64(c.C0)<<ptx.TrigC0Shift + uint64(c.C1)*uint64(xl)<<ptx.TrigC1Shift - uint64(c.C2)*refSquare(xl)
}

// refRevolutions is the argument MUFU.SIN reads for finite a ≥ 0: r =
// rounding.Mul32(a, 1/(2π), RZ) (the FMUL.RZ of the SASS), then 4r in units
// of 2^-23, truncated, modulo 4 (quadrant and fraction); subnormal r reads
// as zero.
func refRevolutions(a uint32) uint32 {
	r := rounding.Mul32(a, ptx.InvTwoPiBits, rounding.RZ, false)
	bexp := int(r >> 23)
	if bexp == 0 {
		return 0
	}
	fix := new(big.Int).SetUint64(uint64(r&0x7fffff | 1<<23))
	if sh := bexp - 127 + 2; sh >= 0 {
		fix.Lsh(fix, uint(sh))
	} else {
		fix.Rsh(fix, uint(-sh))
	}
	return uint32(fix.Mod(fix, big.NewInt(1<<25)).Uint64())
}

// refSinCos is sin (cos if isCos) by the reference model.
func refSinCos(x uint32, isCos bool) uint32 {
	a := x & 0x7fffffff
	if a >= 0x7f800000 {
		return 0x7fffffff
	}
	fix := refRevolutions(a)
	q, f := fix>>23, fix&0x7fffff
	sign := x >> 31
	if isCos {
		q, sign = (q+1)%4, 0
	}
	g := f
	if q%2 == 1 {
		g = 0x7fffff - f
	}
	if q >= 2 {
		sign ^= 1
	}
	low := uint32(ptx.TrigLowBits)
	s := refSum(ptx.SinTable(int(g>>low)), g%(1<<low)) + ptx.SinBias
	return sign<<31 | refOutput(s, ptx.SinSumOne)
}

// refTanh is tanh by the reference model.
func refTanh(x uint32) uint32 {
	a, sign := x&0x7fffffff, x&0x80000000
	bexp := a >> 23
	switch {
	case a > 0x7f800000:
		return 0x7fffffff
	case bexp < ptx.TanhMinBexp:
		return x
	case bexp > ptx.TanhMaxBexp:
		return sign | 0x3f800000
	}
	low := uint32(ptx.TrigLowBits)
	m, _, _ := ptx.TanhSegment(bexp, 0)
	xq := (a & 0x7fffff) >> (23 - low - uint32(m)) // the fraction's top m+17 bits
	_, w, c := ptx.TanhSegment(bexp, int(xq>>low))
	return sign | refOutput(refSum(c, xq%(1<<low))+ptx.TanhBias, w)
}

// trigCheck compares every model with the reference model and checks the
// symmetries at x; it returns a description of the first failure.
func trigCheck(t *testing.T, x uint32) bool {
	t.Helper()
	ok := true
	fail := func(format string, args ...any) {
		t.Errorf(format, args...)
		ok = false
	}
	s0, s1 := ptx.SinApprox(x, false), ptx.SinApprox(x, true)
	c0, c1 := ptx.CosApprox(x, false), ptx.CosApprox(x, true)
	th := ptx.TanhApprox(x)
	if want := refSinCos(x, false); s0 != want || s1 != want {
		fail("SinApprox(%s, false/true) = %s / %s, reference model %s", trigFmt(x), trigFmt(s0), trigFmt(s1), trigFmt(want))
	}
	if want := refSinCos(x, true); c0 != want || c1 != want {
		fail("CosApprox(%s, false/true) = %s / %s, reference model %s", trigFmt(x), trigFmt(c0), trigFmt(c1), trigFmt(want))
	}
	if want := refTanh(x); th != want {
		fail("TanhApprox(%s) = %s, reference model %s", trigFmt(x), trigFmt(th), trigFmt(want))
	}
	nx := x ^ 0x80000000
	if x&0x7fffffff > 0x7f800000 {
		if s0 != 0x7fffffff || c0 != 0x7fffffff || th != 0x7fffffff {
			fail("x = %s (NaN): sin %s, cos %s, tanh %s, want the canonical NaN", trigFmt(x), trigFmt(s0), trigFmt(c0), trigFmt(th))
		}
		return ok
	}
	if got := ptx.SinApprox(nx, false); s0 != 0x7fffffff && got != s0^0x80000000 {
		fail("SinApprox(%s) = %s, not -SinApprox(%s) = -%s", trigFmt(nx), trigFmt(got), trigFmt(x), trigFmt(s0))
	}
	if got := ptx.CosApprox(nx, false); got != c0 {
		fail("CosApprox(%s) = %s, not CosApprox(%s) = %s", trigFmt(nx), trigFmt(got), trigFmt(x), trigFmt(c0))
	}
	if got := ptx.TanhApprox(nx); got != th^0x80000000 {
		fail("TanhApprox(%s) = %s, not -TanhApprox(%s) = -%s", trigFmt(nx), trigFmt(got), trigFmt(x), trigFmt(th))
	}
	for _, v := range []uint32{s0, c0, th} {
		if v != 0x7fffffff && v&0x7fffffff > 0x3f800000 {
			fail("x = %s: result %s outside [-1, 1]", trigFmt(x), trigFmt(v))
		}
	}
	return ok
}

// TestTrigReference compares the kernels with the reference model on the
// special-case inputs, the edges of tanh's binades and sin's quadrants, and
// random bit patterns (seed from CUDAFP_SEED; about 0.5 s).
func TestTrigReference(t *testing.T) {
	var xs []uint32
	for _, tab := range [][]trigCase{sinApproxSC, cosApproxSC, tanhApproxSC} {
		for _, c := range tab {
			xs = append(xs, c.x)
		}
	}
	for e := uint32(ptx.TanhMinBexp - 1); e <= ptx.TanhMaxBexp+1; e++ {
		for _, f := range []uint32{0, 1, 0x3f, 0x40, 0x1ffff, 0x20000, 0x3fffff, 0x400000, 0x7fffff} {
			xs = append(xs, e<<23|f)
		}
	}
	// Quarter turns: x near k·π/2 for small k, and x whose r crosses 2^23.
	for _, x := range []uint32{0x3fc90fdb, 0x40490fdb, 0x4096cbe4, 0x40c90fdb, 0x4a800000, 0x4b000000, 0x4b800000, 0x4c000000, 0x4c800000, 0x4d000000} {
		for d := uint32(0); d < 4; d++ {
			xs = append(xs, x-d, x+d)
		}
	}
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	rng := rand.New(rand.NewPCG(seed, seed))
	for range 1 << 17 {
		xs = append(xs, rng.Uint32())
	}
	bad := 0
	for _, x := range xs {
		if !trigCheck(t, x) {
			if bad++; bad >= 10 {
				t.Fatalf("too many failures (seed %d)", seed)
			}
		}
	}
}

// FuzzTrigApprox checks the kernels against the reference model and the
// symmetries on arbitrary bit patterns.
func FuzzTrigApprox(f *testing.F) {
	for _, tab := range [][]trigCase{sinApproxSC, cosApproxSC, tanhApproxSC} {
		for _, c := range tab {
			f.Add(c.x)
		}
	}
	f.Add(uint32(0x3fc90fdb)) // π/2
	f.Add(uint32(0x3e800000)) // 0.25
	f.Add(uint32(0x40000000)) // 2
	f.Fuzz(func(t *testing.T, x uint32) { trigCheck(t, x) })
}

// TestSinRevolutions compares the kernels' fused FMUL.RZ and fixed-point
// conversion with rounding.Mul32 followed by the conversion, on every
// 4099th encoding (about a million, 1 s) and on all 2^31 magnitudes with
// CUDAFP_EXHAUSTIVE=1 (sharded; a few minutes on two cores).
func TestSinRevolutions(t *testing.T) {
	step := uint32(4099)
	if testflag.Exhaustive() {
		step = 1
	}
	const shards = 64
	for s := range uint32(shards) {
		t.Run(fmt.Sprintf("shard=%02d", s), func(t *testing.T) {
			t.Parallel()
			bad := 0
			lo, hi := uint64(s)<<31/shards, uint64(s+1)<<31/shards
			for a := (lo + uint64(step) - 1) / uint64(step) * uint64(step); a < hi; a += uint64(step) {
				x := uint32(a)
				if x >= 0x7f800000 {
					break // NaN and Inf: not the conversion's
				}
				if got := ptx.SinRevolutions(x); got != fastRevolutions(x) {
					if bad++; bad <= 10 {
						t.Errorf("sinRevolutions(%s) = %#07x; FMUL.RZ and conversion give %#07x", trigFmt(x), got, fastRevolutions(x))
					}
				}
			}
		})
	}
}

// fastRevolutions is refRevolutions without math/big (a shift of 32 or more
// clears a uint64 in Go, so no case is special).
func fastRevolutions(a uint32) uint32 {
	r := rounding.Mul32(a, ptx.InvTwoPiBits, rounding.RZ, false)
	bexp := int(r >> 23)
	if bexp == 0 {
		return 0
	}
	sig := uint64(r&0x7fffff | 1<<23)
	if sh := bexp - 127 + 2; sh >= 0 {
		return uint32(sig<<uint(sh)) & (1<<25 - 1)
	} else {
		return uint32(sig >> uint(-sh))
	}
}

// TestSinSumRange checks the range sinPack's host floating-point proof
// relies on, for every table argument g: S = 0 for g = 0, and
// 2^33 ≤ S < 2^57 otherwise.
func TestSinSumRange(t *testing.T) {
	if s := ptx.SinSum(0); s != 0 {
		t.Errorf("S(0) = %#x, want 0", s)
	}
	for g := uint32(1); g < 1<<23; g++ {
		if s := ptx.SinSum(g); s < 1<<33 || s >= 1<<57 {
			t.Fatalf("S(%#x) = %#x, outside [2^33, 2^57)", g, s)
		}
	}
}
