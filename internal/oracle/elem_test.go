package oracle_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ALTree/bigfloat"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

const nan = f32.CanonicalNaNBits

func bitsOf(f float32) uint32 { return math.Float32bits(f) }

// round1 / round2 call a reference of either arity.
func roundAny(f *oracle.Func, x, y uint32, m rounding.Mode) uint32 {
	if f.Arity == 1 {
		return f.Round(x, m)
	}
	return f.Round2(x, y, m)
}

func call(f *oracle.Func, x, y uint32) string {
	if f.Arity == 1 {
		return fmt.Sprintf("%s(%s)", f.Name, f32.Format(x))
	}
	return fmt.Sprintf("%s(%s, %s)", f.Name, f32.Format(x), f32.Format(y))
}

// elemSC is the special-case table of the references: the rows of their
// doc comments, in the same order. want is the result in every mode.
var elemSC = []struct {
	fn   *oracle.Func
	x, y uint32
	want uint32
}{
	{oracle.Exp, nan, 0, nan},
	{oracle.Exp, 0x7f800000, 0, 0x7f800000},
	{oracle.Exp, 0xff800000, 0, 0x00000000},
	{oracle.Exp, 0x00000000, 0, 0x3f800000},
	{oracle.Exp, 0x80000000, 0, 0x3f800000},
	{oracle.Exp2, 0xffc00000, 0, nan},
	{oracle.Exp2, 0x7f800000, 0, 0x7f800000},
	{oracle.Exp2, 0xff800000, 0, 0x00000000},
	{oracle.Exp2, 0x80000000, 0, 0x3f800000},
	{oracle.Exp2, bitsOf(-3), 0, bitsOf(0.125)},
	{oracle.Exp10, nan, 0, nan},
	{oracle.Exp10, 0x7f800000, 0, 0x7f800000},
	{oracle.Exp10, 0xff800000, 0, 0x00000000},
	{oracle.Exp10, 0x00000000, 0, 0x3f800000},
	{oracle.Exp10, bitsOf(10), 0, bitsOf(1e10)},
	{oracle.Log, nan, 0, nan},
	{oracle.Log, 0x80000000, 0, 0xff800000},
	{oracle.Log, 0x00000000, 0, 0xff800000},
	{oracle.Log, bitsOf(-1), 0, nan},
	{oracle.Log, 0xff800000, 0, nan},
	{oracle.Log, 0x80000001, 0, nan},
	{oracle.Log, 0x7f800000, 0, 0x7f800000},
	{oracle.Log, 0x3f800000, 0, 0x00000000},
	{oracle.Log2, nan, 0, nan},
	{oracle.Log2, 0x00000000, 0, 0xff800000},
	{oracle.Log2, bitsOf(-2), 0, nan},
	{oracle.Log2, 0x7f800000, 0, 0x7f800000},
	{oracle.Log2, 0x3f800000, 0, 0x00000000},
	{oracle.Log2, 0x00000001, 0, bitsOf(-149)},
	{oracle.Log2, bitsOf(0x1p127), 0, bitsOf(127)},
	{oracle.Log10, nan, 0, nan},
	{oracle.Log10, 0x80000000, 0, 0xff800000},
	{oracle.Log10, bitsOf(-10), 0, nan},
	{oracle.Log10, 0x7f800000, 0, 0x7f800000},
	{oracle.Log10, 0x3f800000, 0, 0x00000000},
	{oracle.Log10, bitsOf(1e10), 0, bitsOf(10)},
	{oracle.Sin, nan, 0, nan},
	{oracle.Sin, 0x7f800000, 0, nan},
	{oracle.Sin, 0xff800000, 0, nan},
	{oracle.Sin, 0x00000000, 0, 0x00000000},
	{oracle.Sin, 0x80000000, 0, 0x80000000},
	{oracle.Cos, nan, 0, nan},
	{oracle.Cos, 0xff800000, 0, nan},
	{oracle.Cos, 0x80000000, 0, 0x3f800000},
	{oracle.Tan, nan, 0, nan},
	{oracle.Tan, 0x7f800000, 0, nan},
	{oracle.Tan, 0x80000000, 0, 0x80000000},
	{oracle.Tanh, nan, 0, nan},
	{oracle.Tanh, 0x7f800000, 0, 0x3f800000},
	{oracle.Tanh, 0xff800000, 0, 0xbf800000},
	{oracle.Tanh, 0x80000000, 0, 0x80000000},
	{oracle.Sqrt, nan, 0, nan},
	{oracle.Sqrt, 0x80000000, 0, 0x80000000},
	{oracle.Sqrt, 0x00000000, 0, 0x00000000},
	{oracle.Sqrt, 0x80000001, 0, nan},
	{oracle.Sqrt, 0xff800000, 0, nan},
	{oracle.Sqrt, 0x7f800000, 0, 0x7f800000},
	{oracle.Rsqrt, nan, 0, nan},
	{oracle.Rsqrt, 0x80000000, 0, 0xff800000},
	{oracle.Rsqrt, 0x00000000, 0, 0x7f800000},
	{oracle.Rsqrt, bitsOf(-4), 0, nan},
	{oracle.Rsqrt, 0x7f800000, 0, 0x00000000},
	{oracle.Rcp, nan, 0, nan},
	{oracle.Rcp, 0x80000000, 0, 0xff800000},
	{oracle.Rcp, 0x7f800000, 0, 0x00000000},
	{oracle.Rcp, 0xff800000, 0, 0x80000000},
	{oracle.Div, nan, bitsOf(1), nan},
	{oracle.Div, bitsOf(1), nan, nan},
	{oracle.Div, 0x80000000, 0x00000000, nan},
	{oracle.Div, 0x7f800000, 0xff800000, nan},
	{oracle.Div, bitsOf(-3), 0x00000000, 0xff800000},
	{oracle.Div, bitsOf(3), 0x80000000, 0xff800000},
	{oracle.Div, 0xff800000, bitsOf(-2), 0x7f800000},
	{oracle.Div, bitsOf(5), 0xff800000, 0x80000000},
	{oracle.Div, 0x80000000, bitsOf(-7), 0x00000000},
	// pow, C99 F.9.4.4 in order.
	{oracle.Pow, nan, 0x80000000, 0x3f800000},
	{oracle.Pow, 0x3f800000, nan, 0x3f800000},
	{oracle.Pow, nan, bitsOf(2), nan},
	{oracle.Pow, bitsOf(2), nan, nan},
	{oracle.Pow, 0x80000000, bitsOf(-3), 0xff800000},
	{oracle.Pow, 0x00000000, bitsOf(-3), 0x7f800000},
	{oracle.Pow, 0x80000000, 0xff800000, 0x7f800000},
	{oracle.Pow, 0x80000000, bitsOf(-2), 0x7f800000},
	{oracle.Pow, 0x80000000, bitsOf(-0.5), 0x7f800000},
	{oracle.Pow, 0x80000000, bitsOf(3), 0x80000000},
	{oracle.Pow, 0x00000000, bitsOf(3), 0x00000000},
	{oracle.Pow, 0x80000000, bitsOf(2), 0x00000000},
	{oracle.Pow, 0x80000000, 0x7f800000, 0x00000000},
	{oracle.Pow, bitsOf(-1), 0x7f800000, 0x3f800000},
	{oracle.Pow, bitsOf(-1), 0xff800000, 0x3f800000},
	{oracle.Pow, bitsOf(0.5), 0xff800000, 0x7f800000},
	{oracle.Pow, bitsOf(-2), 0xff800000, 0x00000000},
	{oracle.Pow, bitsOf(-0.5), 0x7f800000, 0x00000000},
	{oracle.Pow, bitsOf(2), 0x7f800000, 0x7f800000},
	{oracle.Pow, 0xff800000, bitsOf(-3), 0x80000000},
	{oracle.Pow, 0xff800000, bitsOf(-2), 0x00000000},
	{oracle.Pow, 0xff800000, bitsOf(3), 0xff800000},
	{oracle.Pow, 0xff800000, bitsOf(0.5), 0x7f800000},
	{oracle.Pow, 0x7f800000, bitsOf(-0.5), 0x00000000},
	{oracle.Pow, 0x7f800000, bitsOf(3), 0x7f800000},
	{oracle.Pow, bitsOf(-2), bitsOf(0.5), nan},
	{oracle.Pow, bitsOf(-2), bitsOf(3), bitsOf(-8)},
	{oracle.Pow, bitsOf(-2), bitsOf(2), bitsOf(4)},
}

