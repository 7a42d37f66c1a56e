package fp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Fast paths of fma.rn, mul.rn, add.rn and sub.rn, the instructions of
// the library kernels, on host floating point (DESIGN.md, "Host floating
// point"; the facts are listed in package rounding, host.go). mul, add and
// sub decide every input here; fma hands the rare cases it cannot settle
// (a binary64 sum on a binary32 midpoint, results outside the normal range,
// zero, Inf and NaN, .ftz operands that flush) to ptx.Fma, which is also
// what fastarith_test.go compares every path with.

// tinyRN is 2^-126·(1 − 2^-25): under .ftz an exact result rounds to
// nearest below 2^-126 (tininess after rounding, rounding/cuda.go), and is
// flushed, exactly when its magnitude is below tinyRN.
const tinyRN = 0x1p-126 * (1 - 0x1p-25)

// wide returns the float32 encoded by u as a float64, exactly.
func wide(u uint32) float64 { return float64(math.Float32frombits(u)) }

// canon returns the encoding of z, the canonical NaN for any NaN.
func canon(z float32) uint32 {
	if z != z {
		return f32.CanonicalNaNBits
	}
	return math.Float32bits(z)
}

// flush is .ftz's reading of an operand: a subnormal is the zero of its sign.
func flush(u uint32) uint32 {
	if u&f32.ExpMask == 0 {
		u &= signBit
	}
	return u
}

// fma is fma.rn{.ftz}.f32 d, a, b, c. The product p = a·b is exact in
// binary64 and s = p + c is its sum rounded to 53 bits. Rounding s again to
// binary32 gives the rounding of the exact a·b + c unless a binary32
// midpoint lies between them, and none can lie strictly between (it would
// be a binary64 value nearer the exact sum than s): so the double rounding
// is exact unless s is itself a midpoint (its 29 bits below binary32's
// last place are 1000…0), which goes to ptx.Fma with the other rare cases.
// Results at least 2^-125 (where 2^-126 may stem from a tiny exact value
// that .ftz flushes) and below 2^128 in binary64 take the fast path; a
// float32 conversion that overflows there is the RN overflow of the exact
// value too. Under .ftz the operands must be normal.
func fma(a, b, c uint32, ftz bool) uint32 {
	if !ftz || a&f32.ExpMask != 0 && b&f32.ExpMask != 0 && c&f32.ExpMask != 0 {
		if z, ok := fmaFast(a, b, c); ok {
			return z
		}
	}
	return ptx.Fma(a, b, c, rounding.RN, ftz)
}

// fmaFast is fma's fast path alone, on encodings: fmaF's.
func fmaFast(a, b, c uint32) (uint32, bool) {
	z, ok := fmaF(math.Float32frombits(a), math.Float32frombits(b), math.Float32frombits(c))
	return math.Float32bits(z), ok
}

// fmaF is fma's fast path alone, on host float32 values: fma.rn{.ftz}.f32
// of a, b, c, and ok = false where the general path must decide instead
// (the result is then meaningless). Results below 2^-125 go to the general
// path in both modes, so .ftz, which flushes no result of 2^-125 or more,
// changes nothing here provided no operand is subnormal (zeros are fine):
// under .ftz that is the caller's to ensure. It makes no call, so the
// compiler inlines it: the library kernels' fast paths (fastkern.go) chain
// it through their polynomials, values staying in floating-point registers
// (the ok tests read the bits off the critical path), and check the
// conjunction of the oks once, at the end.
func fmaF(a, b, c float32) (float32, bool) { return fmaW(a, b, float64(c)) }

// fmaW is fmaF with the addend c given as a float64, which must hold a
// binary32 value exactly: the kernels pass integers computed on the host
// without a round trip through float32.
func fmaW(a, b float32, c float64) (float32, bool) {
	p := float64(float64(a) * float64(b)) // exact; the conversion keeps it from fusing with the add
	s := p + c
	u := math.Float64bits(s)
	const lo = 1023 - 125 // binary64 biased exponent of 2^-125
	return float32(s), u>>52&0x7ff-lo < 1023+128-lo && u&(1<<29-1) != 1<<28
}

// mulFast is mul's fast path alone, on encodings: mulF's.
func mulFast(a, b uint32) (uint32, bool) {
	z, ok := mulF(math.Float32frombits(a), math.Float32frombits(b))
	return math.Float32bits(z), ok
}

// mulF is mul's fast path alone, as fmaF is fma's: the host binary32
// product, the rounding to nearest of the exact one (rounding/host.go,
// fact 1), and ok for products from 2^-125 up to MaxFloat32 (no zero, Inf,
// NaN or possibly flushed result: a product rounded to at least 2^-125 is
// above 2^-126 exactly; under .ftz no operand may be subnormal). It stays
// in binary32: the SSE conversions to and from binary64 depend on their
// destination register's old value and lengthen the kernels' chains.
func mulF(a, b float32) (float32, bool) {
	p := float32(a * b) // the conversion keeps the product from fusing with a caller's add (fact 5)
	return p, math.Float32bits(p)>>23&0xff-2 < 0xff-2
}

// mul is mul{.rn}{.ftz}.f32 d, a, b. A mul without a rounding modifier that
// ptxas contracted with an add is mulAdd, not mul then add. The binary64
// product is exact, so its float32 conversion is the RN result and, under
// .ftz, it decides tininess after rounding.
func mul(a, b uint32, ftz bool) uint32 {
	if ftz {
		a, b = flush(a), flush(b)
	}
	p := wide(a) * wide(b)
	z := canon(float32(p))
	if ftz && math.Abs(p) < tinyRN {
		z &= signBit
	}
	return z
}

// add is add{.rn}{.ftz}.f32 d, a, b: host binary32 addition. A tiny sum of
// (flushed) operands is exact, a multiple of 2^-149, so .ftz flushes the
// results below 2^-126.
func add(a, b uint32, ftz bool) uint32 {
	if ftz {
		a, b = flush(a), flush(b)
	}
	z := canon(math.Float32frombits(a) + math.Float32frombits(b))
	if ftz && z&f32.AbsMask < f32.MinNormalBits {
		z &= signBit
	}
	return z
}

// sub is sub{.rn}{.ftz}.f32 d, a, b: a + (−b), which rounds alike (every NaN
// result is the canonical NaN, and the sign of an exact zero follows the
// same rule).
func sub(a, b uint32, ftz bool) uint32 { return add(a, b^signBit, ftz) }

const signBit = 0x80000000
