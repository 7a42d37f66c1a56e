package fp

import (
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels of the __half and __nv_bfloat16 square root, reciprocal,
// exponential and logarithm functions (hsqrt hrsqrt hrcp hexp hexp2 hexp10
// hlog hlog2 hlog10): the PTX of kernels f16_* and bf16_* in
// gpu/ref/funcs16/*.ptx.xz (cuda_fp16.hpp's and cuda_bf16.hpp's inline asm,
// CUDA 13.0.88, sm_90). Each converts x to float32 exactly (cvt.f32.f16,
// cvt.f32.bf16), computes in float32 with one MUFU instruction of package
// ptx and at most one fma or mul, and rounds back once (cvt.rn.f16.f32,
// cvt.rn.bf16.f32). The binary16 forms then correct a few inputs whose
// float32 result rounds the wrong way, each with one fma.rn.f16 (corr16).
// The SASS (gpu/ref/funcs16/*.sass.xz) contracts nothing further: no mul
// or add stands next to another.
//
// The 16-bit values are their encodings, as in package rounding
// (rounding.AddF16, rounding.AddBF16).

// to32 is cvt.f32.f16 (bf false) or cvt.f32.bf16 (bf true): exact.
func to32(x uint16, bf bool) uint32 {
	if bf {
		return rounding.BF16ToF32(x)
	}
	return rounding.F16ToF32(x)
}

// from32 is cvt.rn.f16.f32 (bf false) or cvt.rn.bf16.f32 (bf true).
func from32(f uint32, bf bool) uint16 {
	if bf {
		return rounding.F32ToBF16(f, rounding.RN)
	}
	return rounding.F32ToF16(f, rounding.RN)
}

// mufu16 is the shape of hsqrt, hrsqrt, hrcp and hexp2, hlog2 before their
// corrections: x converted to float32, op (a MUFU instruction of package
// ptx), the result rounded back. cuda_fp16.hpp writes the .ftz form of op,
// cuda_bf16.hpp the plain form (its subnormal inputs are float32
// subnormals), in inline asm that no flag changes.
func mufu16(x uint16, bf bool, op func(uint32, bool) uint32) uint16 {
	return from32(op(to32(x, bf), !bf), bf)
}

// corr16 is one of the binary16 corrections nvcc's inline asm appends:
// set.eq.f16.f16 p, v, spc (p = 1.0 if v equals spc, else +0; no spc is a
// zero or a NaN, so equality is equality of encodings), then fma.rn.f16 r,
// p, ulp, r (fma).
type corr16 struct{ spc, ulp uint16 }

// apply is the correction on v and r. Where p = +0 the fma adds the exact
// zero 0·ulp, of ulp's sign (ulp is finite and nonzero), to r: that gives
// r for every nonzero r (Infs included), 0x7fff for a NaN r, and for a
// zero r the sum of two zeros, −0 only when both are −0 (round to nearest).
// TestCorr16 checks this against fma on every r and ulp.
func (c corr16) apply(v, r uint16) uint16 {
	if v == c.spc {
		return c.fma(0x3c00, r)
	}
	switch {
	case r&0x7fff > 0x7c00:
		return 0x7fff
	case r == 0x8000 && c.ulp&0x8000 == 0:
		return 0
	}
	return r
}

// fma is fma.rn.f16 r', p, ulp, r.
func (c corr16) fma(p, r uint16) uint16 { return rounding.FmaF16(p, c.ulp, r, rounding.RN, false) }

// The corrections of each binary16 kernel, in the PTX's order; hlog2's
// compare the result so far, the others the argument.
var (
	hexpCorrF16   = [...]corr16{{0x1f79, 0x9400}, {0x25cf, 0x9400}, {0xc13b, 0x0400}, {0xc1ef, 0x0200}}
	hexp10CorrF16 = [...]corr16{{0x34de, 0x9800}, {0x9766, 0x9000}, {0x9972, 0x1000}, {0xa5c4, 0x1000}, {0xbf0a, 0x8100}}
	hlogCorrF16   = [...]corr16{{0x160d, 0x9c00}, {0x3bfe, 0x8010}, {0x3c0b, 0x8080}, {0x6051, 0x1c00}}
	hlog2CorrF16  = [...]corr16{{0xa2e2, 0x8080}, {0xbf46, 0x9400}}
	hlog10CorrF16 = [...]corr16{{0x338f, 0x1000}, {0x33f8, 0x9000}, {0x57e1, 0x9800}, {0x719d, 0x9c00}}
)

// The float32 constants of the kernels.
const (
	log2eF16   = 0x3fb8aa3b // 0x1.715476p+0, log2(e) rounded: cuda_fp16.hpp's hexp
	log2eBF16  = 0x3fb8aa3c // 0x1.715478p+0: cuda_bf16.hpp's hexp
	log2of10   = 0x40549a78 // 0x1.a934fp+1, log2(10) rounded: both hexp10
	ln2F32     = 0x3f317218 // 0x1.62e43p-1, ln(2) rounded: both hlog
	log10of2   = 0x3e9a209b // 0x1.344136p-2, log10(2) rounded: both hlog10
	ulpOneF32  = 0x33800000 // 2^-24: cuda_fp16.hpp's hexp2 multiplies by 1 + 2^-24
	negZeroF32 = 0x80000000
)

// exp16 is hexp and hexp10 in float32, before the rounding back: x·c then
// ex2.approx. binary16 (inline asm): fma.rn.f32 x, c, −0, then
// ex2.approx.ftz.f32. bfloat16: mul.f32 x, c (mul.ftz.f32 with -ftz=true,
// mul.rn.f32 with -fmad=false, the same product) outside the asm, then
// ex2.approx.f32.
func exp16(x uint16, bf bool, c uint32, ftz bool) uint32 {
	f := to32(x, bf)
	if bf {
		return ptx.Ex2Approx(mul(f, c, ftz), false)
	}
	return ptx.Ex2Approx(fma(f, c, negZeroF32, false), true)
}

// log16 is hlog and hlog10 before the rounding back: lg2.approx (.ftz for
// binary16), then mul.f32 by c (binary16: in the asm, no .ftz; bfloat16:
// outside it, mul.ftz.f32 with -ftz=true, mul.rn.f32 with -fmad=false).
func log16(x uint16, bf bool, c uint32, ftz bool) uint16 {
	l := ptx.Lg2Approx(to32(x, bf), !bf)
	return from32(mul(l, c, ftz && bf), bf)
}

// HsqrtF16 returns √x as CUDA's hsqrt(__half) computes it: cvt.f32.f16,
// sqrt.approx.ftz.f32, cvt.rn.f16.f32.
//
// Special cases are:
//
//	HsqrtF16(+Inf) = +Inf
//	HsqrtF16(±0) = ±0
//	HsqrtF16(x) = NaN (0x7fff) for x < 0 and x NaN
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0) under each of the six
// captured flag sets, and correctly rounded on every input. NVIDIA documents
// no ulp bound: each of these functions is computed "in
// round-to-nearest-even mode" (CUDA Math API 13.0).
//
// Flags: none changes it (inline asm).
func (fl Flags) HsqrtF16(x uint16) uint16 { return mufu16(x, false, ptx.SqrtApprox) }