func TestElemSpecialCases(t *testing.T) {
	for _, c := range elemSC {
		for _, m := range rounding.Modes {
			if got := roundAny(c.fn, c.x, c.y, m); got != c.want {
				t.Errorf("%s %v = %s, want %s", call(c.fn, c.x, c.y), m, f32.Format(got), f32.Format(c.want))
			}
		}
	}
}

// exactValue rounds an exactly known value in every mode and compares with
// the reference.
func checkExact(t *testing.T, f *oracle.Func, x, y uint32, v *big.Float, what string) int {
	t.Helper()
	n := 0
	for _, m := range rounding.Modes {
		want := oracle.Round32(v, m)
		if got := roundAny(f, x, y, m); got != want {
			t.Errorf("%s %v = %s, want %s (%s)", call(f, x, y), m, f32.Format(got), f32.Format(want), what)
		}
		n++
	}
	return n
}

// TestElemExactCases checks the exact cases, whose values are computed here
// independently with integer arithmetic: 2^n, 10^n, log2(2^k), log10(10^n),
// and x^y for x = s^(2^g)·2^(k·2^g), y = n/2^g (x^y = s^n·2^(k·n)), which
// includes binary32 midpoints such as (1 + 2^-12)².
func TestElemExactCases(t *testing.T) {
	n := 0
	for e := -200; e <= 200; e++ {
		n += checkExact(t, oracle.Exp2, bitsOf(float32(e)), 0, new(big.Float).SetMantExp(big.NewFloat(1), e), "2^n")
	}
	for e := 0; e <= 40; e++ {
		v := new(big.Float).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(e)), nil))
		n += checkExact(t, oracle.Exp10, bitsOf(float32(e)), 0, v, "10^n")
	}
	for e := -149; e <= 127; e++ {
		x := oracle.Round32(new(big.Float).SetMantExp(big.NewFloat(1), e), rounding.RN)
		n += checkExact(t, oracle.Log2, x, 0, big.NewFloat(float64(e)), "log2(2^k)")
	}
	p := int64(1)
	for e := 0; e <= 10; e++ {
		n += checkExact(t, oracle.Log10, bitsOf(float32(p)), 0, big.NewFloat(float64(e)), "log10(10^n)")
		p *= 10
	}
	// pow: s odd, g = 0…3, x = s^(2^g)·2^(k·2^g) a binary32 number, y = n/2^g,
	// x^y = s^n·2^(k·n) (for n < 0 only s = 1 gives a dyadic, exact, value).
	for _, s := range []int64{1, 3, 5, 7, 9, 11, 15, 17, 25, 33, 45, 63, 2049, 4097, 8191} {
		for g := 0; g <= 3; g++ {
			sp := new(big.Int).Exp(big.NewInt(s), big.NewInt(1<<g), nil)
			if sp.BitLen() > 24 {
				continue
			}
			for _, k := range []int{-30, -7, -1, 0, 1, 4, 20} {
				xv := new(big.Float).SetInt(sp)
				xv.SetMantExp(xv, k<<g)
				x := oracle.Round32(xv, rounding.RN)
				if oracle.Value(x).Cmp(xv) != 0 {
					continue
				}
				for nn := int64(-5); nn <= 17; nn++ {
					if nn == 0 || (nn < 0 && s != 1) {
						continue
					}
					y := oracle.Round32(new(big.Float).SetMantExp(big.NewFloat(float64(nn)), -g), rounding.RN)
					v := new(big.Float).SetInt(new(big.Int).Exp(big.NewInt(s), big.NewInt(abs64(nn)), nil))
					v.SetMantExp(v, k*int(nn))
					n += checkExact(t, oracle.Pow, x, y, v, "exact power")
					if g == 0 && nn%2 != 0 {
						n += checkExact(t, oracle.Pow, x|f32.SignMask, y, new(big.Float).Neg(v), "exact power of a negative base")
					}
				}
			}
		}
	}
	t.Logf("%d exact-case checks (inputs × 4 modes)", n)
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// piAGM returns π by the Gauss–Legendre (AGM) iteration at prec bits, an
// algorithm independent of the oracle's Machin series.
func piAGM(prec uint) *big.Float {
	p := prec + 64
	nf := func() *big.Float { return new(big.Float).SetPrec(p) }
	a := nf().SetInt64(1)
	b := nf().Sqrt(nf().SetFloat64(0.5))
	tt := nf().SetFloat64(0.25)
	pw := nf().SetInt64(1)
	for i := 0; i < 40; i++ {
		an := nf().Add(a, b)
		an.SetMantExp(an, -1)
		b = nf().Sqrt(nf().Mul(a, b))
		d := nf().Sub(a, an)
		tt.Sub(tt, nf().Mul(pw, nf().Mul(d, d)))
		pw.SetMantExp(pw, 1)
		a = an
	}
	s := nf().Add(a, b)
	r := nf().Mul(s, s)
	return r.Quo(r, nf().SetMantExp(tt, 2))
}

