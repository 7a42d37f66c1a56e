package rounding_test

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// The 2^32 sweeps of the unary float32-source functions: Sqrt32, Rcp32,
// the float-to-integer conversions, F32ToF64 and RoundInt32, each in every
// mode with ftz off and on. The big-number oracle is far too slow for 2^32
// inputs, so each result is certified by an independent integer argument:
// exact comparisons of the root's or the reciprocal's rounding interval
// ends against x (squares and products in 64-bit integers), and for the
// conversions a 128-bit fixed-point reference.
//
// The default run sweeps every exhaustiveStride-th input of the same
// shards (~1 M inputs, about a second); CUDAFP_EXHAUSTIVE=1 sweeps all 2^32
// (tens of minutes on 2 cores):
//
//	CUDAFP_EXHAUSTIVE=1 go test -run Exhaustive -timeout 0 ./rounding

const exhaustiveStride = 4099 // prime: the subset meets every residue of the low bits

func sweep(t *testing.T, name string, check func(t *testing.T, x uint32, fc *failCounter)) {
	step := uint64(exhaustiveStride)
	if testflag.Exhaustive() {
		step = 1
	}
	var fc failCounter
	for hi := uint64(0); hi < 256; hi++ {
		t.Run(fmt.Sprintf("%s/shard=%02x", name, hi), func(t *testing.T) {
			t.Parallel()
			// Start each shard on the global stride grid so that the
			// subset is the same whatever the shard boundaries.
			lo := hi << 24
			first := (lo + step - 1) / step * step
			for u := first; u < (hi+1)<<24; u += step {
				check(t, uint32(u), &fc)
			}
		})
	}
}

// magnitude rounding directions.
type dir uint8

const (
	nearest dir = iota
	down        // toward zero
	up          // away from zero
)

func magDir(m rounding.Mode, neg bool) dir {
	switch {
	case m == rounding.RN:
		return nearest
	case m == rounding.RZ, m == rounding.RU && neg, m == rounding.RD && !neg:
		return down
	}
	return up
}

// val returns the value of the nonnegative encoding a ≤ 0x7f800000 as
// M·2^E (Inf as 2^128, the value just past MaxFinite on its grid).
func val(a uint32) (uint64, int) {
	b := int(a >> 23)
	if b == 0 {
		return uint64(a), -149
	}
	return uint64(a&f32.FracMask | f32.HiddenBit), b - 150
}

// cmpScaled compares A·2^a with C·2^c for A, C > 0 and returns -1, 0, +1.
func cmpScaled(A uint64, a int, C uint64, c int) int {
	la, lc := bits.Len64(A)+a, bits.Len64(C)+c
	switch {
	case la < lc:
		return -1
	case la > lc:
		return 1
	}
	// Same leading position: the larger-exponent side shifts left into at
	// most 64 bits.
	if a > c {
		A <<= uint(a - c)
	} else {
		C <<= uint(c - a)
	}
	switch {
	case A < C:
		return -1
	case A > C:
		return 1
	}
	return 0
}

// reaches reports whether v, rounded to 24 bits with an unbounded
// exponent in direction d, is at least 2^-126 (the .ftz policy's test,
// restated: only values within an ulp below 2^-126 can round up to it).
func reaches(d dir, cmp func(M uint64, E int) int) bool {
	const below = (1<<24 - 1) // (2^24-1)·2^-150, the 24-bit value just below 2^-126
	switch d {
	case nearest:
		return cmp(2*below+1, -151) >= 0 // the midpoint ties to the even 2^-126
	case up:
		return cmp(below, -150) > 0
	}
	return cmp(1, -126) >= 0
}

