package ptx

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// DivApprox returns an approximation of x/y computed as x·(1/y). It
// emulates div.approx.f32 (ftz false) and div.approx.ftz.f32 (ftz true) as
// sm_90 executes them: MUFU.RCP of y, then an IEEE multiply by x rounded to
// nearest (FMUL.FTZ for the .ftz form).
//
// Special cases are (in order):
//
//	DivApprox(x, y, false) = DivApprox(x·2^24, y·2^24, true) without flushing, for |y| < 2^-126 (±0 included)
//	DivApprox(x, y, ftz) = x·RcpApprox(y, true), rounded to nearest (NaN if either is NaN, 0·Inf = NaN)
//
// so that DivApprox(x, y, ftz) = ±0 for finite x and 2^126 < |y| < 2^128,
// and NaN for infinite x there, as PTX documents; x/±0 is ±Inf for finite
// nonzero x (with ftz, also for subnormal y) and 0/0 is NaN.
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0) on the golden data
// of both forms (2^24 generated pairs in the exhaustive tier). Documented
// (PTX ISA 9.1 §9.7.3, as recorded in internal/spec): "computed as a*(1/b);
// max ulp error 2 for |b| in [2^-126, 2^126]; for 2^126 < |b| < 2^128 the
// result is 0 (NaN if a is ∞)".
//
// Flags: ftz selects the .ftz form: MUFU.RCP and FMUL.FTZ, which flush
// subnormal operands and results. Without it ptxas scales both operands by
// 2^24 when |y| < 2^-126 (FSETP.GEU |y|, 0x1p-126; @!P FMUL x, 0x1p24;
// @!P FMUL y, 0x1p24) and multiplies without flushing.
func DivApprox(x, y uint32, ftz bool) uint32 {
	// MUFU.RCP(y) (RcpApprox's datapath, written out so that the function
	// calls nothing), then FMUL{.FTZ} x, r.
	sign, a := y&f32.SignMask, y&f32.AbsMask
	var r uint32
	if a-f32.MinNormalBits > twoP126Bits-f32.MinNormalBits { // |y| outside [2^-126, 2^126]
		if ftz || a-1 >= f32.MinNormalBits-1 { // not a subnormal to scale
			r = rcpSpecial(sign, a)
			goto mul
		}
		// Without ftz, subnormal y: FMUL x, 0x1p24 and FMUL y, 0x1p24 (exact).
		x, a = rounding.Mul32RN(x, twoP24Bits), subnormalTimes2p24(a)
	}
	{
		f := a & f32.FracMask
		c := &rcpSegs[f>>rcpLowBits]
		xl := f & (1<<rcpLowBits - 1)
		r = rcpPack(sign, a, c.k0+c.k1*uint64(xl)+c.k2*(mufuSquare(xl<<1)>>2))
	}
mul:
	if ftz {
		return mulRNFTZ(f32.FlushSubnormal(x), r)
	}
	return rounding.Mul32RN(x, r)
}

// DivApproxFMA returns fma(x', MUFU.RCP(y'), c), rounded to nearest
// (FFMA.FTZ with ftz), where x'·MUFU.RCP(y') is DivApprox's final multiply:
// div.approx.f32 x/y whose result ptxas contracted into FFMA with an add of
// c (an add.f32 without rounding modifier that reads the quotient). A
// subtraction passes its negated operand (x/y − c: c with its sign bit
// flipped; c − x/y: x with its sign bit flipped).
func DivApproxFMA(x, y, c uint32, ftz bool) uint32 {
	x, r := divApproxOperands(x, y, ftz)
	return rounding.Fma32(x, r, c, rounding.RN, ftz)
}

// divApproxOperands returns the operands of div.approx's final FMUL: x
// (scaled by 2^24 with a subnormal y when ftz is off) and MUFU.RCP of y.
// DivApprox keeps its own copy of these steps, one call fewer on a
// benchmarked path; TestDivOperands checks that the two agree.
func divApproxOperands(x, y uint32, ftz bool) (uint32, uint32) {
	// MUFU.RCP(y) (RcpApprox's datapath, written out so that the function
	// calls nothing).
	sign, a := y&f32.SignMask, y&f32.AbsMask
	if a-f32.MinNormalBits > twoP126Bits-f32.MinNormalBits { // |y| outside [2^-126, 2^126]
		if ftz || a-1 >= f32.MinNormalBits-1 { // not a subnormal to scale
			return x, rcpSpecial(sign, a)
		}
		// Without ftz, subnormal y: FMUL x, 0x1p24 and FMUL y, 0x1p24 (exact).
		x, a = rounding.Mul32RN(x, twoP24Bits), subnormalTimes2p24(a)
	}
	f := a & f32.FracMask
	c := &rcpSegs[f>>rcpLowBits]
	xl := f & (1<<rcpLowBits - 1)
	return x, rcpPack(sign, a, c.k0+c.k1*uint64(xl)+c.k2*(mufuSquare(xl<<1)>>2))
}