// HsqrtBF16 returns √x as CUDA's hsqrt(__nv_bfloat16) computes it:
// cvt.f32.bf16, sqrt.approx.f32 (subnormal inputs kept), cvt.rn.bf16.f32.
// Special cases and accuracy are HsqrtF16's.
//
// Flags: none changes it (inline asm).
func (fl Flags) HsqrtBF16(x uint16) uint16 { return mufu16(x, true, ptx.SqrtApprox) }

// HrsqrtF16 returns 1/√x as CUDA's hrsqrt(__half) computes it: cvt.f32.f16,
// rsqrt.approx.ftz.f32, cvt.rn.f16.f32.
//
// Special cases are:
//
//	HrsqrtF16(+Inf) = +0
//	HrsqrtF16(±0) = ±Inf
//	HrsqrtF16(x) = NaN (0x7fff) for x < 0 and x NaN
//
// Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) HrsqrtF16(x uint16) uint16 { return mufu16(x, false, ptx.RsqrtApprox) }

// HrsqrtBF16 returns 1/√x as CUDA's hrsqrt(__nv_bfloat16) computes it:
// cvt.f32.bf16, rsqrt.approx.f32, cvt.rn.bf16.f32. Special cases and
// accuracy are HrsqrtF16's.
//
// Flags: none changes it (inline asm).
func (fl Flags) HrsqrtBF16(x uint16) uint16 { return mufu16(x, true, ptx.RsqrtApprox) }

