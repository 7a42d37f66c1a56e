package fp

import (
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// hsin, hcos, htanh and htanh_approx of cuda_fp16.h and cuda_bf16.h as nvcc
// (CUDA 13.0, sm_90) compiles them (kernels f16_hsin … bf16_htanh_approx of
// gpu/ref/funcs16/<flagset>.ptx.xz and .sass.xz). Arguments and results are
// 16-bit encodings, as in rounding.AddF16 and rounding.AddBF16. Each
// computes in float32 from the input widened exactly (cvt.f32.f16,
// cvt.f32.bf16) and rounds to 16 bits at the end (cvt.rn.f16.f32,
// cvt.rn.bf16.f32), except the tanh.approx forms (ptx.TanhApproxF16).
//
// The half forms of sin and cos have a kernel of their own (hsincosF16,
// below); the bfloat16 forms are sinf and cosf (trig.go) on the widened
// input, tanhf's kernel (tanh.go) is half's htanh and tanh.approx.f32 is
// bfloat16's.

// The constants of half's hsin and hcos (PTX immediates). The reduction
// x - k·π/2 takes k = rint(x·2/π) by adding 1.5·2^23 in the fma, whose
// result's low bits are k; then a polynomial in r = x - k·π/2 on
// [-π/4, π/4]: sin r ≈ r + r·r²·(s2 + r²·(s1 + r²·s0)) (k even),
// cos r ≈ 1 + r²·(c3 + r²·(c2 + r²·(c1 + r²·c0))) (k odd).
const (
	hsinShifter uint32 = 0x4b400000 // 0x1.8p+23
	hsinTwoOvPi uint32 = 0x3f22f983 // 0x1.45f306p-1 ≈ 2/π
	hsinNegPiHi uint32 = 0xbfc90fda // -0x1.921fb4p+0: -π/2, high part
	hsinNegPiLo uint32 = 0xb3a22168 // -0x1.4442dp-24: -π/2, low part
	hsinS0      uint32 = 0xb94ca1f9 // -0x1.9943f2p-13
	hsinS1      uint32 = 0x3c08839e // 0x1.11073cp-7
	hsinS2      uint32 = 0xbe2aaaa3 // -0x1.555546p-3
	hcosC0      uint32 = 0x37ccf5ce // 0x1.99eb9cp-16
	hcosC1      uint32 = 0xbab6061a // -0x1.6c0c34p-10
	hcosC2      uint32 = 0x3d2aaaa5 // 0x1.55554ap-5
	hcosC3      uint32 = 0xbf000000 // -0.5
)

// The binary16 corrections of hsin (on |x|, applied to |r|) and hcos (on
// |x|), in the PTX's order: 0x32b3 = 0x1.accp-3 and 0x5cb0 = 300 by
// +0x1p-13 and -0x1p-11, 0x2b7c = 0x1.dfp-5 by +0x1p-11.
var (
	hsinCorrF16 = [...]corr16{{0x32b3, 0x0800}, {0x5cb0, 0x9000}}
	hcosCorrF16 = [...]corr16{{0x2b7c, 0x1000}}
)

// hsincosF16 is the float32 part of half's hsin (cos false) and hcos (cos
// true): the reduction, the polynomial the quadrant selects and its sign.
// ptxas contracts nothing (the SASS is the PTX's fma.rn, FADD, FMUL, FSEL).
func hsincosF16(x uint16, cos, ftz bool) uint32 {
	x1 := to32(x, false)
	f5 := fmaRN(x1, hsinTwoOvPi, hsinShifter, ftz)
	f6 := ptx.Sub(f5, hsinShifter, rounding.RN, ftz)
	r := fmaRN(f6, hsinNegPiHi, x1, ftz)
	r = fmaRN(f6, hsinNegPiLo, r, ftz)
	s := mulRN(r, r, ftz)
	q := f5 // mov.b32: its low bits are k
	if cos {
		q = q&3 + 1
	}
	c0, c1, c2, c3, t, f := hsinS0, hsinS1, hsinS2, uint32(0), r, r
	if q&1 != 0 {
		c0, c1, c2, c3, t, f = hcosC0, hcosC1, hcosC2, hcosC3, s, oneBits
	}
	p := fmaRN(c0, s, c1, ftz)
	p = fmaRN(p, s, c2, ftz)
	p = fmaRN(p, s, c3, ftz)
	p = fmaRN(p, t, f, ftz)
	if q&2 != 0 {
		p = ptx.Neg(p, ftz)
	}
	return p
}

// HsinF16 returns the sine of the binary16 x (radians) as CUDA's hsin
// computes it on sm_90 (CUDA 13.0) when compiled with the nvcc flags fl.
//
// Special cases are:
//
//	HsinF16(±0) = ±0
//	HsinF16(±Inf) = NaN (0x7fff)
//	HsinF16(NaN) = NaN (0x7fff)
//
// Accuracy: bit-exact with the device (testdata/golden16/*/f16_hsin.txt.gz,
// all 65,536 inputs under the six captured flag sets).
//
// Model: a float32 reduction by π/2 and polynomial, rounded to binary16,
// then two inputs (|x| = 0x1.accp-3 and 300) corrected by one ulp
// (hsincosF16, corr16).
//
// Flags: FTZ selects the .ftz float32 instructions (-ftz=true and
// -use_fast_math), which change no result; NoFMAD, ApproxDiv, ApproxSqrt and
// FastLib do not change it.
func (fl Flags) HsinF16(x uint16) uint16 {
	r := from32(hsincosF16(x, false, fl.FTZ), false)
	sign, a := r&0x8000, r&0x7fff // and.b16 t, r, 0x8000; abs.f16 r (an operand modifier of the HFMA2)
	for _, c := range hsinCorrF16 {
		a = c.apply(x&0x7fff, a)
	}
	return a | sign
}

// HcosF16 returns the cosine of the binary16 x (radians) as CUDA's hcos
// computes it on sm_90 (CUDA 13.0) when compiled with the nvcc flags fl.
//
// Special cases are:
//
//	HcosF16(±0) = 1
//	HcosF16(±Inf) = NaN (0x7fff)
//	HcosF16(NaN) = NaN (0x7fff)
//
// Accuracy: bit-exact with the device (testdata/golden16/*/f16_hcos.txt.gz,
// all 65,536 inputs under the six captured flag sets).
//
// Model: HsinF16's float32 kernel one quadrant on, rounded to binary16,
// then one input (|x| = 0x1.dfp-5) corrected by one ulp.
//
// Flags: as HsinF16's (none changes the result).
func (fl Flags) HcosF16(x uint16) uint16 {
	r := from32(hsincosF16(x, true, fl.FTZ), false)
	for _, c := range hcosCorrF16 {
		r = c.apply(x&0x7fff, r)
	}
	return r
}

// bf16SinCos is bfloat16's hsin (cos false) and hcos (cos true): sinf or
// cosf under fl (their -use_fast_math forms __sinf and __cosf with FastLib)
// on the widened input, and for hsin with FTZ the input itself where it
// reads as a zero (setp.neu.ftz.f32 x, 0; selp), so that a subnormal keeps
// its value.
func bf16SinCos(x uint16, cos bool, fl Flags) uint16 {
	x1 := to32(x, true)
	var r uint32
	switch {
	case cos && fl.FastLib:
		r = ptx.CosApprox(x1, fl.FTZ)
	case cos:
		r = cosfBits(x1, fl.FTZ)
	case fl.FastLib:
		r = ptx.SinApprox(x1, fl.FTZ)
	default:
		r = sinfBits(x1, fl.FTZ)
	}
	if !cos && fl.FTZ && !ptx.Setp(ptx.NEU, x1, 0, true) {
		r = x1
	}
	return from32(r, true)
}

// HsinBF16 returns the sine of the bfloat16 x (radians) as CUDA's hsin
// computes it on sm_90 (CUDA 13.0) when compiled with the nvcc flags fl.
//
// Special cases are:
//
//	HsinBF16(±0) = ±0, and HsinBF16(x) = x for subnormal x
//	HsinBF16(±Inf) = NaN (0x7fff)
//	HsinBF16(NaN) = NaN (0x7fff)
//
// Accuracy: bit-exact with the device (testdata/golden16/*/bf16_hsin.txt.gz,
// all 65,536 inputs under the six captured flag sets).
//
// Model: sinf (Flags.Sinf) of x as a float32, rounded to bfloat16.
//
// Flags: FastLib (-use_fast_math) makes it __sinf (sin.approx.ftz.f32), a
// different result. FTZ selects the .ftz instructions, which change no
// result (a subnormal input is returned as it is); NoFMAD, ApproxDiv and
// ApproxSqrt do not change it.
func (fl Flags) HsinBF16(x uint16) uint16 { return bf16SinCos(x, false, fl) }

// HcosBF16 returns the cosine of the bfloat16 x (radians) as CUDA's hcos
// computes it on sm_90 (CUDA 13.0) when compiled with the nvcc flags fl.
//
// Special cases are:
//
//	HcosBF16(±0) = 1
//	HcosBF16(±Inf) = NaN (0x7fff)
//	HcosBF16(NaN) = NaN (0x7fff)
//
// Accuracy: bit-exact with the device (testdata/golden16/*/bf16_hcos.txt.gz,
// all 65,536 inputs under the six captured flag sets).
//
// Model: cosf (Flags.Cosf) of x as a float32, rounded to bfloat16.
//
// Flags: FastLib (-use_fast_math) makes it __cosf (cos.approx.ftz.f32), a
// different result. FTZ, NoFMAD, ApproxDiv and ApproxSqrt do not change it.
func (fl Flags) HcosBF16(x uint16) uint16 { return bf16SinCos(x, true, fl) }

// HtanhF16 returns the hyperbolic tangent of the binary16 x as CUDA's htanh
// computes it on sm_90 (CUDA 13.0) when compiled with the nvcc flags fl.
//
// Special cases are:
//
//	HtanhF16(±0) = ±0
//	HtanhF16(±Inf) = ±1
//	HtanhF16(NaN) = NaN (0x7fff)
//
// Accuracy: bit-exact with the device (testdata/golden16/*/f16_htanh.txt.gz,
// all 65,536 inputs under the six captured flag sets).
//
// Model: tanhf's kernel (Flags.Tanhf) on x as a float32, rounded to
// binary16.
//
// Flags: FastLib (-use_fast_math) makes it tanh.approx.f32 (__tanhf) rounded
// to nearest binary16, a different result. FTZ, NoFMAD, ApproxDiv and
// ApproxSqrt do not change it.
func (fl Flags) HtanhF16(x uint16) uint16 {
	x1 := to32(x, false)
	if fl.FastLib {
		return from32(ptx.TanhApprox(x1), false)
	}
	return from32(tanhfBits(x1, fl.FTZ), false)
}

// HtanhBF16 returns the hyperbolic tangent of the bfloat16 x as CUDA's
// htanh computes it on sm_90 (CUDA 13.0): tanh.approx.f32 (ptx.TanhApprox)
// of x as a float32, rounded to nearest bfloat16 (not tanh.approx.bf16,
// which truncates).
//
// Special cases are:
//
//	HtanhBF16(x) = x for |x| < 2^-8, including ±0 and the subnormals
//	HtanhBF16(±x) = ±1 for |x| ≥ 8, including ±Inf
//	HtanhBF16(NaN) = NaN (0x7fff)
//
// Accuracy: bit-exact with the device (testdata/golden16/*/bf16_htanh.txt.gz,
// all 65,536 inputs under the six captured flag sets).
//
// Flags: none changes it.
func (fl Flags) HtanhBF16(x uint16) uint16 {
	return from32(ptx.TanhApprox(to32(x, true)), true)
}

// HtanhApproxF16 returns CUDA's htanh_approx of the binary16 x: one
// tanh.approx.f16 (ptx.TanhApproxF16, whose doc has the special cases).
//
// Accuracy: bit-exact with the device
// (testdata/golden16/*/f16_htanh_approx.txt.gz, all 65,536 inputs).
//
// Flags: none changes it.
func (fl Flags) HtanhApproxF16(x uint16) uint16 { return ptx.TanhApproxF16(x) }

// HtanhApproxBF16 returns CUDA's htanh_approx of the bfloat16 x: one
// tanh.approx.bf16 (ptx.TanhApproxBF16, whose doc has the special cases).
//
// Accuracy: bit-exact with the device
// (testdata/golden16/*/bf16_htanh_approx.txt.gz, all 65,536 inputs).
//
// Flags: none changes it.
func (fl Flags) HtanhApproxBF16(x uint16) uint16 { return ptx.TanhApproxBF16(x) }

// HsinF16 returns hsin(x) on __half under nvcc's default flags (Flags{}.HsinF16).
func HsinF16(x uint16) uint16 { return Flags{}.HsinF16(x) }

// HsinBF16 returns hsin(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.HsinBF16).
func HsinBF16(x uint16) uint16 { return Flags{}.HsinBF16(x) }

// HcosF16 returns hcos(x) on __half under nvcc's default flags (Flags{}.HcosF16).
func HcosF16(x uint16) uint16 { return Flags{}.HcosF16(x) }

// HcosBF16 returns hcos(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.HcosBF16).
func HcosBF16(x uint16) uint16 { return Flags{}.HcosBF16(x) }

// HtanhF16 returns htanh(x) on __half under nvcc's default flags (Flags{}.HtanhF16).
func HtanhF16(x uint16) uint16 { return Flags{}.HtanhF16(x) }

// HtanhBF16 returns htanh(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.HtanhBF16).
func HtanhBF16(x uint16) uint16 { return Flags{}.HtanhBF16(x) }

// HtanhApproxF16 returns htanh_approx(x) on __half under nvcc's default flags (Flags{}.HtanhApproxF16).
func HtanhApproxF16(x uint16) uint16 { return Flags{}.HtanhApproxF16(x) }

// HtanhApproxBF16 returns htanh_approx(x) on __nv_bfloat16 under nvcc's default flags (Flags{}.HtanhApproxBF16).
func HtanhApproxBF16(x uint16) uint16 { return Flags{}.HtanhApproxBF16(x) }
