package oracle_test

import (
	"math/big"
	"testing"

	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// TestRound16Grid checks Round16 on every finite positive value of both
// 16-bit formats (each mode returns it), on each midpoint to the next value
// (ties to even; the directed modes pick the neighbour their direction
// names) and on the midpoint from MaxFinite to the overflow threshold,
// with both signs.
func TestRound16Grid(t *testing.T) {
	for _, f := range []oracle.Format16{oracle.F16, oracle.BF16} {
		inf := uint16(2*f.Bias+1) << f.FracBits
		for u := uint16(0); u < inf; u++ {
			v := f.Value16(u)
			for _, m := range rounding.Modes {
				if got := f.Round16(v, m); got != u {
					t.Fatalf("%s: Round16(value of %#04x, %v) = %#04x", f.Name, u, m, got)
				}
			}
			next := new(big.Float).SetMantExp(big.NewFloat(1), f.Bias+1) // the overflow threshold 2^(emax+1)
			if u+1 < inf {
				next = f.Value16(u + 1)
			}
			mid := new(big.Float).SetPrec(64).Add(v, next)
			mid.Quo(mid, big.NewFloat(2))
			even := u
			if u&1 == 1 {
				even = u + 1
			}
			for _, c := range []struct {
				m    rounding.Mode
				want uint16
			}{{rounding.RN, even}, {rounding.RZ, u}, {rounding.RU, u + 1}, {rounding.RD, u}} {
				if got := f.Round16(mid, c.m); got != c.want {
					t.Fatalf("%s: Round16(midpoint of %#04x, %v) = %#04x, want %#04x", f.Name, u, c.m, got, c.want)
				}
				neg := new(big.Float).Neg(mid)
				want := c.want | 0x8000
				switch c.m {
				case rounding.RU:
					want = u | 0x8000
				case rounding.RD:
					want = (u + 1) | 0x8000
				}
				if got := f.Round16(neg, c.m); got != want {
					t.Fatalf("%s: Round16(-midpoint of %#04x, %v) = %#04x, want %#04x", f.Name, u, c.m, got, want)
				}
			}
		}
	}
}
