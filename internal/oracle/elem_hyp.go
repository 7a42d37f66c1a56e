package oracle

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/rounding"
)

// The references of sinh, cosh, expm1, cbrt, 1/cbrt, hypot, 1/hypot, and of
// the three-argument norm3d and 1/norm3d.

// Sinh is the reference of the hyperbolic sine.
//
// Special cases are:
//
//	Sinh(NaN) = NaN
//	Sinh(±Inf) = ±Inf
//	Sinh(±0) = ±0 (the only exact case: sinh x is transcendental for rational x ≠ 0)
//	Sinh(x) for |x| > 100 rounds as ±2^200 (|sinh x| > 2^143)
var Sinh = &Func{Name: "sinh", Arity: 1, eval: eval32(sinhEval)}

// f64Sinh is Sinh for binary64 (Func64): |sinh x| > 2^1025 for |x| > 711.
var f64Sinh = &Func64{Name: "sinh", Arity: 1, eval: eval64(sinhEval)}

func sinhEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isInf(x), fm.isZero(x):
		return fixed64(x)
	}
	neg := fm.isNeg(x)
	a := fm.value(fm.abs(x))
	enc := func(p uint) ival {
		wp := p + 16
		var s ival
		if a.Cmp(big.NewFloat(1)) <= 0 {
			// sinh a = (em + em/(em + 1))/2, em = e^a − 1 > 0: no cancellation.
			em := expm1Point(a, wp)
			q, _ := em.div(em.add(one(), wp), wp)
			s = em.add(q, wp).scale(-1)
		} else {
			// sinh a = (e^a − 1/e^a)/2 with e^a > e: relative widths grow by
			// at most (e + 1/e)/(e − 1/e) < 1.4.
			e := expPoint(a, wp)
			r, _ := e.recip(wp)
			s = e.sub(r, wp).scale(-1)
		}
		if neg {
			s = s.neg()
		}
		return s
	}
	if fm.cmp(fm.abs(x), fm.pick(100, 711)) > 0 {
		return fm.hugeCase(neg, fm.encIf(x, 1<<20, enc))
	}
	return zivCase(always(enc))
}

// Cosh is the reference of the hyperbolic cosine.
//
// Special cases are:
//
//	Cosh(NaN) = NaN
//	Cosh(±Inf) = +Inf
//	Cosh(±0) = 1 (the only exact case)
//	Cosh(x) for |x| > 100 rounds as 2^200
var Cosh = &Func{Name: "cosh", Arity: 1, eval: eval32(coshEval)}

// f64Cosh is Cosh for binary64 (Func64): cosh x > 2^1025 for |x| > 711.
var f64Cosh = &Func64{Name: "cosh", Arity: 1, eval: eval64(coshEval)}

func coshEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isInf(x):
		return fixed64(fm.inf)
	case fm.isZero(x):
		return exactCase(big.NewFloat(1))
	}
	a := fm.value(fm.abs(x))
	enc := func(p uint) ival {
		// cosh a = (e^a + 1/e^a)/2: a sum of positive terms.
		wp := p + 8
		e := expPoint(a, wp)
		r, _ := e.recip(wp)
		return e.add(r, wp).scale(-1)
	}
	if fm.cmp(fm.abs(x), fm.pick(100, 711)) > 0 {
		return fm.hugeCase(false, fm.encIf(x, 1<<20, enc))
	}
	return zivCase(always(enc))
}

// Expm1 is the reference of e^x − 1.
//
// Special cases are:
//
//	Expm1(NaN) = NaN
//	Expm1(+Inf) = +Inf
//	Expm1(-Inf) = -1
//	Expm1(±0) = ±0 (the only exact case)
//	Expm1(x) for x > 100 rounds as 2^200
//	Expm1(x) for x < -20 rounds as -(1 − 2^-200): −1 < e^x − 1 < −1 + 2^-28
var Expm1 = &Func{Name: "expm1", Arity: 1, eval: eval32(expm1Eval)}

