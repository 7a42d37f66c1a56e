package rounding

import (
	"math"
	"math/bits"
)

// The binary64 integer kernels whose shape is not binary32's: the square
// root (a 128-bit radicand) and fma (a 106-bit product added in 128 bits).

// sqrt64 is Sqrt64's integer kernel, the oracle of its host path.
func sqrt64(x uint64, m Mode) uint64 {
	bx, sx := unpackG(x)
	if x&f64SignMask != 0 || isRareG[uint64](bx) {
		switch {
		case x&^f64SignMask > f64InfBits:
			return nan64(x, x, x)
		case x&^f64SignMask == 0:
			return x
		case x&f64SignMask != 0:
			return nan64(x, x, x) // no NaN operand: defaultNaN64
		case x == f64InfBits:
			return x
		case bx == 0:
			bx, sx = normSubnormalG[uint64](x & f64FracMask)
		}
	}
	// x = sx·2^k with sx in [2^52, 2^53). Scale to S = sx·2^s, s in
	// {58, 59} with k − s even, so S is in [2^110, 2^112) and
	// sqrt(x) = sqrt(S)·2^((k−s)/2) with floor(sqrt(S)) in [2^55, 2^56):
	// 56 root bits, 3 more than kept, and the remainder is the sticky bit.
	k := bx - f64Bias - f64FracBits
	s := 58 + uint32(k)&1
	hi, lo := sx>>(64-s), sx<<s
	q := isqrt128(hi, lo)
	sig := q << (sigTop - 55)
	if qh, ql := bits.Mul64(q, q); qh != hi || ql != lo {
		sig |= 1
	}
	return roundPackG[uint64](0, f64Bias+55+(k-int32(s))>>1, sig, m, false)
}

// isqrt128 returns floor(sqrt(S)) for S = hi·2^64 + lo in [2^110, 2^112).
//
// Method: a binary64 square root of S's leading bits seeds the root within
// a few units of 2^-53·2^56 (the seed's accuracy only bounds the work), one
// integer Newton step q ← (q + S/q)/2 brings it within one unit, and exact
// 128-bit comparisons q² ≤ S < (q+1)² decide the result: host floating
// point decides no bit.
func isqrt128(hi, lo uint64) uint64 {
	q := uint64(math.Sqrt(float64(hi)*0x1p64 + float64(lo)))
	if q>>55 == 0 {
		q = 1 << 55
	}
	// S/q: the high word hi < 2^48 is below q ≥ 2^55, so Div64 cannot panic.
	d, _ := bits.Div64(hi, lo, q)
	q = (q + d) >> 1 // both below 2^57: no overflow
	for {
		qh, ql := bits.Mul64(q, q)
		if qh < hi || qh == hi && ql <= lo {
			break
		}
		q-- // q² > S
	}
	for {
		qh, ql := bits.Mul64(q+1, q+1)
		if qh > hi || qh == hi && ql > lo {
			break
		}
		q++ // (q+1)² ≤ S
	}
	return q
}

// fma64 is Fma64's integer kernel, the oracle of its host path.
//
// The exact product, 106 bits, and z are held as 128-bit significands with
// their leading 1 at bit 126: M × 2^(E − bias − 126). The smaller is
// shifted right with a jam; as in fma32, the sum is exact when the
// exponents differ by at most one (the product has at least 19 zero bits at
// the bottom, z 74), and otherwise at most one leading bit cancels, so the
// sticky bit stays far below binary64's round bit (75 bits below the 53
// kept).
func fma64(x, y, z uint64, m Mode) uint64 {
	r, _ := fmaTo64(x, y, z, m, false, formatOf[uint64]())
	return r
}