// sinTaylor returns sin and cos of x at prec bits with plain (non-interval)
// arithmetic: reduction by 2π from piAGM, then Taylor series.
func sinCosTaylor(x *big.Float, prec uint) (s, c *big.Float) {
	e := max(x.MantExp(nil), 0)
	p := prec + uint(e) + 64
	nf := func() *big.Float { return new(big.Float).SetPrec(p) }
	twoPi := nf().SetMantExp(piAGM(p), 1)
	q := nf().Quo(x, twoPi)
	k, _ := q.Int(nil)
	r := nf().Sub(x, nf().Mul(twoPi, nf().SetInt(k)))
	s, c = nf().SetInt64(0), nf().SetInt64(0)
	term := nf().SetInt64(1) // r^i/i!
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(p))
	for i := 0; ; i++ {
		switch i % 4 {
		case 0:
			c.Add(c, term)
		case 1:
			s.Add(s, term)
		case 2:
			c.Sub(c, term)
		case 3:
			s.Sub(s, term)
		}
		term.Mul(term, r)
		term.Quo(term, nf().SetInt64(int64(i+1)))
		if i > 4 && new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	return s, c
}

// TestElemConstants checks the enclosures of π, ln 2 and ln 10 against
// independent computations at twice the precision: π by the AGM, the
// logarithms by bigfloat.Log.
func TestElemConstants(t *testing.T) {
	const prec = 2000
	for _, c := range []struct {
		name string
		iv   oracle.Interval
		want *big.Float
	}{
		{"pi", oracle.Pi(prec), piAGM(2 * prec)},
		{"ln2", oracle.Ln2(prec), bigfloat.Log(new(big.Float).SetPrec(2 * prec).SetInt64(2))},
		{"ln10", oracle.Ln10(prec), bigfloat.Log(new(big.Float).SetPrec(2 * prec).SetInt64(10))},
	} {
		if c.iv.Lo.Cmp(c.want) > 0 || c.iv.Hi.Cmp(c.want) < 0 {
			t.Errorf("%s: enclosure [%s, %s] misses %s", c.name, c.iv.Lo.Text('g', 40), c.iv.Hi.Text('g', 40), c.want.Text('g', 40))
		}
		w := new(big.Float).Sub(c.iv.Hi, c.iv.Lo)
		if w.Sign() < 0 || w.MantExp(nil) > -prec+4 {
			t.Errorf("%s: enclosure width %s at %d bits", c.name, w.Text('g', 5), prec)
		}
	}
}