// expected returns the rounding in every mode of a positive exact value v
// that lies in [val(a), val(a+1)) (a < Inf), magnitude view, from three
// exact comparisons: down = a; up = a, or a+1 unless v = val(a); nearest
// by v's side of the midpoint, a tie going to the even encoding. It
// reports false when v is not in that interval, i.e. when a is not the
// truncation of v (a = MaxFinite takes every v ≥ MaxFinite).
func expected(a uint32, cmp func(M uint64, E int) int) (down, up, nearest uint32, ok bool) {
	if a == 0 || a >= f32.InfBits || cmp(val(a)) < 0 || a < f32.MaxFiniteBits && cmp(val(a+1)) >= 0 {
		return 0, 0, 0, false
	}
	down, up, nearest = a, a, a
	if cmp(val(a)) == 0 {
		return down, up, nearest, true
	}
	up = a + 1
	// The gap above an encoding is its own ulp, so the midpoint of a and
	// a+1 is (2M+1)·2^(E-1) (a+1 = Inf included: 2^128 on MaxFinite's grid).
	M, E := val(a)
	if c := cmp(2*M+1, E-1); c > 0 || c == 0 && a&1 != 0 {
		nearest = a + 1
	}
	return down, up, nearest, true
}

// pick returns the expected encoding for mode m on the magnitude results.
func pick(d dir, dn, upward, near uint32) uint32 {
	switch d {
	case down:
		return dn
	case up:
		return upward
	}
	return near
}

func TestExhaustiveSqrt32(t *testing.T) {
	sweep(t, "Sqrt32", func(t *testing.T, x uint32, fc *failCounter) {
		if want, ok := sqrtSpecial(x, false); ok {
			for _, m := range rounding.Modes {
				for _, ftz := range ftzs {
					w := want
					if ftz {
						w, _ = sqrtSpecial(x, true)
					}
					if got := rounding.Sqrt32(x, m, ftz); got != w {
						fc.fail(t, failure("Sqrt32", []uint32{x}, m, ftz, got, w))
					}
				}
			}
			return
		}
		if f32.IsSubnormal(x) { // x > 0 here; with ftz it reads as +0
			for _, m := range rounding.Modes {
				if got := rounding.Sqrt32(x, m, true); got != 0 {
					fc.fail(t, failure("Sqrt32", []uint32{x}, m, true, got, 0))
				}
			}
		}
		X, ex := val(x)
		cmp := func(M uint64, E int) int { // sign of sqrt(x) - M·2^E
			return cmpScaled(X, ex, M*M, 2*E)
		}
		rz := rounding.Sqrt32(x, rounding.RZ, false)
		down, up, nearest, ok := expected(rz, cmp)
		if !ok {
			fc.fail(t, fmt.Sprintf("Sqrt32(%s) mode=RZ ftz=false = %s: not the truncation of the root", f32.Format(x), f32.Format(rz)))
			return
		}
		for _, m := range rounding.Modes {
			want := pick(magDir(m, false), down, up, nearest)
			for _, ftz := range ftzs {
				if ftz && f32.IsSubnormal(x) {
					continue // checked above
				}
				// The root of a positive float32 is never tiny: ftz changes nothing.
				if got := rounding.Sqrt32(x, m, ftz); got != want {
					fc.fail(t, failure("Sqrt32", []uint32{x}, m, ftz, got, want))
				}
			}
		}
	})
}

// sqrtSpecial returns Sqrt32's result where it is not a rounding of a
// positive value.
func sqrtSpecial(x uint32, ftz bool) (uint32, bool) {
	if ftz && f32.IsSubnormal(x) {
		x &= f32.SignMask
	}
	switch {
	case f32.IsNaN(x):
		return f32.CanonicalNaNBits, true
	case f32.IsZero(x):
		return x, true
	case x&f32.SignMask != 0:
		return f32.CanonicalNaNBits, true
	case f32.IsInf(x):
		return x, true
	}
	return 0, false
}