// f64Expm1 is Expm1 for binary64 (Func64): huge for x > 711, and for x <
// -40, −1 < e^x − 1 < −1 + 2^-57 rounds as −(1 − 2^-200).
var f64Expm1 = &Func64{Name: "expm1", Arity: 1, eval: eval64(expm1Eval)}

func expm1Eval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case x == fm.inf:
		return fixed64(fm.inf)
	case x == fm.negInf():
		return fixed64(fm.sign | fm.one)
	case fm.isZero(x):
		return fixed64(x)
	}
	v := fm.value(x)
	enc := func(p uint) ival {
		if new(big.Float).Abs(v).Cmp(big.NewFloat(1)) <= 0 {
			return expm1Point(v, p)
		}
		// |x| > 1: e^x − 1 ≥ 1 − 1/e > 0.63 in magnitude, and e^x ≤ 1/e
		// for x < −1 or e^x ≥ e: relative widths grow by less than 2.
		wp := p + 8
		return expPoint(v, wp).sub(one(), wp)
	}
	switch {
	case fm.cmp(x, fm.pick(100, 711)) > 0:
		return fm.hugeCase(false, fm.encIf(x, 1<<20, enc))
	case fm.cmp(x, fm.pick(-20, -40)) < 0:
		return belowOneCase(true, fm.encIf(x, 1<<20, enc))
	}
	return zivCase(always(enc))
}

// Cbrt is the reference of the cube root.
//
// Special cases are:
//
//	Cbrt(NaN) = NaN
//	Cbrt(±Inf) = ±Inf
//	Cbrt(±0) = ±0
//	Cbrt(x) = c exactly when x = c³ for a binary32 c (m·2^e with m odd is a
//	  cube of a dyadic number only if m is an integer cube and 3 divides e;
//	  other cube roots are irrational, and a cube root with 25 significant
//	  bits would need x to have more than 24)
var Cbrt = &Func{Name: "cbrt", Arity: 1, eval: eval32(cbrtEval)}

// f64Cbrt is Cbrt for binary64 (Func64), with the same argument: a cube root
// with 55 significant bits would need x to have more than 53.
var f64Cbrt = &Func64{Name: "cbrt", Arity: 1, eval: eval64(cbrtEval)}

func cbrtEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isInf(x), fm.isZero(x):
		return fixed64(x)
	}
	if c, ok := exactCbrt(fm, x); ok {
		return exactCase(c)
	}
	a := fm.value(x)
	return zivCase(always(func(p uint) ival { return cbrtPoint(a, p) }))
}

// Rcbrt is the reference of 1/∛x.
//
// Special cases are:
//
//	Rcbrt(NaN) = NaN
//	Rcbrt(±0) = ±Inf
//	Rcbrt(±Inf) = ±0
//	Rcbrt(x) = 2^-k exactly for x = ±2^(3k) (1/c for any other cube root c is
//	  either irrational or not dyadic, so never a rounding boundary)
var Rcbrt = &Func{Name: "rcbrt", Arity: 1, eval: eval32(rcbrtEval)}

// f64Rcbrt is Rcbrt for binary64 (Func64).
var f64Rcbrt = &Func64{Name: "rcbrt", Arity: 1, eval: eval64(rcbrtEval)}

func rcbrtEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(fm.signOf(x) | fm.inf)
	case fm.isInf(x):
		return fixed64(fm.signOf(x))
	}
	if c, ok := exactCbrt(fm, x); ok {
		if m, _ := fm.decompose(x); m == 1 {
			return exactCase(new(big.Float).Quo(big.NewFloat(1), c)) // a power of two: exact
		}
	}
	a := fm.value(x)
	return zivCase(func(p uint) (ival, bool) { return cbrtPoint(a, p+8).recip(p + 8) })
}

