package oracle_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// TestValueRoundTrip checks Round32(Value(u)) == u in every mode for a spread
// of encodings over all binades, subnormals included.
func TestValueRoundTrip(t *testing.T) {
	for u := uint64(0); u < 1<<32; u += 0x00012345 {
		x := uint32(u)
		if f32.IsNaN(x) {
			continue
		}
		for _, m := range rounding.Modes {
			if got := oracle.Round32(oracle.Value(x), m); got != x {
				t.Fatalf("Round32(Value(%s), %v) = %s", f32.Format(x), m, f32.Format(got))
			}
		}
	}
}

// TestRound32Midpoints rounds the exact midpoint between every sampled pair of
// neighbours, and points a quarter-ulp either side of it, in every mode.
func TestRound32Midpoints(t *testing.T) {
	quarter := func(lo, hi uint32, k int64) *big.Float {
		// lo + k/4·(hi-lo), exact at precision 64.
		a, b := oracle.Value(lo), oracle.Value(hi)
		d := new(big.Float).SetPrec(64).Sub(b, a)
		d.Mul(d, new(big.Float).SetFloat64(float64(k)/4))
		return d.Add(d, a)
	}
	for u := uint64(0); u < 0x7f7fffff; u += 0x0000f0f1 {
		lo := uint32(u)
		hi := f32.NextUp(lo)
		even := lo
		if lo&1 != 0 {
			even = hi
		}
		for _, neg := range []uint32{0, f32.SignMask} {
			for k, want := range map[int64][4]uint32{
				1: {lo, lo, hi, lo},   // RN RZ RU RD, positive
				2: {even, lo, hi, lo}, // the tie
				3: {hi, lo, hi, lo},
			} {
				x := quarter(lo, hi, k)
				if neg != 0 {
					x.Neg(x)
				}
				for i, m := range rounding.Modes {
					w := want[i]
					if neg != 0 { // RU and RD swap roles on the negative side
						switch m {
						case rounding.RU:
							w = want[3]
						case rounding.RD:
							w = want[2]
						}
					}
					if got := oracle.Round32(x, m); got != w|neg {
						t.Fatalf("Round32(%s + %d/4 ulp, neg=%v, %v) = %s, want %s", f32.Format(lo), k, neg != 0, m, f32.Format(got), f32.Format(w|neg))
					}
				}
			}
		}
	}
}

func TestRound32Extremes(t *testing.T) {
	pow2 := func(e int) *big.Float { return new(big.Float).SetMantExp(big.NewFloat(1), e) }
	for _, c := range []struct {
		x              *big.Float
		rn, rz, ru, rd uint32
	}{
		{pow2(128), 0x7f800000, 0x7f7fffff, 0x7f800000, 0x7f7fffff},
		{new(big.Float).Neg(pow2(128)), 0xff800000, 0xff7fffff, 0xff7fffff, 0xff800000},
		{pow2(-150), 0x00000000, 0x00000000, 0x00000001, 0x00000000},
		{new(big.Float).Neg(pow2(-150)), 0x80000000, 0x80000000, 0x80000000, 0x80000001},
		{pow2(-400), 0x00000000, 0x00000000, 0x00000001, 0x00000000},
		{new(big.Float).SetFloat64(math.Float64frombits(0x3690000000000001)), 0x00000001, 0x00000000, 0x00000001, 0x00000000}, // just above 2^-150
		// Just below MinNormal: (1 - 2^-30)·2^-126 rounds up to MinNormal in RN and RU.
		{new(big.Float).SetFloat64(0x1p-126 * (1 - 0x1p-30)), 0x00800000, 0x007fffff, 0x00800000, 0x007fffff},
		// The largest finite plus half an ulp: the RN tie goes to even (Inf).
		{new(big.Float).SetFloat64(0x1.ffffffp+127), 0x7f800000, 0x7f7fffff, 0x7f800000, 0x7f7fffff},
	} {
		for i, m := range rounding.Modes {
			want := [4]uint32{c.rn, c.rz, c.ru, c.rd}[i]
			if got := oracle.Round32(c.x, m); got != want {
				t.Errorf("Round32(%s, %v) = %s, want %s", c.x.Text('p', 0), m, f32.Format(got), f32.Format(want))
			}
		}
	}
}
