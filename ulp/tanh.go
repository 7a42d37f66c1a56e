package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
)

// tanhKernel: tanh x, odd, evaluated on a = |x|.
//
// Special cases are:
//
//	tanh(NaN) = NaN
//	tanh(±Inf) = ±1
//	tanh(±0) = ±0
//
// Ranges:
//
//	a ≥ 32: 0 < 1 − tanh a = 2/(e^(2a)+1) < 2^-91: rounds as 1 − 2^-30 in every
//	  mode (Value: 1 − 2·e^(-2a))
//	a < 2^-13: tanh a = a − a³/3 + 2a⁵/15 − …; truncation ≤ 17a⁷/315 < 2^-56·a³,
//	  rounding of lo ≤ 2^-51·a³/3: err = 2^-52·a³
//	a < 1/2: t = 2a; em = e^t − 1 from expReduce/expCore. For k = 0, em = p =
//	  sh + (sl + q + sh·sl): q's error ≤ 2^-52·sh² (expCore's Horner bound), the
//	  sum's rounding ≤ 2^-53·|q|, the reduction's 2^-83 against |sh| ≥ 2^-12.1:
//	  relative error ≤ 2^-52·|sh| + 2^-70 < 2^-59 (|sh| < 2^-8.5). For k ≠ 0
//	  (t ≥ ln2/256·(1 − 2^-40)), E = e^t within 0x1.01p-66·E and em = E − 1 by
//	  twoSum: relative error ≤ 0x1.01p-66·E/em < 2^-57.4 (E/em ≤ 371). tanh a =
//	  em/(em + 2): the numerator's relative error rel, the denominator's ≤ rel·
//	  |em|/|em + 2| ≤ rel, the double-double quotient 2^-100: ≤ 2·rel + 2^-100
//	1/2 ≤ a < 32: E = e^(2a) (k < 2^15) within 2^-65.9·E; 2/(E+1) as a
//	  double-double quotient has relative error ≤ 2^-65.9 + 2^-100, magnitude ≤
//	  0.54, and tanh a = 1 − 2/(E+1) ≥ 0.46 by fastTwoSum (exact) and one more
//	  rounding of lo (≤ 2^-105): absolute error ≤ 2^-65·q + 2^-104, q = 2/(E+1).
func tanhKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsInf(x):
		return exactRes(math.Copysign(1, float64(math.Float32frombits(x))))
	case f32.IsZero(x):
		return exactRes(float64(math.Float32frombits(x)))
	}
	xf := float64(math.Float32frombits(x))
	a := math.Abs(xf)
	var hi, lo, err float64
	switch {
	case a >= 32:
		hi, lo = 1, -2*expOutside(-2*a)
		if xf < 0 {
			hi, lo = -hi, -lo
		}
		return kres{v: DD{hi, lo}, rep: math.Copysign(1-0x1p-30, xf)}
	case a < 0x1p-13:
		a2 := a * a
		a3 := float64(a * a2)
		hi, lo, err = a, a3*(-1.0/3+a2*(2.0/15)), 0x1p-52*a3
	case a < 0.5:
		t := 2 * a
		k, sh, sl := expReduce(t)
		var emh, eml, rel float64
		if k == 0 {
			q := float64(sh*sh) * (0.5 + sh*(1.0/6+sh*(1.0/24+sh*(1.0/120+sh*(1.0/720+sh*(1.0/5040))))))
			emh, eml = fastTwoSum(sh, sl+q+sh*sl)
			rel = 0x1p-59
		} else {
			eh, el := expCore(k, sh, sl)
			var e2 float64
			emh, e2 = twoSum(eh, -1)
			eml = e2 + el
			rel = 0x1.01p-66 * eh / emh
		}
		// tanh a = em/(em + 2).
		dh, dl := fastTwoSum(2, emh)
		dl += eml
		hi = emh / dh
		rem := math.FMA(-hi, dh, emh) + (eml - hi*dl)
		lo = rem / dh
		err = (2*rel + 0x1p-100) * hi
	default:
		k, sh, sl := expReduce(2 * a)
		eh, el := expCore(k, sh, sl)
		dh, dl := fastTwoSum(eh, 1)
		dl += el
		qh := 2 / dh
		rem := math.FMA(-qh, dh, 2) - qh*dl
		ql := rem / dh
		hi, lo = fastTwoSum(1, -qh)
		lo -= ql
		err = 0x1p-65*qh + 0x1p-104
	}
	if xf < 0 {
		hi, lo = -hi, -lo
	}
	return kres{v: DD{hi, lo}, err: err}
}