// exactCbrt returns ∛x for a finite nonzero x that is the cube of a dyadic
// number (m < 2^53 odd: its integer cube root r < 2^18 comes from
// math.Cbrt, accurate to 1 ulp, rounded, and r³ < 2^54 is exact).
func exactCbrt(fm *format, x uint64) (*big.Float, bool) {
	m, e := fm.decompose(x)
	if e%3 != 0 {
		return nil, false
	}
	r := uint64(math.Round(math.Cbrt(float64(m))))
	if r*r*r != m {
		return nil, false
	}
	c := new(big.Float).SetMantExp(new(big.Float).SetUint64(r), e/3)
	if fm.isNeg(x) {
		c.Neg(c)
	}
	return c, true
}

// cbrtPoint returns an enclosure of ∛a for an exact nonzero a: Newton's
// iteration c ← c − (c³ − a)/(3c²) at p + 16 bits from math.Cbrt's float64
// start (each step doubles the correct bits), then a bracket [lo, hi]
// around c certified by cubing with directed rounding: RU(lo³) ≤ a implies
// lo ≤ ∛a, RD(hi³) ≥ a implies hi ≥ ∛a (for a > 0; odd symmetry otherwise).
func cbrtPoint(a *big.Float, p uint) ival {
	neg := a.Sign() < 0
	a = new(big.Float).Abs(a)
	wp := p + 16
	mant := new(big.Float)
	e := a.MantExp(mant)                                    // a = mant·2^e, mant in [0.5, 1)
	k := e - ((e%3)+3)%3                                    // a multiple of 3 at most e
	mf, _ := new(big.Float).SetMantExp(mant, e-k).Float64() // in [0.5, 4)
	c := new(big.Float).SetPrec(wp).SetMantExp(big.NewFloat(math.Cbrt(mf)), k/3)
	three := big.NewFloat(3)
	for bits := uint(40); ; bits *= 2 {
		c2 := new(big.Float).SetPrec(wp).Mul(c, c)
		c3 := new(big.Float).SetPrec(wp).Mul(c2, c)
		d := new(big.Float).SetPrec(wp).Sub(c3, a)
		d.Quo(d, new(big.Float).SetPrec(wp).Mul(c2, three))
		c = new(big.Float).SetPrec(wp).Sub(c, d)
		if bits > wp {
			break
		}
	}
	cube := func(v *big.Float, mode big.RoundingMode) *big.Float {
		q := new(big.Float).SetPrec(3*wp+8).SetMode(mode).Mul(v, v)
		return q.Mul(q, v) // exact at 3·wp + 8 bits
	}
	var r ival
	if cube(c, big.ToNearestEven).Cmp(a) == 0 {
		r = pt(c)
	} else {
		for sh := 2; ; sh *= 2 {
			d := pow2(c.MantExp(nil) - int(wp) + sh)
			lo := down(wp).Sub(c, d)
			hi := up(wp).Add(c, d)
			if cube(lo, big.ToPositiveInf).Cmp(a) <= 0 && cube(hi, big.ToNegativeInf).Cmp(a) >= 0 {
				r = ival{lo, hi}
				break
			}
		}
	}
	if neg {
		r = r.neg()
	}
	return r
}

// Hypot is the reference of √(x² + y²) (binary).
//
// Special cases are (in order; C99 F.9.4.3):
//
//	Hypot(±Inf, y) = Hypot(x, ±Inf) = +Inf, even for a NaN argument
//	Hypot(NaN, y) = Hypot(x, NaN) = NaN
//	Hypot(±0, ±0) = +0
//
// x² + y² is exact in big.Float; exact roots are found by the enclosure
// itself (a point interval), midpoints included.
var Hypot = &Func{Name: "hypot", Arity: 2, eval: eval32(hypotEval)}

// f64Hypot is Hypot for binary64 (Func64).
var f64Hypot = &Func64{Name: "hypot", Arity: 2, eval: eval64(hypotEval)}

func hypotEval(fm *format, x, y uint64) evalCase { return normEvalF(fm, false, x, y) }

