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

// Tests of the basic-operation references by arguments independent of
// their construction: math/big's own correctly rounded Add, Mul and Quo at
// 24 bits (valid where the result is normal: math/big has no subnormals),
// and the defining inequalities of a rounded quotient or root checked with
// exact products.

func randNormal(r *rand.Rand) uint32 {
	return uint32(1+r.IntN(254))<<23 | r.Uint32()&0x807fffff
}

// round24 rounds v to 24 bits in mode m with big's own rounding; it
// returns the encoding when the result is normal and finite.
func round24(v *big.Float, m rounding.Mode) (uint32, bool) {
	z := new(big.Float).SetPrec(24).SetMode(oracle.BigMode(m)).Set(v)
	e := z.MantExp(nil) - 1
	if z.Sign() == 0 || z.IsInf() || e < f32.Emin || e > f32.Emax {
		return 0, false
	}
	f, _ := z.Float32() // exact: z has 24 bits and a normal exponent
	return math.Float32bits(f), true
}

func TestBasicAgainstBig(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	n := 0
	for i := 0; i < 20000; i++ {
		x, y := randNormal(r), randNormal(r)
		if r.IntN(2) == 0 {
			y = y&0x807fffff | x&0x7f800000 // same binade: cancellation
		}
		vx, vy := oracle.Value(x), oracle.Value(y)
		for _, m := range rounding.Modes {
			bm := oracle.BigMode(m)
			for _, c := range []struct {
				name string
				got  uint32
				v    *big.Float
			}{
				{"Add32", oracle.Add32(x, y, m, false), new(big.Float).SetPrec(24).SetMode(bm).Add(vx, vy)},
				{"Mul32", oracle.Mul32(x, y, m, false), new(big.Float).SetPrec(24).SetMode(bm).Mul(vx, vy)},
				{"Div32", oracle.Div32(x, y, m, false), new(big.Float).SetPrec(24).SetMode(bm).Quo(vx, vy)},
			} {
				if want, ok := round24(c.v, m); ok {
					n++
					if c.got != want {
						t.Fatalf("oracle.%s(%s, %s) %v = %s, big says %s", c.name, f32.Format(x), f32.Format(y), m, f32.Format(c.got), f32.Format(want))
					}
				}
			}
		}
	}
	t.Logf("%d comparisons", n)
}

// TestSqrtDivInequalities checks oracle.Sqrt32 and oracle.Div32 results w,
// positive and finite, by exact products: RD/RZ give w ≤ v < w⁺, RU gives
// w⁻ < v ≤ w, and RN puts v within the midpoints around w, where v is the
// exact root or quotient and w⁻, w⁺ the neighbours of w.
func TestSqrtDivInequalities(t *testing.T) {
	seed := testflag.Seed()
	r := rand.New(rand.NewPCG(seed, seed+1))
	exact := func() *big.Float { return new(big.Float).SetPrec(200) }
	// cmp(w) returns the sign of v - value(w), for v = sqrt(x) or x/y.
	check := func(name string, w uint32, m rounding.Mode, cmp func(*big.Float) int) {
		if w == 0 || w >= f32.InfBits {
			return
		}
		val := oracle.Value
		mid := func(a, b uint32) *big.Float { s := exact().Add(val(a), val(b)); return s.SetMantExp(s, -1) }
		lo, hi := f32.NextDown(w), f32.NextUp(w)
		ok := true
		switch m {
		case rounding.RD, rounding.RZ:
			ok = cmp(val(w)) >= 0 && (hi == f32.InfBits || cmp(val(hi)) < 0)
		case rounding.RU:
			ok = cmp(val(w)) <= 0 && (lo == 0 || cmp(val(lo)) > 0)
		case rounding.RN:
			ok = (lo == 0 || cmp(mid(lo, w)) >= 0) && (hi == f32.InfBits || cmp(mid(w, hi)) <= 0)
		}
		if !ok {
			t.Fatalf("%s mode=%v = %s violates its rounding interval", name, m, f32.Format(w))
		}
	}
	for i := 0; i < 5000; i++ {
		x := randNormal(r) &^ f32.SignMask
		y := randNormal(r) &^ f32.SignMask
		if r.IntN(4) == 0 {
			x = r.Uint32() & f32.FracMask // subnormal
		}
		vx, vy := oracle.Value(x), oracle.Value(y)
		for _, m := range rounding.Modes {
			check("Sqrt32("+f32.Format(x)+")", oracle.Sqrt32(x, m, false), m, func(b *big.Float) int {
				return vx.Cmp(exact().Mul(b, b)) // sqrt(x) vs b ⇔ x vs b²
			})
			check("Div32("+f32.Format(x)+", "+f32.Format(y)+")", oracle.Div32(x, y, m, false), m, func(b *big.Float) int {
				return vx.Cmp(exact().Mul(b, vy)) // x/y vs b ⇔ x vs b·y
			})
		}
	}
}

// TestOracleFTZ checks the oracle's restatement of the .ftz policy on
// cases decided by reasoning: inputs read as signed zeros, an exact
// subnormal result flushed, and the product just below 2^-126 that rounds
// to it at 24 bits (see rounding's TestFTZTininess for the derivation).
func TestOracleFTZ(t *testing.T) {
	for _, m := range rounding.Modes {
		if got := oracle.Add32(0x00400000, 0x80000001, m, true); got != map[rounding.Mode]uint32{rounding.RD: 0x80000000}[m] {
			t.Errorf("Add32(subnormal, -subnormal) %v ftz = %s: the inputs are +0 and -0", m, f32.Format(got))
		}
		if got := oracle.Mul32(0x00800000, 0xbf000000, m, true); got != 0x80000000 {
			t.Errorf("Mul32(2^-126, -0.5) %v ftz = %s, want -0", m, f32.Format(got))
		}
		// (2^24-2)·2^-24 × (2^23+1)·2^-149 = 2^-126·(1 - 2^-46).
		want := map[rounding.Mode]uint32{rounding.RN: 0x00800000, rounding.RU: 0x00800000}[m]
		if got := oracle.Mul32(0x3f7ffffe, 0x00800001, m, true); got != want {
			t.Errorf("Mul32 just below 2^-126 %v ftz = %s, want %s", m, f32.Format(got), f32.Format(want))
		}
	}
}
