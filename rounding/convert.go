package rounding

import (
	"math"
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// roundToInt is the integer rounding step of every float-to-integer
// conversion and of RoundInt32: it rounds the magnitude sig·2^e of a finite
// float32 of sign sign (sign bit position) to an integer in mode m. huge
// reports a magnitude of 2^64 or more, whose value is then not returned.
func roundToInt(sign uint32, e int32, sig uint32, m Mode) (mag uint64, huge bool) {
	return roundMagToInt(sign != 0, e, uint64(sig), f32.FracBits, m)
}

// roundMagToInt is roundToInt for either format: sig < 2^(fracBits+1) is
// the significand of a finite value of sign neg, sig·2^e its magnitude.
func roundMagToInt(neg bool, e int32, sig uint64, fracBits uint, m Mode) (mag uint64, huge bool) {
	if e >= 0 {
		if e > 64-int32(fracBits)-1 { // sig ≥ 2^fracBits for the normals reaching here: ≥ 2^64
			return 0, true
		}
		return sig << e, false
	}
	n := uint32(-e) // bits below the binary point
	if n > uint32(fracBits)+1 {
		// sig < 2^(fracBits+1) ≤ 2^(n-1): below one half, not zero.
		n = uint32(fracBits) + 2
	}
	mag = sig >> n
	rem := sig & (1<<n - 1)
	half := uint64(1) << (n - 1)
	var up bool
	switch {
	case m == RN:
		up = rem > half || rem == half && mag&1 != 0
	case m == RU && !neg, m == RD && neg: // the magnitude rounds up
		up = rem != 0
	}
	if up {
		mag++
	}
	return mag, false
}

// floatToInt unpacks a non-NaN x for roundToInt, with .ftz applied.
func floatToInt(x uint32, m Mode, ftz bool) (neg bool, mag uint64, huge bool) {
	checkMode(m)
	if ftz {
		x = ftzInput(x)
	}
	b, sig := unpack(x)
	switch b {
	case 0:
		b, sig = 1, x&f32.FracMask // subnormal or zero: sig·2^-149
	case f32.MaxBexp:
		return x&f32.SignMask != 0, 0, true // ±Inf
	}
	mag, huge = roundToInt(x&f32.SignMask, b-f32.Bias-f32.FracBits, sig, m)
	return x&f32.SignMask != 0, mag, huge
}

// F32ToI32 returns x rounded to an integer in mode m, saturated to the
// int32 range. It emulates PTX cvt.{rni,rzi,rpi,rmi}{.ftz}.s32.f32
// (__float2int_rn, __float2int_rz, __float2int_ru, __float2int_rd).
//
// Special cases are (in order):
//
//	F32ToI32(NaN) = 0
//	F32ToI32(x) = math.MaxInt32 if x rounds above it, +Inf included
//	F32ToI32(x) = math.MinInt32 if x rounds below it, -Inf included
//
// Accuracy: exact (the mode-m rounding of x to an integer, clamped).
//
// Flags: with ftz, a subnormal input is read as zero.
func F32ToI32(x uint32, m Mode, ftz bool) int32 {
	if f32.IsNaN(x) {
		checkMode(m)
		return nanToI32
	}
	neg, mag, huge := floatToInt(x, m, ftz)
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

// F32ToU32 returns x rounded to an integer in mode m, saturated to the
// uint32 range. It emulates PTX cvt.{rni,rzi,rpi,rmi}{.ftz}.u32.f32
// (__float2uint_rn, __float2uint_rz, __float2uint_ru, __float2uint_rd).
//
// Special cases are (in order):
//
//	F32ToU32(NaN) = 0
//	F32ToU32(x) = 0 if x rounds to 0 or below, -Inf included
//	F32ToU32(x) = math.MaxUint32 if x rounds above it, +Inf included
//
// Accuracy: exact (the mode-m rounding of x to an integer, clamped).
//
// Flags: with ftz, a subnormal input is read as zero.
func F32ToU32(x uint32, m Mode, ftz bool) uint32 {
	if f32.IsNaN(x) {
		checkMode(m)
		return nanToU32
	}
	neg, mag, huge := floatToInt(x, m, ftz)
	switch {
	case neg:
		return 0
	case huge || mag > math.MaxUint32:
		return math.MaxUint32
	}
	return uint32(mag)
}

// F32ToI64 returns x rounded to an integer in mode m, saturated to the
// int64 range. It emulates PTX cvt.{rni,rzi,rpi,rmi}{.ftz}.s64.f32
// (__float2ll_rn, __float2ll_rz, __float2ll_ru, __float2ll_rd).
//
// Special cases are (in order):
//
//	F32ToI64(NaN) = math.MinInt64 (bit pattern 1<<63)
//	F32ToI64(x) = math.MaxInt64 if x rounds above it, +Inf included
//	F32ToI64(x) = math.MinInt64 if x rounds below it, -Inf included
//
// Accuracy: exact (the mode-m rounding of x to an integer, clamped).
//
// Flags: with ftz, a subnormal input is read as zero.
func F32ToI64(x uint32, m Mode, ftz bool) int64 {
	if f32.IsNaN(x) {
		checkMode(m)
		return nanToI64
	}
	neg, mag, huge := floatToInt(x, m, ftz)
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

// F32ToU64 returns x rounded to an integer in mode m, saturated to the
// uint64 range. It emulates PTX cvt.{rni,rzi,rpi,rmi}{.ftz}.u64.f32
// (__float2ull_rn, __float2ull_rz, __float2ull_ru, __float2ull_rd).
//
// Special cases are (in order):
//
//	F32ToU64(NaN) = 1<<63
//	F32ToU64(x) = 0 if x rounds to 0 or below, -Inf included
//	F32ToU64(x) = math.MaxUint64 if x rounds above it, +Inf included
//
// Accuracy: exact (the mode-m rounding of x to an integer, clamped).
//
// Flags: with ftz, a subnormal input is read as zero.
func F32ToU64(x uint32, m Mode, ftz bool) uint64 {
	if f32.IsNaN(x) {
		checkMode(m)
		return nanToU64
	}
	neg, mag, huge := floatToInt(x, m, ftz)
	switch {
	case neg:
		return 0
	case huge:
		return math.MaxUint64
	}
	return mag
}

// RoundInt32 returns x rounded to an integral float32 in mode m. It
// emulates PTX cvt.{rni,rzi,rpi,rmi}{.ftz}.f32.f32 (rintf, truncf, ceilf,
// floorf).
//
// Special cases are (in order):
//
//	RoundInt32(NaN) = NaN (canonical 0x7fffffff)
//	RoundInt32(x) = x for ±Inf, ±0 and |x| ≥ 2^23 (already integral)
//	RoundInt32(x) = ±0, sign = sign(x), if x rounds to zero
//
// Accuracy: exact (the mode-m rounding of x to an integer is a float32).
//
// Flags: with ftz, a subnormal input is read as the zero of its sign.
func RoundInt32(x uint32, m Mode, ftz bool) uint32 { return roundIntHost(x, m, ftz) }

// roundInt32 is RoundInt32's integer kernel, the oracle of its host path
// (host.go).
func roundInt32(x uint32, m Mode, ftz bool) uint32 {
	if f32.IsNaN(x) {
		return canonicalNaN
	}
	if ftz {
		x = ftzInput(x)
	}
	b, sig := unpack(x)
	if b >= f32.Bias+f32.FracBits || x&f32.AbsMask == 0 { // integral, ±Inf, ±0
		return x
	}
	if b == 0 {
		b, sig = 1, x&f32.FracMask
	}
	sign := x & f32.SignMask
	mag, _ := roundToInt(sign, b-f32.Bias-f32.FracBits, sig, m) // mag ≤ 2^23
	if mag == 0 {
		return sign
	}
	n := bits.LeadingZeros64(mag) - (63 - sigTop)
	return roundPack(sign, f32.Bias+int32(sigTop-n), mag<<n, m, false) // exact
}

// I32ToF32 returns v rounded to float32 in mode m. It emulates PTX
// cvt.{rn,rz,rp,rm}.f32.s32 (__int2float_rn, _rz, _ru, _rd).
//
// Special cases are:
//
//	I32ToF32(0) = +0
//
// Accuracy: correctly rounded.
//
// Flags: independent of ftz (no int32 is tiny).
func I32ToF32(v int32, m Mode) uint32 {
	checkMode(m)
	return narrow(float64(v), m) // exact in binary64 (host.go, facts 1 and 4)
}

// i32ToF32 is I32ToF32's integer kernel, the oracle of its host path.
func i32ToF32(v int32, m Mode) uint32 {
	if v < 0 {
		return uintToF32(f32.SignMask, uint64(-int64(v)), m)
	}
	return uintToF32(0, uint64(v), m)
}

// U32ToF32 returns v rounded to float32 in mode m. It emulates PTX
// cvt.{rn,rz,rp,rm}.f32.u32 (__uint2float_rn, _rz, _ru, _rd).
//
// Special cases are:
//
//	U32ToF32(0) = +0
//
// Accuracy: correctly rounded.
//
// Flags: independent of ftz.
func U32ToF32(v uint32, m Mode) uint32 {
	checkMode(m)
	return narrow(float64(v), m) // exact in binary64 (host.go, facts 1 and 4)
}

// I64ToF32 returns v rounded to float32 in mode m. It emulates PTX
// cvt.{rn,rz,rp,rm}.f32.s64 (__ll2float_rn, _rz, _ru, _rd).
//
// Special cases are:
//
//	I64ToF32(0) = +0
//
// Accuracy: correctly rounded.
//
// Flags: independent of ftz.
func I64ToF32(v int64, m Mode) uint32 {
	checkMode(m)
	if -1<<53 <= v && v <= 1<<53 {
		return narrow(float64(v), m) // exact in binary64 (host.go, facts 1 and 4)
	}
	return i64ToF32(v, m)
}

// i64ToF32 is I64ToF32's integer kernel.
func i64ToF32(v int64, m Mode) uint32 {
	if v < 0 {
		return uintToF32(f32.SignMask, -uint64(v), m) // MinInt64 → 2^63
	}
	return uintToF32(0, uint64(v), m)
}

// U64ToF32 returns v rounded to float32 in mode m. It emulates PTX
// cvt.{rn,rz,rp,rm}.f32.u64 (__ull2float_rn, _rz, _ru, _rd).
//
// Special cases are:
//
//	U64ToF32(0) = +0
//
// Accuracy: correctly rounded.
//
// Flags: independent of ftz.
func U64ToF32(v uint64, m Mode) uint32 {
	checkMode(m)
	if v <= 1<<53 {
		return narrow(float64(v), m) // exact in binary64 (host.go, facts 1 and 4)
	}
	return uintToF32(0, v, m)
}

// uintToF32 rounds sign × v to float32.
func uintToF32(sign uint32, v uint64, m Mode) uint32 {
	if v == 0 {
		return 0
	}
	n := bits.LeadingZeros64(v)
	v <<= n                     // leading 1 at bit 63
	sig := v>>(63-sigTop) | v&1 // to sigTop, the lost bit jammed
	return roundPack(sign, f32.Bias+63-int32(n), sig, m, false)
}

// F32ToF64 returns x converted to float64, exactly. It emulates PTX
// cvt{.ftz}.f64.f32 ((double)x).
//
// Special cases are (in order):
//
//	F32ToF64(NaN) = NaN with x's sign and payload, quiet bit set; with ftz, 0x7fffffffe0000000
//	F32ToF64(±Inf) = ±Inf
//	F32ToF64(±0) = ±0
//
// Accuracy: exact.
//
// Flags: with ftz, a subnormal input becomes the zero of its sign.
func F32ToF64(x uint32, ftz bool) uint64 {
	if ftz {
		x = ftzInput(x)
	}
	sign := uint64(x&f32.SignMask) << 32
	b, sig := unpack(x)
	switch {
	case b == f32.MaxBexp:
		if x&f32.FracMask != 0 {
			if ftz {
				return nanF32ToF64FTZ
			}
			return nanF32ToF64(x)
		}
		return sign | f64InfBits
	case x&f32.AbsMask == 0:
		return sign
	case b == 0:
		b, sig = normSubnormal(x & f32.FracMask)
	}
	return sign | uint64(b-f32.Bias+f64Bias)<<f64FracBits | uint64(sig&f32.FracMask)<<(f64FracBits-f32.FracBits)
}

// F64ToF32 returns the float64 x rounded to float32 in mode m. It emulates
// PTX cvt.{rn,rz,rp,rm}{.ftz}.f32.f64 (__double2float_rn, _rz, _ru, _rd).
//
// Special cases are (in order):
//
//	F64ToF32(NaN) = NaN with x's sign and top 22 payload bits, quiet bit set
//	F64ToF32(±Inf) = ±Inf
//	F64ToF32(±0) = ±0
//
// Accuracy: correctly rounded; overflow gives ±Inf or ±MaxFinite by mode.
//
// Flags: with ftz, tiny results are flushed to the zero of their sign (a
// subnormal float64 input is always tiny as a float32).
func F64ToF32(x uint64, m Mode, ftz bool) uint32 {
	checkMode(m)
	s := math.Float64frombits(x)
	if s != s {
		return nanF64ToF32(x)
	}
	z := narrow(s, m) // s is exact (host.go, fact 4)
	if ftz && ftzTiny(z) {
		if f, ok := ftzFlush(z); ok {
			return f
		}
		return f64ToF32(x, m, true)
	}
	return z
}

// f64ToF32 is F64ToF32's integer kernel, the oracle of its host path.
func f64ToF32(x uint64, m Mode, ftz bool) uint32 {
	sign := uint32(x>>32) & f32.SignMask
	b := int32(x>>f64FracBits) & f64MaxBexp
	frac := x & f64FracMask
	switch {
	case b == f64MaxBexp:
		if frac != 0 {
			return nanF64ToF32(x)
		}
		return sign | f32.InfBits
	case b == 0:
		if frac == 0 {
			return sign
		}
		n := bits.LeadingZeros64(frac) - (63 - f64FracBits)
		b, frac = int32(1-n), frac<<n
	}
	sig := (frac | 1<<f64FracBits) << (sigTop - f64FracBits)
	return roundPack(sign, b-f64Bias+f32.Bias, sig, m, ftz)
}
