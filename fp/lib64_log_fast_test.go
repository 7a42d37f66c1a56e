package fp

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The oracles of the logarithm kernels' fast forms: log64Core, log64DD and
// Pow as they were before log64Split, the branch-free seed
// ptx.RcpHiFTZF64 and Pow's selection ahead of e^(y·ln|x|): the kernels'
// PTX step by step, the seed from the model ptx.RcpApproxFTZF64, the
// special path through rounding.Fma64RN. The tests below compare each
// with its fast form on random and targeted inputs.

// log64CoreRef is the oracle of log64Core.
func log64CoreRef(x float64, ftz, noFMAD bool) float64 {
	b := math.Float64bits(x)
	h := int32(b >> 32)
	k := int32(-1023)
	if h < 0x100000 { // subnormal, zero or negative: prescale by 2^54
		// mul.f64 by a power of two: exact for finite x, NaN x quieted.
		b = math.Float64bits(float64(x * 0x1p54))
		h, k = int32(b>>32), -1077
	}
	if uint32(h)-1 >= 0x7fefffff { // ±0, negative, +Inf or NaN
		return log64SpecialRef(math.Float64frombits(b), uint32(h), ftz)
	}
	// x = 2^k·m with m in [√2/2, √2).
	k += h >> 20
	mh := uint32(h)&0x800fffff | 0x3ff00000
	if mh >= 0x3ff6a09f {
		mh -= 0x100000
		k++
	}
	m := math.Float64frombits(uint64(mh)<<32 | b&0xffffffff)
	// ln(m) = 2·atanh(u/(m+1)) with u = m−1: v ≈ 2u/(m+1), from the
	// refined reciprocal rc of m+1, and a correction w.
	a := m + 1
	rc := math.Float64frombits(ptx.RcpApproxFTZF64(math.Float64bits(a)))
	d := math.FMA(-a, rc, 1)
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
	q := math.FMA(0x1.1380b3ae80f1ep-20, v2, 0x1.0ee258b7a8b04p-18)
	q = math.FMA(q, v2, 0x1.3b2669f02676fp-16)
	q = math.FMA(q, v2, 0x1.745cba9ab0956p-14)
	q = math.FMA(q, v2, 0x1.c71c72d1b5154p-12)
	q = math.FMA(q, v2, 0x1.24924923be72dp-09)
	q = math.FMA(q, v2, 0x1.999999999a3c4p-07)
	q = math.FMA(q, v2, 0x1.5555555555554p-04)
	t := u - v
	t += t
	t = math.FMA(-v, u, t)
	w := math.FMA(float64(v2*q), v, float64(rc*t))
	// k·ln(2) + v + w, with ln(2) = hi + lo and the rounding error of
	// k·hi + v folded into w.
	kd := float64(k)
	hi := math.FMA(kd, exp64Ln2Hi, v)
	e := math.FMA(-kd, exp64Ln2Hi, hi) - v
	w = math.FMA(kd, exp64Ln2Lo, w-e)
	return hi + w
}

// log64SpecialRef is the oracle of log64Special.
func log64SpecialRef(x float64, h uint32, ftz bool) float64 {
	hf := h &^ (1 << 31)
	if hf == 0 || ftz && hf < 0x800000 {
		return math.Inf(-1)
	}
	inf := math.Float64bits(math.Inf(1))
	return math.Float64frombits(rounding.Fma64RN(math.Float64bits(x), inf, inf))
}