// HrcpF16 returns 1/x as CUDA's hrcp(__half) computes it: cvt.f32.f16,
// rcp.approx.ftz.f32, cvt.rn.f16.f32.
//
// Special cases are:
//
//	HrcpF16(±Inf) = ±0
//	HrcpF16(±0) = ±Inf
//	HrcpF16(x) = ±Inf for 0 < |x| ≤ 2^-16 (0x0100)
//	HrcpF16(NaN) = NaN (0x7fff)
//
// Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) HrcpF16(x uint16) uint16 { return mufu16(x, false, ptx.RcpApprox) }

// HrcpBF16 returns 1/x as CUDA's hrcp(__nv_bfloat16) computes it:
// cvt.f32.bf16, rcp.approx.f32, cvt.rn.bf16.f32.
//
// Special cases are:
//
//	HrcpBF16(±Inf) = ±0
//	HrcpBF16(±0) = ±Inf
//	HrcpBF16(x) = ±Inf for 0 < |x| ≤ 2^-128 (0x0020)
//	HrcpBF16(NaN) = NaN (0x7fff)
//
// Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) HrcpBF16(x uint16) uint16 { return mufu16(x, true, ptx.RcpApprox) }

// HexpF16 returns e^x as CUDA's hexp(__half) computes it: cvt.f32.f16,
// fma.rn.f32 x·log2(e) − 0, ex2.approx.ftz.f32, cvt.rn.f16.f32, then four
// corrections by one binary16 ulp (inputs 0x1f79, 0x25cf, 0xc13b, 0xc1ef).
//
// Special cases are:
//
//	HexpF16(±0) = 1
//	HexpF16(+Inf) = +Inf
//	HexpF16(-Inf) = +0
//	HexpF16(x) = +Inf for x ≥ 0x498c (11.09375)
//	HexpF16(x) = +0 for x ≤ 0xcc56 (-17.34375)
//	HexpF16(NaN) = NaN (0x7fff)
//
// Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) HexpF16(x uint16) uint16 {
	r := from32(exp16(x, false, log2eF16, false), false)
	for _, c := range hexpCorrF16 {
		r = c.apply(x, r)
	}
	return r
}

// HexpBF16 returns e^x as CUDA's hexp(__nv_bfloat16) computes it under fl:
// cvt.f32.bf16, mul.f32 x·log2(e), ex2.approx.f32, cvt.rn.bf16.f32.
//
// Special cases are:
//
//	HexpBF16(±0) = 1
//	HexpBF16(+Inf) = +Inf
//	HexpBF16(-Inf) = +0
//	HexpBF16(x) = +Inf for x ≥ 0x42b2 (89)
//	HexpBF16(x) = +0 for x ≤ 0xc2ba (-93)
//	HexpBF16(NaN) = NaN (0x7fff)
//
// Accuracy: as HsqrtF16.
//
// Flags: -ftz=true (and -use_fast_math): mul.ftz.f32; -fmad=false:
// mul.rn.f32. Neither changes a result: a flushed subnormal x or product
// still gives ex2 = 1.
func (fl Flags) HexpBF16(x uint16) uint16 { return from32(exp16(x, true, log2eBF16, fl.FTZ), true) }

// Hexp2F16 returns 2^x as CUDA's hexp2(__half) computes it: cvt.f32.f16,
// ex2.approx.ftz.f32, fma.rn.f32 e·2^-24 + e (e·(1 + 2^-24)), cvt.rn.f16.f32.
//
// Special cases are:
//
//	Hexp2F16(±0) = 1
//	Hexp2F16(+Inf) = +Inf
//	Hexp2F16(-Inf) = +0
//	Hexp2F16(x) = +Inf for x ≥ 16
//	Hexp2F16(x) = +0 for x ≤ -25
//	Hexp2F16(NaN) = NaN (0x7fff)
//
// Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) Hexp2F16(x uint16) uint16 {
	e := ptx.Ex2Approx(to32(x, false), true)
	return from32(fma(e, ulpOneF32, e, false), false)
}

// Hexp2BF16 returns 2^x as CUDA's hexp2(__nv_bfloat16) computes it:
// cvt.f32.bf16, ex2.approx.f32, cvt.rn.bf16.f32.
//
// Special cases are:
//
//	Hexp2BF16(±0) = 1
//	Hexp2BF16(+Inf) = +Inf
//	Hexp2BF16(-Inf) = +0
//	Hexp2BF16(x) = +Inf for x ≥ 128
//	Hexp2BF16(x) = +0 for x ≤ 0xc306 (-134)
//	Hexp2BF16(NaN) = NaN (0x7fff)
//
// Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) Hexp2BF16(x uint16) uint16 { return mufu16(x, true, ptx.Ex2Approx) }

