package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
)

// References of sin(πx) and cos(πx) (C23 sinpi, cospi): a fast kernel on
// trig.go's sinK with the bound proved there, and internal/oracle's Ziv
// loops (elem_trigpi.go) as the fallback.

// Sinpi is the reference of sin(πx).
//
// Special cases are (C23 Annex F's sinpi, IEEE 754-2019 9.2.1 sinPi; in every mode):
//
//	Sinpi(NaN) = NaN
//	Sinpi(±Inf) = NaN
//	Sinpi(±0) = ±0
//	Sinpi(n) = +0 and Sinpi(−n) = −0 for an integer n > 0
//	Sinpi(±(n + 1/2)) = ±(−1)^n for an integer n ≥ 0
//
// Value: relative error < 2^-54.
var Sinpi = &Ref{name: "sinpi", arity: 1, modes: rnOnly, valueBits: 54, orc: oracle.Sinpi, k1: sinpiKernel}

// Cospi is the reference of cos(πx).
//
// Special cases are (C23 Annex F's cospi, IEEE 754-2019 9.2.1 cosPi; in every mode):
//
//	Cospi(NaN) = NaN
//	Cospi(±Inf) = NaN
//	Cospi(±0) = 1
//	Cospi(±n) = (−1)^n for an integer n
//	Cospi(±(n + 1/2)) = +0 for an integer n ≥ 0
//
// Value: relative error < 2^-54.
var Cospi = &Ref{name: "cospi", arity: 1, modes: rnOnly, valueBits: 54, orc: oracle.Cospi, k1: cospiKernel}

func init() { refs = append(refs, Sinpi, Cospi) }

func sinpiKernel(x uint32) kres { return trigPiKernel(x, false) }

func cospiKernel(x uint32) kres { return trigPiKernel(x, true) }

// trigPiKernel: sin(πx), or cos(πx) when cos is set, on a = |x| (sinpi is
// odd, cospi even).
//
//	2a an integer (every a ≥ 2^23; a ≥ 2^24 is even, 2a ≡ 0 mod 4): with
//	  q = 2a mod 4, sin(π·a) = 0, 1, 0, −1 and cos(π·a) = 1, 0, −1, 0 exactly,
//	  the zeros +0 (sinpi takes x's sign after; −0 for x < 0)
//	a < 2^-12: r = π·a = rh + rl (below), and the Taylor polynomials of sinKernel
//	  and cosKernel in r (see each)
//	otherwise: J = round(32a) (32a < 2^29 is exact, RoundToEven is exact) and
//	  g = a − J/32, exact: for a < 2^19 both terms are multiples of ulp(a) ≤ 2^-5
//	  and |g| ≤ 2^-6 takes at most 29 bits; for a ≥ 2^19 32a is an integer and
//	  g = 0. Then π·a = Jπ/32 + r with r = π·g: sinK(J mod 64, r) is sin(π·a),
//	  sinK(J + 16, r) cos(π·a), with sinK's bound.
//
// r = π·g from 32g (exact) times π/32 = piOver32Hi + piOver32Lo (within
// 2^-106·π/32): rh + e = 32g·piOver32Hi exactly (twoProd), rl = e +
// RN(32g·piOver32Lo). The error: 2^-106·|r| from the constant, 2^-53 of
// |32g·piOver32Lo| < 2^-52.8·|r| and 2^-53 of |rl| < 2^-51.8·|r| from the two
// roundings: below 2^-104·|r|, within the reduction error sinK allows
// (2^-101 + 2^-104·|r|), and |r| ≤ π/64.
func trigPiKernel(x uint32, cos bool) kres {
	if f32.IsNaN(x) || f32.IsInf(x) {
		return exactRes(math.NaN())
	}
	xf := float64(math.Float32frombits(x))
	a := math.Abs(xf)
	q := -1
	switch {
	case a >= 0x1p24:
		q = 0
	case math.RoundToEven(2*a) == 2*a:
		q = int(2*a) & 3
	}
	if q >= 0 {
		if cos {
			return exactRes([4]float64{1, 0, -1, 0}[q])
		}
		v := [4]float64{0, 1, 0, -1}[q]
		if math.Signbit(xf) {
			v = -v // −0 for a zero v
		}
		return exactRes(v)
	}
	var k kres
	if a < trigTiny {
		k = trigPiTiny(a, cos)
	} else {
		jf := math.RoundToEven(32 * a)
		g32 := 32 * (a - float64(jf*(1.0/32)))
		j := int(jf)
		if cos {
			j += 16
		}
		rh, e := twoProd(g32, piOver32Hi)
		rl := e + float64(g32*piOver32Lo)
		hi, lo, err := sinK(j&63, rh, rl)
		k = kres{v: DD{hi, lo}, err: err}
	}
	if !cos && xf < 0 {
		k.v = DD{-k.v.Hi, -k.v.Lo}
	}
	return k
}

// trigPiTiny returns sin(π·a) (cos(π·a) when cos is set) for 0 < a < 2^-12.
//
// r = π·a = rh + rl as in trigPiKernel (a·π from 32a, exact; a ≥ 2^-149 keeps
// every product normal in float64), within 2^-104·r; r < π·2^-12 < 2^-10.3.
//
//	sin: rh + (rl + r³·(−1/6 + r²/120)) with r² and r³ from rh. Truncation
//	  ≤ r⁷/5040 < 2^-53.7·r³; r³ from rh instead of r ≤ 3·2^-52·r³/6; the
//	  roundings of the polynomial and of the sum ≤ 2^-52·r³ + 2^-105·r. All
//	  with the 2^-104·r of r: err = 2^-50·rh³ + 2^-103·rh.
//	cos: 1 + r²·(−1/2 + r²·(1/24 − r²/720)) with r² = RN(rh²): truncation ≤
//	  r⁸/8! < 2^-75·r²; rh² for r² ≤ 2^-51.9·r², halved; the roundings ≤
//	  4·2^-53·r²/2: err = 2^-50·r².
//
// Both sums are renormalized (fastTwoSum, exact) as decide requires.
func trigPiTiny(a float64, cos bool) kres {
	a32 := 32 * a
	rh, e := twoProd(a32, piOver32Hi)
	rl := e + float64(a32*piOver32Lo)
	r2 := float64(rh * rh)
	if cos {
		lo := r2 * (-0.5 + float64(r2*(1.0/24+float64(r2*(-1.0/720)))))
		hi, lo := fastTwoSum(1, lo) // exact; decide needs |lo| ≤ ulp(hi)
		return kres{v: DD{hi, lo}, err: 0x1p-50 * r2}
	}
	r3 := float64(rh * r2)
	hi, lo := fastTwoSum(rh, rl+float64(r3*(-1.0/6+float64(r2*(1.0/120)))))
	return kres{v: DD{hi, lo}, err: 0x1p-50*r3 + 0x1p-103*rh}
}