// DivFull returns an approximation of x/y, computed as x·(1/y) on operands
// scaled into MUFU.RCP's range. It emulates div.full.f32 (ftz false) and
// div.full.ftz.f32 (ftz true) as sm_90 executes them.
//
// Special cases are (in order):
//
//	DivFull(x, y, ftz) = DivFull(x/4, y/4, ftz) for 2^126 < |y| < 2^128 and ±Inf, both quotients rounded to nearest (flushed with ftz)
//	DivFull(x, y, false) = DivFull(x·2^24, y·2^24, false) for |y| < 2^-126 (±0 included)
//	DivFull(x, y, ftz) = x·RcpApprox(y, true), rounded to nearest (flushed with ftz)
//
// So x/±Inf is ±0 for finite x and NaN for infinite x, x/±0 is ±Inf for
// finite nonzero x and NaN for x = ±0, and NaN operands give NaN (canonical
// 0x7fffffff).
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0) on the golden data
// of both forms (2^24 generated pairs in the exhaustive tier). Documented
// (PTX ISA 9.1 §9.7.3, as recorded in internal/spec): "a relatively fast,
// full-range approximation that scales operands; max ulp error 2 across the
// full range".
//
// Flags: ftz selects the .ftz form (FSETP.GT.FTZ |y|, 0x1p126; @P FMUL.FTZ
// y, 0.25; @P FMUL.FTZ x, 0.25; MUFU.RCP; FMUL.FTZ), where subnormal
// operands and results are flushed. Without it ptxas also scales both
// operands by 2^24 when |y| < 2^-126, and no multiply flushes.
func DivFull(x, y uint32, ftz bool) uint32 {
	// The operand scaling, then DivApprox's MUFU.RCP and FMUL{.FTZ}.
	sign, a := y&f32.SignMask, y&f32.AbsMask
	var r uint32
	if a-f32.MinNormalBits > twoP126Bits-f32.MinNormalBits { // |y| outside [2^-126, 2^126]
		switch {
		case a-1 < f32.MinNormalBits-1 && !ftz:
			// Subnormal y: FMUL x, 0x1p24 and FMUL y, 0x1p24 (exact).
			x, a = rounding.Mul32RN(x, twoP24Bits), subnormalTimes2p24(a)
		case a > twoP126Bits && a < f32.InfBits:
			// FMUL{.FTZ} x, 0.25 and FMUL{.FTZ} y, 0.25: |y|/4 in
			// (2^124, 2^126), exactly.
			if ftz {
				x = mulRNFTZ(f32.FlushSubnormal(x), quarterBits)
			} else {
				x = rounding.Mul32RN(x, quarterBits)
			}
			a -= 2 << f32.FracBits
		case a == f32.InfBits:
			// The same scaling, (±Inf)/4 = ±Inf, and MUFU.RCP(±Inf) = ±0.
			r = sign
			if ftz {
				return mulRNFTZ(mulRNFTZ(f32.FlushSubnormal(x), quarterBits), r)
			}
			return rounding.Mul32RN(rounding.Mul32RN(x, quarterBits), r)
		default:
			r = rcpSpecial(sign, a)
			goto mul
		}
	}
	{
		f := a & f32.FracMask
		c := &rcpSegs[f>>rcpLowBits]
		xl := f & (1<<rcpLowBits - 1)
		r = rcpPack(sign, a, c.k0+c.k1*uint64(xl)+c.k2*(mufuSquare(xl<<1)>>2))
	}
mul:
	if ftz {
		return mulRNFTZ(f32.FlushSubnormal(x), r)
	}
	return rounding.Mul32RN(x, r)
}

// DivFullFMA is DivApproxFMA for div.full.f32: fma(x', MUFU.RCP(y'), c) on
// DivFull's scaled operands, as ptxas contracts div.full x/y and an add of
// c (the SASS of index3d in testdata/kernels: MUFU.RCP, then FFMA with the
// addend).
func DivFullFMA(x, y, c uint32, ftz bool) uint32 {
	x, r := divFullOperands(x, y, ftz)
	return rounding.Fma32(x, r, c, rounding.RN, ftz)
}

