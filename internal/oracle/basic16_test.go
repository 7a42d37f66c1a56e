package oracle_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
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

// TestFuncRound16 checks Func.Round16 on the square root and the
// reciprocal of every 16-bit encoding of both formats in each mode against
// the host: the float64 sqrt and quotient are correctly rounded, and
// rounding them again to a 16-bit format is the correct rounding of the
// exact value (53 ≥ 2p + 2 for p ≤ 11: the double-rounding theorem for
// + − × ÷ √), so rounding.F64ToF16/F64ToBF16 of them is the reference.
// NaN results are NaN16. Every third encoding outside CUDAFP_EXHAUSTIVE.
func TestFuncRound16(t *testing.T) {
	step := 3
	if testflag.Exhaustive() {
		step = 1
	}
	for _, c := range []struct {
		f     oracle.Format16
		to32  func(uint16) uint32
		round func(uint64, rounding.Mode) uint16
	}{{oracle.F16, rounding.F16ToF32, rounding.F64ToF16}, {oracle.BF16, rounding.BF16ToF32, rounding.F64ToBF16}} {
		for _, fn := range []struct {
			ref  *oracle.Func
			host func(float64) float64
		}{{oracle.Sqrt, math.Sqrt}, {oracle.Rcp, func(v float64) float64 { return 1 / v }}} {
			n := 0
			for u := 0; u < 1<<16; u += step {
				x := c.to32(uint16(u))
				v := float64(math.Float32frombits(x))
				h := fn.host(v)
				for _, m := range rounding.Modes {
					want := oracle.NaN16
					if h == h {
						want = c.round(math.Float64bits(h), m)
					}
					if got := fn.ref.Round16(c.f, x, 0, m); got != want {
						t.Fatalf("%s %s(%#04x) in %v: Round16 %#04x, host %#04x", c.f.Name, fn.ref.Name, u, m, got, want)
					}
					n++
				}
			}
			t.Logf("%s %s: %d results agree", c.f.Name, fn.ref.Name, n)
		}
	}
}
