package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
)

// CUDA's double logarithms (issue 18): log, log2, log10 and log1p follow
// kernels log_, log2_, log10_ and log1p_ of gpu/ref/funcs64/*.ptx.xz (CUDA
// 13.0.88, sm_90), with the host's float64 arithmetic for their binary64
// fma.rn, add and mul as in lib64_exp.go, and rcp.approx.ftz.f64 from
// package ptx. ptxas contracts none of their mul/add (the SASS has the
// PTX's DFMA, DMUL and DADD).
//
// Two flags change their PTX. -fmad=false: the quotient v = 2u/(m+1) is
// 2·RN(u·r) (mul.rn, add.rn) instead of fma(u, r, RN(u·r)); the emulation
// follows it, but no result is known to change (the device's -fmad=false
// golden files of the four equal the default's, and 4·10^6 random inputs
// agree). -ftz=true (and -use_fast_math): the zero test of the special
// path compares the high word as a float32 with .ftz, so a negative
// operand whose high word (after the 2^54 prescale of subnormals) reads
// as a float32 subnormal, -2^-1069 < x < 0, gives -Inf instead of NaN in
// log, log2 and log10; log1p's argument 1+x never lies there (it is a
// multiple of 2^-53 near 0), so its results do not change.

// log64Core returns ln(x) as kernel log_ computes it, the value kernels
// log2_ and log10_ scale. Its binary64 operations are the device's fma.rn,
// add.rn and mul.rn on finite operands, rounded to nearest: the host's
// IEEE float64 operations give the same results, subnormal ones included,
// and past the special path no operand or result is a NaN or an infinity
// (m and m+1 are normal, |v| < 0.35, |k| ≤ 1077).
func log64Core(x float64, ftz, noFMAD bool) float64 {
	b := math.Float64bits(x)
	k0 := int32(-1023)
	if b-0x0010000000000000 >= 0x7fe0000000000000 { // not 2^-1022 ≤ x < +Inf
		if int64(b) < 0x0010000000000000 { // subnormal, zero or negative: prescale by 2^54
			// mul.f64 by a power of two: exact for finite x, NaN x quieted.
			b = math.Float64bits(float64(x * 0x1p54))
		}
		if h := uint32(b >> 32); h-1 >= 0x7fefffff { // ±0, negative, +Inf or NaN
			return log64Special(math.Float64frombits(b), h, ftz)
		}
		k0 = -1077
	}
	// x = 2^k·m with m in [√2/2, √2).
	m, ah, k := log64Split(b)
	k += k0
	// ln(m) = 2·atanh(u/(m+1)) with u = m−1: v ≈ 2u/(m+1), from the
	// refined reciprocal rc of m+1, and a correction w. m+1 in [1.7, 2.5)
	// has no special case of rcp.approx.ftz.f64 (ptx.RcpHiFTZF64).
	a := m + 1
	rc := math.Float64frombits(uint64(ptx.RcpHiFTZF64(ah)) << 32)
	d := math.FMA(-a, rc, 1)
	d = math.FMA(d, d, d)
	rc = math.FMA(d, rc, rc)
	u := m - 1
	var v float64
	if noFMAD {
		v = float64(u * rc)
		v += v
	} else {
		v = math.FMA(u, rc, float64(u*rc))
	}
	v2 := float64(v * v)
	q := math.FMA(0x1.1380b3ae80f1ep-20, v2, 0x1.0ee258b7a8b04p-18)
	q = math.FMA(q, v2, 0x1.3b2669f02676fp-16)
	q = math.FMA(q, v2, 0x1.745cba9ab0956p-14)
	q = math.FMA(q, v2, 0x1.c71c72d1b5154p-12)
	q = math.FMA(q, v2, 0x1.24924923be72dp-09)
	q = math.FMA(q, v2, 0x1.999999999a3c4p-07)
	q = math.FMA(q, v2, 0x1.5555555555554p-04)
	t := u - v
	t += t
	t = math.FMA(-v, u, t)
	w := math.FMA(float64(v2*q), v, float64(rc*t))
	// k·ln(2) + v + w, with ln(2) = hi + lo and the rounding error of
	// k·hi + v folded into w.
	kd := float64(k)
	hi := math.FMA(kd, exp64Ln2Hi, v)
	e := math.FMA(-kd, exp64Ln2Hi, hi) - v
	w = math.FMA(kd, exp64Ln2Lo, w-e)
	return hi + w
}

