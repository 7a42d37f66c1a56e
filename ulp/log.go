package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// Fast kernels of ln x, log2 x and log10 x.
//
// x = 2^e·m, m ∈ [1, 2) exact; i = the top 7 fraction bits; c = logC[i] (12
// bits) so that r = m·c − 1 is exact (m·c has at most 36 bits, and m·c ∈
// [1 − 2^-7, 1 + 2^-7] so the subtraction is exact by Sterbenz). |r| < 2^-7:
// cells 0 and 127 have c = 1 and 1/2, the others |m·c − 1| ≤ 2^-8 + 2^-13.
// Then ln x = e·ln2 + T_i + log1p(r), T_i = −ln c = logT[i].

// logSpecial handles the special cases shared by the logarithms.
//
// Special cases are:
//
//	f(NaN) = NaN
//	f(±0) = -Inf
//	f(x < 0) = NaN
//	f(+Inf) = +Inf
//	f(1) = +0
func logSpecial(x uint32) (kres, bool) {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN()), true
	case f32.IsZero(x):
		return exactRes(math.Inf(-1)), true
	case x&f32.SignMask != 0:
		return exactRes(math.NaN()), true
	case x == f32.InfBits:
		return exactRes(math.Inf(1)), true
	case x == f32.OneBits:
		return exactRes(0), true
	}
	return kres{}, false
}

// logSplit returns e, i and r for a positive finite x (subnormals
// normalized).
func logSplit(x uint32) (e int, i uint32, r float64) {
	frac := x & f32.FracMask
	b := int(x >> f32.FracBits)
	if b == 0 { // subnormal: normalize
		for frac&f32.HiddenBit == 0 {
			frac <<= 1
			b--
		}
		frac &= f32.FracMask
		b++
	}
	e = b - f32.Bias
	m := math.Float64frombits(0x3ff<<52 | uint64(frac)<<29)
	i = frac >> 16
	return e, i, m*logC[i] - 1
}

// log1pTail returns P ≈ log1p(r) − r + r²/2 = r³/3 − r⁴/4 + … + r¹¹/11 for
// |r| < 2^-7, given r2h = RN(r²): truncation ≤ r¹²/12 < 2^-60·|r|³, Horner
// rounding ≤ 3·2^-53·|P| (P ≤ 0.34·|r|³), so |P − exact| < 2^-51.4·|r|³.
func log1pTail(r, r2h float64) float64 {
	return float64(r*r2h) * (1.0/3 + r*(-1.0/4+r*(1.0/5+r*(-1.0/6+r*(1.0/7+r*(-1.0/8+r*(1.0/9+r*(-1.0/10+r*(1.0/11)))))))))
}

// logCore returns ln x as a double-double with an absolute error bound, for a
// positive finite x ≠ 1.
//
//	ln x = [e·ln2H42 + Th] + r − r²/2 + [P + e·ln2L42 + Tl − r2l/2]
//
// e·ln2H42 is exact (42 + 8 bits); the three leading sums are exact twoSums
// (s1, t1), (s2, t2), (s3, t3); r² = r2h + r2l exactly. Errors: P < 2^-51.4·|r|³;
// the final addition P + (…) ≤ 2^-53·|lo| < 2^-53·(0.34|r|³) + 2^-104·|s|; the
// sum of the small terms (each ≤ 2^-52·max|s_j|, s_j ≤ 2^8) < 2^-97; e·ln2L42
// rounding ≤ 2^-53·|e|·2^-44 and the split error |e|·|ln2H42 + ln2L42 − ln 2| ≤
// |e|·2^-98; Tl ≤ 2^-106·|T_i| < 2^-106. In cell 0 with e = 0 only the r terms
// and 2^-104·|s3| remain. Altogether
//
//	err ≤ 2^-51·|r|³ + 2^-97·|ln x| + 2^-95·|e| + 2^-105·[i ≠ 0] + 2^-97·[e ≠ 0]
//
// which err below covers (2^-96·|e| ≥ the last two when e ≠ 0; 2^-105 always).
func logCore(x uint32) (hi, lo, err float64, r float64) {
	e, i, r := logSplit(x)
	ef := float64(e)
	r2h, r2l := twoProd(r, r)
	P := log1pTail(r, r2h)
	s1, t1 := twoSum(ef*ln2H42, logT[i][0])
	s2, t2 := twoSum(s1, r)
	hi, t3 := twoSum(s2, -0.5*r2h)
	lo = P + ((((t1 + t2) + t3) + ef*ln2L42) + (logT[i][1] - 0.5*r2l))
	hi, lo = fastTwoSum(hi, lo) // normalize, exact: |lo| < |hi|
	r3 := math.Abs(r * r * r)
	err = 0x1p-51*r3 + 0x1p-97*math.Abs(hi) + 0x1p-94*math.Abs(ef) + 0x1p-105
	return hi, lo, err, r
}

