package ulp

import (
	"math"
	"math/big"

	fp64 "github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// The rounding step of the binary64 references' fast paths: from an
// enclosure of f(x) (an xdd, scaled by a power of two) to the binary64
// result in any mode, or "undecided" when the enclosure contains a rounding
// boundary.

// kres64 is what a binary64 fast kernel returns: f(x) = 2^scale·V for a real
// V, where
//
//   - side ≠ 0: V = v.hi + side·ε for an ε > 0 smaller than any gap between
//     binary64 numbers near v.hi (sin x = x − x³/6 + … for a tiny x: side =
//     −sign(x)); v.lo = v.err = 0 and scale = 0;
//   - else v.err = 0: V = v.hi + v.lo exactly (special values included: NaN
//     for an undefined result, ±Inf, ±0);
//   - else |V − (v.hi + v.lo)| ≤ v.err.
//
// slow reports that the kernel has no fast path for this argument: Round
// goes to the oracle.
type kres64 struct {
	v     xdd
	scale int
	side  int8
	slow  bool
}

func exact64(v float64) kres64 { return kres64{v: xdd{hi: v}} }

// sided returns hi + side·ε (see kres64).
func sided(hi float64, side int8) kres64 { return kres64{v: xdd{hi: hi}, side: side} }

var slowRes = kres64{slow: true}

// repRes returns a value of magnitude 2^e (up to a factor in (1/2, 2)) with
// the sign of neg, for results known to lie beyond the binary64 range, where
// every real rounds alike: e = 2000 for |f| ≥ 2^1024, e = −3000 for 0 <
// |f| < 2^-1075.
func repRes(e int, neg bool) kres64 {
	v := xdd{1, 0x1p-54, 0x1p-60} // (1 + 2^-54 ± 2^-60)·2^e: off every boundary
	if neg {
		v = v.neg()
	}
	return kres64{v: v, scale: e}
}

var (
	hugeRes    = repRes(2000, false)
	tinyRes    = repRes(-3000, false)
	negHugeRes = repRes(2000, true)
	negTinyRes = repRes(-3000, true)
)

// value returns the kernel's value as an SDD, with the scale folded into
// Hi and Lo when the scaled value lies in [2^-968, 2^1024): Hi scales
// exactly, and Lo at worst loses bits below 2^-1074, less than 2^-106·|v|.
func (k kres64) value() SDD {
	if k.scale == 0 || k.v.hi == 0 {
		return SDD{k.v.hi, k.v.lo, k.scale}
	}
	_, e := math.Frexp(k.v.hi)
	if e+k.scale > -967 && e+k.scale < 1024 {
		return SDD{math.Ldexp(k.v.hi, k.scale), math.Ldexp(k.v.lo, k.scale), 0}
	}
	return SDD{k.v.hi, k.v.lo, k.scale}
}

// round64 returns the binary64 rounding of k in mode m, or ok = false when
// the fast path cannot decide.
func (k kres64) round(m rounding.Mode) (uint64, bool) {
	if k.slow {
		return 0, false
	}
	hi := k.v.hi
	switch {
	case hi != hi:
		return oracle.NaNBits64, true
	case k.side != 0:
		return roundSided(hi, k.side, m), true
	case k.v.err == 0:
		if k.v.lo == 0 && k.scale == 0 {
			return math.Float64bits(hi), true // ±0, ±Inf, a binary64 number
		}
		return oracle.Round64(new(big.Float).SetMantExp(ddBig(k.v.hi, k.v.lo), k.scale), m), true
	}
	return decide64(hi, k.v.lo, k.v.err, k.scale, m)
}

// ddBig returns hi + lo exactly.
func ddBig(hi, lo float64) *big.Float {
	r := new(big.Float).SetPrec(2200).SetFloat64(hi)
	return r.Add(r, big.NewFloat(lo))
}

// roundSided rounds hi + side·ε: hi itself to nearest (ε is below every
// half-gap), and in a directed mode hi or its neighbour on side's side.
func roundSided(hi float64, side int8, m rounding.Mode) uint64 {
	b := math.Float64bits(hi)
	up := side > 0 // the value lies above hi on the real line
	switch m {
	case rounding.RN:
		return b
	case rounding.RU:
		if up {
			return fp64.NextUp(b)
		}
		return b
	case rounding.RD:
		if !up {
			return fp64.NextDown(b)
		}
		return b
	}
	// RZ: the neighbour toward zero when the value lies between hi and 0.
	if up == (hi < 0) {
		if hi < 0 {
			return fp64.NextUp(b)
		}
		return fp64.NextDown(b)
	}
	return b
}

// decide64 returns the binary64 rounding in mode m of a real V with
// |V/2^s − (hi + lo)| ≤ err, or ok = false when the enclosure may contain a
// rounding boundary. It requires err > 0, |lo| ≤ ulp(hi)/2, and hi finite.
//
// With T the binade of the result (2^T ≤ |V| < 2^(T+1) up to the rounding
// of the enclosure), two cases:
//
//   - T ≥ −1022: the binary64 numbers near V/2^s are hi's own neighbours
//     (scaling by 2^s is exact on binary64 numbers of an unbounded
//     exponent), so the boundaries are hi, hi ± ulp(hi)/2 and hi ± ulp(hi)
//     (ulp/4 and ulp/2 below hi when hi is a power of two and V lies below
//     it). With a = |hi| and l = ±lo (the sign of hi folded in), V/2^s = a +
//     l ± err: it rounds to a in RN when |l| + err is below the half-gap on
//     l's side, and in a directed mode lies strictly on l's side of a when
//     |l| > err. The differences half − |l| are rounded once (relative error
//     ≤ 2^-53), which the factor (1 − 2^-52) absorbs, as in decide. The
//     rounded r is then scaled by 2^s; |r|·2^s ≥ 2^1024 is an overflow,
//     which IEEE 754 decides on r (the rounding with an unbounded exponent):
//     ±Inf, or ±MaxFinite when m rounds toward zero.
//   - T < −1022: the result is subnormal (or 0, or MinNormal after
//     rounding up): the grid is 2^-1074. Scaling the enclosure by 2^(s+1074)
//     makes the grid the integers: w = |V|·2^(s+1074) < 2^52 is rounded to
//     an integer n, which is the encoding itself (n = 2^52 is MinNormal).
//     With t = ⌊a⌋, the boundaries are t, t + 1/2 and t + 1; a − t and a −
//     (t + 1/2) are exact (a < 2^52 has at least one fraction bit).
func decide64(hi, lo, err float64, s int, m rounding.Mode) (uint64, bool) {
	if hi == 0 || !(err < math.Inf(1)) || math.IsInf(hi, 0) {
		return 0, false
	}
	neg := hi < 0
	var sign uint64
	a, l := hi, lo
	if neg {
		sign = fp64.SignMask
		a, l = -hi, -lo
	}
	d := dirOf(m, neg)
	ab := math.Float64bits(a)
	e := int(ab>>52) - 1023 // a normal: the kernels keep unscaled values normal
	if ab < fp64.MinNormalBits {
		e = fp64.Emin - 1 // a subnormal: its own exponent is below −1022
	}
	// At T = −1022 a value just below the power of two a is subnormal.
	if e+s > fp64.Emin || e+s == fp64.Emin && !(ab&fp64.FracMask == 0 && l < 0) {
		return decideNormal(ab, e, l, err, s, d, sign)
	}
	return decideSub(a, l, err, s, d, sign)
}

func decideNormal(ab uint64, e int, l, err float64, s int, d direction, sign uint64) (uint64, bool) {
	const margin = 1 - 0x1p-52
	u := math.Float64frombits(uint64(e-52+1023) << 52) // ulp(a): e − 52 ≥ −1022 − 52 + … is normal for e ≥ −970
	if e-52 < fp64.Emin {
		u = math.Ldexp(1, e-52)
	}
	half := u / 2
	halfBelow := half // the half-gap below a
	if ab&fp64.FracMask == 0 && e+s > fp64.Emin {
		halfBelow = u / 4
	}
	if !(err < halfBelow) {
		return 0, false
	}
	r := ab // the rounded magnitude, as an encoding of the unscaled value
	if d == nearest {
		hb := half
		if l < 0 {
			hb = halfBelow
		}
		if (hb-math.Abs(l))*margin <= err {
			return 0, false
		}
	} else {
		if math.Abs(l)*margin <= err {
			return 0, false
		}
		switch {
		case l > 0 && d == away:
			r++
		case l < 0 && d == toZero:
			r--
		}
	}
	// Scale by 2^s: add s to the exponent field.
	be := int(r>>52) + s
	switch {
	case be >= 2047:
		return overflowBits64(d) | sign, true
	case be <= 0: // not reached: decide64 sends T = −1022 below a power of two to decideSub
		return 0, false
	}
	return uint64(be)<<52 | r&fp64.FracMask | sign, true
}

// overflowBits64 returns the rounding of a value beyond MaxFinite in
// direction d (its rounding with an unbounded exponent is at least 2^1024).
func overflowBits64(d direction) uint64 {
	if d == toZero {
		return fp64.MaxFiniteBits
	}
	return fp64.InfBits
}

func decideSub(a, l, err float64, s int, d direction, sign uint64) (uint64, bool) {
	const margin = 1 - 0x1p-52
	k := s + 1074 // w = a·2^k
	if k < -1100 {
		// s < −2174 and a < 2^1024: |V| < 2^-1150, far below half of
		// MinSubnormal.
		if l < -a/2 || err > a/2 {
			return 0, false
		}
		if d == away {
			return 1 | sign, true
		}
		return sign, true
	}
	w, wl, we := math.Ldexp(a, k), math.Ldexp(l, k), math.Ldexp(err, k)*errUp+0x1p-1074
	if w < 0x1p-900 {
		// w < 2^-900: V·2^1074 is within 2^-899 of 0, far below 1/2.
		if wl < -w/2 || we > w/2 {
			return 0, false
		}
		if d == away {
			return 1 | sign, true
		}
		return sign, true
	}
	// Scaling a by 2^k may round when w is subnormal; w ≥ 2^-900 is normal,
	// so w, wl (|wl| ≤ u·w, or 0 when tiny: its loss is ≤ 2^-1074 ≤ we) and
	// we are exact up to the floor added to we.
	t := math.Floor(w)
	if w == t && wl < 0 {
		t-- // V lies just below the integer w: the cell below
	}
	if d == nearest {
		h := (w - (t + 0.5)) + wl
		if math.Abs(h)*margin <= we {
			return 0, false
		}
		if h > 0 {
			t++
		}
		return uint64(t) | sign, true
	}
	d0 := (w - t) + wl
	d1 := (w - (t + 1)) + wl
	if d0*margin <= we || -d1*margin <= we {
		return 0, false
	}
	if d == away {
		t++
	}
	return uint64(t) | sign, true
}