// log64Split returns, for the encoding b of a positive normal x, the m in
// [√2/2, √2) and the k of x = 2^(k−1023)·m that the logarithm kernels
// take, and the high word ah of m+1 (rounded to nearest, as add.rn.f64
// computes it) from the integers alone, so that the seed of 1/(m+1) need
// not wait for the floating-point sum. Any other b gives an m in
// [√2/2, √2) and no panic.
//
// With F the 52 fraction bits of x, m = 1 + F·2^-52 or (1 + F·2^-52)/2
// (where F ≥ 0x6a09f·2^32, m's high word at least 0x3ff6a09f): m+1 is
// 2·(1 + (F/2)·2^-52) or 1 + (2^51 + F/2)·2^-52. Both round F/2 to an
// integer, to nearest even: the dropped bit F mod 2 is a tie, rounded up
// where ⌊F/2⌋ is odd. The second form's carry out of the fraction
// (F = 2^52−1) increments the exponent field, giving 2.
//
// Without branches: s is all ones where m < 1, where the split is a coin
// toss for uniform fractions.
func log64Split(b uint64) (m float64, ah uint32, k int32) {
	f := b & (1<<52 - 1)
	s := uint64(int64(0x6a09f<<32-1-f) >> 63)
	mb := f | 0x3ff0000000000000 - s&(1<<52)
	ab := 0x4000000000000000 - s&(1<<51) + f>>1 + f&(f>>1)&1
	return math.Float64frombits(mb), uint32(ab >> 32), int32(b>>52) - int32(s)
}

// log64Special is the special path of the logarithm kernels for x (after
// the prescale) with high word h: ±0, a negative number, +Inf or a NaN.
// The kernels return fma(x, +Inf, +Inf), or -Inf where the high word read
// as a float32 equals zero (.ftz under -ftz=true).
func log64Special(x float64, h uint32, ftz bool) float64 {
	hf := h &^ (1 << 31)
	if hf == 0 || ftz && hf < 0x800000 {
		return math.Inf(-1)
	}
	// fma.rn(x, +Inf, +Inf): x quieted for a NaN x, +Inf for x = +Inf, and
	// the default NaN of −Inf + Inf for x < 0.
	switch {
	case x != x:
		return math.Float64frombits(math.Float64bits(x) | 1<<51)
	case x > 0:
		return x
	}
	return math.Float64frombits(0xfff8000000000000)
}

// Log returns the natural logarithm of x as CUDA's log computes it under fl.
//
// Special cases are:
//
//	Log(+Inf) = +Inf
//	Log(±0) = -Inf
//	Log(x) = NaN (0xfff8000000000000) for x < 0, -Inf included; -Inf for -2^-1069 < x < 0 with -ftz=true
//	Log(NaN) = NaN: x quieted, sign and payload kept
//	Log(1) = +0
//
// Accuracy: bit-exact with the H100's log (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: -ftz=true (with -use_fast_math): -Inf for -2^-1069 < x < 0.
// -fmad=false changes the PTX, not the results known (lib64_log.go).
// -prec-div and -prec-sqrt do not change it.
func (fl Flags) Log(x float64) float64 { return log64Core(x, fl.FTZ, fl.NoFMAD) }

// Log returns log(x) under nvcc's default flags (Flags{}.Log).
func Log(x float64) float64 { return log64Core(x, false, false) }