// drawElem draws an input of f: log-uniform magnitudes over the binades
// where f does real work, with a share of arbitrary bit patterns and huge
// arguments for the trigonometric functions.
func drawElem(r *rand.Rand, name string) (x, y uint32) {
	b := func(lo, hi int) uint32 { return uint32(lo+r.IntN(hi-lo+1))<<23 | r.Uint32()&0x807fffff }
	switch name {
	case "exp", "exp2", "exp10", "tanh":
		return b(f32.Bias-30, f32.Bias+6), 0
	case "log", "log2", "log10", "sqrt", "rsqrt", "rcp":
		return r.Uint32() & 0x7fffffff % 0x7f800000, 0
	case "sin", "cos", "tan":
		if r.IntN(3) == 0 {
			return b(f32.Bias+20, f32.Bias+127), 0
		}
		return b(f32.Bias-20, f32.Bias+10), 0
	case "pow":
		x = math.Float32bits(float32(r.Float64() * 16))
		y = math.Float32bits(float32(r.Float64()*80 - 40))
		if r.IntN(4) == 0 {
			x = math.Float32bits(float32(1 + (r.Float64()-0.5)*0x1p-10))
			y = b(f32.Bias, f32.Bias+20)
		}
		return x, y
	case "div", "atan2":
		return r.Uint32() % 0xff800000 & 0xff7fffff, r.Uint32() % 0xff800000 & 0xff7fffff
	case "asin", "acos", "atanh":
		if r.IntN(2) == 0 {
			return (0x3f800000 - uint32(1+r.IntN(1<<r.IntN(23)))) | r.Uint32()&f32.SignMask, 0
		}
		return b(f32.Bias-40, f32.Bias-1), 0
	case "acosh":
		if r.IntN(2) == 0 {
			return 0x3f800000 + uint32(1+r.IntN(1<<r.IntN(23))), 0
		}
		return b(f32.Bias, f32.Bias+60) &^ f32.SignMask, 0
	case "atan", "asinh":
		return b(f32.Bias-40, f32.Bias+40), 0
	case "log1p":
		if r.IntN(2) == 0 {
			return b(f32.Bias-40, f32.Bias-1) | f32.SignMask, 0
		}
		return b(f32.Bias-40, f32.Bias+30) &^ f32.SignMask, 0
	}
	panic(name)
}