// Hexp10F16 returns 10^x as CUDA's hexp10(__half) computes it: cvt.f32.f16,
// fma.rn.f32 x·log2(10) − 0, ex2.approx.ftz.f32, cvt.rn.f16.f32, then five
// corrections by one binary16 ulp (inputs 0x34de, 0x9766, 0x9972, 0xa5c4,
// 0xbf0a).
//
// Special cases are:
//
//	Hexp10F16(±0) = 1
//	Hexp10F16(+Inf) = +Inf
//	Hexp10F16(-Inf) = +0
//	Hexp10F16(x) = +Inf for x ≥ 0x44d1 (4.8164062)
//	Hexp10F16(x) = +0 for x ≤ 0xc787 (-7.5273438)
//	Hexp10F16(NaN) = NaN (0x7fff)
//
// Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) Hexp10F16(x uint16) uint16 {
	r := from32(exp16(x, false, log2of10, false), false)
	for _, c := range hexp10CorrF16 {
		r = c.apply(x, r)
	}
	return r
}

// Hexp10BF16 returns 10^x as CUDA's hexp10(__nv_bfloat16) computes it under
// fl: cvt.f32.bf16, mul.f32 x·log2(10), ex2.approx.f32, cvt.rn.bf16.f32,
// and 0x3f75 for x = 0xbc95 (setp and selp after the asm).
//
// Special cases are:
//
//	Hexp10BF16(±0) = 1
//	Hexp10BF16(+Inf) = +Inf
//	Hexp10BF16(-Inf) = +0
//	Hexp10BF16(x) = +Inf for x ≥ 0x421b (38.75)
//	Hexp10BF16(x) = +0 for x ≤ 0xc222 (-40.5)
//	Hexp10BF16(NaN) = NaN (0x7fff)
//
// Accuracy: as HsqrtF16.
//
// Flags: as HexpBF16.
func (fl Flags) Hexp10BF16(x uint16) uint16 {
	if x == 0xbc95 {
		return 0x3f75
	}
	return from32(exp16(x, true, log2of10, fl.FTZ), true)
}

// HlogF16 returns ln x as CUDA's hlog(__half) computes it: cvt.f32.f16,
// lg2.approx.ftz.f32, mul.f32 by ln(2), cvt.rn.f16.f32, then four
// corrections (inputs 0x160d, 0x3bfe, 0x3c0b, 0x6051).
//
// Special cases are:
//
//	HlogF16(±0) = -Inf
//	HlogF16(1) = +0
//	HlogF16(+Inf) = +Inf
//	HlogF16(x) = NaN (0x7fff) for x < 0 and x NaN
//
// Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) HlogF16(x uint16) uint16 {
	r := log16(x, false, ln2F32, false)
	for _, c := range hlogCorrF16 {
		r = c.apply(x, r)
	}
	return r
}

// HlogBF16 returns ln x as CUDA's hlog(__nv_bfloat16) computes it under fl:
// cvt.f32.bf16, lg2.approx.f32, mul.f32 by ln(2), cvt.rn.bf16.f32.
//
// Special cases are:
//
//	HlogBF16(±0) = -Inf
//	HlogBF16(1) = +0
//	HlogBF16(+Inf) = +Inf
//	HlogBF16(x) = NaN (0x7fff) for x < 0 and x NaN
//
// Accuracy: as HsqrtF16.
//
// Flags: -ftz=true (and -use_fast_math): mul.ftz.f32; -fmad=false:
// mul.rn.f32. Neither changes a result (no logarithm of a bfloat16 is
// subnormal).
func (fl Flags) HlogBF16(x uint16) uint16 { return log16(x, true, ln2F32, fl.FTZ) }

// Hlog2F16 returns log2(x) as CUDA's hlog2(__half) computes it:
// cvt.f32.f16, lg2.approx.ftz.f32, cvt.rn.f16.f32, then two corrections
// chosen by the result (0xa2e2, 0xbf46).
//
// Special cases are HlogF16's. Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) Hlog2F16(x uint16) uint16 {
	r := mufu16(x, false, ptx.Lg2Approx)
	for _, c := range hlog2CorrF16 {
		r = c.apply(r, r)
	}
	return r
}

// Hlog2BF16 returns log2(x) as CUDA's hlog2(__nv_bfloat16) computes it:
// cvt.f32.bf16, lg2.approx.f32, cvt.rn.bf16.f32.
//
// Special cases are HlogBF16's. Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) Hlog2BF16(x uint16) uint16 { return mufu16(x, true, ptx.Lg2Approx) }

