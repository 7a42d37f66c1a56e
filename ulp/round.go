package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// The rounding step of the fast references: from a float64 or double-double
// approximation with a proven error bound to the binary32 result in any
// mode. All of it is exact integer and float64 arithmetic; Go's float32
// conversion is used only on values that are binary32 numbers (exact).

// direction is a rounding mode seen on the magnitude of a value.
type direction uint8

const (
	nearest direction = iota
	toZero
	away
)

// dirOf returns the direction of mode m for a value of the given sign.
func dirOf(m rounding.Mode, neg bool) direction {
	switch m {
	case rounding.RN:
		return nearest
	case rounding.RZ:
		return toZero
	case rounding.RU:
		if neg {
			return toZero
		}
		return away
	case rounding.RD:
		if neg {
			return away
		}
		return toZero
	}
	panic("ulp: invalid rounding.Mode")
}

const (
	fracMask64   = 1<<52 - 1
	subFracMask  = 1<<29 - 1 // the 52−23 float64 fraction bits below a binary32 ulp
	minNormal32  = 0x1p-126
	minSub32     = 0x1p-149
	overflow32   = 0x1p128
	maxFinite32  = 0x1.fffffep127
	tinyLimit    = 0x1p-151 // |v| below this rounds like any tiny value
	maxErrForDec = 0x1p100  // err must stay far below the overflow margin 2^103
)

// bits32 returns the encoding of a float64 that is a binary32 number (or
// 2^128, which gives +Inf), with the given sign bit.
func bits32(t float64, sign uint32) uint32 {
	return math.Float32bits(float32(t)) | sign
}

// grid returns the binary32 number t = RZ(a) and the binary32 ulp q at a,
// for 0 ≤ a < 2^128: a ∈ [t, t+q). t and q are exact float64 values.
func grid(a float64) (t, q float64) {
	if a >= minNormal32 {
		b := math.Float64bits(a)
		t = math.Float64frombits(b &^ subFracMask)
		q = math.Float64frombits(b&^fracMask64 - 23<<52) // 2^(exponent−23)
		return t, q
	}
	// Subnormal grid 2^-149: a·2^149 < 2^23 is exact, so is its floor.
	return math.Floor(a*0x1p149) * minSub32, minSub32
}

// overflowBits returns the rounding of a value beyond MaxFinite + ulp/2 (RN)
// or beyond MaxFinite (directed) in direction d.
func overflowBits(d direction, sign uint32) uint32 {
	if d == toZero {
		return f32.MaxFiniteBits | sign
	}
	return f32.InfBits | sign
}

// tinyBits returns the rounding of a value in (0, 2^-151) in direction d.
func tinyBits(d direction, sign uint32) uint32 {
	if d == away {
		return f32.MinSubnormalBits | sign
	}
	return sign
}

// round64 returns the binary32 rounding of the float64 v in mode m, exactly
// (ties to even in RN): the IEEE conversion in every mode. NaN gives the
// canonical NaN.
func round64(v float64, m rounding.Mode) uint32 {
	if v != v {
		return f32.CanonicalNaNBits
	}
	var sign uint32
	neg := math.Signbit(v)
	if neg {
		sign = f32.SignMask
	}
	a := math.Abs(v)
	d := dirOf(m, neg)
	switch {
	case a == 0:
		return sign
	case a >= overflow32:
		if math.IsInf(a, 1) {
			return f32.InfBits | sign
		}
		return overflowBits(d, sign)
	case a < tinyLimit:
		return tinyBits(d, sign)
	}
	t, q := grid(a)
	if a == t {
		return bits32(t, sign)
	}
	switch d {
	case toZero:
		return bits32(t, sign)
	case away:
		return bits32(t+q, sign)
	}
	// a − (t + q/2) is exact: t + q/2 has 25 significant bits, |a − (t+q/2)| < q,
	// and ulp(a) ≥ 2^-52·a (≥ 2^-203 for a ≥ 2^-151, while q ≥ 2^-149): the
	// difference is a multiple of ulp(a) below 2^53·ulp(a).
	switch h := a - (t + q/2); {
	case h > 0:
		return bits32(t+q, sign)
	case h < 0:
		return bits32(t, sign)
	}
	if math.Float32bits(float32(t))&1 == 0 { // tie: to even
		return bits32(t, sign)
	}
	return bits32(t+q, sign)
}

// round64RN is round64 in RN: Go's float64-to-float32 conversion, which the
// language specifies as IEEE-754 round-to-nearest-even (subnormals, ties and
// overflow to ±Inf included) on every GOARCH; NaN gives the canonical NaN.
// TestRound64 checks it against the oracle.
func round64RN(v float64) uint32 {
	if v != v {
		return f32.CanonicalNaNBits
	}
	return math.Float32bits(float32(v))
}

