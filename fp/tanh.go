package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// tanhf as nvcc (CUDA 13.0, sm_90) compiles it (kernel tanhf_ of
// ../shared/reference/ptx/*.ptx):
//
//   - |x| ≥ 0.6: 1 - 2/(e^(2|x|) + 1) with e^(2|x|) = ex2.approx.ftz(|x|·2·log2(e))
//     and the reciprocal rcp.approx.ftz.f32, clamped to 1 from |x| ≥ 9.0109
//     on, with the sign of x copied on;
//   - |x| < 0.6: x + x·s·p(s), s = x², p an odd minimax polynomial with fma.
//
// The approximate instructions are .ftz in every flag set. -ftz=true turns
// the other float instructions into their .ftz forms; -fmad=false spells
// the mul.f32 and add.f32 as mul.rn and add.rn, which changes nothing: the
// products feed ex2 and fma, never an add, and the SASS of the default and
// -fmad=false builds is identical (FMUL, MUFU.EX2, FADD, MUFU.RCP, FFMA).
// -use_fast_math makes it __tanhf (tanh.approx.f32).

// The constants of tanhf_ (PTX immediates).
const (
	tanhTwoLog2e uint32 = 0x4038aa3b // 0x1.715476p+1 ≈ 2·log2(e)
	tanhNegTwo   uint32 = 0xc0000000 // -2
	tanhBig      uint32 = 0x41102cb4 // 0x1.205968p+3 ≈ 9.0109: tanh rounds to 1 from here
	tanhSmall    uint32 = 0x3f19999a // 0x1.333334p-1 ≈ 0.6: the polynomial below
	tanhP0       uint32 = 0x3c80f082 // 0x1.01e104p-6
	tanhP1       uint32 = 0xbd563cae // -0x1.ac795cp-5
	tanhP2       uint32 = 0x3e085941 // 0x1.10b282p-3
	tanhP3       uint32 = 0xbeaaa9ed // -0x1.5553dap-2
)

func tanhfBits(ux uint32, ftz bool) uint32 {
	// The PTX computes both formulas and selects one (selp); computing only
	// the selected one gives the same result.
	a := ptx.Abs(ux, ftz)
	if ptx.Setp(ptx.GE, a, tanhSmall, ftz) { // |x| ≥ 0.6 (false for NaN)
		if ptx.Setp(ptx.GE, a, tanhBig, ftz) {
			return ptx.Copysign(oneBits, ux)
		}
		e := ptx.Ex2Approx(mulRN(a, tanhTwoLog2e, ftz), true)
		d := ptx.RcpApprox(ptx.Add(e, oneBits, rounding.RN, ftz), true)
		return ptx.Copysign(fmaRN(d, tanhNegTwo, oneBits, ftz), ux)
	}
	s := mulRN(ux, ux, ftz)
	p := fmaRN(tanhP0, s, tanhP1, ftz)
	p = fmaRN(p, s, tanhP2, ftz)
	p = fmaRN(p, s, tanhP3, ftz)
	p = fmaRN(p, s, zeroBits32, ftz)
	return fmaRN(p, ux, ux, ftz)
}

// Tanhf returns the hyperbolic tangent of x under the default nvcc flags;
// see Flags.Tanhf.
func Tanhf(x float32) float32 { return Flags{}.Tanhf(x) }

// Tanhf returns the hyperbolic tangent of x as CUDA's tanhf computes it on
// sm_90 (CUDA 13.0) when compiled with the nvcc flags fl.
//
// Special cases are (in order):
//
//	Tanhf(±Inf) = ±1
//	Tanhf(x) = ±1 for |x| ≥ 0x1.205968p+3 (≈ 9.0109)
//	Tanhf(NaN) = NaN (canonical 0x7fffffff)
//	Tanhf(±0) = ±0
//	Tanhf(x) = x for subnormal x (±0 with FTZ)
//
// Accuracy: bit-exact with the device (testdata/golden/*/tanhf.txt.gz, all
// 2^32 inputs, sm_90, CUDA 13.0). Documented bound (CUDA C++ Programming
// Guide, Mathematical Functions, single-precision table, CUDA 13.0):
// "tanhf(x): 2 (full range)" maximum ulp error.
//
// Flags: FastLib (-use_fast_math) makes it __tanhf (intrinsics.Target.Tanhf:
// tanh.approx.f32, which has no .ftz form and never flushes subnormals).
// Otherwise FTZ reads
// subnormal inputs and intermediate results as zeros of their sign (the
// ex2 and rcp approximations inside are .ftz in every flag set); NoFMAD,
// ApproxDiv and ApproxSqrt do not change the result.
func (fl Flags) Tanhf(x float32) float32 {
	if fl.FastLib {
		return fl.fastTanhf(x)
	}
	return math.Float32frombits(tanhfBits(math.Float32bits(x), fl.FTZ))
}
