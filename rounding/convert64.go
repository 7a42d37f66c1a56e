package rounding

import (
	"math"
	"math/bits"
)

// Conversions between binary64 and the integers (PTX cvt with an .f64
// source or destination). The float-to-integer rounding is convert.go's
// roundMagToInt, shared with binary32; the integer-to-float rounding is the
// funnel roundPackG.

// f64ToInt unpacks a non-NaN x for roundMagToInt.
func f64ToInt(x uint64, m Mode) (neg bool, mag uint64, huge bool) {
	checkMode(m)
	neg = x&f64SignMask != 0
	b, sig := unpackG(x)
	switch b {
	case 0:
		b, sig = 1, x&f64FracMask // subnormal or zero: sig·2^-1074
	case f64MaxBexp:
		return neg, 0, true // ±Inf
	}
	mag, huge = roundMagToInt(neg, b-f64Bias-f64FracBits, sig, f64FracBits, m)
	return neg, mag, huge
}

// F64ToI32 returns x rounded to an integer in mode m, saturated to the
// int32 range. It emulates PTX cvt.{rni,rzi,rpi,rmi}.s32.f64
// (__double2int_rn, __double2int_rz, __double2int_ru, __double2int_rd).
//
// Special cases are (in order):
//
//	F64ToI32(NaN) = math.MinInt32 (1<<31; cuda.go's nanF64ToI32)
//	F64ToI32(x) = math.MaxInt32 if x rounds above it, +Inf included
//	F64ToI32(x) = math.MinInt32 if x rounds below it, -Inf included
//
// Accuracy: exact (the mode-m rounding of x to an integer, clamped).
func F64ToI32(x uint64, m Mode) int32 {
	if x&^f64SignMask > f64InfBits {
		checkMode(m)
		return nanF64ToI32
	}
	neg, mag, huge := f64ToInt(x, m)
	switch {
	case neg && (huge || mag > 1<<31):
		return math.MinInt32
	case neg:
		return int32(-int64(mag))
	case huge || mag > math.MaxInt32:
		return math.MaxInt32
	}
	return int32(mag)
}

// F64ToU32 returns x rounded to an integer in mode m, saturated to the
// uint32 range. It emulates PTX cvt.{rni,rzi,rpi,rmi}.u32.f64
// (__double2uint_rn, __double2uint_rz, __double2uint_ru, __double2uint_rd).
//
// Special cases are (in order):
//
//	F64ToU32(NaN) = 1<<31 (cuda.go's nanF64ToU32)
//	F64ToU32(x) = 0 if x rounds to 0 or below, -Inf included
//	F64ToU32(x) = math.MaxUint32 if x rounds above it, +Inf included
//
// Accuracy: exact (the mode-m rounding of x to an integer, clamped).
func F64ToU32(x uint64, m Mode) uint32 {
	if x&^f64SignMask > f64InfBits {
		checkMode(m)
		return nanF64ToU32
	}
	neg, mag, huge := f64ToInt(x, m)
	switch {
	case neg:
		return 0
	case huge || mag > math.MaxUint32:
		return math.MaxUint32
	}
	return uint32(mag)
}

// F64ToI64 returns x rounded to an integer in mode m, saturated to the
// int64 range. It emulates PTX cvt.{rni,rzi,rpi,rmi}.s64.f64
// (__double2ll_rn, __double2ll_rz, __double2ll_ru, __double2ll_rd).
//
// Special cases are (in order):
//
//	F64ToI64(NaN) = math.MinInt64 (1<<63)
//	F64ToI64(x) = math.MaxInt64 if x rounds above it, +Inf included
//	F64ToI64(x) = math.MinInt64 if x rounds below it, -Inf included
//
// Accuracy: exact (the mode-m rounding of x to an integer, clamped).
func F64ToI64(x uint64, m Mode) int64 {
	if x&^f64SignMask > f64InfBits {
		checkMode(m)
		return nanToI64
	}
	neg, mag, huge := f64ToInt(x, m)
	switch {
	case neg && (huge || mag > 1<<63):
		return math.MinInt64
	case neg:
		return int64(-mag) // mag = 2^63 wraps to MinInt64, its value
	case huge || mag > math.MaxInt64:
		return math.MaxInt64
	}
	return int64(mag)
}

