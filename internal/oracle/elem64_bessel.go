package oracle

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f64"
)

// The binary64 references of the Bessel functions (Func64): J0, J1, Y0,
// Y1, Jn, Yn and I0, I1 of elem_bessel.go and elem_gamma.go on a binary64
// argument, with the same enclosures (besselJ, besselY, besselIPoint take
// any exact x; reduceHalfPi carries π to the precision plus the exponent of
// x, so Hankel's phase stays certified up to 2^1024) and the binary64
// representatives:
//
//	f64J0(NaN) = NaN, f64J0(±Inf) = +0, f64J0(±0) = 1 (exact); J1 odd, ±0 at ±0 and ±Inf
//	f64Y0(NaN) = NaN, f64Y0(±0) = -Inf, f64Y0(x < 0) = NaN, f64Y0(+Inf) = +0; Y1 the same
//	f64Jn and f64Yn: Jn and Yn's special cases (n the int32 of the first argument's low 32 bits)
//	|J_n(x)| ≤ (e·|x|/(2n))^n below 2^-1100 rounds as ±2^-3000 (n ≥ 2)
//	|n| > MaxBesselOrder: NaN (no binary64 shortcut; the generators draw n ≤ 100)
//	f64I0, f64I1: I0 and I1's special cases; |x| > 800 rounds as ±2^2000
//	  (the series' term k = 400: (x/2)^800/(400!)² > 2^1142, (x/2)^801/(400!·401!) > 2^1141)
var (
	f64J0 = &Func64{Name: "j0", Arity: 1, eval: func(x, _ uint64) evalCase { return besselJEval64(0, x) }}
	f64J1 = &Func64{Name: "j1", Arity: 1, eval: func(x, _ uint64) evalCase { return besselJEval64(1, x) }}
	f64Y0 = &Func64{Name: "y0", Arity: 1, eval: func(x, _ uint64) evalCase { return besselYEval64(0, x) }}
	f64Y1 = &Func64{Name: "y1", Arity: 1, eval: func(x, _ uint64) evalCase { return besselYEval64(1, x) }}
	f64Jn = &Func64{Name: "jn", Arity: 2, eval: func(n, x uint64) evalCase { return besselJEval64(int64(int32(uint32(n))), x) }}
	f64Yn = &Func64{Name: "yn", Arity: 2, eval: func(n, x uint64) evalCase { return besselYEval64(int64(int32(uint32(n))), x) }}
	f64I0 = &Func64{Name: "i0", Arity: 1, eval: func(x, _ uint64) evalCase { return besselIEval64(x, 0) }}
	f64I1 = &Func64{Name: "i1", Arity: 1, eval: func(x, _ uint64) evalCase { return besselIEval64(x, 1) }}
)

func besselJEval64(n int64, x uint64) evalCase {
	m := n
	if m < 0 {
		m = -m
	}
	neg := m&1 == 1 && (n < 0) != bin64.isNeg(x)
	var sign uint64
	if neg {
		sign = f64.SignMask
	}
	switch {
	case bin64.isNaN(x):
		return bin64.nanCase()
	case bin64.isInf(x):
		return fixed64(sign)
	case bin64.isZero(x):
		if m == 0 {
			return exactCase(big.NewFloat(1))
		}
		return fixed64(sign)
	case m > MaxBesselOrder:
		return bin64.nanCase()
	}
	ax := Value64(bin64.abs(x))
	enc := always(func(p uint) ival { return signedIval(besselJ(int(m), ax, p), neg) })
	if m >= 2 {
		// |J_m(x)| ≤ (e·x/(2m))^m (besselJEval): below 2^-1100 it rounds
		// as ±2^-3000; the float64 logarithm's error is far below the
		// margin (ax ≤ 2^1024, m ≤ 4096).
		xf, _ := ax.Float64()
		if float64(m)*math.Log2(math.E*xf/(2*float64(m))) < -1100 {
			return bin64.tinyCase(neg, enc)
		}
	}
	return zivCase(enc)
}

func besselYEval64(n int64, x uint64) evalCase {
	m := n
	if m < 0 {
		m = -m
	}
	flip := n < 0 && m&1 == 1
	var sign uint64
	if flip {
		sign = f64.SignMask
	}
	switch {
	case bin64.isNaN(x):
		return bin64.nanCase()
	case bin64.isZero(x):
		return fixed64(bin64.negInf() ^ sign)
	case bin64.isNeg(x):
		return bin64.nanCase()
	case bin64.isInf(x):
		return fixed64(sign)
	case m > MaxBesselOrder:
		return bin64.nanCase()
	}
	ax := Value64(x)
	return zivCase(always(func(p uint) ival { return signedIval(besselY(int(m), ax, p), flip) }))
}

func besselIEval64(x uint64, nu int) evalCase {
	switch {
	case bin64.isNaN(x):
		return bin64.nanCase()
	case bin64.isInf(x):
		if nu == 0 {
			return fixed64(bin64.inf)
		}
		return fixed64(x)
	case bin64.isZero(x):
		if nu == 0 {
			return exactCase(big.NewFloat(1))
		}
		return fixed64(x)
	}
	neg := nu == 1 && bin64.isNeg(x)
	if bin64.cmp(bin64.abs(x), 800) > 0 {
		return bin64.hugeCase(neg, nil)
	}
	a := Value64(bin64.abs(x))
	return zivCase(always(func(p uint) ival { return signedIval(besselIPoint(a, nu, p), neg) }))
}