// divFullOperands returns the operands of div.full's final FMUL: x scaled
// with y into MUFU.RCP's range, and MUFU.RCP of the scaled y. DivFull keeps
// its own copy of these steps (see divApproxOperands).
func divFullOperands(x, y uint32, ftz bool) (uint32, uint32) {
	sign, a := y&f32.SignMask, y&f32.AbsMask
	if a-f32.MinNormalBits > twoP126Bits-f32.MinNormalBits { // |y| outside [2^-126, 2^126]
		switch {
		case a-1 < f32.MinNormalBits-1 && !ftz:
			// Subnormal y: FMUL x, 0x1p24 and FMUL y, 0x1p24 (exact).
			x, a = rounding.Mul32RN(x, twoP24Bits), subnormalTimes2p24(a)
		case a > twoP126Bits:
			// FMUL{.FTZ} x, 0.25 and FMUL{.FTZ} y, 0.25: |y|/4 in
			// (2^124, 2^126), exactly; (±Inf)/4 = ±Inf, and
			// MUFU.RCP(±Inf) = ±0.
			if ftz {
				x = mulRNFTZ(f32.FlushSubnormal(x), quarterBits)
			} else {
				x = rounding.Mul32RN(x, quarterBits)
			}
			if a == f32.InfBits {
				return x, sign
			}
			if a > f32.InfBits {
				return x, rcpSpecial(sign, a)
			}
			a -= 2 << f32.FracBits
		default:
			return x, rcpSpecial(sign, a)
		}
	}
	f := a & f32.FracMask
	c := &rcpSegs[f>>rcpLowBits]
	xl := f & (1<<rcpLowBits - 1)
	return x, rcpPack(sign, a, c.k0+c.k1*uint64(xl)+c.k2*(mufuSquare(xl<<1)>>2))
}

// rcpSpecial is MUFU.RCP(y) for |y| = a outside [2^-126, 2^126] with sign
// bit sign, as the division forms see it: NaN for NaN; ±0 for
// |y| > 2^126 (flushed) and ±Inf; ±Inf for ±0 and the subnormals (read as
// zeros). Without ftz a subnormal y is scaled by 2^24 first, and x with it;
// for y = ±0 that scaling changes nothing: x·2^24·Inf = x·Inf for every x
// (±Inf for nonzero x, overflow included; NaN for zero or NaN x).
func rcpSpecial(sign, a uint32) uint32 {
	switch {
	case a > f32.InfBits:
		return canonicalNaN
	case a > twoP126Bits:
		return sign
	}
	return sign | f32.InfBits
}

// mulRNFTZ is FMUL.FTZ rounded to nearest, rounding.Mul32(x, y, RN, true),
// for x and y not subnormal (the callers flush x: .ftz reads a subnormal
// operand as the zero of its sign), on host floating point. z, the
// binary32 product (DESIGN.md, fact 1), is the answer unless
// 0 < |z| ≤ 2^-126. There .ftz flushes to the zero of
// its sign unless the exact product p, rounded to 24 bits with unbounded
// exponent, reaches 2^-126 (tininess after rounding, rounding/cuda.go),
// that is unless |p| ≥ 2^-126 - 2^-151, half a unit of [2^-127, 2^-126)
// below 2^-126, where the tie goes to the even 2^-126. A subnormal z is at
// most 2^-126 - 2^-149 and p lies within 2^-150 of it, below that bound
// (the tie at 2^-126 - 2^-150 rounds to the even 2^-126); for |z| = 2^-126
// the test takes p exactly, in binary64 (24+24 significant bits, exponents
// far inside binary64's range), and then 2^-126 is z. TestMulRNFTZ
// compares it with rounding.Mul32.
func mulRNFTZ(x, y uint32) uint32 {
	const tinyFTZBits = 0x380ffffff0000000 // 0x1p-126 - 0x1p-151 in binary64; the shifts drop the sign
	fx, fy := math.Float32frombits(x), math.Float32frombits(y)
	z := math.Float32bits(fx * fy)
	// One test for NaN and |z| ≤ 2^-126: d = |z| - (Inf+1) modulo 2^31
	// maps the NaNs to [0, 2^23-1) and [0, MinNormal] to [2^23-1, 2^24).
	if d := (z - f32.InfBits - 1) & f32.AbsMask; d < 2*f32.MinNormalBits {
		if d < f32.MinNormalBits-1 {
			return canonicalNaN
		}
		if d != 2*f32.MinNormalBits-1 || math.Float64bits(float64(fx)*float64(fy))<<1 < tinyFTZBits<<1 {
			return z & f32.SignMask
		}
	}
	return z
}