// decideRN is decide for RN on the common path (|hi| in the normal binary32
// range, hi + lo not just below a binary32 number); it defers to decide
// otherwise. The encoding of t = RZ(|hi|) is read off the float64 bits: the
// exponent rebiased by 1023 − 127 and the top 23 fraction bits; adding 1
// for rounding up carries into the exponent as it should.
func decideRN(hi, lo, err float64) (uint32, bool) {
	b := math.Float64bits(hi)
	ab := b &^ (1 << 63)
	if ab < 0x3810000000000000 || ab >= 0x47f0000000000000 { // |hi| < 2^-126 or ≥ 2^128 (NaN included)
		return decide(hi, lo, err, rounding.RN)
	}
	a, l := math.Float64frombits(ab), lo
	if b != ab {
		l = -lo
	}
	tb := ab &^ subFracMask
	t := math.Float64frombits(tb)
	half := math.Float64frombits(ab&^fracMask64 - 24<<52) // q/2
	u := uint32(tb>>29 - (1023-127)<<23)
	if a == t && l < 0 {
		// v just below the binary32 number t (exp(x) = 1 + x for a tiny x < 0):
		// the midpoint below t is t − q'/2, with q' = q/2 at the bottom of a
		// binade above 2^-126; v − (t − q'/2) = l + q'/2, one rounding.
		if ab&fracMask64 == 0 && ab > 0x3810000000000000 {
			half /= 2
		}
		h := l + half
		if math.Abs(h)*(1-0x1p-52) <= err {
			return 0, false
		}
		if h < 0 {
			u-- // the binary32 number below t
		}
		return u | uint32(b>>32)&f32.SignMask, true
	}
	h := (a - (t + half)) + l
	if math.Abs(h)*(1-0x1p-52) <= err {
		return 0, false
	}
	if h > 0 {
		u++
	}
	return u | uint32(b>>32)&f32.SignMask, true
}

// decide returns the binary32 rounding in mode m of a real v known to satisfy
// |v − (hi + lo)| ≤ err, or ok = false when [hi+lo−err, hi+lo+err] may contain
// a rounding boundary of m (a midpoint between binary32 neighbours for RN, a
// binary32 number for the directed modes). It requires |lo| ≤ ulp(hi) and
// hi finite; it returns false for hi = 0. Beyond 2^129 it decides overflow
// for any err up to |hi|/4.
//
// With a = |hi|, l = ±lo (the sign of hi folded in) and t = RZ(a) on the
// binary32 grid of spacing q, the boundaries near v are t, t + q/2 and t + q.
// The differences a − b for those b are exact (b has at most 25 significant
// bits and |a − b| ≤ q, so a − b is a multiple of ulp(a) below 2^30·ulp(a));
// adding l rounds once, with relative error ≤ 2^-53, which the factor
// (1 − 2^-52) absorbs: |fl(d)|·(1 − 2^-52) > err implies |d| > err, so v lies
// on the side of b given by the sign of fl(d).
func decide(hi, lo, err float64, m rounding.Mode) (uint32, bool) {
	if a := math.Abs(hi); a >= 2*overflow32 && !math.IsInf(a, 0) && math.Abs(lo)+err <= a/4 {
		// |v| ≥ |hi| − |lo| − err ≥ (3/4)·2^129 > 2^128 even with a loose
		// err (the forward recurrences of Yn at tiny x): beyond every
		// finite binary32 number, v overflows as in the case below.
		return overflowBits(dirOf(m, hi < 0), f32.SignMask&uint32(math.Float64bits(hi)>>32)), true
	}
	if hi == 0 || !(err < maxErrForDec) {
		return 0, false
	}
	var sign uint32
	neg := hi < 0
	a, l := hi, lo
	if neg {
		sign = f32.SignMask
		a, l = -hi, -lo
	}
	d := dirOf(m, neg)
	switch {
	case a >= overflow32:
		if math.IsInf(a, 0) {
			return 0, false
		}
		// v ≥ 2^128 − |l| − err > 2^128 − 2^103, the RN overflow threshold.
		return overflowBits(d, sign), true
	case a < tinyLimit:
		// v ∈ (0, 2^-151) when |l| + err < a/2.
		if math.Abs(l)+err < a/2 {
			return tinyBits(d, sign), true
		}
		return 0, false
	}
	t, q := grid(a)
	if a == t && l < 0 {
		// v lies just below the binary32 number t: use the cell below, whose
		// spacing halves at the bottom of a binade (t = 2^e ≥ 2^-125).
		if math.Float64bits(t)&fracMask64 == 0 && t > minNormal32 {
			q /= 2
		}
		t -= q
	}
	const margin = 1 - 0x1p-52
	if d == nearest {
		h := (a - (t + q/2)) + l
		if math.Abs(h)*margin <= err {
			return 0, false
		}
		if h > 0 {
			t += q
		}
		return bits32(t, sign), true
	}
	d0 := (a - t) + l
	d1 := (a - (t + q)) + l
	if d0*margin <= err || -d1*margin <= err {
		return 0, false
	}
	if d == away {
		t += q
	}
	return bits32(t, sign), true
}