// Rhypot is the reference of 1/√(x² + y²) (binary).
//
// Special cases are (in order):
//
//	Rhypot(±Inf, y) = Rhypot(x, ±Inf) = +0, even for a NaN argument
//	Rhypot(NaN, y) = Rhypot(x, NaN) = NaN
//	Rhypot(±0, ±0) = +Inf
var Rhypot = &Func{Name: "rhypot", Arity: 2, eval: eval32(rhypotEval)}

// f64Rhypot is Rhypot for binary64 (Func64).
var f64Rhypot = &Func64{Name: "rhypot", Arity: 2, eval: eval64(rhypotEval)}

func rhypotEval(fm *format, x, y uint64) evalCase { return normEvalF(fm, true, x, y) }

// sumSquares returns the exact sum of the squares of finite encodings: each
// square is exact at twice its argument's precision, each sum at the
// precision exactSum gives it.
func sumSquares(fm *format, us ...uint64) *big.Float {
	s := new(big.Float)
	for _, u := range us {
		v := fm.value(u)
		s = exactSum(s, new(big.Float).SetPrec(2*v.Prec()).Mul(v, v))
	}
	return s
}

// Func3 is the certified, correctly rounded reference of a function of three
// binary32 arguments (norm3d, rnorm3d), with Func's evaluation order and Ziv
// loop.
type Func3 struct {
	Name string
	eval func(x, y, z uint32) evalCase
}

// as2 runs Func's evaluation on the one case of (x, y, z).
func (f *Func3) as2(x, y, z uint32) *Func { return single(f.Name, f.eval(x, y, z)) }

// single is a Func whose evaluation is the one case c, whatever its
// arguments: Func's rounding and Ziv loop for the references of more than
// two arguments.
func single(name string, c evalCase) *Func {
	return &Func{Name: name, Arity: 2, eval: func(uint32, uint32) evalCase { return c }}
}

// Round3 returns f(x, y, z) correctly rounded to binary32 in mode m.
func (f *Func3) Round3(x, y, z uint32, m rounding.Mode) uint32 { return f.as2(x, y, z).round(x, y, m) }

// RoundAll3 returns f(x, y, z) correctly rounded in each of rounding.Modes.
func (f *Func3) RoundAll3(x, y, z uint32) [4]uint32 { return f.as2(x, y, z).RoundAll(x, y) }

// Enclose3 is Func.Enclose for three arguments.
func (f *Func3) Enclose3(x, y, z uint32, prec uint) (Interval, bool) {
	return f.as2(x, y, z).Enclose(x, y, prec)
}

// Norm3 is the reference of √(x² + y² + z²).
//
// Special cases are (in order):
//
//	Norm3(x, y, z) = +Inf if an argument is ±Inf, even with a NaN
//	Norm3(x, y, z) = NaN if an argument is NaN
//	Norm3(±0, ±0, ±0) = +0
//
// The sum of squares is exact in big.Float; exact roots give point
// enclosures.
var Norm3 = &Func3{Name: "norm3", eval: func(x, y, z uint32) evalCase { return normEval(false, x, y, z) }}

// Rnorm3 is the reference of 1/√(x² + y² + z²).
//
// Special cases are (in order):
//
//	Rnorm3(x, y, z) = +0 if an argument is ±Inf, even with a NaN
//	Rnorm3(x, y, z) = NaN if an argument is NaN
//	Rnorm3(±0, ±0, ±0) = +Inf
var Rnorm3 = &Func3{Name: "rnorm3", eval: func(x, y, z uint32) evalCase { return normEval(true, x, y, z) }}

// FuncN is the certified, correctly rounded reference of a function of any
// number of binary32 arguments (the norms of four arguments and of an
// array), with Func's evaluation order and Ziv loop.
type FuncN struct {
	Name string
	eval func(us []uint32) evalCase
}

// RoundN returns f(us…) correctly rounded to binary32 in mode m.
func (f *FuncN) RoundN(us []uint32, m rounding.Mode) uint32 {
	return single(f.Name, f.eval(us)).round(0, 0, m)
}

// RoundAllN returns f(us…) correctly rounded in each of rounding.Modes.
func (f *FuncN) RoundAllN(us []uint32) [4]uint32 { return single(f.Name, f.eval(us)).RoundAll(0, 0) }

