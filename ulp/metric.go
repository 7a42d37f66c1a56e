package ulp

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
)

// Dist returns the number of binary32 steps between the encodings a and b
// on the ordered line of f32.Key: 0 for equal values, 1 for neighbours. The
// two zeros are the same point (distance 0), two NaNs are at distance 0, and
// a NaN is at distance math.MaxUint32 from every number. ±Inf are the ends
// of the line (Dist(MaxFinite, +Inf) = 1).
//
// This is CUDA's metric: NVIDIA states its bounds as "the absolute value of
// the difference in ulps between a correctly rounded single-precision result
// and the result returned by the CUDA library function", so reports compare
// Dist(got, RN(f(x))) with them.
func Dist(a, b uint32) uint32 {
	an, bn := f32.IsNaN(a), f32.IsNaN(b)
	if an || bn {
		if an && bn {
			return 0
		}
		return math.MaxUint32
	}
	d := f32.Key(a) - f32.Key(b)
	if d < 0 {
		d = -d
	}
	return uint32(d)
}

// ulpExp returns e with ulp(v) = 2^e for the real v = hi + lo (Muller's
// ulp, which for binary32 is Goldberg's: the spacing of binary32 numbers in
// the binade of v): 2^(⌊log2|v|⌋ − 23) for 2^-126 ≤ |v| < 2^128, 2^-149 below
// (subnormals and 0), and 2^104 for |v| ≥ 2^128 (the spacing at MaxFinite).
// When hi is a power of two and lo has the other sign, v lies in the binade
// below hi.
func ulpExp(hi, lo float64) int {
	a := math.Abs(hi)
	if a >= overflow32 {
		return f32.Emax - f32.FracBits
	}
	b := math.Float64bits(a)
	e := int(b>>52) - 1023
	if b&fracMask64 == 0 && lo != 0 && (lo < 0) != (hi < 0) {
		e--
	}
	if e < f32.Emin {
		e = f32.Emin
	}
	return e - f32.FracBits
}

// Err returns the error of the binary32 result got against the exact value
// v of f(x), in ulps of v: |got − v| / ulp(v), with ulp as in ulpExp (the
// subnormal clamp 2^-149, and 2^104 beyond MaxFinite).
//
// Special cases are (in order):
//
//	Err(got, NaN) = 0 if got is NaN, +Inf otherwise (f(x) undefined)
//	Err(NaN, v) = +Inf for a number v
//	Err(got, ±Inf) = 0 if got is the same infinity, +Inf otherwise (a pole)
//	Err(±Inf, v) = 0 for |v| ≥ 2^128 of the same sign (an overflow that rounds to Inf)
//	Err(±Inf, v) = |±2^128 − v| / ulp(v) otherwise: Inf is read as ±2^128, the
//	  value it would have with an unbounded exponent
//
// v is a DD from a reference's Value; its own error (see Ref.ValueBits) is
// far below what a float64 result of Err can show.
func Err(got uint32, v DD) float64 {
	// Common path: got finite, |v| < 2^128 (NaN and ±Inf excluded).
	if hb := math.Float64bits(v.Hi) &^ (1 << 63); got&f32.ExpMask != f32.ExpMask && hb < 0x47f0000000000000 {
		e := int(hb>>52) - 1023
		if hb&fracMask64 == 0 && v.Lo != 0 && (v.Lo < 0) != (v.Hi < 0) {
			e--
		}
		e = max(e, f32.Emin)
		// 1/ulp = 2^(23−e), a normal float64.
		return math.Abs((f64(got)-v.Hi)-v.Lo) * math.Float64frombits(uint64(1023+f32.FracBits-e)<<52)
	}
	return errSlow(got, v)
}

