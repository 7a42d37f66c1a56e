package ulp

import "math"

// DD is a double-double: the unevaluated sum Hi + Lo of two float64, with
// |Lo| at most about ulp(Hi). References return f(x) as a DD; special
// results are exact in Hi with Lo = 0: NaN for an undefined result, ±Inf for
// an exact infinity (a pole, or a value beyond the float64 range), ±0.
type DD struct {
	Hi, Lo float64
}

// Float64 returns Hi + Lo rounded to float64.
func (d DD) Float64() float64 { return d.Hi + d.Lo }

// The error-free transformations below are exact in IEEE binary64 with
// round-to-nearest and no overflow; math.FMA is exact by definition, and the
// explicit float64 conversions keep the compiler from fusing a product into
// an addition (Go spec, "Floating-point operators").

// twoSum returns s = fl(a+b) and e with s + e = a + b exactly (Knuth).
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return s, e
}

// fastTwoSum is twoSum for |a| ≥ |b| (or a = 0) (Dekker).
func fastTwoSum(a, b float64) (s, e float64) {
	s = a + b
	e = b - (s - a)
	return s, e
}

// twoProd returns p = fl(a·b) and e with p + e = a·b exactly.
func twoProd(a, b float64) (p, e float64) {
	p = float64(a * b)
	e = math.FMA(a, b, -p)
	return p, e
}