// EncloseN is Func.Enclose for any number of arguments.
func (f *FuncN) EncloseN(us []uint32, prec uint) (Interval, bool) {
	return single(f.Name, f.eval(us)).Enclose(0, 0, prec)
}

// Norm is the reference of the Euclidean norm √(u0² + u1² + …) of any
// number of arguments (norm4d is Norm of four; an empty list has norm +0).
//
// Special cases are (in order):
//
//	Norm(us…) = +Inf if an argument is ±Inf, even with a NaN
//	Norm(us…) = NaN if an argument is NaN
//	Norm(±0, …, ±0) = +0, and Norm() = +0
//
// The sum of squares is exact in big.Float (sumSquares); exact roots give
// point enclosures.
var Norm = &FuncN{Name: "norm", eval: func(us []uint32) evalCase { return normEval(false, us...) }}

// Rnorm is the reference of 1/√(u0² + u1² + …) of any number of arguments.
//
// Special cases are (in order):
//
//	Rnorm(us…) = +0 if an argument is ±Inf, even with a NaN
//	Rnorm(us…) = NaN if an argument is NaN
//	Rnorm(±0, …, ±0) = +Inf, and Rnorm() = +Inf
var Rnorm = &FuncN{Name: "rnorm", eval: func(us []uint32) evalCase { return normEval(true, us...) }}

func normEval(recip bool, us ...uint32) evalCase {
	ws := make([]uint64, len(us))
	for i, u := range us {
		ws[i] = uint64(u)
	}
	return normEvalF(bin32, recip, ws...)
}

// normEvalF is the evaluation of the norms and their reciprocals, Hypot and
// Rhypot included.
func normEvalF(fm *format, recip bool, us ...uint64) evalCase {
	inf, zero := fm.inf, uint64(0)
	if recip {
		inf, zero = zero, inf
	}
	allZero := true
	for _, u := range us {
		if fm.isInf(u) {
			return fixed64(inf)
		}
		allZero = allZero && fm.isZero(u)
	}
	for _, u := range us {
		if fm.isNaN(u) {
			return fm.nanCase()
		}
	}
	if allZero {
		return fixed64(zero)
	}
	s := sumSquares(fm, us...)
	enc := func(p uint) (ival, bool) { return sqrtPoint(s, p), true }
	if recip {
		enc = func(p uint) (ival, bool) { return sqrtPoint(s, p+8).recip(p + 8) }
	}
	// One argument a far larger than the others (their squares sum to q <
	// 2^-130·a²): the norm is a·(1 + δ), 0 < δ < 2^-131, which rounds as
	// a·(1 + 2^-200) in every mode (a is a number of the format, δ is below
	// every half-gap); its reciprocal (1/a)·(1 − δ'), 0 < δ' < 2^-131, rounds
	// as (1/a)·(1 − 2^-200) when 1/a is a number (a a power of two) and is
	// otherwise at a distance from every boundary that the loop resolves.
	// The loop alone would need a precision of −log2(δ) bits.
	var a uint64
	for _, u := range us {
		a = max(a, fm.abs(u))
	}
	av := fm.value(a)
	a2 := new(big.Float).SetPrec(2*av.Prec()).Mul(av, av)
	q := new(big.Float).SetMantExp(exactDiff(s, a2), 130)
	if q.Sign() > 0 && q.Cmp(a2) < 0 {
		eps := new(big.Float).SetPrec(256).SetMantExp(big.NewFloat(1), -200)
		switch m, _ := fm.decompose(a); {
		case !recip:
			return repCase(new(big.Float).SetPrec(256).Add(av, new(big.Float).Mul(av, eps)), false, enc)
		case m == 1:
			inv := new(big.Float).Quo(big.NewFloat(1), av) // a power of two: exact
			return repCase(new(big.Float).SetPrec(256).Sub(inv, new(big.Float).Mul(inv, eps)), false, enc)
		}
	}
	return zivCase(enc)
}