func TestExhaustiveRcp32(t *testing.T) {
	sweep(t, "Rcp32", func(t *testing.T, x uint32, fc *failCounter) {
		sign := x & f32.SignMask
		a := x & f32.AbsMask
		special, isSpecial := uint32(0), true
		switch {
		case f32.IsNaN(x):
			special = f32.CanonicalNaNBits
		case a == f32.InfBits:
			special = sign
		case a == 0:
			special = sign | f32.InfBits
		default:
			isSpecial = false
		}
		if isSpecial {
			for _, m := range rounding.Modes {
				for _, ftz := range ftzs {
					if got := rounding.Rcp32(x, m, ftz); got != special {
						fc.fail(t, failure("Rcp32", []uint32{x}, m, ftz, got, special))
					}
				}
			}
			return
		}
		X, ex := val(a)
		cmp := func(M uint64, E int) int { // sign of 1/|x| - M·2^E
			return cmpScaled(1, 0, M*X, E+ex)
		}
		rz := rounding.Rcp32(x, rounding.RZ, false)
		down, up, nearest, ok := expected(rz&f32.AbsMask, cmp)
		if !ok || rz&f32.SignMask != sign {
			fc.fail(t, fmt.Sprintf("Rcp32(%s) mode=RZ ftz=false = %s: not the truncation of the reciprocal", f32.Format(x), f32.Format(rz)))
			return
		}
		for _, m := range rounding.Modes {
			d := magDir(m, sign != 0)
			want := sign | pick(d, down, up, nearest)
			if got := rounding.Rcp32(x, m, false); got != want {
				fc.fail(t, failure("Rcp32", []uint32{x}, m, false, got, want))
			}
			// .ftz: a subnormal input is read as a signed zero; a result
			// below 2^-126 after rounding to 24 bits with an unbounded
			// exponent is flushed; every other result is unchanged.
			wantFTZ := want
			switch {
			case f32.IsSubnormal(x):
				wantFTZ = sign | f32.InfBits
			case want&f32.AbsMask <= f32.MinNormalBits: // tiny before rounding, or just at 2^-126
				if cmp(1, -126) < 0 { // |1/x| < 2^-126
					wantFTZ = sign
					if reaches(d, cmp) {
						wantFTZ = sign | f32.MinNormalBits
					}
				}
			}
			if got := rounding.Rcp32(x, m, true); got != wantFTZ {
				fc.fail(t, failure("Rcp32", []uint32{x}, m, true, got, wantFTZ))
			}
		}
	})
}

// fixedInt is the reference of the float-to-integer conversions: |x| as a
// 128-bit fixed-point number, integer part int (valid unless huge, |x| ≥
// 2^64) and 64 fraction bits frac (a nonzero value below 2^-64 is kept as
// the smallest nonzero fraction: it only matters that it is not zero and
// below one half).
type fixedInt struct {
	neg, huge bool
	int, frac uint64
}

func toFixed(x uint32) fixedInt {
	M, E := val(x & f32.AbsMask)
	r := fixedInt{neg: x&f32.SignMask != 0}
	switch {
	case M == 0:
	case E+bits.Len64(M) > 64:
		r.huge = true
	case E >= 0:
		r.int = M << uint(E)
	case E >= -64: // M·2^E = (M << (64+E)) / 2^64 as a 128-bit value
		r.int, r.frac = bits.Mul64(M, 1<<uint(64+E))
	default:
		r.frac = 1
	}
	return r
}

// rounded returns the magnitude of x's integer rounding in mode m.
func (r fixedInt) rounded(m rounding.Mode) uint64 {
	const half = 1 << 63
	away := false
	switch magDir(m, r.neg) {
	case nearest:
		away = r.frac > half || r.frac == half && r.int&1 == 1
	case up:
		away = r.frac != 0
	}
	if away {
		return r.int + 1 // |x| < 2^64 - 1 here: no wrap (an integer part of 2^64-1 has no fraction)
	}
	return r.int
}

// minI32Bits is math.MinInt32 sign-extended to 64 bits, as F32ToI32's result is compared.
var minI32Bits = func() uint64 { v := int64(-1 << 31); return uint64(v) }()

