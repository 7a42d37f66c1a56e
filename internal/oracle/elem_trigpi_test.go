package oracle_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// TestTrigPiSpecialCases checks the rows of Sinpi's and Cospi's special-case
// tables in every mode, and the exact cases on every integer and half-integer
// n/2 for n ≤ 2^13, near 2^22, 2^23 and 2^24, and on the powers of two up
// to 2^127, in both signs: the expected results follow from n mod 4 alone
// (C23 Annex F, IEEE 754-2019 9.2.1: sinpi(n) = +0, sinpi(−n) = −0, cospi(n + 1/2) = +0).
func TestTrigPiSpecialCases(t *testing.T) {
	one, mone := bitsOf(1), bitsOf(-1)
	rows := []struct {
		fn      *oracle.Func
		x, want uint32
	}{
		{oracle.Sinpi, nan, nan},
		{oracle.Sinpi, 0x7f800000, nan},
		{oracle.Sinpi, 0xff800000, nan},
		{oracle.Sinpi, 0x80000000, 0x80000000},
		{oracle.Sinpi, 0x00000000, 0x00000000},
		{oracle.Sinpi, bitsOf(3), 0x00000000},
		{oracle.Sinpi, bitsOf(-3), 0x80000000},
		{oracle.Sinpi, bitsOf(2.5), one},
		{oracle.Sinpi, bitsOf(-1.5), one},
		{oracle.Cospi, nan, nan},
		{oracle.Cospi, 0xff800000, nan},
		{oracle.Cospi, 0x80000000, one},
		{oracle.Cospi, bitsOf(-3), mone},
		{oracle.Cospi, bitsOf(-2.5), 0x00000000},
		{oracle.Cospi, bitsOf(0.5), 0x00000000},
	}
	for _, c := range rows {
		for _, m := range rounding.Modes {
			if got := c.fn.Round(c.x, m); got != c.want {
				t.Errorf("%s %v = %s, want %s", call(c.fn, c.x, 0), m, f32.Format(got), f32.Format(c.want))
			}
		}
	}
	var ns []int64 // n: the argument is n/2
	for n := int64(1); n <= 1<<13; n++ {
		ns = append(ns, n)
	}
	for _, c := range []int64{1 << 23, 1 << 24, 1 << 25} { // |x| near 2^22, 2^23, 2^24
		for d := int64(-8); d <= 8; d++ {
			ns = append(ns, c+d)
		}
	}
	checks := 0
	check := func(x uint32, n2mod4 int) {
		sin := [4]uint32{0, one, 0, mone}[n2mod4] ^ x&f32.SignMask
		cos := [4]uint32{one, 0, mone, 0}[n2mod4]
		for _, m := range rounding.Modes {
			if got := oracle.Sinpi.Round(x, m); got != sin {
				t.Errorf("sinpi(%s) %v = %s, want %s", f32.Format(x), m, f32.Format(got), f32.Format(sin))
			}
			if got := oracle.Cospi.Round(x, m); got != cos {
				t.Errorf("cospi(%s) %v = %s, want %s", f32.Format(x), m, f32.Format(got), f32.Format(cos))
			}
			checks += 2
		}
	}
	for _, n := range ns {
		x := bitsOf(float32(n) / 2) // exact: n < 2^26 has at most 24 significant bits here
		if float64(math.Float32frombits(x))*2 != float64(n) {
			continue // not representable (n odd above 2^24)
		}
		check(x, int(n&3))
		check(x|f32.SignMask, int(n&3))
	}
	for e := 1; e <= 127; e++ { // 2^e: even, 2·2^e ≡ 0 (mod 4)
		x := uint32(e+f32.Bias) << f32.FracBits
		check(x, 0)
		check(x|f32.SignMask, 0)
		if e >= 24 {
			check(x|f32.FracMask, 0) // (2^24 − 1)·2^(e−23): even
		}
	}
	t.Logf("%d exact-case checks", checks)
}

