package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/bf16"
	"github.com/cudafp/cudafp/internal/f16"
	"github.com/cudafp/cudafp/rounding"
)

// Correctly rounded references of the 16-bit formats (binary16 and
// bfloat16) and their error metrics. The references are certified, never a
// float32 result rounded a second time:
//
//   - a function of one or two 16-bit arguments with a binary32 reference
//     (exp, sin, sqrt, div, …) is bracketed by that reference's correctly
//     rounded binary32 results toward −Inf and +Inf on the exactly widened
//     arguments (Ref.Round in RD and RU, certified with their fallback to
//     internal/oracle; Round16);
//   - a sum, product or fused multiply-add of 16-bit values is exact as a
//     double-double (TwoSum, an exact float64 product) and rounds from it
//     (RoundDD16).

// Format16 is a 16-bit format of the references: F16 or BF16.
type Format16 struct {
	Name       string // "binary16", "bfloat16"
	fracBits   int
	emin, emax int // smallest and largest normal exponents
	value      func(uint16) float64
	fromRN     func(float64) uint16 // a non-NaN float64 rounded to nearest even
	maxFinite  uint16
}

// The 16-bit formats.
var (
	F16  = &Format16{Name: "binary16", fracBits: f16.FracBits, emin: f16.Emin, emax: f16.Emax, value: f16.Float64, fromRN: f16.FromFloat64, maxFinite: f16.MaxFiniteBits}
	BF16 = &Format16{Name: "bfloat16", fracBits: bf16.FracBits, emin: bf16.Emin, emax: bf16.Emax, value: bf16.Float64, fromRN: bf16.FromFloat64, maxFinite: bf16.MaxFiniteBits}
)

// nan16 is the NaN the references return (any NaN result counts as equal
// to any other in Dist16 and Err16).
const nan16 uint16 = 0x7fff

func (h *Format16) isNaN(u uint16) bool { return u&0x7fff > h.maxFinite+1 }

// IsNaN reports whether u is a NaN of h.
func (h *Format16) IsNaN(u uint16) bool { return h.isNaN(u) }

// Value returns the exact value of the encoding u as a float64 (NaN for a
// NaN).
func (h *Format16) Value(u uint16) float64 { return h.value(u) }

// Widen returns u as a binary32 encoding, exactly (every binary16 and
// bfloat16 value is a binary32 value); a NaN gives the canonical NaN.
func (h *Format16) Widen(u uint16) uint32 {
	if h.isNaN(u) {
		return 0x7fffffff
	}
	return math.Float32bits(float32(h.value(u))) // exact
}

// Round16 returns f(x) correctly rounded to nearest even in h, for the
// unary reference r and the 16-bit argument x; Round16x2 is the same for a
// binary reference (div) and the arguments x, y.
//
// Proof of correctness: let a = RD32(f(x)) and b = RU32(f(x)), r's certified
// binary32 roundings toward −Inf and +Inf. If a = b, f(x) is the binary32
// value a exactly, and rounding a to h (exact float64 arithmetic on integers,
// ties to even) is RN_h(f(x)). Otherwise a < f(x) < b with a, b adjacent in
// binary32. Every value of h and every midpoint between two adjacent values
// of h (and the overflow threshold MaxFinite + ulp/2) is a binary32 value (at
// most 12 significant bits within binary32's exponent range), so none lies
// in the open interval (a, b): all points of it round alike, and the
// float64 (a + b)/2, exact (25 significant bits) and inside it, rounds as
// f(x) does. An infinite b (f(x) beyond MaxFloat32, above every threshold of
// h) gives +Inf from (a + b)/2 = +Inf, and likewise for −Inf.
func (r *Ref) Round16(h *Format16, x uint16) uint16 {
	x32 := h.Widen(x)
	return h.fromBracket(r.Round(x32, rounding.RD), r.Round(x32, rounding.RU))
}

// Round16x2 is Round16 for a binary reference (div).
func (r *Ref) Round16x2(h *Format16, x, y uint16) uint16 {
	x32, y32 := h.Widen(x), h.Widen(y)
	return h.fromBracket(r.Round2(x32, y32, rounding.RD), r.Round2(x32, y32, rounding.RU))
}

// fromBracket is RN_h of the real that binary32's RD and RU round to lo and
// hi (Round16's proof).
func (h *Format16) fromBracket(lo, hi uint32) uint16 {
	a, b := float64(math.Float32frombits(lo)), float64(math.Float32frombits(hi))
	if a != a || b != b {
		return nan16
	}
	if lo == hi {
		return h.fromRN(a)
	}
	return h.fromRN(a/2 + b/2) // exact: a and b are binary32 values (halving a subnormal binary32 is exact in float64)
}