// Hlog10F16 returns log10(x) as CUDA's hlog10(__half) computes it:
// cvt.f32.f16, lg2.approx.ftz.f32, mul.f32 by log10(2), cvt.rn.f16.f32,
// then four corrections (inputs 0x338f, 0x33f8, 0x57e1, 0x719d).
//
// Special cases are HlogF16's. Accuracy: as HsqrtF16.
//
// Flags: none changes it (inline asm).
func (fl Flags) Hlog10F16(x uint16) uint16 {
	r := log16(x, false, log10of2, false)
	for _, c := range hlog10CorrF16 {
		r = c.apply(x, r)
	}
	return r
}

// Hlog10BF16 returns log10(x) as CUDA's hlog10(__nv_bfloat16) computes it
// under fl: cvt.f32.bf16, lg2.approx.f32, mul.f32 by log10(2),
// cvt.rn.bf16.f32.
//
// Special cases are HlogBF16's. Accuracy: as HsqrtF16.
//
// Flags: as HlogBF16.
func (fl Flags) Hlog10BF16(x uint16) uint16 { return log16(x, true, log10of2, fl.FTZ) }

// HsqrtF16 returns hsqrt(x) on __half under nvcc's default flags (Flags{}.HsqrtF16).
func HsqrtF16(x uint16) uint16 { return Flags{}.HsqrtF16(x) }

// HsqrtBF16 returns hsqrt(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.HsqrtBF16).
func HsqrtBF16(x uint16) uint16 { return Flags{}.HsqrtBF16(x) }

// HrsqrtF16 returns hrsqrt(x) on __half under nvcc's default flags (Flags{}.HrsqrtF16).
func HrsqrtF16(x uint16) uint16 { return Flags{}.HrsqrtF16(x) }

// HrsqrtBF16 returns hrsqrt(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.HrsqrtBF16).
func HrsqrtBF16(x uint16) uint16 { return Flags{}.HrsqrtBF16(x) }

// HrcpF16 returns hrcp(x) on __half under nvcc's default flags (Flags{}.HrcpF16).
func HrcpF16(x uint16) uint16 { return Flags{}.HrcpF16(x) }

// HrcpBF16 returns hrcp(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.HrcpBF16).
func HrcpBF16(x uint16) uint16 { return Flags{}.HrcpBF16(x) }

// HexpF16 returns hexp(x) on __half under nvcc's default flags (Flags{}.HexpF16).
func HexpF16(x uint16) uint16 { return Flags{}.HexpF16(x) }

// HexpBF16 returns hexp(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.HexpBF16).
func HexpBF16(x uint16) uint16 { return Flags{}.HexpBF16(x) }

// Hexp2F16 returns hexp2(x) on __half under nvcc's default flags (Flags{}.Hexp2F16).
func Hexp2F16(x uint16) uint16 { return Flags{}.Hexp2F16(x) }

// Hexp2BF16 returns hexp2(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.Hexp2BF16).
func Hexp2BF16(x uint16) uint16 { return Flags{}.Hexp2BF16(x) }

// Hexp10F16 returns hexp10(x) on __half under nvcc's default flags (Flags{}.Hexp10F16).
func Hexp10F16(x uint16) uint16 { return Flags{}.Hexp10F16(x) }

// Hexp10BF16 returns hexp10(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.Hexp10BF16).
func Hexp10BF16(x uint16) uint16 { return Flags{}.Hexp10BF16(x) }

// HlogF16 returns hlog(x) on __half under nvcc's default flags (Flags{}.HlogF16).
func HlogF16(x uint16) uint16 { return Flags{}.HlogF16(x) }

// HlogBF16 returns hlog(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.HlogBF16).
func HlogBF16(x uint16) uint16 { return Flags{}.HlogBF16(x) }

// Hlog2F16 returns hlog2(x) on __half under nvcc's default flags (Flags{}.Hlog2F16).
func Hlog2F16(x uint16) uint16 { return Flags{}.Hlog2F16(x) }

// Hlog2BF16 returns hlog2(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.Hlog2BF16).
func Hlog2BF16(x uint16) uint16 { return Flags{}.Hlog2BF16(x) }

// Hlog10F16 returns hlog10(x) on __half under nvcc's default flags (Flags{}.Hlog10F16).
func Hlog10F16(x uint16) uint16 { return Flags{}.Hlog10F16(x) }

// Hlog10BF16 returns hlog10(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.Hlog10BF16).
func Hlog10BF16(x uint16) uint16 { return Flags{}.Hlog10BF16(x) }
