package oracle

import (
	"math/big"
)

// The binary64 references of erf, erfc, erfcx, normcdf and their inverses:
// the evaluations of elem_erf.go written once on format (their binary32
// thresholds are the ones of elem_erf.go, so that Erf … Normcdfinv can run
// them through eval32 too), on elem_erf.go's enclosures. The binary64
// thresholds:
//
//	erf:     |x| > 6.5: 1 − |erf x| = erfc 6.5 < 2^-64 (A&S 7.1.13)
//	erfc:    x > 27.3: erfc x < e^(−745.3)/(27.3·√π) < 2^-1080; x < −6.5: 2 − erfc|x|
//	erfcx:   x < −26.7: erfcx x > e^(712.9) > 2^1028
//	normcdf: x > 9: 1 − Φ(x) = erfc(9/√2)/2 < 2^-63; x < −38.7: Φ(x) = erfc(27.36)/2 < 2^-1080
//
// Exact cases are elem_erf.go's (the zeros, erfc 0 = erfcx 0 = 1, normcdf 0
// = 1/2); that no other binary64 argument gives a binary64 number or
// midpoint is not proven: such an argument would end the Ziv loop
// undecided at zivMax64 bits (Func64), not with a wrong result.

var (
	f64Erf        = &Func64{Name: "erf", Arity: 1, eval: eval64(erfEvalF)}
	f64Erfc       = &Func64{Name: "erfc", Arity: 1, eval: eval64(erfcEvalF)}
	f64Erfcx      = &Func64{Name: "erfcx", Arity: 1, eval: eval64(erfcxEvalF)}
	f64Normcdf    = &Func64{Name: "normcdf", Arity: 1, eval: eval64(normcdfEvalF)}
	f64Erfinv     = &Func64{Name: "erfinv", Arity: 1, eval: eval64(erfinvEvalF)}
	f64Erfcinv    = &Func64{Name: "erfcinv", Arity: 1, eval: eval64(erfcinvEvalF)}
	f64Normcdfinv = &Func64{Name: "normcdfinv", Arity: 1, eval: eval64(normcdfinvEvalF)}
)

// two and half are the encodings of 2 and 1/2.
func (fm *format) two() uint64  { return fm.one + 1<<fm.fracBits }
func (fm *format) half() uint64 { return fm.one - 1<<fm.fracBits }

// Erf's evaluation (special cases: Erf's table).
func erfEvalF(fm *format, x, _ uint64) evalCase {
	ax := fm.abs(x)
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(x)
	case fm.isInf(x):
		return fixed64(fm.signOf(x) | fm.one)
	}
	neg := fm.isNeg(x)
	enc := func(p uint) ival { return signedIval(erfPoint(fm.value(ax), p), neg) }
	if fm.cmp(ax, fm.pick(erfNearOne, 6.5)) > 0 {
		return belowOneCase(neg, fm.encIf(ax, erfEncMax, enc))
	}
	return zivCase(always(enc))
}

// Erfc's evaluation (special cases: Erfc's table).
func erfcEvalF(fm *format, x, _ uint64) evalCase {
	ax := fm.abs(x)
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case x == fm.inf:
		return fixed64(0)
	case x == fm.negInf():
		return fixed64(fm.two())
	case fm.isZero(x):
		return exactCase(big.NewFloat(1))
	}
	if fm.isNeg(x) {
		enc := func(p uint) ival { return one().add(erfPoint(fm.value(ax), p+4), p+4) }
		if fm.cmp(ax, fm.pick(erfNearOne, 6.5)) > 0 {
			// 2 − erfc|x| rounds as 2 − 2^-200.
			return repCase(new(big.Float).SetPrec(256).Sub(big.NewFloat(2), pow2(-200)), false, fm.encIf(ax, erfEncMax, enc))
		}
		return zivCase(always(enc))
	}
	enc := func(p uint) ival { return erfcPoint(fm.value(ax), p) }
	if fm.cmp(ax, fm.pick(erfcTiny, 27.3)) > 0 {
		var e func(uint) (ival, bool)
		if fm.cmp(ax, erfEncMax) < 0 { // erfc by cancellation costs a²·1.44 bits: bounded here
			e = always(enc)
		}
		return fm.tinyCase(false, e)
	}
	return zivCase(always(enc))
}