// RoundDD16 returns the exact real v.Hi + v.Lo rounded to nearest even in h,
// for a double-double whose Hi is the float64 rounding to nearest of the sum
// (as TwoSum and an exact product give it); a NaN Hi gives NaN.
//
// Proof: with Lo = 0 the value is Hi, a float64, and fromRN rounds it
// correctly. Otherwise the value lies strictly between Hi and its float64
// neighbour on Lo's side; a midpoint of h (at most 12 significant bits) is
// a float64 value, so none lies strictly inside, and the value rounds as
// Hi does unless Hi is itself a midpoint: then the tie is broken by Lo's
// sign, toward the neighbour of h on Lo's side.
func (h *Format16) RoundDD16(v DD) uint16 {
	hi, lo := v.Hi, v.Lo
	if hi != hi {
		return nan16
	}
	r := h.fromRN(hi)
	if lo == 0 || math.IsInf(hi, 0) || !h.isMidpoint(hi) {
		return r
	}
	// |value| above |hi| when lo has hi's sign; r is one of hi's two
	// neighbours in h, same sign, and encodings of one sign are ordered by
	// magnitude (MaxFinite + 1 is Inf).
	up := (lo > 0) == (hi > 0)
	above := math.Abs(h.value(r)) > math.Abs(hi)
	switch {
	case up && !above:
		r++
	case !up && above:
		r--
	}
	return r
}

// isMidpoint reports whether the finite nonzero a is halfway between two
// adjacent values of h (or is MaxFinite + ulp/2, halfway to 2^(emax+1)).
func (h *Format16) isMidpoint(a float64) bool {
	a = math.Abs(a)
	if a == 0 || a >= math.Ldexp(1, h.emax+1) {
		return false
	}
	_, e := math.Frexp(a) // a ∈ [2^(e−1), 2^e)
	e = max(e-1, h.emin)
	t := math.Ldexp(a, h.fracBits+1-e) // exact: a power-of-two scaling within float64's range
	return t == math.Trunc(t) && math.Mod(t, 2) == 1
}

// Dist16 returns the number of steps of h between the encodings a and b on
// the ordered line (as Dist for binary32): the two zeros are one point, two
// NaNs are at distance 0 and a NaN is at math.MaxUint32 from a number.
func (h *Format16) Dist16(a, b uint16) uint32 {
	an, bn := h.isNaN(a), h.isNaN(b)
	if an || bn {
		if an && bn {
			return 0
		}
		return math.MaxUint32
	}
	key := func(u uint16) int32 {
		if u&0x8000 != 0 {
			return -int32(u & 0x7fff)
		}
		return int32(u)
	}
	d := key(a) - key(b)
	if d < 0 {
		d = -d
	}
	return uint32(d)
}

// Err16 returns the error of the result got of h against the value v of
// f(x), in ulps of h at v: |got − v| / ulp(v), ulp(v) = 2^(max(⌊log2|v|⌋,
// emin) − fracBits), and 2^(emax − fracBits) for |v| ≥ 2^(emax+1). Its
// special cases are Err's: a NaN v gives 0 for a NaN got and +Inf
// otherwise; a NaN got +Inf; an infinite v 0 for the same infinity and
// +Inf otherwise; an infinite got is read as ±2^(emax+1), and is exact (0)
// for |v| ≥ 2^(emax+1) of its sign.
func (h *Format16) Err16(got uint16, v DD) float64 {
	gn := h.isNaN(got)
	switch {
	case v.Hi != v.Hi:
		if gn {
			return 0
		}
		return math.Inf(1)
	case gn:
		return math.Inf(1)
	}
	g := h.value(got)
	if math.IsInf(v.Hi, 0) {
		if g == v.Hi {
			return 0
		}
		return math.Inf(1)
	}
	top := math.Ldexp(1, h.emax+1)
	if math.IsInf(g, 0) {
		if (g > 0) == (v.Hi > 0) && math.Abs(v.Hi) >= top {
			return 0
		}
		g = math.Copysign(top, g)
	}
	e := h.emax
	if a := math.Abs(v.Hi); a == 0 {
		e = h.emin
	} else if a < top {
		_, fe := math.Frexp(a)
		e = fe - 1
		if a == math.Ldexp(1, e) && v.Lo != 0 && (v.Lo < 0) != (v.Hi < 0) {
			e-- // just below a power of two
		}
		e = max(e, h.emin)
	}
	return math.Abs((g-v.Hi)-v.Lo) * math.Ldexp(1, h.fracBits-e)
}

// Exact16 returns the exact double-double values of the 16-bit arithmetic
// of h: x + y, x − y, x · y and x · y + z (as TwoSum and exact products
// give them; every 16-bit value and product is a float64, and no sum of
// them overflows float64), for the references of __hadd, __hsub, __hmul
// and __hfma. NaN operands and invalid operations give a NaN Hi.
func (h *Format16) Exact16(op string, x, y, z uint16) DD {
	a, b, c := h.value(x), h.value(y), h.value(z)
	switch op {
	case "add":
		return twoSumDD(a, b)
	case "sub":
		return twoSumDD(a, -b)
	case "mul":
		return DD{a * b, 0} // exact: at most 2·(fracBits+1) ≤ 22 significant bits, exponents within float64's
	case "fma":
		return twoSumDD(float64(a*b), c) // a·b exact as above; the conversion keeps the compiler from fusing it into an FMA
	}
	return DD{math.NaN(), 0}
}

// twoSumDD returns a + b as a double-double: Knuth's TwoSum, exact for
// finite a, b whose sum does not overflow; an infinite or NaN sum is
// returned with Lo = 0.
func twoSumDD(a, b float64) DD {
	s := a + b
	if math.IsInf(s, 0) || s != s {
		return DD{s, 0}
	}
	bb := s - a
	e := (a - (s - bb)) + (b - bb)
	return DD{s, e}
}
