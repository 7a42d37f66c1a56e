package ulp

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

func newRand(t *testing.T, stream uint64) *rand.Rand {
	t.Helper()
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED), stream %d", seed, stream)
	return rand.New(rand.NewPCG(seed, stream))
}

// drawBoundary returns a binary32 rounding boundary: a binary32 number or the
// midpoint of two neighbours, as a float64 (exact), over all binades
// including the subnormal range and the overflow threshold.
func drawBoundary(r *rand.Rand) float64 {
	u := r.Uint32()&0x7fffffff%0x7f800000 | r.Uint32()&f32.SignMask
	t := f64(u)
	if r.IntN(2) == 0 {
		n := f64(f32.NextUp(u &^ f32.SignMask))
		if n == math.Inf(1) {
			n = 0x1p128
		}
		t = math.Copysign((math.Abs(t)+n)/2, t) // exact: 25 bits
	}
	return t
}

// drawDouble returns a float64 near a boundary, uniform in a binade, tiny,
// huge, or special.
func drawDouble(r *rand.Rand) float64 {
	switch r.IntN(6) {
	case 0, 1:
		b := drawBoundary(r)
		d := math.Float64bits(b) + uint64(r.IntN(9)) - 4
		if r.IntN(3) == 0 {
			d += uint64(r.Int64N(1<<30)) - 1<<29
		}
		return math.Float64frombits(d)
	case 2:
		e := -200 + r.IntN(340)
		return math.Ldexp(1+r.Float64(), e) * float64(1-2*r.IntN(2))
	case 3:
		return math.Float64frombits(r.Uint64())
	case 4:
		return []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 0x1p128, -0x1p128, 0x1p-150, 0x1p-151, 0x1.8p-150, maxFinite32, 0x1p-126}[r.IntN(12)]
	}
	return math.Ldexp(r.Float64(), -140-r.IntN(20))
}

func fmtF64(v float64) string { return fmt.Sprintf("%#016x [%x]", math.Float64bits(v), v) }

// TestRound64 checks round64 against oracle.Round32 of the exact value of
// the double, in every mode.
func TestRound64(t *testing.T) {
	r := newRand(t, 1)
	n := 200000
	if testflag.Exhaustive() {
		n = 20000000
	}
	fails := 0
	for i := 0; i < n && fails < 10; i++ {
		v := drawDouble(r)
		if got, want := round64RN(v), round64(v, rounding.RN); got != want {
			t.Errorf("round64RN(%s) = %s, round64 = %s", fmtF64(v), f32.Format(got), f32.Format(want))
			fails++
		}
		for _, m := range rounding.Modes {
			got := round64(v, m)
			var want uint32
			if v != v {
				want = f32.CanonicalNaNBits
			} else {
				want = oracle.Round32(new(big.Float).SetFloat64(v), m)
			}
			if got != want {
				t.Errorf("round64(%s, %v) = %s, want %s", fmtF64(v), m, f32.Format(got), f32.Format(want))
				fails++
			}
		}
	}
	t.Logf("%d doubles × 4 modes", n)
}

// TestDecide checks the soundness of decide and decideRN: whenever they
// decide, every real within err of hi + lo (checked at both ends and the
// centre, exactly) rounds to their result. The inputs put hi + lo within a
// few float64 ulps, and err at a few scales, of binary32 boundaries.
func TestDecide(t *testing.T) {
	r := newRand(t, 2)
	n := 200000
	if testflag.Exhaustive() {
		n = 10000000
	}
	var decided, total int
	fails := 0
	exact := func(hi, lo, d float64) *big.Float {
		v := new(big.Float).SetPrec(2400).SetFloat64(hi)
		v.Add(v, new(big.Float).SetFloat64(lo))
		return v.Add(v, new(big.Float).SetFloat64(d))
	}
	for i := 0; i < n && fails < 10; i++ {
		hi := drawDouble(r)
		if hi == 0 || math.IsInf(hi, 0) || hi != hi {
			continue
		}
		ulp := math.Abs(math.Nextafter(hi, math.Inf(1)) - hi)
		lo := (r.Float64() - 0.5) * ulp
		if r.IntN(4) == 0 {
			lo = 0
		}
		var err float64
		switch r.IntN(5) {
		case 0:
			err = 0
		case 1:
			err = math.Abs(hi) * math.Ldexp(1, -50-r.IntN(40))
		case 2:
			err = math.Abs(lo) * r.Float64() * 2
		case 3:
			err = ulp * math.Ldexp(r.Float64(), -r.IntN(10))
		case 4:
			err = math.Abs(hi) * r.Float64() / 2 // loose: decided only far beyond the binary32 range
		}
		for _, m := range rounding.Modes {
			total++
			got, ok := decide(hi, lo, err, m)
			if m == rounding.RN {
				g2, ok2 := decideRN(hi, lo, err)
				if ok2 != ok || (ok && g2 != got) {
					t.Errorf("decideRN(%s, %s, %g) = %s, %v; decide = %s, %v", fmtF64(hi), fmtF64(lo), err, f32.Format(g2), ok2, f32.Format(got), ok)
					fails++
				}
			}
			if !ok {
				continue
			}
			decided++
			for _, d := range []float64{-err, 0, err} {
				if want := oracle.Round32(exact(hi, lo, d), m); want != got {
					t.Errorf("decide(%s, %s, %g, %v) = %s, but hi+lo%+g rounds to %s", fmtF64(hi), fmtF64(lo), err, m, f32.Format(got), d, f32.Format(want))
					fails++
				}
			}
		}
	}
	t.Logf("%d decisions asked, %d made, each checked at 3 points", total, decided)
}