// log64DDRef is the oracle of log64DD.
func log64DDRef(a float64, noFMAD bool) (Lh, Ll float64) {
	b := math.Float64bits(a)
	h := uint32(b >> 32)
	e := int32(h >> 20)
	if e == 0 { // subnormal (or zero): prescale by 2^54
		b = math.Float64bits(float64(a * 0x1p54))
		h = uint32(b >> 32)
		e = int32(h>>20) - 54
	}
	k := e - 1023
	mh := h&0x800fffff | 0x3ff00000
	if mh >= 0x3ff6a09f {
		mh -= 0x100000
		k = e - 1022
	}
	m := math.Float64frombits(uint64(mh)<<32 | b&0xffffffff)
	// ln m = 2·atanh(u/(m+1)) with u = m−1, as in log64Core, to double-double.
	am := m + 1
	rc := math.Float64frombits(ptx.RcpApproxFTZF64(math.Float64bits(am)))
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

// powRef is the oracle of Flags.Pow: the kernel's order, e^(y·ln|x|)
// first and the selection after it.
func powRef(fl Flags, x, y float64) float64 {
	xb, yb := math.Float64bits(x), math.Float64bits(y)
	xh, yh := int32(xb>>32), int32(yb>>32)
	// odd is y's units bit set with no fraction bits below it: y shifted
	// left so that its units bit lands on bit 63 (shl.b64 by 11+e, where
	// e is y's unbiased exponent; a shift of 64 or more gives 0).
	var shifted uint64
	if sh := uint32(yb>>52&0x7ff) - 1012; sh < 64 {
		shifted = yb << sh
	}
	odd := shifted == 1<<63
	p := powAccurateRef(math.Abs(x), y, fl.NoFMAD)
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
	if y == 0 || x == 1 {
		return 1
	}
	return r
}

// powAccurateRef is the oracle of powAccurate.
func powAccurateRef(a, y float64, noFMAD bool) float64 {
	Lh, Ll := log64DDRef(a, noFMAD)
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

// quick test (~1 s on x86-64); 16 times more in the exhaustive tier
const log64FastN = 1 << 20

// log64Inputs returns an encoding from one of the input families of the
// logarithm kernels: uniform bit patterns; positive normal numbers; m near
// the split at √2 (high word 0x3ff6a09f) and near 1 (u = m−1 small, k = 0
// or ±1); powers of two and their neighbours; subnormals; special values.
func log64Inputs(r *rand.Rand) uint64 {
	switch r.IntN(7) {
	case 0:
		return r.Uint64()
	case 1:
		return r.Uint64N(0x7fe0000000000000) + 0x0010000000000000
	case 2: // around the split of m at √2 (high word 0x3ff6a09f), any exponent
		e := r.Uint64N(2046) + 1
		return e<<52 | 0x6a09f<<32 + uint64(r.Int64N(1<<34)-1<<33)
	case 3: // near 1 and near 2^k
		e := uint64(0x3ff)
		if r.IntN(2) == 0 {
			e = r.Uint64N(2046) + 1
		}
		d := r.Uint64N(1 << r.UintN(53))
		if r.IntN(2) == 0 {
			return e<<52 + d
		}
		return e<<52 - d
	case 4: // significands of a few bits
		return (r.Uint64N(2046)+1)<<52 | r.Uint64()&(1<<52-1)&^(1<<r.UintN(53)-1)
	case 5: // subnormal, either sign
		return r.Uint64()&(1<<63) | r.Uint64N(1<<52)
	default:
		sp := [...]uint64{0, 1 << 63, 1, 0x000fffffffffffff, 0x0010000000000000, 0x7fefffffffffffff,
			0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0x7ff0000000000001,
			0xfff4000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x3ff6a09e667f3bcd, 0x3fe6a09e667f3bcd}
		return sp[r.IntN(len(sp))]
	}
}

func TestLog64CoreFast(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	n := log64FastN
	if testflag.Exhaustive() {
		n *= 16
	}
	fails := 0
	for range n {
		b := log64Inputs(r)
		x := math.Float64frombits(b)
		for _, fl := range [...][2]bool{{false, false}, {false, true}, {true, false}, {true, true}} {
			got := math.Float64bits(log64Core(x, fl[0], fl[1]))
			want := math.Float64bits(log64CoreRef(x, fl[0], fl[1]))
			if got != want && fails < 10 {
				fails++
				t.Errorf("log64Core(%s, ftz=%v, noFMAD=%v) = %s, oracle %s (seed %d)", f64.Format(b), fl[0], fl[1], f64.Format(got), f64.Format(want), seed)
			}
		}
	}
}

func TestLog64DDFast(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed+1))
	n := log64FastN
	if testflag.Exhaustive() {
		n *= 16
	}
	fails := 0
	for range n {
		b := log64Inputs(r) &^ (1 << 63) // log64DD's operand is |x|
		a := math.Float64frombits(b)
		for _, noFMAD := range [...]bool{false, true} {
			gh, gl := log64DD(a, noFMAD)
			wh, wl := log64DDRef(a, noFMAD)
			if (math.Float64bits(gh) != math.Float64bits(wh) || math.Float64bits(gl) != math.Float64bits(wl)) && !(gh != gh && wh != wh) && fails < 10 {
				fails++
				t.Errorf("log64DD(%s, noFMAD=%v) = (%s, %s), oracle (%s, %s) (seed %d)", f64.Format(b), noFMAD,
					f64.Format(math.Float64bits(gh)), f64.Format(math.Float64bits(gl)),
					f64.Format(math.Float64bits(wh)), f64.Format(math.Float64bits(wl)), seed)
			}
		}
	}
}

