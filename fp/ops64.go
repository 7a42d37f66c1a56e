package fp

import (
	"math"

	"github.com/cudafp/cudafp/rounding"
)

// The C operators on double (catalog f64:x+y …): each is the one .f64
// instruction nvcc emits for the expression, or, for x*y±z, the pair that
// -fmad decides on, evaluated by package rounding, which holds the
// device's binary64 NaN rules (rounding/cuda.go). PTX has no .ftz for .f64
// and nvcc's -prec-div and -prec-sqrt select float code only: double
// division and square root are div.rn.f64 and sqrt.rn.f64 under every flag
// set (the device capture of all six flag sets checks this).

func b64(x float64) uint64  { return math.Float64bits(x) }
func f64b(u uint64) float64 { return math.Float64frombits(u) }

const sign64 uint64 = 1 << 63

// Add64 returns x+y on double as compiled by nvcc under fl: add.f64
// (add.rn.f64 with -fmad=false), IEEE round to nearest even.
//
// Special cases are (in order):
//
//	Add64(x, NaN) = y quieted, sign and payload kept; Add64(NaN, y) = x quieted for y not NaN
//	Add64(+Inf, -Inf) = Add64(-Inf, +Inf) = NaN (0xfff8000000000000)
//	Add64(x, -x) = +0 for finite x
//	Add64(-0, -0) = -0
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (IEEE-754 round-to-nearest-even)".
//
// Flags: independent of Flags (a lone add is never contracted).
func (fl Flags) Add64(x, y float64) float64 { return Add64(x, y) }

// Add64 returns x+y on double under nvcc's default flags (Flags{}.Add64).
func Add64(x, y float64) float64 { return rounding.AddRN64(x, y) }

// Sub64 returns x-y on double as compiled by nvcc under fl: sub.f64
// (sub.rn.f64 with -fmad=false), IEEE round to nearest even.
//
// Special cases are (in order):
//
//	Sub64(x, NaN) = y quieted, its sign as given; Sub64(NaN, y) = x quieted for y not NaN
//	Sub64(+Inf, +Inf) = Sub64(-Inf, -Inf) = NaN (0xfff8000000000000)
//	Sub64(x, x) = +0 for finite x
//	Sub64(-0, +0) = -0
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18) for x+y: "0 (IEEE-754
// round-to-nearest-even)"; x-y is not listed.
//
// Flags: independent of Flags (a lone subtraction is never contracted).
func (fl Flags) Sub64(x, y float64) float64 { return Sub64(x, y) }

// Sub64 returns x-y on double under nvcc's default flags (Flags{}.Sub64).
func Sub64(x, y float64) float64 { return rounding.SubRN64(x, y) }

// Mul64 returns x*y on double as compiled by nvcc under fl: mul.f64
// (mul.rn.f64 with -fmad=false), IEEE round to nearest even.
//
// Special cases are (in order):
//
//	Mul64(x, NaN) = y quieted, sign and payload kept; Mul64(NaN, y) = x quieted for y not NaN
//	Mul64(±0, ±Inf) = Mul64(±Inf, ±0) = NaN (0xfff8000000000000)
//	Mul64(±0, y) = ±0 for finite y, sign = sign(x) XOR sign(y)
//
// Accuracy: correctly rounded; subnormal products are kept. Documented
// (CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 18): "0
// (IEEE-754 round-to-nearest-even)".
//
// Flags: independent of Flags (a lone multiply is never contracted).
func (fl Flags) Mul64(x, y float64) float64 { return Mul64(x, y) }

// Mul64 returns x*y on double under nvcc's default flags (Flags{}.Mul64).
func Mul64(x, y float64) float64 { return rounding.MulRN64(x, y) }

// Div64 returns x/y on double as compiled by nvcc under fl: div.rn.f64
// under every flag set (-prec-div and -use_fast_math change only float
// division).
//
// Special cases are (in order):
//
//	Div64(NaN, y) = x quieted, sign and payload kept; Div64(x, NaN) = y quieted for x not NaN
//	Div64(±0, ±0) = Div64(±Inf, ±Inf) = NaN (0xfff8000000000000)
//	Div64(x, ±0) = ±Inf for finite x ≠ 0, sign = sign(x) XOR sign(y)
//	Div64(x, ±Inf) = ±0 for finite x, sign = sign(x) XOR sign(y)
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (IEEE-754 round-to-nearest-even)".
//
// Flags: independent of Flags.
func (fl Flags) Div64(x, y float64) float64 { return Div64(x, y) }

// Div64 returns x/y on double under nvcc's default flags (Flags{}.Div64).
func Div64(x, y float64) float64 { return rounding.DivRN64(x, y) }

// Rcp64 returns 1.0/x on double as compiled by nvcc under fl: rcp.rn.f64
// (or div.rn.f64 of 1.0: the same results, NaN included) under every flag
// set.
//
// Special cases are (in order):
//
//	Rcp64(NaN) = x quieted, sign and payload kept
//	Rcp64(±Inf) = ±0
//	Rcp64(±0) = ±Inf
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (IEEE-754 round-to-nearest-even)".
//
// Flags: independent of Flags.
func (fl Flags) Rcp64(x float64) float64 { return Rcp64(x) }