// highPrec returns f(x, y) at about prec bits from independent code: bigfloat
// (exp, log, pow), math/big (sqrt, quotients), AGM π and plain Taylor series
// (sin, cos, tan). ok is false where that code does not apply.
func highPrec(name string, x, y uint32, prec uint) (*big.Float, bool) {
	nf := func() *big.Float { return new(big.Float).SetPrec(prec) }
	xv := nf().Set(oracle.Value(x))
	yv := nf().Set(oracle.Value(y))
	switch name {
	case "exp":
		return bigfloat.Exp(xv), true
	case "exp2":
		return bigfloat.Pow(nf().SetInt64(2), xv), true
	case "exp10":
		return bigfloat.Pow(nf().SetInt64(10), xv), true
	case "log":
		return bigfloat.Log(xv), true
	case "log2":
		return nf().Quo(bigfloat.Log(xv), bigfloat.Log(nf().SetInt64(2))), true
	case "log10":
		return nf().Quo(bigfloat.Log(xv), bigfloat.Log(nf().SetInt64(10))), true
	case "tanh":
		e := bigfloat.Exp(nf().SetMantExp(xv, 1))
		return nf().Quo(nf().Sub(e, big.NewFloat(1)), nf().Add(e, big.NewFloat(1))), true
	case "sqrt":
		return nf().Sqrt(xv), true
	case "rsqrt":
		return nf().Quo(big.NewFloat(1), nf().Sqrt(xv)), true
	case "rcp":
		return nf().Quo(big.NewFloat(1), xv), true
	case "div":
		return nf().Quo(xv, yv), true
	case "sin", "cos", "tan":
		s, c := sinCosTaylor(xv, prec)
		switch name {
		case "sin":
			return s, true
		case "cos":
			return c, true
		}
		return nf().Quo(s, c), true
	case "pow":
		if xv.Sign() <= 0 {
			return nil, false
		}
		return bigfloat.Pow(xv, yv), true
	case "log1p":
		return bigfloat.Log(nf().Add(xv, big.NewFloat(1))), true
	case "asinh":
		a := nf().Abs(xv)
		v := bigfloat.Log(nf().Add(a, nf().Sqrt(nf().Add(nf().Mul(a, a), big.NewFloat(1)))))
		if xv.Sign() < 0 {
			v.Neg(v)
		}
		return v, true
	case "acosh":
		return bigfloat.Log(nf().Add(xv, nf().Sqrt(nf().Sub(nf().Mul(xv, xv), big.NewFloat(1))))), true
	case "atanh":
		q := nf().Quo(nf().Add(big.NewFloat(1), xv), nf().Sub(big.NewFloat(1), xv))
		v := bigfloat.Log(q)
		return v.SetMantExp(v, -1), true
	case "atan":
		return atanNewton(xv, prec), true
	case "asin", "acos":
		t := nf().Quo(xv, nf().Sqrt(nf().Sub(big.NewFloat(1), nf().Mul(xv, xv))))
		v := atanNewton(t, prec)
		if name == "acos" {
			h := piAGM(prec)
			v.Sub(h.SetMantExp(h, -1), v)
		}
		return v, true
	case "atan2":
		if xv.Sign() == 0 || yv.Sign() == 0 {
			return nil, false
		}
		// atan2(x, y): x is the ordinate (C's first argument), y the abscissa.
		v := atanNewton(nf().Quo(nf().Abs(xv), nf().Abs(yv)), prec)
		if yv.Sign() < 0 {
			v.Sub(piAGM(prec), v)
		}
		if xv.Sign() < 0 {
			v.Neg(v)
		}
		return v, true
	}
	return nil, false
}