// logKernel: ln x, with logCore's bound. Relative error: in cells 0 and 127
// next to x = 1 the result is ≈ r, |r| ≥ 2^-24 unless e ≠ 0 makes |ln x| ≥ 2^-8,
// so err/|ln x| < 2^-51·r² + 2^-97 + 2^-81; elsewhere |ln x| ≥ 2^-8: < 2^-65.
func logKernel(x uint32) kres {
	if r, ok := logSpecial(x); ok {
		return r
	}
	hi, lo, err, _ := logCore(x)
	return kres{v: DD{hi, lo}, err: err}
}

// log2Kernel: log2 x = e + (T_i + log1p(r))/ln 2.
//
//	x = 2^k: log2 x = k exactly (other rational x give irrational results)
//
// u = T_i + log1p(r) as in logCore without the e terms, error ≤ 2^-51·|r|³ +
// 2^-100; times 1/ln2 (double-double, relative error 2^-106) with the product
// error ≤ 2^-104·|u|, the rounding of ul·invLn2Hi ≤ 2^-53·1.45·0.35·|r|³ and of
// the final sums ≤ 2^-104·(|e| + |u|):
//
//	err ≤ 1.45·(2^-51·|r|³ + 2^-100) + 2^-54·|r|³ + 2^-103·(1 + |e|) ≤ 2^-50·|r|³ + 2^-98·(1 + |e|)
//
// Near x = 1 (cell 127, e = −1, u ≈ ln2 + r) the sum e + u/ln2 cancels exactly
// in twoSum; the absolute bound stays 2^-97 against |log2 x| ≥ 2^-24·1.44.
func log2Kernel(x uint32) kres {
	if r, ok := logSpecial(x); ok {
		return r
	}
	e, i, r := logSplit(x)
	if x&f32.FracMask == 0 || (x < f32.MinNormalBits && x&(x-1) == 0) {
		return exactRes(float64(e)) // x = 2^e
	}
	r2h, r2l := twoProd(r, r)
	P := log1pTail(r, r2h)
	s2, t2 := twoSum(logT[i][0], r)
	s3, t3 := twoSum(s2, -0.5*r2h)
	ul := P + ((t2 + t3) + (logT[i][1] - 0.5*r2l))
	ph, pe := twoProd(s3, invLn2Hi)
	pl := pe + (s3*invLn2Lo + ul*invLn2Hi)
	ef := float64(e)
	hi, h2 := twoSum(ef, ph)
	hi, lo := fastTwoSum(hi, h2+pl)
	err := 0x1p-50*math.Abs(r*r*r) + 0x1p-98*(1+math.Abs(ef))
	return kres{v: DD{hi, lo}, err: err}
}

// log10Exact[n-1] is the encoding of 10^n for n = 1…10, the powers of ten
// that are binary32 numbers.
var log10Exact = func() (b [10]uint32) {
	v := uint32(1)
	for n := range b {
		v *= 10
		b[n] = math.Float32bits(float32(v)) // exact: 10^n = 5^n·2^n, 5^n < 2^24
	}
	return b
}()

// log10Kernel: log10 x = ln x · (1/ln 10).
//
//	x = 10^n, n = 1…10: log10 x = n exactly (log10 of any other rational is irrational)
//
// With logCore's error E and 1/ln10 = invLn10Hi + invLn10Lo (relative error
// 2^-106): err ≤ 0.4343·E + 2^-103·|ln x| + 2^-53·0.44·|lo| ≤ 2^-51·|r|³ +
// 2^-96·|log10 x| + 2^-95·|e| + 2^-105 + 2^-53·|P| — covered by 0.4343·E's
// terms scaled by 1.1.
func log10Kernel(x uint32) kres {
	if r, ok := logSpecial(x); ok {
		return r
	}
	for n, b := range log10Exact {
		if x == b {
			return exactRes(float64(n + 1))
		}
	}
	h, l, err, _ := logCore(x)
	ph, pe := twoProd(h, invLn10Hi)
	pl := pe + (h*invLn10Lo + l*invLn10Hi)
	hi, lo := fastTwoSum(ph, pl)
	return kres{v: DD{hi, lo}, err: 0.5*err + 0x1p-100*math.Abs(hi)}
}

// logNaNRun is Ref.run1 of the logarithms: a run of NaNs or of negative
// numbers (−0 excluded; −Inf included) gives NaN in every mode, as
// logSpecial does (the canonical NaN, Value NaN), in one pass; it returns
// false for other runs. Within a sign the encodings are ordered by
// magnitude, so the ends of a run of one sign decide.
func logNaNRun(x0 uint32, _ rounding.Mode, want []uint32, val []DD) bool {
	a0 := x0 & f32.AbsMask
	if !(a0 > f32.InfBits || x0&f32.SignMask != 0 && a0 != 0) {
		return false
	}
	v := DD{math.NaN(), 0}
	val = val[:len(want)]
	for i := range want {
		want[i], val[i] = f32.CanonicalNaNBits, v
	}
	return true
}
