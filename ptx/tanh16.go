package ptx

import "github.com/cudafp/cudafp/rounding"

// The 16-bit forms of MUFU.TANH: tanh.approx.f16 and tanh.approx.bf16
// (one MUFU.TANH.F16 or MUFU.TANH.BF16 each in the SASS of CUDA 13.0 for
// sm_90; their .f16x2 and .bf16x2 forms are two of them, one per lane).
// They are the float32 datapath (TanhApprox) on the input widened to
// float32, its result truncated (rounded toward zero) to 16 bits: fitted to
// and tested against the device's whole tables of h{,2}tanh_approx
// (testdata/golden16, all 65,536 inputs of each type).

// TanhApproxF16 returns an approximation of tanh(x) for the binary16
// encoding x. It emulates tanh.approx.f16 as sm_90 executes it (a single
// MUFU.TANH.F16): TanhApprox of x as a float32, truncated to binary16.
//
// Special cases are (in order):
//
//	TanhApproxF16(NaN) = NaN (0x7fff)
//	TanhApproxF16(x) = x for |x| < 2^-8, including ±0 and the subnormals
//	TanhApproxF16(±x) = ±1 for |x| ≥ 8, including ±Inf
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0) on all 65,536
// inputs (testdata/golden16/*/f16_htanh_approx.txt.gz).
//
// Flags: none (tanh.approx.f16 has no .ftz form).
func TanhApproxF16(x uint16) uint16 {
	return rounding.F32ToF16(TanhApprox(rounding.F16ToF32(x)), rounding.RZ)
}

// TanhApproxBF16 returns an approximation of tanh(x) for the bfloat16
// encoding x. It emulates tanh.approx.bf16 as sm_90 executes it (a single
// MUFU.TANH.BF16): TanhApprox of x as a float32, truncated to bfloat16.
//
// Special cases are (in order):
//
//	TanhApproxBF16(NaN) = NaN (0x7fff)
//	TanhApproxBF16(x) = x for |x| < 2^-8, including ±0 and the subnormals
//	TanhApproxBF16(±x) = ±1 for |x| ≥ 8, including ±Inf
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0) on all 65,536
// inputs (testdata/golden16/*/bf16_htanh_approx.txt.gz).
//
// Flags: none (tanh.approx.bf16 has no .ftz form).
func TanhApproxBF16(x uint16) uint16 {
	return rounding.F32ToBF16(TanhApprox(rounding.BF16ToF32(x)), rounding.RZ)
}
