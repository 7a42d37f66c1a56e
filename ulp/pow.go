package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
)

// intClass reports whether a finite u is an integer and whether it is odd.
func intClass(u uint32) (isInt, odd bool) {
	a := u & f32.AbsMask
	if a == 0 {
		return true, false
	}
	b := int(a >> f32.FracBits)
	switch {
	case b < f32.Bias: // 0 < |u| < 1
		return false, false
	case b >= f32.Bias+f32.FracBits+1: // |u| ≥ 2^24: even integers
		return true, false
	}
	sig := a&f32.FracMask | f32.HiddenBit
	sh := uint(f32.Bias + f32.FracBits - b) // number of fraction bits below the units place
	if sig&(1<<sh-1) != 0 {
		return false, false
	}
	return true, sig>>sh&1 == 1
}

// powSpecial handles the special cases of pow (C99 F.9.4.4), in order.
//
// Special cases are:
//
//	pow(x, ±0) = 1 for any x, even NaN
//	pow(+1, y) = 1 for any y, even NaN
//	pow(NaN, y) = pow(x, NaN) = NaN
//	pow(±0, y) = ±Inf for y an odd integer < 0
//	pow(±0, y) = +Inf for y < 0 and not an odd integer (-Inf included)
//	pow(±0, y) = ±0 for y an odd integer > 0
//	pow(±0, y) = +0 for y > 0 and not an odd integer (+Inf included)
//	pow(-1, ±Inf) = 1
//	pow(x, -Inf) = +Inf for |x| < 1, +0 for |x| > 1
//	pow(x, +Inf) = +0 for |x| < 1, +Inf for |x| > 1
//	pow(-Inf, y) = -0 for y an odd integer < 0, +0 for other y < 0
//	pow(-Inf, y) = -Inf for y an odd integer > 0, +Inf for other y > 0
//	pow(+Inf, y) = +0 for y < 0, +Inf for y > 0
//	pow(x, y) = NaN for finite x < 0 and finite non-integer y
func powSpecial(x, y uint32) (kres, bool) {
	nan, inf, one := math.NaN(), math.Inf(1), 1.0
	switch {
	case f32.IsZero(y), x == f32.OneBits:
		return exactRes(one), true
	case f32.IsNaN(x), f32.IsNaN(y):
		return exactRes(nan), true
	}
	yNeg := y&f32.SignMask != 0
	yOdd := false
	if !f32.IsInf(y) {
		_, yOdd = intClass(y)
	}
	switch {
	case f32.IsZero(x):
		switch {
		case yNeg && yOdd:
			return exactRes(math.Copysign(inf, float64(math.Float32frombits(x)))), true
		case yNeg:
			return exactRes(inf), true
		case yOdd:
			return exactRes(float64(math.Float32frombits(x))), true
		}
		return exactRes(0), true
	case f32.IsInf(y):
		ax := x & f32.AbsMask
		switch {
		case ax == f32.OneBits:
			return exactRes(one), true
		case (ax < f32.OneBits) == yNeg:
			return exactRes(inf), true
		}
		return exactRes(0), true
	case x == f32.NegInfBits:
		switch {
		case yNeg && yOdd:
			return exactRes(math.Copysign(0, -1)), true
		case yNeg:
			return exactRes(0), true
		case yOdd:
			return exactRes(-inf), true
		}
		return exactRes(inf), true
	case x == f32.InfBits:
		if yNeg {
			return exactRes(0), true
		}
		return exactRes(inf), true
	}
	if x&f32.SignMask != 0 {
		if isInt, _ := intClass(y); !isInt {
			return exactRes(nan), true
		}
	}
	return kres{}, false
}

// powKernel: x^y = ±e^t, t = y·ln|x|, the sign − for x < 0 and an odd integer y.
//
// ln|x| = lh + ll within eL (logCore). t = y·(lh + ll): twoProd(y, lh) is exact,
// y·ll and the sum round with error ≤ 2^-104·|t|, so t = th + tl within
//
//	eT = |y|·eL + 2^-103·|th|.
//
// Ranges: t > th − eT > 89.5 gives |x^y| > 2^129 (rounds as 2^200), t < th + eT
// < −105 gives |x^y| < 2^-151 (rounds as 2^-300); the oracle decides when eT ≥
// 2^-10 otherwise; |th| < 2^-40 gives 1 + t directly. Otherwise |th| ≤ 106 and k = round(th·128/ln2) has |k| < 2^15:
// k·ln2N1 is exact, t − k·ln2N1 is captured exactly by twoSum with tl added
// (rounding ≤ 2^-53·|sl| < 2^-105), then −k·ln2N2 by twoProd and twoSum as in
// expReduce: s = sh + sl within eT + 2^-82. expCore then gives e^t with
// relative error ≤ 2^-66 + (e^(eT+2^-82) − 1) ≤ 2^-66 + 1.01·(eT + 2^-82).
//
// Exact cases (results that are binary32 numbers, or midpoints, like
// pow(3, 2) or pow(1 + 2^-12, 2)) are never decided in directed modes or at a
// midpoint by this test (the enclosure touches the boundary): they go to the
// oracle, which rounds their exact value.
func powKernel(x, y uint32) kres {
	if r, ok := powSpecial(x, y); ok {
		return r
	}
	neg := false
	if x&f32.SignMask != 0 {
		_, neg = intClass(y)
	}
	ax := x & f32.AbsMask
	yf := float64(math.Float32frombits(y))
	lh, ll, eL, _ := logCore(ax)
	th, te := twoProd(yf, lh)
	tl := te + yf*ll
	eT := math.Abs(yf)*eL + 0x1p-103*math.Abs(th)
	sign := 1.0
	if neg {
		sign = -1
	}
	switch {
	case ax == f32.OneBits: // |x| = 1: x = -1 with an integer y
		return exactRes(sign)
	case th-eT > 89.5:
		return kres{v: DD{sign * expOutside(th), 0}, rep: sign * 0x1p200}
	case th+eT < -105:
		return kres{v: DD{sign * expOutside(th), 0}, rep: sign * 0x1p-300}
	case !(eT < 0x1p-10) || math.Abs(th) > 106:
		return kres{v: DD{sign * expOutside(th), 0}, err: math.Inf(1)}
	case math.Abs(th) < 0x1p-40:
		// e^t = 1 + t + δ, 0 ≤ δ ≤ t²·0.51 < 2^-40·|t|; t = th + tl rounds once
		// (2^-53·|t|), and t itself is known within eT (e^t's change ≤ 1.01·eT).
		l := th + tl
		return kres{v: DD{sign, sign * l}, err: 0x1.01p0*eT + 0x1p-40*math.Abs(th)}
	}
	k := roundHalf(th * invLn2N)
	kf := float64(k)
	r1, r1e := twoSum(th, -kf*ln2N1)
	p, pe := twoProd(kf, ln2N2)
	sh, s2 := twoSum(r1, -p)
	sl := s2 + ((r1e + tl) - pe)
	hi, lo := expCore(k, sh, sl)
	err := (0x1p-66 + 1.01*(eT+0x1p-82)) * hi
	return kres{v: DD{sign * hi, sign * lo}, err: err}
}