func TestExhaustiveF32ToInt(t *testing.T) {
	sweep(t, "F32ToInt", func(t *testing.T, x uint32, fc *failCounter) {
		for _, ftz := range ftzs {
			xin := x
			if ftz && f32.IsSubnormal(x) {
				xin = x & f32.SignMask
			}
			r := toFixed(xin)
			nan := f32.IsNaN(x)
			r.huge = r.huge || f32.IsInf(x)
			for _, m := range rounding.Modes {
				mag := r.rounded(m)
				// Clamp sign × mag (or a huge magnitude) to [lo, hi].
				var wI32, wU32, wI64, wU64 uint64
				switch {
				case nan:
					wI32, wU32, wI64, wU64 = 0, 0, 1<<63, 1<<63
				case r.neg:
					wU32, wU64 = 0, 0
					wI32 = uint64(-int64(min(mag, 1<<31)))
					wI64 = -min(mag, 1<<63)
					if r.huge {
						wI32, wI64 = minI32Bits, 1<<63
					}
				default:
					wI32, wU32, wI64, wU64 = min(mag, 1<<31-1), min(mag, 1<<32-1), min(mag, 1<<63-1), mag
					if r.huge {
						wI32, wU32, wI64, wU64 = 1<<31-1, 1<<32-1, 1<<63-1, 1<<64-1
					}
				}
				gI32, gU32 := uint64(rounding.F32ToI32(x, m, ftz)), uint64(rounding.F32ToU32(x, m, ftz))
				gI64, gU64 := uint64(rounding.F32ToI64(x, m, ftz)), rounding.F32ToU64(x, m, ftz)
				if gI32 != wI32 || gU32 != wU32 || gI64 != wI64 || gU64 != wU64 {
					fc.fail(t, fmt.Sprintf("F32ToI32/U32/I64/U64(%s) mode=%v ftz=%v = %#x %#x %#x %#x, want %#x %#x %#x %#x",
						f32.Format(x), m, ftz, gI32, gU32, gI64, gU64, wI32, wU32, wI64, wU64))
				}
			}
		}
	})
}

// f64Of is the reference of F32ToF64: the float64 fields of x's value,
// a subnormal normalised one shift at a time.
func f64Of(x uint32, ftz bool) uint64 {
	sign := uint64(x&f32.SignMask) << 32
	b := int(x>>23) & 0xff
	frac := uint64(x & f32.FracMask)
	switch {
	case b == 0xff && frac != 0 && ftz: // cvt.ftz.f64.f32: testdata/golden16/ftz/bf16_cast_to_double
		return 0x7fffffffe0000000
	case b == 0xff && frac != 0:
		return sign | 0x7ff8000000000000 | frac<<29
	case b == 0xff:
		return sign | 0x7ff0000000000000
	case b == 0 && (frac == 0 || ftz):
		return sign
	case b == 0:
		e := -126
		for frac&(1<<23) == 0 {
			frac <<= 1
			e--
		}
		return sign | uint64(e+1023)<<52 | (frac&0x7fffff)<<29
	}
	return sign | uint64(b-127+1023)<<52 | frac<<29
}

func TestExhaustiveF32ToF64(t *testing.T) {
	sweep(t, "F32ToF64", func(t *testing.T, x uint32, fc *failCounter) {
		for _, ftz := range ftzs {
			if got, want := rounding.F32ToF64(x, ftz), f64Of(x, ftz); got != want {
				fc.fail(t, fmt.Sprintf("F32ToF64(%s) ftz=%v = %#016x, want %#016x", f32.Format(x), ftz, got, want))
			}
		}
	})
}

// floatOfInt returns the float32 encoding of sign × n for n ≤ 2^24, exact.
func floatOfInt(sign uint32, n uint64) uint32 {
	if n == 0 {
		return sign
	}
	e := 23
	for n < 1<<23 {
		n <<= 1
		e--
	}
	for n >= 1<<24 {
		n >>= 1 // only n = 2^24, exactly
		e++
	}
	return sign | uint32(e+127)<<23 | uint32(n)&f32.FracMask
}

func TestExhaustiveRoundInt32(t *testing.T) {
	sweep(t, "RoundInt32", func(t *testing.T, x uint32, fc *failCounter) {
		for _, ftz := range ftzs {
			xin := x
			if ftz && f32.IsSubnormal(x) {
				xin = x & f32.SignMask
			}
			r := toFixed(xin)
			for _, m := range rounding.Modes {
				var want uint32
				switch {
				case f32.IsNaN(x):
					want = f32.CanonicalNaNBits
				case xin&f32.AbsMask >= 0x4b000000: // |x| ≥ 2^23 or Inf: integral
					want = xin
				default:
					want = floatOfInt(xin&f32.SignMask, r.rounded(m))
				}
				if got := rounding.RoundInt32(x, m, ftz); got != want {
					fc.fail(t, failure("RoundInt32", []uint32{x}, m, ftz, got, want))
				}
			}
		}
	})
}
