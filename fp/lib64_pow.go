package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// CUDA's double pow (issue 18) follows kernel pow_ and its callee
// __internal_accurate_pow in gpu/ref/funcs64/*.ptx.xz (CUDA 13.0.88,
// sm_90): ln|x| in double-double, times y, then exp of the head with the
// tail as a correction, and the C99 special cases around it. Binary64
// operations are the host's float64 ones, as in lib64_exp.go; the SASS
// contracts none of the PTX's mul/add. For two NaN operands the result is
// the NaN the DADD x+y picks, which follows the SASS operand order ptxas
// chooses per kernel (rounding.NaNOrder): Pow has the PTX's order (y's
// NaN), and the catalog binds pow as an ordered function (spec.NaNOrders)
// for the golden data's kernels.

// Pow returns x^y as CUDA's pow computes it under fl.
//
// Special cases are (in order):
//
//	Pow(x, ±0) = 1 for any x, NaN included
//	Pow(1, y) = 1 for any y, NaN included
//	Pow(x, y) = NaN if x or y is NaN: add.rn.f64 x+y (y's NaN if both are, the PTX's operand order)
//	Pow(±0, y) = ±Inf for y an odd integer < 0; +Inf for other y < 0
//	Pow(±0, y) = ±0 for y an odd integer > 0; +0 for other y > 0
//	Pow(-1, ±Inf) = 1
//	Pow(x, +Inf) = +Inf for |x| > 1, +0 for |x| < 1; Pow(x, -Inf) the reverse
//	Pow(+Inf, y) = +Inf for y > 0, +0 for y < 0
//	Pow(-Inf, y) = Pow(-0, -y)
//	Pow(x, y) = NaN (0xfff8000000000000) for finite x < 0 and finite non-integer y
//
// Accuracy: bit-exact with the H100's pow (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: -fmad=false changes two contractions of ln|x| (2u/(m+1) as
// 2·RN(u·r), and the polynomial's last product rounded before its add).
// No other flag changes it.
func (fl Flags) Pow(x, y float64) float64 {
	// The kernel computes e^(y·ln|x|) and then selects among it and the
	// special values; here the selection comes first, and e^(y·ln|x|) is
	// computed only where it is the result or its negation.
	if y == 0 || x == 1 {
		return 1
	}
	if x == 0 || hiAbs64(x) >= 0x7ff00000 || hiAbs64(y) >= 0x7ff00000 { // ±0, ±Inf, NaN
		return powSpecial(x, y, fl.NoFMAD)
	}
	if x < 0 {
		switch {
		case math.Trunc(y) != y: // non-integer y: the default NaN
			return math.Float64frombits(0xfff8000000000000)
		case powOdd(y):
			return -powAccurate(-x, y, fl.NoFMAD)
		}
		return powAccurate(-x, y, fl.NoFMAD)
	}
	return powAccurate(x, y, fl.NoFMAD)
}

// powOdd reports whether y is an odd integer as the kernel tests it: y's
// units bit set with no fraction bits below it, y shifted left so that its
// units bit lands on bit 63 (shl.b64 by 11+e, where e is y's unbiased
// exponent; a shift of 64 or more gives 0).
func powOdd(y float64) bool {
	yb := math.Float64bits(y)
	var shifted uint64
	if sh := uint32(yb>>52&0x7ff) - 1012; sh < 64 {
		shifted = yb << sh
	}
	return shifted == 1<<63
}

// powSpecial is Pow for x = ±0, x or y infinite and x or y NaN (with y ≠ 0
// and x ≠ 1): the kernel's selection among e^(y·ln|x|) (p) and the special
// values, in its order.
func powSpecial(x, y float64, noFMAD bool) float64 {
	xb, yb := math.Float64bits(x), math.Float64bits(y)
	xh, yh := int32(xb>>32), int32(yb>>32)
	odd := powOdd(y)
	p := powAccurate(math.Abs(x), y, noFMAD)
	r := p
	if x == 0 {
		odd = odd && math.Abs(y) != 0.5
		var h uint32
		if odd {
			h = uint32(xh)
		}
		if yh < 0 {
			h |= 0x7ff00000
		}
		r = math.Float64frombits(uint64(h) << 32)
	} else if xh < 0 {
		switch {
		case math.Trunc(y) != y:
			r = math.Float64frombits(0xfff8000000000000)
		case odd:
			r = -p
		}
	}
	if s := x + y; math.Float64bits(s)>>52&0x7ff == 0x7ff {
		ax, ay := math.Abs(x), math.Abs(y)
		switch {
		case ax != ax || ay != ay: // add.rn.f64 x+y: y's NaN first, as written
			r = math.Float64frombits(rounding.Add64RN(xb, yb))
		case math.IsInf(y, 0):
			var h uint32
			if ax > 1 {
				h = 0x7ff00000
			}
			if yh < 0 {
				h ^= 0x7ff00000
			}
			if x == -1 {
				h = 0x3ff00000
			}
			r = math.Float64frombits(uint64(h) << 32)
		case math.IsInf(x, 0):
			var h uint32
			if yh > -1 {
				h = 0x7ff00000
			}
			if xh < 0 && odd && uint32(yh)&^(1<<31) != 0x3fe00000 {
				h |= 0x80000000
			}
			r = math.Float64frombits(uint64(h) << 32)
		}
	}
	return r
}

