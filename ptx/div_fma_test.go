package ptx

import (
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// TestDivOperands checks that the final multiply of divApproxOperands' and
// divFullOperands' operands is DivApprox and DivFull, on every pair of
// special values and on random pairs (seed 23), in both ftz modes: the
// contracted forms DivApproxFMA and DivFullFMA start from the same steps.
func TestDivOperands(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 23))
	t.Logf("seed 23")
	specials := []uint32{0, 0x80000000, 1, 0x807fffff, 0x00800000, 0x3f800000, 0xbf800000, 0x7e800000, 0x7e800001,
		0x7f000000, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fffffff, 0x7fc00001, 0x00400000, 0x4b000001}
	var pairs [][2]uint32
	for _, x := range specials {
		for _, y := range specials {
			pairs = append(pairs, [2]uint32{x, y})
		}
	}
	for range 200000 {
		pairs = append(pairs, [2]uint32{r.Uint32(), r.Uint32()})
	}
	for _, ftz := range []bool{false, true} {
		mul := func(x, y uint32) uint32 {
			if ftz {
				return mulRNFTZ(f32.FlushSubnormal(x), y)
			}
			return rounding.Mul32RN(x, y)
		}
		for _, p := range pairs {
			x, y := p[0], p[1]
			if got, want := mul(divApproxOperands(x, y, ftz)), DivApprox(x, y, ftz); got != want {
				t.Fatalf("ftz=%v: divApproxOperands(%#x, %#x) multiply to %#x, DivApprox %#x", ftz, x, y, got, want)
			}
			if got, want := mul(divFullOperands(x, y, ftz)), DivFull(x, y, ftz); got != want {
				t.Fatalf("ftz=%v: divFullOperands(%#x, %#x) multiply to %#x, DivFull %#x", ftz, x, y, got, want)
			}
		}
	}
}
