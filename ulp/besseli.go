package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
)

// References of the modified Bessel functions I0 and I1: the power series
// in float64 with the error bound proved at besselISeries, and
// internal/oracle's Ziv loop on the same series as the fallback.

// I0 is the reference of the modified Bessel function of the first kind of
// order 0.
//
// Special cases are:
//
//	I0(NaN) = NaN
//	I0(±Inf) = +Inf
//	I0(±0) = 1
//
// Value: relative error < 2^-43.
var I0 = &Ref{name: "i0", arity: 1, modes: rnOnly, valueBits: 43, orc: oracle.I0, k1: func(x uint32) kres { return besselIKernel(x, 0) }}

// I1 is the reference of the modified Bessel function of the first kind of
// order 1 (odd).
//
// Special cases are:
//
//	I1(NaN) = NaN
//	I1(±Inf) = ±Inf
//	I1(±0) = ±0
//
// Value: relative error < 2^-43.
var I1 = &Ref{name: "i1", arity: 1, modes: rnOnly, valueBits: 43, orc: oracle.I1, k1: func(x uint32) kres { return besselIKernel(x, 1) }}

func init() { refs = append(refs, I0, I1) }

// besselISeries returns I_ν(a) = (a/2)^ν·Σ_k (a²/4)^k/(k!·(k+ν)!) for a
// float32 value 0 < a ≤ 100 and ν = 0 or 1, with an error bound.
//
// h = a/2 and q = h² are exact (24 and 48 bits; q ≥ 2^-300 is normal).
// Each term t_{k+1} = t_k·q/((k+1)(k+1+ν)) takes two roundings, so t̂_k =
// t_k·(1 + θ), |θ| ≤ γ_2k; the recursive sum of K positive terms adds at
// most γ_K of the sum: |ŝ − S_K| ≤ γ_3K·S_K ≤ 3K·u·1.01·ŝ·1.01. The
// ratio of consecutive terms, q/((k+1)(k+1+ν)), decreases with k; the loop
// stops once the ratio beyond the last computed term t_K is at most 1/2
// and t_K < 2^-60·ŝ, so the tail Σ_{k≥K} t_k ≤ 2·t_K·1.01 (t_K itself is
// not added). err = ŝ·(3K + 3)·u + 2.1·t̂_K (K = k + 1 terms summed) covers both; with K below
// 150 (a ≤ 100), err < 2^-43.4·ŝ.
func besselISeries(a float64, nu int) (s, err float64) {
	h := a / 2
	q := float64(h * h)
	t := 1.0
	if nu == 1 {
		t = h
	}
	s = t
	k := 0
	for ; ; k++ {
		t = float64(t*q) / float64((k+1)*(k+1+nu))
		if float64(2*q) <= float64((k+2)*(k+2+nu)) && t < 0x1p-60*s {
			break
		}
		s += t
	}
	return s, s*float64(3*k+6)*0x1p-53 + 2.1*t
}

// besselIKernel: I_ν(x) by besselISeries on |x|; |x| > 100 rounds as 2^200
// (the oracle's bound: the term k = 50 alone exceeds 2^135).
func besselIKernel(x uint32, nu int) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsInf(x):
		if nu == 0 {
			return exactRes(math.Inf(1))
		}
		return exactRes(f64of(x))
	case f32.IsZero(x):
		if nu == 0 {
			return exactRes(1)
		}
		return exactRes(f64of(x))
	}
	sign := 1.0
	if nu == 1 && x&f32.SignMask != 0 {
		sign = -1
	}
	a := f64of(x & f32.AbsMask)
	if a > 100 {
		return kres{v: DD{sign * math.Inf(1), 0}, rep: sign * 0x1p200}
	}
	s, err := besselISeries(a, nu)
	if a < 0x1p-13 {
		// I0 = 1 + a²/4·(1 + a²/16 + …), I1 = (a/2)·(1 + a²/8·(1 + …)): with
		// a² < 2^-26 the value lies strictly between b = 1 (I0) or a/2 (I1)
		// and b·(1 + 2^-28), and no rounding boundary of binary32 (a number
		// or a midpoint, spaced at least b·2^-25 apart, b itself possibly
		// one) lies in (b, b·(1 + 2^-28)]: the value rounds as b·(1 + 2^-28)
		// does in every mode, and that is exact in float64 (24 + 28 bits).
		b := 1.0
		if nu == 1 {
			b = a / 2
		}
		return kres{v: DD{sign * s, 0}, rep: sign * b * (1 + 0x1p-28)}
	}
	return kres{v: DD{sign * s, 0}, err: err}
}