// Pow returns pow(x, y) under nvcc's default flags (Flags{}.Pow).
func Pow(x, y float64) float64 { return Flags{}.Pow(x, y) }

// powAccurate is __internal_accurate_pow(a, y) for a = |x|: e^(y·ln a)
// with ln a as a double-double (lh, ll) and y·ln a as (z, zl). Operands
// the caller replaces (zeros, infinities, NaNs) give some value and no
// panic.
func powAccurate(a, y float64, noFMAD bool) float64 {
	Lh, Ll := log64DD(a, noFMAD)
	// y·ln a, with |y| ≥ 2^1009 (and Inf, NaN) scaled down so that the
	// product stays finite: the exponent's low four bits cleared.
	yb := math.Float64bits(y)
	if yh := uint32(yb >> 32); yh<<1 > 0xfdffffff {
		yb = yb &^ (0x00f00000 << 32)
	}
	ys := math.Float64frombits(yb)
	zh := float64(Lh * ys)
	zl := math.FMA(Lh, ys, -zh)
	zl = math.FMA(Ll, ys, zl)
	z := zh + zl
	zr := zl + (zh - z)
	r := Exp(z)
	if !math.IsInf(r, 0) {
		r = math.FMA(r, zr, r)
	}
	return r
}

// log64DD returns ln a as the double-double (Lh, Ll) that
// __internal_accurate_pow and kernel tgamma_ compute for a > 0 (other
// operands give some value and no panic): 2·atanh(u/(m+1)) as in
// log64Core with a series to v^3 in double-double, plus k·ln 2.
func log64DD(a float64, noFMAD bool) (Lh, Ll float64) {
	b := math.Float64bits(a)
	k0 := int32(-1023)
	if b>>52 == 0 { // subnormal (or zero): prescale by 2^54
		b = math.Float64bits(float64(a * 0x1p54))
		k0 = -1077
	}
	m, ah, k := log64Split(b)
	k += k0
	// ln m = 2·atanh(u/(m+1)) with u = m−1, as in log64Core, to double-double.
	am := m + 1
	rc := math.Float64frombits(uint64(ptx.RcpHiFTZF64(ah)) << 32)
	d := math.FMA(-am, rc, 1)
	d = math.FMA(d, d, d)
	rc = math.FMA(d, rc, rc)
	u := m - 1
	var v float64
	if noFMAD {
		v = float64(u * rc)
		v += v
	} else {
		v = math.FMA(u, rc, float64(u*rc))
	}
	v2 := float64(v * v)
	q := math.FMA(0x1.0f5ff7d2cafe2p-20, v2, 0x1.0f5d241ad3b5ap-18)
	q = math.FMA(q, v2, 0x1.3b20a75488a3fp-16)
	q = math.FMA(q, v2, 0x1.745cde4faecd5p-14)
	q = math.FMA(q, v2, 0x1.c71c7258a578bp-12)
	q = math.FMA(q, v2, 0x1.249249242b910p-09)
	q = math.FMA(q, v2, 0x1.9999999999dfbp-07)
	t := u - v
	t += t
	t = math.FMA(-v, u, t)
	w := float64(rc * t) // the tail of 2u/(m+1)
	// (ch, cl) = 1/12 + v2·q, the head and tail of the series' coefficient.
	const c12 = 0x1.5555555555555p-04
	var ch, cl float64
	if noFMAD {
		pq := float64(v2 * q)
		ch = pq + c12
		cl = pq + (c12 - ch)
	} else {
		ch = math.FMA(v2, q, c12)
		cl = math.FMA(v2, q, c12-ch)
	}
	cl = cl + 0 - 0x1.6a4cb00b9e7b0p-59
	chs := ch + cl
	cl = cl + (ch - chs)
	ch = chs
	// v^3 as (v3h, v3l), with v + w as v's double-double.
	v2h := float64(v * v)
	v2l := math.FMA(v, v, -v2h)
	w2 := math.Float64frombits(math.Float64bits(w) + 0x100000<<32) // 2w
	v2l = math.FMA(v, w2, v2l)
	v3h := float64(v2h * v)
	v3l := math.FMA(v2h, v, -v3h)
	v3l = math.FMA(v2h, w, v3l)
	v3l = math.FMA(v2l, v, v3l)
	// c·v^3, added to v + w: ln m as (lh, ll).
	ph := float64(ch * v3h)
	pl := math.FMA(ch, v3h, -ph)
	pl = math.FMA(ch, v3l, pl)
	pl = math.FMA(cl, v3h, pl)
	s := ph + pl
	sl := pl + (ph - s)
	t1 := v + s
	t1l := s + (v - t1)
	t1l = sl + t1l
	t1l = w + t1l
	lh := t1 + t1l
	ll := t1l + (t1 - lh)
	// + k·ln 2.
	kd := float64(k)
	g := math.FMA(kd, exp64Ln2Hi, lh)
	gg := math.FMA(-kd, exp64Ln2Hi, g) - lh
	gl := math.FMA(kd, exp64Ln2Lo, ll-gg)
	Lh = g + gl
	Ll = gl + (g - Lh)
	return Lh, Ll
}
