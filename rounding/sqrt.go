package rounding

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// Sqrt32 returns the square root of x, correctly rounded in mode m. It
// emulates PTX sqrt{.rn,.rz,.rp,.rm}{.ftz}.f32 (__fsqrt_rn, __fsqrt_rz,
// __fsqrt_ru, __fsqrt_rd, and sqrtf under the default -prec-sqrt=true).
//
// Special cases are (in order):
//
//	Sqrt32(NaN) = NaN (canonical 0x7fffffff)
//	Sqrt32(±0) = ±0
//	Sqrt32(x < 0) = NaN, -Inf included
//	Sqrt32(+Inf) = +Inf
//
// Accuracy: correctly rounded (the mode-m rounding of the exact root).
//
// Flags: with ftz, a subnormal input is read as the zero of its sign, so
// Sqrt32(negative subnormal) = -0; the result is never tiny.
func Sqrt32(x uint32, m Mode, ftz bool) uint32 {
	return sqrtHost(x, m, ftz) // host.go
}

// sqrt32 is Sqrt32's integer kernel, the oracle of its host path (host.go).
func sqrt32(x uint32, m Mode, ftz bool) uint32 {
	bx, sx := unpack(x)
	if x&f32.SignMask != 0 || isRare(bx) {
		switch {
		case f32.IsNaN(x):
			return canonicalNaN
		case ftz:
			x = ftzInput(x)
		}
		switch {
		case f32.IsZero(x):
			return x
		case x&f32.SignMask != 0:
			return canonicalNaN
		case f32.IsInf(x):
			return x
		case bx == 0:
			bx, sx = normSubnormal(x)
		}
	}
	// x = sx·2^k with sx in [2^23, 2^24). Scale to S = sx·2^s, s in {29, 30}
	// with k-s even, so S is in [2^52, 2^54) and sqrt(x) = sqrt(S)·2^((k-s)/2)
	// with floor(sqrt(S)) in [2^26, 2^27): 27 root bits, 3 more than kept,
	// and the remainder is the sticky bit.
	k := bx - f32.Bias - f32.FracBits
	s := 29 + uint32(k+1)&1
	S := uint64(sx) << s
	q := isqrt54(S)
	sig := q << (sigTop - 26)
	if q*q != S {
		sig |= 1
	}
	return roundPack(0, f32.Bias+26+(k-int32(s))>>1, sig, m, false)
}

// isqrt54 returns floor(sqrt(S)) for S in [2^52, 2^54).
//
// Method: a = S/2^52 in [1, 4); a table gives 1/sqrt(a) to about 9 bits,
// two Newton steps y ← y(3 - a·y²)/2 (each squares the relative error and
// never overshoots 1/sqrt(a)) give about 30 bits, q = a·y·2^26 is within
// one unit below the root, and exact integer comparisons q² ≤ S < (q+1)²
// fix the last unit.
func isqrt54(S uint64) uint64 {
	a := S >> 29                                     // a·2^23, in [2^23, 2^25)
	y := uint64(rsqrtTab[a>>17-rsqrtTabFirst]) << 16 // y·2^31, y ≤ 1
	for range 2 {
		hi, lo := bits.Mul64(a, y*y) // a·y²·2^85
		ay2 := hi<<41 | lo>>23       // a·y²·2^62, near 2^62
		hi, lo = bits.Mul64(y, 3<<62-ay2)
		y = hi<<1 | lo>>63 // y(3 - a·y²)/2 · 2^31
	}
	q := a * y >> 28 // a·y·2^26 ≈ sqrt(S), truncated
	// Over all 2^24 values of S, q is floor(sqrt(S)) or one less (counted
	// once over every S, which the exhaustive test of Sqrt32 reaches), so
	// one branch-free step fixes it. The loops keep the result exact for
	// any q and, never running, cost only predicted branches.
	if (q+1)*(q+1) <= S {
		q++
	}
	for q*q > S {
		q--
	}
	for (q+1)*(q+1) <= S {
		q++
	}
	return q
}

// rsqrtTab[i] approximates 2^15/sqrt(a) at the midpoint a = (2j+1)/128 of
// the interval [j/64, (j+1)/64), j = i + rsqrtTabFirst, which holds the
// a in [1, 4) whose top bits are j: entry = floor(sqrt(2^37/(2j+1))),
// computed below with integer arithmetic only.
const rsqrtTabFirst = 64

var rsqrtTab = func() (t [256 - rsqrtTabFirst]uint16) {
	for i := range t {
		j := uint64(i + rsqrtTabFirst)
		t[i] = uint16(isqrtSlow(1 << 37 / (2*j + 1)))
	}
	return t
}()

// isqrtSlow returns floor(sqrt(n)) by the bit-by-bit method (Hacker's
// Delight 11-1); it builds rsqrtTab once.
func isqrtSlow(n uint64) uint64 {
	var r uint64
	for bit := uint64(1) << 62; bit != 0; bit >>= 2 {
		if n >= r+bit {
			n -= r + bit
			r = r>>1 + bit
		} else {
			r >>= 1
		}
	}
	return r
}