// errRun stores Err(got[i], val[i]) in errs[i], with Err's common path
// inlined by hand into the loop (TestAddRun checks that it is Err).
func errRun(got []uint32, val []DD, errs []float64) {
	val, errs = val[:len(got)], errs[:len(got)]
	for i, g := range got {
		hi, lo := val[i].Hi, val[i].Lo
		hb := math.Float64bits(hi) &^ (1 << 63)
		if g&f32.ExpMask == f32.ExpMask || hb >= 0x47f0000000000000 {
			errs[i] = errSlow(g, val[i])
			continue
		}
		b := int(hb >> 52)
		if hb&fracMask64 == 0 && lo != 0 && (lo < 0) != (hi < 0) {
			b--
		}
		b = max(b, 1023+f32.Emin)
		errs[i] = math.Abs((f64(g)-hi)-lo) * math.Float64frombits(uint64(2*1023+f32.FracBits-b)<<52)
	}
}

func errSlow(got uint32, v DD) float64 {
	if v.Hi != v.Hi { // NaN
		if f32.IsNaN(got) {
			return 0
		}
		return math.Inf(1)
	}
	if f32.IsNaN(got) {
		return math.Inf(1)
	}
	g := f64(got)
	if math.IsInf(v.Hi, 0) {
		if g == v.Hi {
			return 0
		}
		return math.Inf(1)
	}
	if math.IsInf(g, 0) {
		// |v| ≥ 2^128 of the same sign: hi beyond 2^128, or hi = ±2^128 with
		// lo not pulling v below it.
		if a := math.Abs(v.Hi); (g > 0) == (v.Hi > 0) && (a > overflow32 || a == overflow32 && (v.Lo == 0 || (v.Lo > 0) == (v.Hi > 0))) {
			return 0
		}
		g = math.Copysign(overflow32, g)
	}
	d := math.Abs((g - v.Hi) - v.Lo)
	// 2^-ulpExp is a normal float64: ulpExp ∈ [−149, 104].
	return d * math.Float64frombits(uint64(1023-ulpExp(v.Hi, v.Lo))<<52)
}

// ErrBig is Err for an exact value given as a big.Float (±Inf allowed; use
// Err with a NaN DD for an undefined f(x)).
func ErrBig(got uint32, v *big.Float) float64 {
	if f32.IsNaN(got) {
		return math.Inf(1)
	}
	if v.IsInf() {
		if !f32.IsInf(got) || (got&f32.SignMask != 0) != v.Signbit() {
			return math.Inf(1)
		}
		return 0
	}
	const prec = 400
	g := new(big.Float).SetPrec(prec).SetFloat64(f64(got))
	av := new(big.Float).Abs(v)
	lim := new(big.Float).SetMantExp(big.NewFloat(1), 128)
	if f32.IsInf(got) {
		if (got&f32.SignMask != 0) == v.Signbit() && av.Cmp(lim) >= 0 {
			return 0
		}
		g.SetMantExp(big.NewFloat(1), 128)
		if got&f32.SignMask != 0 {
			g.Neg(g)
		}
	}
	var ue int
	switch {
	case av.Cmp(lim) >= 0:
		ue = f32.Emax - f32.FracBits
	case v.Sign() == 0:
		ue = f32.Dmin
	default:
		e := av.MantExp(nil) - 1
		ue = max(e, f32.Emin) - f32.FracBits
	}
	d := new(big.Float).SetPrec(prec).Sub(g, v)
	d.Abs(d)
	d.SetMantExp(d, -ue)
	r, _ := d.Float64()
	return r
}

// AbsErr returns |got − v| for functions whose NVIDIA bound is absolute
// (__sinf on [−π, π], __logf on [0.5, 2]): +Inf when got is NaN or an
// infinity and v is a finite number, 0 when both are the same special value.
func AbsErr(got uint32, v DD) float64 {
	if v.Hi != v.Hi || f32.IsNaN(got) {
		if v.Hi != v.Hi && f32.IsNaN(got) {
			return 0
		}
		return math.Inf(1)
	}
	g := f64(got)
	if math.IsInf(g, 0) || math.IsInf(v.Hi, 0) {
		if g == v.Hi {
			return 0
		}
		return math.Inf(1)
	}
	return math.Abs((g - v.Hi) - v.Lo)
}
