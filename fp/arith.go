package fp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
)

// The kernels of this package are written on uint32 encodings with the
// helpers fma, mul, add and sub (fastarith.go), one per PTX arithmetic form
// that CUDA's library code uses, each the ptx instruction of the same name
// in round-to-nearest. They compute on host floating point where it is
// provably exact (fastarith.go and fastkern.go give the arguments) and hand
// every other case to the ptx instruction.

// toBits and fromBits are the encoding conversions at the float32 API boundary.
func toBits(x float32) uint32   { return math.Float32bits(x) }
func fromBits(u uint32) float32 { return math.Float32frombits(u) }

// Contraction. PTX add, sub and mul without a rounding modifier are .rn but
// "may be optimized aggressively by the code generator, e.g. mul/add
// sequences with no rounding modifiers may be optimized to use
// fused-multiply-add instructions" (PTX ISA 9.1, §9.7.3.1): nvcc -fmad=true
// writes x*y+z as fma.rn itself, and ptxas may fuse a remaining
// `mul.f32 t, a, b; add.f32 d, t, c` into one FFMA. With -fmad=false nvcc
// writes mul.rn and add.rn, which are never fused.
//
// Whether ptxas fused a given pair is read from the SASS of every build
// (cuobjdump of ../shared/reference/ptx/funcs.cu; /work/data/sass). For the
// kernels of this package (CUDA 13.0.88, sm_90):
//
//	op_madd  x*y+z   nvcc: fma.rn                           mulAdd
//	op_msub  x*y-z   mul.f32 + sub.f32 → FFMA x, y, -z       mulSub
//	powf_    the pair t = 2f·rcp(1+f); f - t (mul.f32 feeding sub.f32):
//	         not fused (FMUL then FADD in every build; t has three uses)
//
// No other kernel of this package has a mul feeding an add or a sub without
// a rounding modifier, and the SASS of every other kernel is identical under
// -fmad=true and -fmad=false.

// mulAdd is a multiply feeding an add that the compiler contracts into one
// fma.rn when fmad is set (-fmad=true), and mul.rn then add.rn otherwise.
func mulAdd(a, b, c uint32, ftz, fmad bool) uint32 {
	if fmad {
		return fma(a, b, c, ftz)
	}
	return add(mul(a, b, ftz), c, ftz)
}

// mulSub is a multiply feeding a subtraction of c: FFMA a, b, -c when fmad is
// set, mul.rn then sub.rn otherwise. Negating c is exact, and a·b − c and
// a·b + (−c) round alike, signed zeros and NaNs included (every NaN result is
// the canonical NaN).
func mulSub(a, b, c uint32, ftz, fmad bool) uint32 {
	if fmad {
		return fma(a, b, c^f32.SignMask, ftz)
	}
	return sub(mul(a, b, ftz), c, ftz)
}