// trigPiHard returns hard arguments of sinpi and cospi, positive: the
// neighbours of integers and halves (results near 0 and ±1), quarters,
// tiny and subnormal arguments where sinpi(x) ≈ πx, and the ends of the
// reduction's ranges (2^-26, 2^-12, 2^22…2^24).
func trigPiHard() []uint32 {
	var xs []uint32
	for _, v := range []float32{0.5, 1, 1.5, 2, 3, 7.5, 100, 1000.5, 0x1p21, 0x1p22, 0x1p23 - 0.5, 0x1p23} {
		u := bitsOf(v)
		xs = append(xs, u-2, u-1, u+1, u+2)
	}
	xs = append(xs, bitsOf(0.25), bitsOf(0.75), bitsOf(1.25), bitsOf(0x1p22+0.25), bitsOf(0x1p22+0.75),
		1, 2, 3, 0x7fffff, 0x800000, 0x800001, bitsOf(0x1p-26), bitsOf(0x1p-27), bitsOf(0x1p-12), bitsOf(0x1p-12)-1,
		bitsOf(1.0/3), bitsOf(1.0/6), bitsOf(2.0/3), bitsOf(5.0/6))
	return xs
}

// drawTrigPi draws a positive argument: near n/2 (n < 2^24) by a few ulps,
// or log-uniform over the binades below 2^24 (subnormals included).
func drawTrigPi(r *rand.Rand) uint32 {
	if r.IntN(2) == 0 {
		n := r.Int64N(1 << r.IntN(25))
		u := int64(bitsOf(float32(n)/2)) + int64(r.IntN(1<<r.IntN(8))-r.IntN(1<<r.IntN(8)))
		return uint32(max(u, 1))
	}
	return uint32(r.IntN(f32.Bias+24))<<f32.FracBits | r.Uint32()&f32.FracMask
}

// TestTrigPiAgainstIndependent checks Sinpi and Cospi against sin and cos of
// π·x at 1200 bits from independent code (piAGM, sinCosTaylor: no reduction
// modulo 2), on trigPiHard and on seeded draws in both signs: the enclosure
// at 64 and 160 bits must contain the 1200-bit value, and Round must equal
// its rounding in every mode. The exact cases are TestTrigPiSpecialCases'.
func TestTrigPiAgainstIndependent(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 16))
	xs := trigPiHard()
	per := 150
	if testflag.Exhaustive() {
		per = 2000
	}
	for range per {
		xs = append(xs, drawTrigPi(r))
	}
	const prec = 1200
	checks := 0
	for i, x := range xs {
		if i%2 == 1 {
			x |= f32.SignMask
		}
		xv := oracle.Value(x)
		if two := new(big.Float).SetMantExp(xv, 1); two.IsInt() {
			continue
		}
		p := uint(prec + 200) // π·x within 2^-1200 absolutely for |x| < 2^24
		pix := new(big.Float).SetPrec(p).Mul(piAGM(p), xv)
		s, c := sinCosTaylor(pix, prec)
		for _, fc := range []struct {
			fn *oracle.Func
			v  *big.Float
		}{{oracle.Sinpi, s}, {oracle.Cospi, c}} {
			for _, wp := range []uint{64, 160} {
				iv, ok := fc.fn.Enclose(x, 0, wp)
				if !ok || iv.Lo.Cmp(fc.v) > 0 || iv.Hi.Cmp(fc.v) < 0 {
					t.Errorf("%s: the %d-bit enclosure [%v, %v] (ok %v) misses %s", call(fc.fn, x, 0), wp, iv.Lo, iv.Hi, ok, fc.v.Text('g', 30))
				}
				checks++
			}
			for _, m := range rounding.Modes {
				if got, want := fc.fn.Round(x, m), oracle.Round32(fc.v, m); got != want {
					t.Errorf("%s %v = %s, want %s (1200-bit independent value)", call(fc.fn, x, 0), m, f32.Format(got), f32.Format(want))
				}
				checks++
			}
		}
	}
	t.Logf("%d inputs, %d checks", len(xs), checks)
}