// atanNewton returns atan x at about prec bits by Newton's iteration on
// tan y = x, y ← y − (sin y·cos y − x·cos² y), from math.Atan's float64
// value, with sinCosTaylor's sine and cosine: independent of the oracle's
// series.
func atanNewton(x *big.Float, prec uint) *big.Float {
	p := prec + 64
	nf := func() *big.Float { return new(big.Float).SetPrec(p) }
	if a := new(big.Float).Abs(x); a.Cmp(big.NewFloat(1)) > 0 {
		// atan x = ±π/2 − atan(1/x): tan is too steep near ±π/2 for Newton.
		h := piAGM(p)
		h.SetMantExp(h, -1)
		if x.Sign() < 0 {
			h.Neg(h)
		}
		return h.Sub(h, atanNewton(nf().Quo(big.NewFloat(1), x), prec))
	}
	xf, _ := x.Float64()
	y := nf().SetFloat64(math.Atan(xf))
	if x.Sign() == 0 {
		return y
	}
	for bits := 40; bits < 2*int(p); bits *= 2 {
		s, c := sinCosTaylor(y, p)
		d := nf().Sub(nf().Mul(s, c), nf().Mul(x, nf().Mul(c, c)))
		y.Sub(y, d)
	}
	return y
}

// TestElemAgainstIndependent checks the references against independent
// high-precision code at 1200 bits on random inputs: the enclosure at 64 and
// 160 bits must contain the 1200-bit value, and Round must equal its
// rounding in every mode.
func TestElemAgainstIndependent(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	per := 150
	if testflag.Exhaustive() {
		per = 2000
	}
	for _, f := range oracle.Funcs {
		checks := 0
		fails := 0
		for i := 0; i < per && fails < 10; i++ {
			x, y := drawElem(r, f.Name)
			v, ok := highPrec(f.Name, x, y, 1200)
			if !ok {
				continue
			}
			for _, p := range []uint{64, 160} {
				iv, ok := f.Enclose(x, y, p)
				if !ok {
					continue
				}
				if iv.Lo.Cmp(v) > 0 || iv.Hi.Cmp(v) < 0 {
					t.Errorf("%s: the %d-bit enclosure [%s, %s] misses %s", call(f, x, y), p, iv.Lo.Text('g', 30), iv.Hi.Text('g', 30), v.Text('g', 30))
					fails++
				}
				checks++
			}
			for _, m := range rounding.Modes {
				want := oracle.Round32(v, m)
				if got := roundAny(f, x, y, m); got != want {
					t.Errorf("%s %v = %s, want %s (1200-bit independent value)", call(f, x, y), m, f32.Format(got), f32.Format(want))
					fails++
				}
				checks++
			}
		}
		t.Logf("%-6s %5d checks", f.Name, checks)
	}
}

// TestElemRoundAll checks RoundAll against Round in each mode.
func TestElemRoundAll(t *testing.T) {
	r := rand.New(rand.NewPCG(testflag.Seed(), 7))
	for _, f := range oracle.Funcs {
		for i := 0; i < 20; i++ {
			x, y := drawElem(r, f.Name)
			all := f.RoundAll(x, y)
			for j, m := range rounding.Modes {
				if got := roundAny(f, x, y, m); got != all[j] {
					t.Errorf("%s: RoundAll[%v] = %s, Round = %s", call(f, x, y), m, f32.Format(all[j]), f32.Format(got))
				}
			}
		}
	}
}