// pow64Exponent returns a y for Pow: uniform bit patterns; odd and even
// integers, small and up to 2^53 and beyond; ±1/2; special values; small
// magnitudes; and values near the overflow of y·ln|x| (|y·ln|x|| ≈ 709).
func pow64Exponent(r *rand.Rand, x float64) uint64 {
	sign := r.Uint64() & (1 << 63)
	switch r.IntN(7) {
	case 0:
		return r.Uint64()
	case 1:
		return sign | math.Float64bits(float64(r.Int64N(1<<r.UintN(63))))
	case 2:
		return sign | 0x3fe0000000000000
	case 3:
		sp := [...]uint64{0, 1, 0x0010000000000000, 0x3ff0000000000000, 0x4000000000000000, 0x4340000000000000,
			0x4330000000000001, 0x7fefffffffffffff, 0x7ff0000000000000, 0x7ff8000000000000, 0x7ff4000000000001}
		return sign | sp[r.IntN(len(sp))]
	case 4:
		return sign | r.Uint64N(0x3cb0000000000000)
	case 5:
		l := math.Log(math.Abs(x))
		if l == 0 || l != l || math.IsInf(l, 0) {
			return r.Uint64()
		}
		y := (709.78 + float64(r.Float64()*40-20)) / l
		return math.Float64bits(y) ^ sign
	default:
		return (r.Uint64N(2046)+1)<<52 | r.Uint64()&(1<<52-1) | sign
	}
}

func TestPow64Fast(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed+2))
	n := log64FastN
	if testflag.Exhaustive() {
		n *= 16
	}
	fails := 0
	for range n {
		xb := log64Inputs(r)
		x := math.Float64frombits(xb)
		if r.IntN(8) == 0 {
			x = [...]float64{1, -1, 0x1.0000000000001p0, 0x1.fffffffffffffp-1, 2, -2}[r.IntN(6)]
			xb = math.Float64bits(x)
		}
		yb := pow64Exponent(r, x)
		y := math.Float64frombits(yb)
		for _, fl := range [...]Flags{{}, {NoFMAD: true}} {
			got, want := math.Float64bits(fl.Pow(x, y)), math.Float64bits(powRef(fl, x, y))
			if got != want && fails < 10 {
				fails++
				t.Errorf("Pow(%s, %s) [%s] = %s, oracle %s (seed %d)", f64.Format(xb), f64.Format(yb), fl.Name(), f64.Format(got), f64.Format(want), seed)
			}
		}
	}
}

// TestLog64Split checks log64Split against the kernels' reduction (m's
// high word from x's, k, and m+1 by the host's add.rn) on every high
// word of a positive normal x with low words that carry into the high
// word of m+1 or not (all ones, ties), and random ones.
func TestLog64Split(t *testing.T) {
	seed := testflag.Seed()
	r := rand.New(rand.NewPCG(seed, seed+3))
	fails := 0
	for hi := uint64(0x00100000); hi < 0x7ff00000; hi += 0x800 - 1 {
		for _, lo := range [...]uint64{0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, r.Uint64() & 0xffffffff} {
			for _, h := range [...]uint64{hi, hi&^0xfffff | 0x6a09e, hi&^0xfffff | 0x6a09f, hi | 0xfffff} {
				b := h<<32 | lo
				mh := uint32(h)&0x000fffff | 0x3ff00000
				k := int32(h >> 20)
				if mh >= 0x3ff6a09f {
					mh -= 0x100000
					k++
				}
				m := math.Float64frombits(uint64(mh)<<32 | lo)
				gm, gah, gk := log64Split(b)
				if (math.Float64bits(gm) != math.Float64bits(m) || gah != uint32(math.Float64bits(m+1)>>32) || gk != k) && fails < 10 {
					fails++
					t.Errorf("log64Split(%s) = (%s, %#08x, %d), want (%s, %#08x, %d)", f64.Format(b),
						f64.Format(math.Float64bits(gm)), gah, gk, f64.Format(math.Float64bits(m)), uint32(math.Float64bits(m+1)>>32), k)
				}
			}
		}
	}
}
