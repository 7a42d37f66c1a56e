package reports

import (
	"math"
	"math/bits"

	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// References of the exact functions (fabsf, ceilf, fmodf, frexpf, …) and of
// the functions with an integer result (__float2int_rn, lrintf, ilogbf, …):
// the exact result, computed from the bits with integer arithmetic (never
// with the emulation it judges), fast enough for exhaustive sweeps. Each is
// tested against math/big in exact_test.go.
//
// Where C leaves a result undefined or unspecified, the reference takes the
// value NVIDIA documents, or else one fixed convention, stated here and in
// docs/report.md:
//   - float to integer (the __float2*_* conversions, lrintf, llrintf,
//     lroundf, llroundf): a value outside the destination range saturates to
//     it, and NaN gives 0 (32-bit destinations) or 0x8000000000000000
//     (64-bit ones), as PTX's cvt (PTX ISA 9.1, §9.7.9.21);
//   - ilogbf: FP_ILOGB0 = FP_ILOGBNAN = INT_MIN, INT_MAX for ±Inf (CUDA Math
//     API);
//   - frexpf: exponent 0 for ±0, ±Inf and NaN;
//   - remquof: the quotient's low 3 bits with the sign of x/y (CUDA Math
//     API: "agrees with the exact quotient in the low order 3 bits"), 0 when
//     the remainder is NaN;
//   - fmaxf, fminf: the number when one argument is NaN, −0 < +0 (PTX
//     max/min);
//   - __saturatef: NaN gives +0, −0 gives +0 (clamped to [+0, 1], libdevice).
//
// NaN results are the canonical 0x7fffffff (reports compare NaNs as equal
// anyway).

// Kinds of reference (Row.RefKind).
const (
	kindCR       = "correctly rounded" // a correctly rounded reference (ulp, rounding)
	kindExact    = "exact"             // the exact float result, which is a binary32 value
	kindExactInt = "exact integer"     // the exact integer result
)

const (
	nanBits  = 0x7fffffff // CUDA's canonical NaN
	signMask = 0x80000000
	absMask  = 0x7fffffff
	infBits  = 0x7f800000
)

func isNaN(u uint32) bool { return u&absMask > infBits }

// floatRef is an ulp.Reference whose result is computed exactly on the bits
// (the value is then the result itself), or correctly rounded from an exact
// float64 value (ldexpf, fdimf).
type floatRef struct {
	name  string
	arity int
	f     func(in ulp.Input) (want uint32, v ulp.DD)
}

func (r *floatRef) Name() string { return r.name }
func (r *floatRef) Arity() int   { return r.arity }

// Eval implements ulp.Reference: never slow; the mode is the function's
// own (the catalog's RN).
func (r *floatRef) Eval(in ulp.Input, _ rounding.Mode) (uint32, ulp.DD, bool) {
	w, v := r.f(in)
	return w, v, false
}

// exact1 and exact2 make a floatRef of a function whose result is exact.
func exact1(name string, f func(x uint32) uint32) *floatRef {
	return &floatRef{name, 1, func(in ulp.Input) (uint32, ulp.DD) { w := f(in.X); return w, ulp.DD{Hi: f32to64(w)} }}
}

func exact2(name string, f func(x, y uint32) uint32) *floatRef {
	return &floatRef{name, 2, func(in ulp.Input) (uint32, ulp.DD) { w := f(in.X, in.Y); return w, ulp.DD{Hi: f32to64(w)} }}
}

// intRef is the reference of an integer result: the exact integer, encoded
// as the result type's bits (an int in the low 32 bits of the uint64).
type intRef struct {
	name  string
	arity int
	out   spec.Type
	f     func(in ulp.Input) uint64
}

// intDist returns |a − b| for two encodings of type t, in integer units
// (a double result's distance in binary64 ulps, dist64).
func intDist(t spec.Type, a, b uint64) uint64 {
	switch t {
	case spec.F64:
		return dist64(a, b)
	case spec.I32:
		a, b = uint64(int64(int32(a))), uint64(int64(int32(b)))
		t = spec.I64
	case spec.U32:
		a, b = uint64(uint32(a)), uint64(uint32(b))
	}
	if t == spec.I64 {
		if int64(a) < int64(b) {
			a, b = b, a
		}
	} else if a < b {
		a, b = b, a
	}
	return a - b // exact modulo 2^64, and the difference is below 2^64
}

// zeroRef is what the ulp sweep of an integer result measures against: the
// measured "function" is 0 where the integer is exact and 1 (the smallest
// subnormal's encoding) where it is not, so that the sweep's correctly
// rounded count is the number of exact results; the distances in integer
// units are the probe's (Extra.IntMaxDist).
type zeroRef struct {
	name  string
	arity int
}

func (r zeroRef) Name() string { return r.name }
func (r zeroRef) Arity() int   { return r.arity }

// Eval implements ulp.Reference.
func (r zeroRef) Eval(ulp.Input, rounding.Mode) (uint32, ulp.DD, bool) { return 0, ulp.DD{}, false }

// Rounding of a float to an integer.

// intMode is a rounding to an integer: the four rounding.Modes, and ties
// away from zero (roundf, lroundf).
type intMode uint8

const (
	toEven   intMode = iota // ties to even (rintf, nearbyintf, lrintf, _rn)
	toZero                  // truncf, _rz
	toPosInf                // ceilf, _ru
	toNegInf                // floorf, _rd
	tiesAway                // roundf, lroundf
)

func modeOf(m rounding.Mode) intMode {
	return map[rounding.Mode]intMode{rounding.RN: toEven, rounding.RZ: toZero, rounding.RU: toPosInf, rounding.RD: toNegInf}[m]
}

// roundInt rounds the finite float x to an integer in mode m: its sign, and
// its magnitude, or huge when the magnitude is at least 2^64.
func roundInt(x uint32, m intMode) (neg bool, mag uint64, huge bool) {
	neg = x&signMask != 0
	bexp := int(x >> 23 & 0xff)
	sig := uint64(x & 0x7fffff)
	e := -149 // |x| = sig·2^e
	if bexp != 0 {
		sig |= 1 << 23
		e = bexp - 150
	}
	switch {
	case e > 40: // |x| ≥ 2^23·2^41 (±Inf included)
		return neg, 0, true
	case e >= 0: // sig·2^e < 2^64
		return neg, sig << e, false
	}
	// |x| = ip + rest·2^e with rest < 2^s; half = 2^(s−1).
	s := uint(-e)
	var ip, rest, half uint64
	if s >= 63 { // |x| < 2^24·2^-63: below one half
		ip, rest, half = 0, sig, math.MaxUint64
	} else {
		ip, rest, half = sig>>s, sig&(1<<s-1), 1<<(s-1)
	}
	up := false
	switch m {
	case toEven:
		up = rest > half || rest == half && ip&1 != 0
	case tiesAway:
		up = rest >= half
	case toPosInf:
		up = !neg && rest != 0
	case toNegInf:
		up = neg && rest != 0
	}
	if up {
		ip++
	}
	return neg, ip, false
}

// roundIntegral is the float functions that round to an integral value
// (ceilf, floorf, truncf, roundf, rintf, nearbyintf): the result keeps the
// sign of x, NaN and ±Inf are returned (NaN canonical).
func roundIntegral(m intMode) func(x uint32) uint32 {
	return func(x uint32) uint32 {
		a := x & absMask
		switch {
		case a > infBits:
			return nanBits
		case a >= 0x4b000000: // |x| ≥ 2^23, Inf included: already integral
			return x
		}
		_, mag, _ := roundInt(x, m)
		// mag ≤ 2^23: exact as a float32.
		return x&signMask | math.Float32bits(float32(mag))
	}
}

// toInt converts x to the integer type t in mode m as PTX's cvt does: the
// exact rounding, saturated to t's range; NaN gives 0 (32-bit t) or
// 0x8000000000000000 (64-bit t).
func toInt(x uint32, m intMode, t spec.Type) uint64 {
	if isNaN(x) {
		if t.Wide() {
			return 1 << 63
		}
		return 0
	}
	neg, mag, huge := roundInt(x, m)
	var maxPos, maxNeg uint64 // largest magnitudes of each sign
	switch t {
	case spec.I32:
		maxPos, maxNeg = math.MaxInt32, 1<<31
	case spec.U32:
		maxPos, maxNeg = math.MaxUint32, 0
	case spec.I64:
		maxPos, maxNeg = math.MaxInt64, 1<<63
	case spec.U64:
		maxPos, maxNeg = math.MaxUint64, 0
	}
	if neg {
		if huge || mag > maxNeg {
			mag = maxNeg
		}
		v := -mag // two's complement
		if t == spec.I32 {
			return uint64(uint32(v))
		}
		return v
	}
	if huge || mag > maxPos {
		mag = maxPos
	}
	return mag
}

// Exponents and significands.

// unpack returns |x| = sig·2^e for a finite x, sig < 2^24 (0 for ±0).
func unpack(x uint32) (sig uint64, e int) {
	bexp := int(x >> 23 & 0xff)
	sig = uint64(x & 0x7fffff)
	if bexp == 0 {
		return sig, -149
	}
	return sig | 1<<23, bexp - 150
}

// ilogb returns the exponent of a finite nonzero x: ⌊log2 |x|⌋.
func ilogb(x uint32) int {
	sig, e := unpack(x)
	return e + bits.Len64(sig) - 1
}

func logbRef(x uint32) uint32 {
	a := x & absMask
	switch {
	case a > infBits:
		return nanBits
	case a == infBits:
		return infBits
	case a == 0:
		return signMask | infBits
	}
	return math.Float32bits(float32(ilogb(x))) // |ilogb| ≤ 149: exact
}

func ilogbRef(x uint32) uint64 {
	a := x & absMask
	var n int32
	switch {
	case a == 0, a > infBits:
		n = math.MinInt32
	case a == infBits:
		n = math.MaxInt32
	default:
		n = int32(ilogb(x))
	}
	return uint64(uint32(n))
}

// frexpRef returns frexpf(x): the fraction in [0.5, 1) with the sign of x
// and the exponent.
func frexpRef(x uint32) (frac uint32, exp int32) {
	a := x & absMask
	switch {
	case a > infBits:
		return nanBits, 0
	case a == infBits, a == 0:
		return x, 0
	}
	n := ilogb(x)
	sig, e := unpack(x)
	// |x|·2^-(n+1) in [0.5, 1): sig·2^(e−n−1), normal.
	f := math.Ldexp(float64(sig), e-n-1) // exact: 24 bits, exponent −1
	return x&signMask | math.Float32bits(float32(f)), int32(n + 1)
}

// modfRef returns modff(x): the fractional part and the integral part, both
// with the sign of x.
func modfRef(x uint32) (frac, ipart uint32) {
	a := x & absMask
	switch {
	case a > infBits:
		return nanBits, nanBits
	case a == infBits:
		return x & signMask, x
	}
	ipart = roundIntegral(toZero)(x)
	// x − trunc(x) is exact (Sterbenz for |x| ≥ 1, trunc = 0 below), and
	// so is its float64 computation; a zero keeps the sign of x.
	d := math.Abs(f32to64(x) - f32to64(ipart))
	return x&signMask | math.Float32bits(float32(d)), ipart
}

// Remainders: |x| = sx·2^ex, |y| = sy·2^ey.

// remInt returns, for finite x and finite nonzero y, the remainder of |x| by
// |y| with the quotient truncated (r, in units of 2^e) and the low three bits
// of that quotient, with ry = |y| in the same units (ryHuge when |y| is
// more than 2^36 times those units, larger than 8|x|).
func remInt(x, y uint32) (r, ry uint64, e int, q uint64, ryHuge bool) {
	sx, ex := unpack(x)
	sy, ey := unpack(y)
	if ex >= ey {
		// |x|/2^ey = sx·2^(ex−ey); reduce it modulo 8·sy (< 2^27): products
		// of two residues stay below 2^54.
		mod := 8 * sy
		p := pow2Mod(uint(ex-ey), mod)
		t := sx % mod * p % mod
		return t % sy, sy, ey, t / sy, false
	}
	if ey-ex > 36 {
		return sx, 0, ex, 0, true
	}
	ry = sy << uint(ey-ex) // < 2^60
	return sx % ry, ry, ex, (sx / ry) & 7, false
}

// pow2Mod returns 2^k mod m, m < 2^27.
func pow2Mod(k uint, m uint64) uint64 {
	r, b := uint64(1)%m, uint64(2)%m
	for ; k > 0; k >>= 1 {
		if k&1 != 0 {
			r = r * b % m
		}
		b = b * b % m
	}
	return r
}

// scaled returns sign·r·2^e as a float32 encoding; r·2^e must be a binary32
// value (a remainder of x by y is a multiple of the smaller ulp and below
// |x| and |y|).
func scaled(neg bool, r uint64, e int) uint32 {
	v := math.Ldexp(float64(r), e) // r < 2^60, exponent ≥ −149: exact once it is a binary32 value
	u := math.Float32bits(float32(v))
	if neg {
		u |= signMask
	}
	return u
}

// remSpecial handles the special cases of fmodf, remainderf and remquof:
// NaN for a NaN operand, an infinite x or a zero y; x for an infinite y or
// a zero x.
func remSpecial(x, y uint32) (uint32, bool) {
	ax, ay := x&absMask, y&absMask
	switch {
	case ax >= infBits || ay > infBits || ay == 0:
		return nanBits, true
	case ay == infBits || ax == 0:
		return x, true
	}
	return 0, false
}

func fmodRef(x, y uint32) uint32 {
	if s, ok := remSpecial(x, y); ok {
		return s
	}
	r, _, e, _, _ := remInt(x, y)
	return scaled(x&signMask != 0, r, e)
}

// remquoRef returns remainderf(x, y) and remquof's quotient bits.
func remquoRef(x, y uint32) (uint32, int32) {
	if s, ok := remSpecial(x, y); ok {
		return s, 0
	}
	r, ry, e, q, huge := remInt(x, y)
	neg := x&signMask != 0
	// Round the quotient to nearest, ties to even: 2r against ry.
	if !huge && (2*r > ry || 2*r == ry && q&1 != 0) {
		r, neg, q = ry-r, !neg, q+1
	}
	quo := int32(q & 7)
	if (x^y)&signMask != 0 {
		quo = -quo
	}
	if r == 0 {
		neg = x&signMask != 0 // an exact zero remainder has the sign of x
	}
	return scaled(neg, r, e), quo
}

// The references of the exact functions, by catalog ID.

var (
	refFabs       = exact1("fabs", func(x uint32) uint32 { return ifNaN(x, x&absMask) })
	refCeil       = exact1("ceil", roundIntegral(toPosInf))
	refFloor      = exact1("floor", roundIntegral(toNegInf))
	refTrunc      = exact1("trunc", roundIntegral(toZero))
	refRound      = exact1("round", roundIntegral(tiesAway))
	refRint       = exact1("rint", roundIntegral(toEven))
	refLogb       = exact1("logb", logbRef)
	refBits       = exact1("bits", func(x uint32) uint32 { return x })
	refSaturate   = exact1("saturate", saturateRef)
	refFmod       = exact2("fmod", fmodRef)
	refRemainder  = exact2("remainder", func(x, y uint32) uint32 { r, _ := remquoRef(x, y); return r })
	refCopysign   = exact2("copysign", func(x, y uint32) uint32 { return x&absMask | y&signMask })
	refFmax       = exact2("fmax", func(x, y uint32) uint32 { return minMax(x, y, true) })
	refFmin       = exact2("fmin", func(x, y uint32) uint32 { return minMax(x, y, false) })
	refNextafter  = exact2("nextafter", nextafterRef)
	refFrexpFrac  = exact1("frexp", func(x uint32) uint32 { f, _ := frexpRef(x); return f })
	refModfFrac   = exact1("modf", func(x uint32) uint32 { f, _ := modfRef(x); return f })
	refModfInt    = exact1("modf", func(x uint32) uint32 { _, i := modfRef(x); return i })
	refRemquoRem  = exact2("remquo", func(x, y uint32) uint32 { r, _ := remquoRef(x, y); return r })
	refFrexpExp   = &intRef{"frexp", 1, spec.I32, func(in ulp.Input) uint64 { _, e := frexpRef(in.X); return uint64(uint32(e)) }}
	refRemquoQuo  = &intRef{"remquo", 2, spec.I32, func(in ulp.Input) uint64 { _, q := remquoRef(in.X, in.Y); return uint64(uint32(q)) }}
	refIlogb      = &intRef{"ilogb", 1, spec.I32, func(in ulp.Input) uint64 { return ilogbRef(in.X) }}
	refLdexp      = &floatRef{"ldexp", 2, func(in ulp.Input) (uint32, ulp.DD) { return ldexpRef(in.X, int64(int32(in.Y))) }}
	refScalbln    = &floatRef{"ldexp", 2, func(in ulp.Input) (uint32, ulp.DD) { return ldexpRef(in.X, int64(uint64(in.Z)<<32|uint64(in.Y))) }}
	refFdim       = &floatRef{"fdim", 2, fdimRef}
	exactFloatIDs = map[string]*floatRef{
		"fabsf": refFabs, "ceilf": refCeil, "floorf": refFloor, "truncf": refTrunc, "roundf": refRound,
		"rintf": refRint, "nearbyintf": refRint, "logbf": refLogb, "i_int_as_float": refBits, "i_uint_as_float": refBits,
		"i_saturatef": refSaturate, "fmodf": refFmod, "remainderf": refRemainder, "copysignf": refCopysign,
		"fmaxf": refFmax, "fminf": refFmin, "nextafterf": refNextafter,
	}
	// roundedIDs are the functions whose result rounds, with a reference
	// computed here from the exact value.
	roundedIDs = map[string]*floatRef{"ldexpf": refLdexp, "scalbnf": refLdexp, "scalblnf": refScalbln, "fdimf": refFdim}
)

func ifNaN(x, v uint32) uint32 {
	if isNaN(x) {
		return nanBits
	}
	return v
}

func saturateRef(x uint32) uint32 {
	switch {
	case isNaN(x), x&signMask != 0: // NaN, −0 and negative: +0
		return 0
	case x >= 0x3f800000: // ≥ 1, +Inf included
		return 0x3f800000
	}
	return x
}

// minMax returns fmaxf(x, y) (max) or fminf(x, y): the number when one is
// NaN, −0 below +0.
func minMax(x, y uint32, max bool) uint32 {
	switch {
	case isNaN(x) && isNaN(y):
		return nanBits
	case isNaN(x):
		return y
	case isNaN(y):
		return x
	}
	// The order of encodings as signed magnitudes is the order of values,
	// −0 < +0.
	if less := key(x) < key(y); less == max {
		return y
	}
	return x
}

// key maps an encoding to a signed integer in the order of its values (−0
// just below +0).
func key(u uint32) int64 {
	if u&signMask != 0 {
		return -int64(u&absMask) - 1
	}
	return int64(u)
}

// nextafterRef: NaN for a NaN operand; y when x = y (as values); else the
// neighbour of x towards y (±0x1p-149 from a zero).
func nextafterRef(x, y uint32) uint32 {
	switch {
	case isNaN(x) || isNaN(y):
		return nanBits
	case x == y || x&absMask == 0 && y&absMask == 0:
		return y
	case x&absMask == 0:
		return y&signMask | 1
	}
	if (key(x) < key(y)) == (x&signMask == 0) {
		return x + 1 // away from zero
	}
	return x - 1
}

// ldexpRef returns x·2^n rounded to nearest and its value (±Inf beyond
// the binary32 range). With t =
// ⌊log2 |x·2^n]⌋: t ≥ 128 overflows to ±Inf and t < −151 (|x·2^n| <
// 2^-151) rounds to ±0; in between x·2^n is exact in float64 (24 bits,
// exponent in [−151, 127]) and F64ToF32 rounds it once. n is clamped to
// [−1100, 1100] first, which changes neither case, so that the value is
// exact in float64 wherever it is within its range.
func ldexpRef(x uint32, n int64) (uint32, ulp.DD) {
	a := x & absMask
	switch {
	case a > infBits:
		return nanBits, ulp.DD{Hi: math.NaN()}
	case a == infBits, a == 0:
		return x, ulp.DD{Hi: f32to64(x)}
	}
	n = max(min(n, 1100), -1100)
	v := math.Ldexp(f32to64(x), int(n))
	sign := x & signMask
	switch t := int64(ilogb(x)) + n; {
	case t >= 128: // valued ±Inf, as the other references' overflows
		return sign | infBits, ulp.DD{Hi: math.Copysign(math.Inf(1), v)}
	case t < -151:
		return sign, ulp.DD{Hi: v}
	}
	return rounding.F64ToF32(math.Float64bits(v), rounding.RN, false), ulp.DD{Hi: v}
}

// fdimRef returns fdimf(x, y) = x − y rounded to nearest when x > y, +0
// otherwise, NaN for a NaN operand; x − y is exact as a double-double
// (twoSum, as refSub).
func fdimRef(in ulp.Input) (uint32, ulp.DD) {
	x, y := in.X, in.Y
	switch {
	case isNaN(x) || isNaN(y):
		return nanBits, ulp.DD{Hi: math.NaN()}
	case f32to64(x) <= f32to64(y):
		return 0, ulp.DD{}
	}
	return rounding.Sub32(x, y, rounding.RN, false), twoSum(f32to64(x), -f32to64(y))
}
