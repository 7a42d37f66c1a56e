package oracle

import "math/big"

// Enclosures of elementary functions of arbitrary big.Float arguments, for
// table generators and tests. Each returns an interval containing the exact
// value whose relative width is about 2^-prec.

// ExpInterval returns an enclosure of e^x for an exact x with |x| ≤ 2^30.
func ExpInterval(x *big.Float, prec uint) Interval { return expPoint(x, prec).exported() }

// LogInterval returns an enclosure of ln x for an exact x > 0.
func LogInterval(x *big.Float, prec uint) Interval { return logPoint(x, prec).exported() }

// SinCosInterval returns enclosures of sin x and cos x for an exact x.
func SinCosInterval(x *big.Float, prec uint) (sin, cos Interval) {
	s, c := sinCosPoint(x, prec)
	return s.exported(), c.exported()
}
