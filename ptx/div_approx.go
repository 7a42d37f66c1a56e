package ptx

import (
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
	if ftz {
		return rounding.Mul32(x, mufuRcp(y), rn, true)
	}
	if tinyMag(y) {
		x = rounding.Mul32(x, twoP24Bits, rn, false)
		y = rounding.Mul32(y, twoP24Bits, rn, false)
	}
	return rounding.Mul32(mufuRcp(y), x, rn, false)
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
	huge, tiny := hugeMag(y), tinyMag(y) // both tested on the original y
	if huge {
		x = rounding.Mul32(x, quarterBits, rn, ftz)
		y = rounding.Mul32(y, quarterBits, rn, ftz)
	}
	if tiny && !ftz {
		x = rounding.Mul32(x, twoP24Bits, rn, false)
		y = rounding.Mul32(y, twoP24Bits, rn, false)
	}
	return rounding.Mul32(mufuRcp(y), x, rn, ftz)
}
