package rounding

import "math"

// The binary64 operations: PTX add, sub, mul, div, rcp, sqrt and fma .f64
// in the four rounding modes (CUDA's __dadd_rn … __fma_rd), on uint64
// encodings. There is no ftz parameter: PTX has no .ftz for .f64. NaN
// results follow cuda.go's rules, measured on the H100 (gpu/probe_f64.cu):
// a NaN operand propagates, sign and payload kept and quiet bit set, the
// operand position that wins depending on the instruction (nanAddMul64,
// nanDiv64, nanFma64); an invalid operation gives defaultNaN64
// (0xfff8000000000000). Which NaN add, sub, mul and fma return when two or
// three operands are NaNs depends on the operand order ptxas gave the
// compiled instruction: these functions take PTX's (AsWritten), and
// NaNOrder's methods either.

// Add64 returns x + y, correctly rounded in mode m. It emulates PTX
// add{.rn,.rz,.rp,.rm}.f64 (__dadd_rn, __dadd_rz, __dadd_ru, __dadd_rd).
//
// Special cases are (in order):
//
//	Add64(x, NaN) = y quieted; Add64(NaN, y) = x quieted for y not NaN
//	Add64(±Inf, ∓Inf) = 0xfff8000000000000 (defaultNaN64)
//	Add64(±Inf, y) = Add64(y, ±Inf) = ±Inf for y not an Inf of the other sign
//	Add64(±0, ±0) = ±0
//	Add64(±0, ∓0) = +0, or -0 in RD
//	Add64(x, ±0) = Add64(±0, x) = x for x ≠ 0
//	Add64(x, -x) = +0, or -0 in RD, for finite x ≠ 0
//
// Accuracy: correctly rounded (the mode-m rounding of the exact sum).
func Add64(x, y uint64, m Mode) uint64 {
	return math.Float64bits(AddMode64(math.Float64frombits(x), math.Float64frombits(y), m))
}

// Sub64 returns x - y, correctly rounded in mode m. It emulates PTX
// sub{.rn,.rz,.rp,.rm}.f64 (__dsub_rn, __dsub_rz, __dsub_ru, __dsub_rd).
//
// Special cases are (in order):
//
//	Sub64(x, NaN) = y quieted, y's sign as given; Sub64(NaN, y) = x quieted for y not NaN
//	Sub64(x, y) = Add64(x, -y) for every other x, y
//
// Accuracy: correctly rounded (the mode-m rounding of the exact difference).
func Sub64(x, y uint64, m Mode) uint64 {
	return math.Float64bits(SubMode64(math.Float64frombits(x), math.Float64frombits(y), m))
}

// Mul64 returns x × y, correctly rounded in mode m. It emulates PTX
// mul{.rn,.rz,.rp,.rm}.f64 (__dmul_rn, __dmul_rz, __dmul_ru, __dmul_rd).
//
// Special cases are (in order):
//
//	Mul64(x, NaN) = y quieted; Mul64(NaN, y) = x quieted for y not NaN
//	Mul64(±Inf, ±0) = Mul64(±0, ±Inf) = 0xfff8000000000000 (defaultNaN64)
//	Mul64(±Inf, y) = Mul64(y, ±Inf) = ±Inf, sign = sign(x) XOR sign(y)
//	Mul64(±0, y) = Mul64(y, ±0) = ±0, sign = sign(x) XOR sign(y)
//
// Accuracy: correctly rounded (the mode-m rounding of the exact product).
func Mul64(x, y uint64, m Mode) uint64 {
	return math.Float64bits(MulMode64(math.Float64frombits(x), math.Float64frombits(y), m))
}

// Div64 returns x / y, correctly rounded in mode m. It emulates PTX
// div{.rn,.rz,.rp,.rm}.f64 (__ddiv_rn, __ddiv_rz, __ddiv_ru, __ddiv_rd,
// and the double x/y).
//
// Special cases are (in order):
//
//	Div64(NaN, y) = x quieted; Div64(x, NaN) = y quieted for x not NaN
//	Div64(±Inf, ±Inf) = Div64(±0, ±0) = 0xfff8000000000000 (defaultNaN64)
//	Div64(±Inf, y) = ±Inf for finite y, sign = sign(x) XOR sign(y)
//	Div64(x, ±Inf) = ±0 for finite x, sign = sign(x) XOR sign(y)
//	Div64(x, ±0) = ±Inf for x ≠ 0, sign = sign(x) XOR sign(y)
//	Div64(±0, y) = ±0 for y ≠ 0, sign = sign(x) XOR sign(y)
//
// Accuracy: correctly rounded (the mode-m rounding of the exact quotient).
func Div64(x, y uint64, m Mode) uint64 {
	return math.Float64bits(DivMode64(math.Float64frombits(x), math.Float64frombits(y), m))
}

// Rcp64 returns 1 / x, correctly rounded in mode m. It emulates PTX
// rcp{.rn,.rz,.rp,.rm}.f64 (__drcp_rn, __drcp_rz, __drcp_ru, __drcp_rd).
//
// Special cases are (in order):
//
//	Rcp64(NaN) = x quieted
//	Rcp64(±Inf) = ±0
//	Rcp64(±0) = ±Inf
//
// Accuracy: correctly rounded (the mode-m rounding of the exact reciprocal).
func Rcp64(x uint64, m Mode) uint64 { return math.Float64bits(RcpMode64(math.Float64frombits(x), m)) }