// F64ToU64 returns x rounded to an integer in mode m, saturated to the
// uint64 range. It emulates PTX cvt.{rni,rzi,rpi,rmi}.u64.f64
// (__double2ull_rn, __double2ull_rz, __double2ull_ru, __double2ull_rd).
//
// Special cases are (in order):
//
//	F64ToU64(NaN) = 1<<63
//	F64ToU64(x) = 0 if x rounds to 0 or below, -Inf included
//	F64ToU64(x) = math.MaxUint64 if x rounds above it, +Inf included
//
// Accuracy: exact (the mode-m rounding of x to an integer, clamped).
func F64ToU64(x uint64, m Mode) uint64 {
	if x&^f64SignMask > f64InfBits {
		checkMode(m)
		return nanToU64
	}
	neg, mag, huge := f64ToInt(x, m)
	switch {
	case neg:
		return 0
	case huge:
		return math.MaxUint64
	}
	return mag
}

// RoundInt64 returns x rounded to an integral float64 in mode m. It
// emulates PTX cvt.{rni,rzi,rpi,rmi}.f64.f64 (rint, trunc, ceil, floor on
// double).
//
// Special cases are (in order):
//
//	RoundInt64(NaN) = x quieted (sign and payload kept; cuda.go)
//	RoundInt64(x) = x for ±Inf, ±0 and |x| ≥ 2^52 (already integral)
//	RoundInt64(x) = ±0, sign = sign(x), if x rounds to zero
//
// Accuracy: exact (the mode-m rounding of x to an integer is a float64).
func RoundInt64(x uint64, m Mode) uint64 {
	if x&^f64SignMask > f64InfBits {
		checkMode(m)
		return nan64(x, x, x)
	}
	return math.Float64bits(roundIntegral(f64v(x), m)) // exact (roundIntegral)
}

// roundInt64 is RoundInt64's integer kernel, the oracle of its host path.
func roundInt64(x uint64, m Mode) uint64 {
	if x&^f64SignMask > f64InfBits {
		return nan64(x, x, x)
	}
	b, sig := unpackG(x)
	if b >= f64Bias+f64FracBits || x&^f64SignMask == 0 { // integral, ±Inf, ±0
		return x
	}
	if b == 0 {
		b, sig = 1, x&f64FracMask
	}
	sign := x & f64SignMask
	mag, _ := roundMagToInt(sign != 0, b-f64Bias-f64FracBits, sig, f64FracBits, m) // mag ≤ 2^52
	if mag == 0 {
		return sign
	}
	return uintToF64(sign, mag, m) // exact: mag has at most 53 bits
}

// I32ToF64 returns v converted to float64, exactly (every int32 is a
// binary64 value). It emulates PTX cvt.rn.f64.s32 (__int2double_rn).
func I32ToF64(v int32) uint64 { return math.Float64bits(float64(v)) }

// U32ToF64 returns v converted to float64, exactly. It emulates PTX
// cvt.rn.f64.u32 (__uint2double_rn).
func U32ToF64(v uint32) uint64 { return math.Float64bits(float64(v)) }

// I64ToF64 returns v rounded to float64 in mode m. It emulates PTX
// cvt.{rn,rz,rp,rm}.f64.s64 (__ll2double_rn, _rz, _ru, _rd).
//
// Special cases are:
//
//	I64ToF64(0) = +0
//
// Accuracy: correctly rounded.
func I64ToF64(v int64, m Mode) uint64 {
	checkMode(m)
	if -1<<53 <= v && v <= 1<<53 {
		return math.Float64bits(float64(v)) // exact: at most 53 bits
	}
	return i64ToF64(v, m)
}

// i64ToF64 is I64ToF64's integer kernel.
func i64ToF64(v int64, m Mode) uint64 {
	if v < 0 {
		return uintToF64(f64SignMask, -uint64(v), m) // MinInt64 → 2^63
	}
	return uintToF64(0, uint64(v), m)
}

// U64ToF64 returns v rounded to float64 in mode m. It emulates PTX
// cvt.{rn,rz,rp,rm}.f64.u64 (__ull2double_rn, _rz, _ru, _rd).
//
// Special cases are:
//
//	U64ToF64(0) = +0
//
// Accuracy: correctly rounded.
func U64ToF64(v uint64, m Mode) uint64 {
	checkMode(m)
	if v <= 1<<53 {
		return math.Float64bits(float64(v)) // exact: at most 53 bits
	}
	return uintToF64(0, v, m)
}

// uintToF64 rounds sign × v to float64.
func uintToF64(sign, v uint64, m Mode) uint64 {
	if v == 0 {
		return 0
	}
	n := bits.LeadingZeros64(v)
	v <<= n                     // leading 1 at bit 63
	sig := v>>(63-sigTop) | v&1 // to sigTop, the lost bit jammed
	return roundPackG(sign, f64Bias+63-int32(n), sig, m, false)
}