// Log2 returns the base-2 logarithm of x as CUDA's log2 computes it under
// fl: ln(x)·log2(e) with log2(e) = hi + lo, as a product and an fma.
//
// Special cases are:
//
//	Log2(+Inf) = +Inf
//	Log2(±0) = -Inf
//	Log2(x) = NaN (0xfff8000000000000) for x < 0, -Inf included; -Inf for -2^-1069 < x < 0 with -ftz=true
//	Log2(NaN) = NaN: x quieted, sign and payload kept
//	Log2(2^k) = k for every normal or subnormal power of two
//
// Accuracy: bit-exact with the H100's log2 (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: as Log.
func (fl Flags) Log2(x float64) float64 {
	y := log64Core(x, fl.FTZ, fl.NoFMAD)
	return math.FMA(y, exp64Log2e, float64(y*0x1.777d0ffda0d24p-56))
}

// Log2 returns log2(x) under nvcc's default flags (Flags{}.Log2).
func Log2(x float64) float64 { return Flags{}.Log2(x) }

// Log10 returns the base-10 logarithm of x as CUDA's log10 computes it
// under fl: ln(x)·log10(e) with log10(e) = hi + lo, as a product and an fma.
//
// Special cases are:
//
//	Log10(+Inf) = +Inf
//	Log10(±0) = -Inf
//	Log10(x) = NaN (0xfff8000000000000) for x < 0, -Inf included; -Inf for -2^-1069 < x < 0 with -ftz=true
//	Log10(NaN) = NaN: x quieted, sign and payload kept
//	Log10(1) = +0
//
// Accuracy: bit-exact with the H100's log10 (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: as Log.
func (fl Flags) Log10(x float64) float64 {
	y := log64Core(x, fl.FTZ, fl.NoFMAD)
	return math.FMA(y, 0x1.bcb7b1526e50ep-02, float64(y*0x1.95355baaafad3p-57))
}

// Log10 returns log10(x) under nvcc's default flags (Flags{}.Log10).
func Log10(x float64) float64 { return Flags{}.Log10(x) }

// Log1p returns ln(1+x) as CUDA's log1p computes it under fl.
//
// Special cases are:
//
//	Log1p(+Inf) = +Inf
//	Log1p(-1) = -Inf
//	Log1p(x) = NaN (0xfff8000000000000) for x < -1, -Inf included
//	Log1p(NaN) = NaN: x quieted, sign and payload kept
//	Log1p(±0) = ±0
//
// Accuracy: bit-exact with the H100's log1p (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result: -fmad=false and -ftz=true change the PTX
// of log's path for 1+x only where no result changes (lib64_log.go).
func (fl Flags) Log1p(x float64) float64 { return log1pKernel(x, fl.FTZ, fl.NoFMAD) }

// log1pKernel is the body of kernel log1p_, which asinh_, acosh_ and
// atanh_ inline.
func log1pKernel(x float64, ftz, noFMAD bool) float64 {
	// The kernel compares the high word read as a float32 (a NaN there
	// fails both): about -0.41 < x < 0.66 takes the path near 0,
	// ln(1+x) = 2·atanh(x/(x+2)) around the correctly rounded quotient.
	hf := math.Float32frombits(uint32(math.Float64bits(x) >> 32))
	if !(hf < 0x1.caaaaap+00 && hf > -0x1.b33332p+00) {
		return log64Core(x+1, ftz, noFMAD)
	}
	q := x / (x + 2) // div.rn.f64: the host quotient is the same IEEE division
	m := float64(x * q)
	s := x - m
	s2 := float64(s * s)
	p := math.FMA(0x1.372fb2fbe14b5p-20, s2, 0x1.087ffceb2dc44p-18)
	p = math.FMA(p, s2, 0x1.3b9ff890f468cp-16)
	p = math.FMA(p, s2, 0x1.7457efd51baf8p-14)
	p = math.FMA(p, s2, 0x1.c71c8de3ce825p-12)
	p = math.FMA(p, s2, 0x1.249248fa4661fp-09)
	p = math.FMA(p, s2, 0x1.99999999d70c4p-07)
	p = math.FMA(p, s2, 0x1.5555555555462p-04)
	return x + math.FMA(float64(s2*p), s, -m)
}

// Log1p returns log1p(x) under nvcc's default flags (Flags{}.Log1p).
func Log1p(x float64) float64 { return Flags{}.Log1p(x) }