// Rcp64 returns 1.0/x on double under nvcc's default flags (Flags{}.Rcp64).
func Rcp64(x float64) float64 { return rounding.RcpRN64(x) }

// Sqrt64 returns sqrt(x) on double as compiled by nvcc under fl:
// sqrt.rn.f64 under every flag set (-prec-sqrt and -use_fast_math change
// only sqrtf).
//
// Special cases are (in order):
//
//	Sqrt64(NaN) = x quieted, sign and payload kept
//	Sqrt64(±0) = ±0
//	Sqrt64(x) = NaN (0xfff8000000000000) for x < 0, -Inf included
//	Sqrt64(+Inf) = +Inf
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (IEEE-754 round-to-nearest-even)".
//
// Flags: independent of Flags.
func (fl Flags) Sqrt64(x float64) float64 { return Sqrt64(x) }

// Sqrt64 returns sqrt(x) on double under nvcc's default flags (Flags{}.Sqrt64).
func Sqrt64(x float64) float64 { return rounding.SqrtRN64(x) }

// MulAdd64 returns x*y+z on double as compiled by nvcc under fl: fma.rn.f64
// (one rounding) with -fmad=true, mul.rn.f64 then add.rn.f64 (two
// roundings) with -fmad=false.
//
// Special cases are (in order, -fmad=true):
//
//	MulAdd64(x, y, z) = the first NaN of y, z, x, quieted, if x, y or z is NaN
//	MulAdd64(±0, ±Inf, z) = MulAdd64(±Inf, ±0, z) = NaN (0xfff8000000000000)
//	MulAdd64(x, y, z) = NaN (0xfff8000000000000) if x·y is an infinity and z the opposite infinity
//	MulAdd64(x, y, z) = +0 if x·y + z is exactly 0 and not every term is -0
//
// With -fmad=false a NaN of z wins over those of y and x (the add takes
// the product's NaN second).
//
// Accuracy: correctly rounded fused multiply-add by default. Documented
// (CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 18) for
// fma(x,y,z): "0 (IEEE-754 round-to-nearest-even)".
//
// Flags: -fmad=false: mul.rn.f64 + add.rn.f64, the product rounded first.
// The other flags do not change it.
func (fl Flags) MulAdd64(x, y, z float64) float64 {
	if fl.NoFMAD {
		return rounding.AddRN64(rounding.MulRN64(x, y), z)
	}
	return MulAdd64(x, y, z)
}

// MulAdd64 returns x*y+z on double under nvcc's default flags
// (Flags{}.MulAdd64): one fma.rn.f64.
func MulAdd64(x, y, z float64) float64 { return rounding.FmaRN64(x, y, z) }

// MulSub64 returns x*y-z on double as compiled by nvcc under fl: nvcc
// writes mul.f64 then sub.f64, which ptxas contracts into DFMA x, y, -z
// (one rounding) with -fmad=true; with -fmad=false, mul.rn.f64 then
// sub.rn.f64 (two roundings).
//
// Special cases are (in order, -fmad=true):
//
//	MulSub64(x, y, z) = the first NaN of y, z, x, quieted, its sign as given, if x, y or z is NaN
//	MulSub64(±0, ±Inf, z) = MulSub64(±Inf, ±0, z) = NaN (0xfff8000000000000)
//	MulSub64(x, y, z) = NaN (0xfff8000000000000) if x·y and z are infinities of the same sign
//	MulSub64(x, y, z) = +0 if x·y - z is exactly 0 and not x·y = -0, z = +0
//
// A NaN z keeps its sign in both forms: the DFMA's negation modifier leaves
// a NaN as it is (rounding.NegOperand64; the device's f64_op_msub captures),
// and sub.f64 returns y's NaN as given (rounding.Sub64). With -fmad=false,
// z's NaN wins over those of y and x.
//
// Accuracy: correctly rounded fused x·y − z by default. Documented (CUDA
// C++ Programming Guide 13.0, Mathematical Functions, Table 18) for
// fma(x,y,z): "0 (IEEE-754 round-to-nearest-even)".
//
// Flags: -fmad=false: mul.rn.f64 + sub.rn.f64, the product rounded first.
// The other flags do not change it.
func (fl Flags) MulSub64(x, y, z float64) float64 {
	if fl.NoFMAD {
		return rounding.SubRN64(rounding.MulRN64(x, y), z)
	}
	return MulSub64(x, y, z)
}

// MulSub64 returns x*y-z on double under nvcc's default flags
// (Flags{}.MulSub64): one DFMA x, y, -z.
func MulSub64(x, y, z float64) float64 {
	return rounding.FmaRN64(x, y, f64b(rounding.NegOperand64(b64(z))))
}
