package ulp

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	fp64 "github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// randXdd returns a normalized xdd with |hi| in [2^-e, 2^e] and an error
// bound of relative size up to 2^-90 (or 0).
func randXdd(r *rand.Rand, e int) xdd {
	hi := math.Ldexp(1+r.Float64(), r.IntN(2*e+1)-e)
	if r.IntN(2) == 0 {
		hi = -hi
	}
	lo := hi * 0x1p-53 * (2*r.Float64() - 1)
	hi, lo = fastTwoSum(hi, lo)
	var err float64
	if r.IntN(4) != 0 {
		err = math.Abs(hi) * math.Ldexp(r.Float64(), -90-r.IntN(30))
	}
	return xdd{hi, lo, err}
}

// point returns hi + lo + t·err exactly, t ∈ {−1, 0, 1}.
func (a xdd) point(t int) *big.Float {
	v := ddBig(a.hi, a.lo)
	e := new(big.Float).SetPrec(2200).SetFloat64(a.err)
	e.Mul(e, big.NewFloat(float64(t)))
	return v.Add(v, e)
}

// within reports whether the exact v lies within a's bound.
func within(a xdd, v *big.Float) bool {
	d := new(big.Float).SetPrec(2200).Sub(v, ddBig(a.hi, a.lo))
	d.Abs(d)
	return d.Cmp(new(big.Float).SetFloat64(a.err)) <= 0
}

// TestXddBounds checks the bound of every xdd operation against the exact
// result at the ends and the centre of the operands' enclosures.
func TestXddBounds(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 7))
	n := 1500
	if testflag.Exhaustive() {
		n = 100000
	}
	if testing.Short() {
		n = 150
	}
	const p = 2200
	fails := 0
	check := func(name string, a, b, got xdd, exact func(x, y *big.Float) *big.Float) {
		for ta := -1; ta <= 1; ta++ {
			for tb := -1; tb <= 1; tb++ {
				if v := exact(a.point(ta), b.point(tb)); v != nil && !within(got, v) && fails < 10 {
					fails++
					t.Errorf("%s(%v, %v) = %v, exact at (%d, %d) %s: outside the bound", name, a, b, got, ta, tb, v.Text('g', 40))
				}
			}
		}
	}
	for range n {
		a, b := randXdd(r, 60), randXdd(r, 60)
		check("add", a, b, a.add(b), func(x, y *big.Float) *big.Float { return new(big.Float).SetPrec(p).Add(x, y) })
		check("mul", a, b, a.mul(b), func(x, y *big.Float) *big.Float { return new(big.Float).SetPrec(p).Mul(x, y) })
		d := b.hi
		check("mulD", a, xexact(d), a.mulD(d), func(x, y *big.Float) *big.Float { return new(big.Float).SetPrec(p).Mul(x, y) })
		check("div", a, b, a.div(b), func(x, y *big.Float) *big.Float { return new(big.Float).SetPrec(p).Quo(x, y) })
		// xpoly on the double-doubles of 1/n! taken as exact coefficients.
		cs := make([]xdd, 12)
		for i := range cs {
			cs[i] = xdd{invFact[i].hi, invFact[i].lo, 0}
		}
		w := randXdd(r, 0)
		w = w.ldexp(-r.IntN(12)) // |w| up to 2^-0 … 2^-12
		w.err = math.Abs(w.hi) * 0x1p-100
		check("xpoly", w, xexact(0), xpoly(w, cs), func(x, _ *big.Float) *big.Float {
			acc := ddBig(cs[len(cs)-1].hi, cs[len(cs)-1].lo)
			for i := len(cs) - 2; i >= 0; i-- {
				acc.Mul(acc, x).Add(acc, ddBig(cs[i].hi, cs[i].lo))
			}
			return acc
		})
		c := a.abs()
		check("sqrt", c, xexact(0), c.sqrt(), func(x, _ *big.Float) *big.Float {
			if x.Sign() < 0 {
				return nil
			}
			return new(big.Float).SetPrec(p).Sqrt(x)
		})
	}
}

// TestDecide64 checks decide64 against oracle.Round64: when it decides,
// its result is the rounding of both ends of the enclosure, on random
// enclosures in the normal and subnormal ranges, at the overflow threshold
// and far outside the range, in every mode.
func TestDecide64(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 8))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	decided, fails := 0, 0
	for i := range n {
		a := randXdd(r, 4)
		if i%3 == 0 { // a value within a few ulps of a binary64 number or midpoint
			a.lo = math.Ldexp(math.Abs(a.hi), -53-r.IntN(60)) * float64(r.IntN(3)-1)
			a.hi, a.lo = fastTwoSum(a.hi, a.lo)
		}
		if i%3 == 1 { // just below a power of two, near the midpoint a − ulp(a)/4
			a.hi = math.Copysign(math.Ldexp(1, r.IntN(9)-4), a.hi)
			a.lo = -a.hi * 0x1p-54 * (0.5 + r.Float64())
		}
		if a.err == 0 {
			a.err = math.Abs(a.hi) * 0x1p-100
		}
		var s int
		switch r.IntN(5) {
		case 0:
			s = -1074 + r.IntN(60) // subnormal results
		case 1:
			s = 1020 + r.IntN(5) // around the overflow threshold
		case 2:
			s = []int{-3000, 2000, -1130, -1076}[r.IntN(4)]
		default:
			s = r.IntN(200) - 100
		}
		lo := new(big.Float).SetMantExp(a.point(-1), s)
		hi := new(big.Float).SetMantExp(a.point(1), s)
		for _, m := range rounding.Modes {
			got, ok := decide64(a.hi, a.lo, a.err, s, m)
			if !ok {
				continue
			}
			decided++
			if wl, wh := oracle.Round64(lo, m), oracle.Round64(hi, m); (got != wl || got != wh) && fails < 10 {
				fails++
				t.Errorf("decide64(%v, %v, %g, %d, %v) = %s, but the ends round to %s and %s", a.hi, a.lo, a.err, s, m,
					fp64.Format(got), fp64.Format(wl), fp64.Format(wh))
			}
		}
	}
	t.Logf("%d of %d roundings decided", decided, 4*n)
}

