package ulp

import (
	"math"
	"math/big"

	fp64 "github.com/cudafp/cudafp/internal/f64"
)

// Binary64 error metrics: Dist and Err for double-precision results.

// Dist64 returns the number of binary64 steps between the encodings a and b
// on the ordered line of f64.Key, with Dist's conventions: 0 for equal
// values and for the two zeros, 0 for two NaNs (any payloads),
// math.MaxUint64 between a NaN and a number, ±Inf the ends of the line.
// NVIDIA states its double-precision bounds in this metric, against the
// correctly rounded result.
func Dist64(a, b uint64) uint64 {
	an, bn := fp64.IsNaN(a), fp64.IsNaN(b)
	if an || bn {
		if an && bn {
			return 0
		}
		return math.MaxUint64
	}
	ka, kb := fp64.Key(a), fp64.Key(b)
	if ka >= kb {
		return uint64(ka - kb)
	}
	return uint64(kb - ka)
}

// ulpExp64 returns e with ulp(v) = 2^e for the real v = (hi + lo)·2^s
// (Muller's ulp, the spacing of binary64 numbers in v's binade):
// 2^(⌊log2|v|⌋ − 52) for 2^-1022 ≤ |v| < 2^1024, 2^-1074 below, and 2^971
// from 2^1024 on (the spacing at MaxFinite).
func ulpExp64(hi, lo float64, s int) int {
	b := math.Float64bits(math.Abs(hi))
	e := int(b>>52) - 1023
	if b < 1<<52 { // subnormal hi
		_, fe := math.Frexp(hi)
		e = fe - 1
	}
	if b&fracMask64 == 0 && lo != 0 && (lo < 0) != (hi < 0) {
		e--
	}
	e += s
	switch {
	case e >= 1024:
		return fp64.Emax - fp64.FracBits
	case e < fp64.Emin:
		return fp64.Dmin
	}
	return e - fp64.FracBits
}

// Err64 returns the error of the binary64 result got against the exact
// value v of f(x), in ulps of v: |got − v| / ulp(v), with ulp as in ulpExp64
// (the subnormal clamp 2^-1074, and 2^971 from 2^1024 on).
//
// Special cases are (in order):
//
//	Err64(got, NaN) = 0 if got is NaN, +Inf otherwise (f(x) undefined)
//	Err64(NaN, v) = +Inf for a number v
//	Err64(got, ±Inf) = 0 if got is the same infinity, +Inf otherwise
//	Err64(±Inf, v) = 0 for |v| ≥ 2^1024 of the same sign (an overflow that rounds to Inf)
//	Err64(±Inf, v) = |±2^1024 − v| / ulp(v) otherwise: Inf is read as ±2^1024
//
// v is an SDD from a Ref64's Value; its own error (Ref64.ValueBits) is far
// below what a float64 result of Err64 can show. For |v| ≥ 2^1024 Value may
// be only a representative of the range (Ref64.Value), which makes Err64
// exact for ±Inf and MaxFinite results only in the large.
func Err64(got uint64, v SDD) float64 {
	// Common path: got finite, v unscaled and finite, |v| ≥ 2^-1021 or 0.
	if hb := math.Float64bits(v.Hi) &^ (1 << 63); v.Exp == 0 && fp64.IsFinite(got) && hb < 0x7ff0000000000000 && (hb >= 0x0020000000000000 || hb == 0) {
		g := math.Float64frombits(got)
		e := ulpExp64(v.Hi, v.Lo, 0)
		if hb == 0 {
			e = fp64.Dmin
		}
		// (g − hi) − lo: g − hi is exact when they are within a factor 2
		// (Sterbenz) and otherwise the error is far below |g − v|; 2^-e ≤
		// 2^1074 is scaled in two steps.
		d := math.Abs((g - v.Hi) - v.Lo)
		return math.Ldexp(d, -e)
	}
	return err64Slow(got, v)
}

func err64Slow(got uint64, v SDD) float64 {
	if v.Hi != v.Hi {
		if fp64.IsNaN(got) {
			return 0
		}
		return math.Inf(1)
	}
	if fp64.IsNaN(got) {
		return math.Inf(1)
	}
	if math.IsInf(v.Hi, 0) {
		if math.Float64frombits(got) == v.Hi {
			return 0
		}
		return math.Inf(1)
	}
	x := new(big.Float).SetMantExp(ddBig(v.Hi, v.Lo), v.Exp)
	return ErrBig64(got, x)
}

// ErrBig64 is Err64 for an exact value given as a big.Float (±Inf allowed;
// use Err64 with a NaN SDD for an undefined f(x)).
func ErrBig64(got uint64, v *big.Float) float64 {
	if fp64.IsNaN(got) {
		return math.Inf(1)
	}
	gneg := got&fp64.SignMask != 0
	if v.IsInf() {
		if !fp64.IsInf(got) || gneg != v.Signbit() {
			return math.Inf(1)
		}
		return 0
	}
	const prec = 2400
	av := new(big.Float).Abs(v)
	lim := new(big.Float).SetMantExp(big.NewFloat(1), 1024)
	var g *big.Float
	if fp64.IsInf(got) {
		if gneg == v.Signbit() && av.Cmp(lim) >= 0 {
			return 0
		}
		g = new(big.Float).SetPrec(prec).Set(lim)
		if gneg {
			g.Neg(g)
		}
	} else {
		g = new(big.Float).SetPrec(prec).SetFloat64(math.Float64frombits(got))
	}
	var ue int
	switch {
	case av.Cmp(lim) >= 0:
		ue = fp64.Emax - fp64.FracBits
	case v.Sign() == 0:
		ue = fp64.Dmin
	default:
		ue = max(av.MantExp(nil)-1, fp64.Emin) - fp64.FracBits
	}
	d := new(big.Float).SetPrec(prec).Sub(g, v)
	d.Abs(d)
	d.SetMantExp(d, -ue)
	r, _ := d.Float64()
	return r
}