// Erfcx's evaluation (special cases: Erfcx's table).
func erfcxEvalF(fm *format, x, _ uint64) evalCase {
	ax := fm.abs(x)
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case x == fm.inf:
		return fixed64(0)
	case x == fm.negInf():
		return fixed64(fm.inf)
	case fm.isZero(x):
		return exactCase(big.NewFloat(1))
	}
	if fm.isNeg(x) {
		// erfcx(−a) = e^(a²) + (2/√π)·S(a), both positive.
		enc := func(p uint) ival {
			a := fm.value(ax)
			wp := p + 8
			e := expPoint(new(big.Float).Neg(negSquare(a)), wp)
			return e.add(twoOverSqrtPi(wp).mul(erfSeries(a, wp), wp), wp)
		}
		if fm.cmp(ax, fm.pick(10, 26.7)) > 0 {
			return fm.hugeCase(false, fm.encIf(ax, 40, enc)) // S(a) needs about e·a² terms
		}
		return zivCase(always(enc))
	}
	return zivCase(func(p uint) (ival, bool) { return erfcxPoint(fm.value(ax), p) })
}

// Normcdf's evaluation (special cases: Normcdf's table).
func normcdfEvalF(fm *format, x, _ uint64) evalCase {
	ax := fm.abs(x)
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case x == fm.inf:
		return fixed64(fm.one)
	case x == fm.negInf():
		return fixed64(0)
	case fm.isZero(x):
		return exactCase(big.NewFloat(0.5))
	}
	neg := fm.isNeg(x)
	enc := func(p uint) ival {
		wp := p + 8
		// A = |x|/√2 ⊂ [lo, hi]; erf increases and erfc decreases, so each
		// is enclosed by its values at the two ends.
		r2 := sqrtPoint(big.NewFloat(2), wp+8)
		A, _ := pt(fm.value(ax)).div(r2, wp+8)
		if neg { // Φ(x) = erfc(A)/2
			return ival{erfcPoint(A.hi, wp).lo, erfcPoint(A.lo, wp).hi}.scale(-1)
		}
		// Φ(x) = (1 + erf A)/2
		return one().add(ival{erfPoint(A.lo, wp).lo, erfPoint(A.hi, wp).hi}, wp).scale(-1)
	}
	switch {
	case !neg && fm.cmp(ax, fm.pick(6.5, 9)) > 0:
		return belowOneCase(false, fm.encIf(ax, 2*erfEncMax, enc))
	case neg && fm.cmp(ax, fm.pick(15, 38.7)) > 0:
		return fm.tinyCase(false, fm.encIf(ax, 2*erfEncMax, enc))
	}
	return zivCase(always(enc))
}

// Erfinv's evaluation (special cases: Erfinv's table).
func erfinvEvalF(fm *format, x, _ uint64) evalCase {
	ax := fm.abs(x)
	switch {
	case fm.isNaN(x) || ax > fm.one:
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(x)
	case ax == fm.one:
		return fixed64(fm.signOf(x) | fm.inf)
	}
	neg := fm.isNeg(x)
	return zivCase(func(p uint) (ival, bool) {
		v, ok := erfcinvPos(exactDiff(big.NewFloat(1), fm.value(ax)), p)
		return signedIval(v, neg), ok
	})
}

// Erfcinv's evaluation (special cases: Erfcinv's table).
func erfcinvEvalF(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(fm.inf)
	case fm.isNeg(x) || x > fm.two():
		return fm.nanCase()
	case x == fm.one:
		return fixed64(0)
	case x == fm.two():
		return fixed64(fm.negInf())
	}
	return zivCase(func(p uint) (ival, bool) {
		c, neg := reflectTwo(fm.value(x))
		v, ok := erfcinvPos(c, p)
		return signedIval(v, neg), ok
	})
}

// Normcdfinv's evaluation (special cases: Normcdfinv's table).
func normcdfinvEvalF(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(fm.negInf())
	case fm.isNeg(x) || x > fm.one:
		return fm.nanCase()
	case x == fm.half():
		return fixed64(0)
	case x == fm.one:
		return fixed64(fm.inf)
	}
	return zivCase(func(p uint) (ival, bool) {
		wp := p + 8
		c, reflected := reflectTwo(new(big.Float).SetMantExp(fm.value(x), 1)) // 2x, exact
		v, ok := erfcinvPos(c, wp)
		if !ok {
			return ival{}, false
		}
		v = v.mul(sqrtPoint(big.NewFloat(2), wp), wp)
		return signedIval(v, !reflected), true // 2x < 1: erfcinv(2x) > 0, the result is negative
	})
}