// TestRoundSided checks the rounding of hi + side·ε against oracle.Round64
// of hi ± 2^-2000·|hi| (closer to hi than any binary64 neighbour).
func TestRoundSided(t *testing.T) {
	for _, h := range []float64{1, -1, 0x1p-1074, -0x1p-1074, 0x1p-1022, 1.5, -0x1.fffffffffffffp1023, 0x1.fffffffffffffp1023, 3e-310} {
		for _, side := range []int8{-1, 1} {
			v := new(big.Float).SetPrec(4000).SetFloat64(h)
			d := new(big.Float).SetMantExp(big.NewFloat(math.Abs(h)), -2000)
			if side < 0 {
				d.Neg(d)
			}
			v.Add(v, d)
			for _, m := range rounding.Modes {
				if got, want := roundSided(h, side, m), oracle.Round64(v, m); got != want {
					t.Errorf("roundSided(%v, %d, %v) = %s, want %s", h, side, m, fp64.Format(got), fp64.Format(want))
				}
			}
		}
	}
}

// TestDist64 checks the ULP distance on its special rows and on neighbours.
func TestDist64(t *testing.T) {
	nan := uint64(0x7ff8000000000001)
	for _, c := range []struct {
		a, b uint64
		want uint64
	}{
		{0, fp64.NegZeroBits, 0},
		{nan, fp64.DefaultNaNBits, 0},
		{nan, 0, math.MaxUint64},
		{fp64.MaxFiniteBits, fp64.InfBits, 1},
		{fp64.MinSubnormalBits, fp64.MinSubnormalBits | fp64.SignMask, 2},
		{b64(1), b64(1 + 0x1p-52), 1},
		{b64(1), b64(1 - 0x1p-53), 1},
		{b64(-2), b64(-1), 1 << 52},
	} {
		if got := Dist64(c.a, c.b); got != c.want {
			t.Errorf("Dist64(%s, %s) = %d, want %d", fp64.Format(c.a), fp64.Format(c.b), got, c.want)
		}
		if got := Dist64(c.b, c.a); got != c.want {
			t.Errorf("Dist64(%s, %s) = %d, want %d", fp64.Format(c.b), fp64.Format(c.a), got, c.want)
		}
	}
}

// TestErr64 checks Err64's special cases and its common path against
// ErrBig64 on results a few ulps from random values.
func TestErr64(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		got  float64
		v    SDD
		want float64
	}{
		{math.NaN(), SDD{Hi: math.NaN()}, 0},
		{1, SDD{Hi: math.NaN()}, inf},
		{math.NaN(), SDD{Hi: 1}, inf},
		{inf, SDD{Hi: inf}, 0},
		{-inf, SDD{Hi: inf}, inf},
		{inf, SDD{Hi: 1, Exp: 2000}, 0},
		{inf, SDD{Hi: 1, Exp: 1023}, 0x1p52},     // |2^1024 − 2^1023| / 2^971
		{1 + 0x1p-52, SDD{Hi: 1}, 1},             // one ulp
		{1, SDD{Hi: 1, Lo: -0x1p-54}, 0.5},       // v just below 1: ulp 2^-53
		{0x1p-1074, SDD{Hi: 0}, 1},               // the subnormal clamp
		{0, SDD{Hi: 1, Exp: -1080}, 0x1p-6},      // 2^-1080 in ulps of 2^-1074
		{0x1p-1074, SDD{Hi: 0x1p-1074}, 0},       // exact
		{0x1.8p-1073, SDD{Hi: 1, Exp: -1073}, 1}, // 3·2^-1074 vs 2^-1073
	} {
		if got := Err64(b64(c.got), c.v); got != c.want && !(got != got && c.want != c.want) {
			t.Errorf("Err64(%v, %v) = %g, want %g", c.got, c.v, got, c.want)
		}
	}
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 9))
	for range 5000 {
		a := randXdd(r, 1000)
		v := SDD{a.hi, a.lo, 0}
		got := uint64(int64(math.Float64bits(a.hi)) + int64(r.IntN(9)-4))
		want := ErrBig64(got, ddBig(a.hi, a.lo))
		if e := Err64(got, v); math.Abs(e-want) > 1e-12*math.Max(1, want) {
			t.Errorf("Err64(%s, %v) = %v, ErrBig64 %v", fp64.Format(got), v, e, want)
			return
		}
	}
}

func (a xdd) String() string { return fmt.Sprintf("{%x %x ±%g}", a.hi, a.lo, a.err) }