// fmaTo64 is fma64 with the result rounded to the format to (arithg.go's
// addTo contract: special reports a binary64 encoding not rounded, a NaN,
// an Inf, an exact zero or z). ftz is the funnel's (to's .ftz); the
// binary64 operands are never flushed.
func fmaTo64(x, y, z uint64, m Mode, ftz bool, to format) (r uint64, special bool) {
	bx, sx := unpackG(x)
	by, sy := unpackG(y)
	bz, sz := unpackG(z)
	if isRareG[uint64](bx) || isRareG[uint64](by) || isRareG[uint64](bz) {
		var done bool
		if r, done, special, bx, sx, by, sy, bz, sz = fmaSpecial64(x, y, z, m, ftz, to); done {
			return r, special
		}
	}
	signP := (x ^ y) & f64SignMask
	signZ := z & f64SignMask
	// Product: (sx·2^10)·(sy·2^11) in [2^125, 2^127), exact.
	ph, pl := bits.Mul64(sx<<10, sy<<11)
	bp := bx + by - f64Bias + 1
	if ph < 1<<62 { // leading 1 at bit 125: normalise to 126
		ph, pl = ph<<1|pl>>63, pl<<1
		bp--
	}
	zh, zl := sz<<10, uint64(0) // leading 1 at bit 126
	// Order by magnitude: (sign, E, M) of the larger and the smaller.
	sign, bl, lh, ll, bs, sh, sl := signP, bp, ph, pl, bz, zh, zl
	if bz > bp || bz == bp && (zh > ph || zh == ph && zl > pl) {
		sign, bl, lh, ll, bs, sh, sl = signZ, bz, zh, zl, bp, ph, pl
	}
	sh, sl = shiftRightJam128(sh, sl, uint(uint32(bl-bs)))
	var rh, rl uint64
	if signP == signZ {
		var c uint64
		rl, c = bits.Add64(ll, sl, 0)
		rh, _ = bits.Add64(lh, sh, c) // < 2^128: both below 2^127
	} else {
		var b uint64
		rl, b = bits.Sub64(ll, sl, 0)
		rh, _ = bits.Sub64(lh, sh, b)
		if rh|rl == 0 {
			return uint64(exactZeroSign(m)) << 32, true
		}
	}
	// Leading 1 to bit 127, then the top 63 bits with the rest as sticky.
	var n uint
	if rh != 0 {
		n = uint(bits.LeadingZeros64(rh))
	} else {
		n = 64 + uint(bits.LeadingZeros64(rl))
	}
	rh, rl = shiftLeft128(rh, rl, n)
	sig := rh >> 1
	if rh&1|rl != 0 {
		sig |= 1
	}
	return roundPackF(to, sign>>63, bl+1-int32(n)-f64Bias+to.bias, sig, m, ftz), false
}

// shiftRightJam128 returns hi·2^64 + lo shifted right by n with every bit
// shifted out ORed into bit 0.
func shiftRightJam128(hi, lo uint64, n uint) (uint64, uint64) {
	switch {
	case n == 0:
		return hi, lo
	case n < 64:
		sticky := lo << (64 - n)
		lo = hi<<(64-n) | lo>>n
		hi >>= n
		if sticky != 0 {
			lo |= 1
		}
		return hi, lo
	case n < 128:
		sticky := lo | hi<<(128-n)
		if n == 64 {
			sticky = lo
		}
		lo = hi >> (n - 64)
		if sticky != 0 {
			lo |= 1
		}
		return 0, lo
	}
	if hi|lo != 0 {
		return 0, 1
	}
	return 0, 0
}

// shiftLeft128 returns hi·2^64 + lo shifted left by n < 128.
func shiftLeft128(hi, lo uint64, n uint) (uint64, uint64) {
	if n >= 64 {
		return lo << (n - 64), 0
	}
	if n == 0 {
		return hi, lo
	}
	return hi<<n | lo>>(64-n), lo << n
}

// fmaSpecial64 handles fmaTo64's operands with a zero, subnormal, Inf or
// NaN. It returns done with the result (special: a binary64 encoding, else
// rounded to to), or the normalised exponents and significands when all
// three are finite and nonzero.
func fmaSpecial64(x, y, z uint64, m Mode, ftz bool, to format) (r uint64, done, special bool, bx int32, sx uint64, by int32, sy uint64, bz int32, sz uint64) {
	const inf = f64InfBits
	abs := func(u uint64) uint64 { return u &^ f64SignMask }
	if abs(x) > inf || abs(y) > inf || abs(z) > inf {
		return nanFma64(x, y, z), true, true, 0, 0, 0, 0, 0, 0
	}
	signP := (x ^ y) & f64SignMask
	switch {
	case abs(x) == inf || abs(y) == inf:
		if abs(x) == 0 || abs(y) == 0 || z == signP^f64SignMask|inf {
			return nanFma64(x, y, z), true, true, 0, 0, 0, 0, 0, 0
		}
		return signP | inf, true, true, 0, 0, 0, 0, 0, 0
	case abs(z) == inf:
		return z, true, true, 0, 0, 0, 0, 0, 0
	case abs(x) == 0 || abs(y) == 0:
		if abs(z) != 0 || z == signP {
			return z, true, true, 0, 0, 0, 0, 0, 0
		}
		return uint64(exactZeroSign(m)) << 32, true, true, 0, 0, 0, 0, 0, 0
	}
	bx, sx = unpackG(x)
	by, sy = unpackG(y)
	if bx == 0 {
		bx, sx = normSubnormalG[uint64](x & f64FracMask)
	}
	if by == 0 {
		by, sy = normSubnormalG[uint64](y & f64FracMask)
	}
	if abs(z) == 0 { // the product, rounded once: x·y + 0 keeps the product's sign
		return mulCoreG(signP, bx, sx, by, sy, m, ftz, to), true, false, 0, 0, 0, 0, 0, 0
	}
	bz, sz = unpackG(z)
	if bz == 0 {
		bz, sz = normSubnormalG[uint64](z & f64FracMask)
	}
	return 0, false, false, bx, sx, by, sy, bz, sz
}