// Sqrt64 returns the square root of x, correctly rounded in mode m. It
// emulates PTX sqrt{.rn,.rz,.rp,.rm}.f64 (__dsqrt_rn, __dsqrt_rz,
// __dsqrt_ru, __dsqrt_rd, and sqrt under the default -prec-sqrt=true).
//
// Special cases are (in order):
//
//	Sqrt64(NaN) = x quieted
//	Sqrt64(±0) = ±0
//	Sqrt64(x < 0) = 0xfff8000000000000 (defaultNaN64), -Inf included
//	Sqrt64(+Inf) = +Inf
//
// Accuracy: correctly rounded (the mode-m rounding of the exact root).
func Sqrt64(x uint64, m Mode) uint64 { return math.Float64bits(SqrtMode64(math.Float64frombits(x), m)) }

// Fma64 returns x × y + z computed exactly and rounded once in mode m. It
// emulates PTX fma{.rn,.rz,.rp,.rm}.f64 (__fma_rn, __fma_rz, __fma_ru,
// __fma_rd, fma, and x*y+z contracted under -fmad=true).
//
// Special cases are (in order):
//
//	Fma64(x, y, z) = the first NaN of y, z, x quieted, if x, y or z is NaN
//	Fma64(±Inf, ±0, z) = Fma64(±0, ±Inf, z) = 0xfff8000000000000 (defaultNaN64)
//	Fma64(x, y, z) = 0xfff8000000000000 (defaultNaN64) if x×y is an Inf and z the Inf of the other sign
//	Fma64(x, y, z) = ±Inf if x or y is an Inf, sign = sign(x) XOR sign(y)
//	Fma64(x, y, ±Inf) = ±Inf for finite x, y
//	Fma64(x, y, ±0) = ±0 if x or y is zero and sign(x) XOR sign(y) = sign(z)
//	Fma64(x, y, ±0) = +0, or -0 in RD, if x or y is zero and the signs differ
//	Fma64(x, y, z) = z if x or y is zero and z ≠ 0
//	Fma64(x, y, ±0) = Mul64(x, y) for x, y ≠ 0
//	Fma64(x, y, z) = +0, or -0 in RD, when x×y = -z ≠ 0 exactly
//
// Accuracy: correctly rounded (the mode-m rounding of the exact x·y + z).
func Fma64(x, y, z uint64, m Mode) uint64 {
	return math.Float64bits(FmaMode64(math.Float64frombits(x), math.Float64frombits(y), math.Float64frombits(z), m))
}

// The RN entries: Add64, …, Fma64 in mode RN, small enough for the Go
// compiler to inline into their callers (a call costs as much as the
// operation), for the default-target _rn intrinsics and the double
// operators; binary32's Add32RN, … are their twins.

// Add64RN is Add64(x, y, RN).
func Add64RN(x, y uint64) uint64 { return rn64(f64v(x)+f64v(y), y, x, x) }

// Sub64RN is Sub64(x, y, RN).
func Sub64RN(x, y uint64) uint64 { return rn64(f64v(x)-f64v(y), y, x, x) }

// Mul64RN is Mul64(x, y, RN).
func Mul64RN(x, y uint64) uint64 { return rn64(f64v(x)*f64v(y), y, x, x) }

// Div64RN is Div64(x, y, RN).
func Div64RN(x, y uint64) uint64 { return rn64(f64v(x)/f64v(y), x, y, y) }

// Rcp64RN is Rcp64(x, RN).
func Rcp64RN(x uint64) uint64 { return rn64(1/f64v(x), x, x, x) }

// Sqrt64RN is Sqrt64(x, RN).
func Sqrt64RN(x uint64) uint64 { return rn64(math.Sqrt(f64v(x)), x, x, x) }

// Fma64RN is Fma64(x, y, z, RN).
func Fma64RN(x, y, z uint64) uint64 { return rn64(math.FMA(f64v(x), f64v(y), f64v(z)), y, z, x) }

// The RN entries on float64 values, for the _rn double intrinsics: the
// operands and the result stay in floating-point registers (the encodings
// are read only for a NaN result).

// AddRN64 is AddMode64(a, b, RN).
func AddRN64(a, b float64) float64 { return rnf64(a+b, b, a, a) }

// SubRN64 is SubMode64(a, b, RN).
func SubRN64(a, b float64) float64 { return rnf64(a-b, b, a, a) }

// MulRN64 is MulMode64(a, b, RN).
func MulRN64(a, b float64) float64 { return rnf64(a*b, b, a, a) }

// DivRN64 is DivMode64(a, b, RN).
func DivRN64(a, b float64) float64 { return rnf64(a/b, a, b, b) }

// RcpRN64 is RcpMode64(a, RN).
func RcpRN64(a float64) float64 { return rnf64(1/a, a, a, a) }

// SqrtRN64 is SqrtMode64(a, RN).
func SqrtRN64(a float64) float64 { return rnf64(math.Sqrt(a), a, a, a) }

// FmaRN64 is FmaMode64(a, b, c, RN).
func FmaRN64(a, b, c float64) float64 { return rnf64(math.FMA(a, b, c), b, c, a) }

// rnf64 is rn64 on float64 values.
func rnf64(r, p, q, s float64) float64 {
	if r != r {
		return nanf64(p, q, s)
	}
	return r
}

// nanf64 is nan64 on float64 values.
func nanf64(p, q, s float64) float64 {
	return f64v(nan64(math.Float64bits(p), math.Float64bits(q), math.Float64bits(s)))
}

// rn64 is the encoding of the host's RN result r, or, when r is a NaN,
// nan64 of the operands p, q, s given in the instruction's NaN priority
// order (cuda.go: y, x for add, sub and mul; x, y for div; y, z, x for fma).
func rn64(r float64, p, q, s uint64) uint64 {
	if r != r {
		return nan64(p, q, s)
	}
	return math.Float64bits(r)
}
