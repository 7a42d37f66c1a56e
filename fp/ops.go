package fp

import "github.com/cudafp/cudafp/rounding"

// The C operators on float. Each is the PTX nvcc emits for the expression in
// a kernel (kernels op_* of ../shared/reference/ptx/funcs.cu) and the SASS
// ptxas makes of it (see arith.go for contraction).

// Add returns x+y as compiled by nvcc under fl: add.f32 (add.rn.f32 with
// -fmad=false), IEEE round to nearest even.
//
// Special cases are:
//
//	Add(+Inf, -Inf) = Add(-Inf, +Inf) = NaN
//	Add(x, NaN) = Add(NaN, y) = NaN (canonical 0x7fffffff)
//	Add(+0, -0) = Add(-0, +0) = +0
//	Add(-0, -0) = -0
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "IEEE-compliant (round to nearest
// even)".
//
// Flags: -ftz=true: add.ftz.f32, subnormal operands read as zeros of their
// sign and subnormal sums flushed to ±0. -fmad=false: add.rn.f32, the same
// results (a lone add is never contracted). -prec-div, -prec-sqrt and
// -use_fast_math's library swaps do not change it.
func (fl Flags) Add(x, y float32) float32 { return fromBits(add(toBits(x), toBits(y), fl.FTZ)) }

// Add returns x+y under nvcc's default flags (Flags{}.Add).
func Add(x, y float32) float32 { return rounding.AddRN(x, y) }

// Sub returns x-y as compiled by nvcc under fl: sub.f32 (sub.rn.f32 with
// -fmad=false), IEEE round to nearest even.
//
// Special cases are:
//
//	Sub(+Inf, +Inf) = Sub(-Inf, -Inf) = NaN
//	Sub(x, NaN) = Sub(NaN, y) = NaN (canonical 0x7fffffff)
//	Sub(+0, +0) = Sub(-0, -0) = +0
//	Sub(-0, +0) = -0
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "IEEE-compliant (round to nearest
// even)".
//
// Flags: -ftz=true: sub.ftz.f32 (subnormal operands and results flushed to
// zeros of their sign). -fmad=false: sub.rn.f32, the same results.
// -prec-div, -prec-sqrt and -use_fast_math's library swaps do not change it.
func (fl Flags) Sub(x, y float32) float32 { return fromBits(sub(toBits(x), toBits(y), fl.FTZ)) }

// Sub returns x-y under nvcc's default flags (Flags{}.Sub).
func Sub(x, y float32) float32 { return rounding.SubRN(x, y) }

// Mul returns x*y as compiled by nvcc under fl: mul.f32 (mul.rn.f32 with
// -fmad=false), IEEE round to nearest even.
//
// Special cases are:
//
//	Mul(±0, ±Inf) = Mul(±Inf, ±0) = NaN
//	Mul(x, NaN) = Mul(NaN, y) = NaN (canonical 0x7fffffff)
//	Mul(±0, y) = ±0 for finite y, sign = sign(x) XOR sign(y)
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "IEEE-compliant (round to nearest
// even)".
//
// Flags: -ftz=true: mul.ftz.f32 (subnormal operands and results flushed to
// zeros of their sign). -fmad=false: mul.rn.f32, the same results.
// -prec-div, -prec-sqrt and -use_fast_math's library swaps do not change it.
func (fl Flags) Mul(x, y float32) float32 { return fromBits(mul(toBits(x), toBits(y), fl.FTZ)) }

// Mul returns x*y under nvcc's default flags (Flags{}.Mul).
func Mul(x, y float32) float32 { return rounding.MulRN(x, y) }

// MulAdd returns x*y+z as compiled by nvcc under fl: fma.rn.f32 (one
// rounding) with -fmad=true, mul.rn.f32 then add.rn.f32 (two roundings) with
// -fmad=false.
//
// Special cases are (in order):
//
//	MulAdd(x, y, z) = NaN if x, y or z is NaN (canonical 0x7fffffff)
//	MulAdd(±0, ±Inf, z) = MulAdd(±Inf, ±0, z) = NaN
//	MulAdd(x, y, z) = NaN if x·y is an infinity and z the opposite infinity
//	MulAdd(x, y, ±0) = x·y when x·y ≠ 0; (+0) + (-0) = +0
//
// Accuracy: correctly rounded fused multiply-add by default. Documented
// (CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 17 and
// §Intrinsic Functions): "Contracted into fma.rn (one rounding) with
// -fmad=true; two roundings with -fmad=false."
//
// Flags: -ftz=true: fma.rn.ftz.f32 (mul.rn.ftz and add.rn.ftz with
// -fmad=false). -fmad=false: mul.rn.f32 + add.rn.f32, the product rounded
// first. -prec-div, -prec-sqrt and -use_fast_math's library swaps do not
// change it.
func (fl Flags) MulAdd(x, y, z float32) float32 {
	return fromBits(mulAdd(toBits(x), toBits(y), toBits(z), fl.FTZ, !fl.NoFMAD))
}

// MulAdd returns x*y+z under nvcc's default flags (Flags{}.MulAdd): one
// fma.rn, rounding's one-call entry.
func MulAdd(x, y, z float32) float32 { return rounding.FmaMode(x, y, z, rounding.RN) }

// MulSub returns x*y-z as compiled by nvcc under fl: nvcc writes mul.f32
// then sub.f32, which ptxas contracts into FFMA x, y, -z (one rounding) with
// -fmad=true; with -fmad=false, mul.rn.f32 then sub.rn.f32 (two roundings).
//
// Special cases are (in order):
//
//	MulSub(x, y, z) = NaN if x, y or z is NaN (canonical 0x7fffffff)
//	MulSub(±0, ±Inf, z) = MulSub(±Inf, ±0, z) = NaN
//	MulSub(x, y, z) = NaN if x·y and z are infinities of the same sign
//	MulSub(x, y, ±0) = x·y when x·y ≠ 0; (+0) - (+0) = +0
//
// Accuracy: correctly rounded fused x·y − z by default. Documented (CUDA
// C++ Programming Guide 13.0, Mathematical Functions, Table 17 and
// §Intrinsic Functions): "Contracted into fma.rn (one rounding) with
// -fmad=true; two roundings with -fmad=false."
//
// Flags: -ftz=true: the .ftz forms (FFMA.FTZ). -fmad=false: mul.rn.f32 +
// sub.rn.f32, the product rounded first. -prec-div, -prec-sqrt and
// -use_fast_math's library swaps do not change it.
func (fl Flags) MulSub(x, y, z float32) float32 {
	return fromBits(mulSub(toBits(x), toBits(y), toBits(z), fl.FTZ, !fl.NoFMAD))
}

// MulSub returns x*y-z under nvcc's default flags (Flags{}.MulSub): one
// FFMA x, y, -z (negation flips the sign bit alone; see mulSub).
func MulSub(x, y, z float32) float32 { return rounding.FmaMode(x, y, -z, rounding.RN) }
