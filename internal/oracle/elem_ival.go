package oracle

import (
	"math/big"
)

// Interval arithmetic on big.Float with outward (directed) rounding.
//
// Every elementary-function reference of this package computes an
// enclosure [lo, hi] of the exact result: each arithmetic step rounds its
// lower end toward -Inf and its upper end toward +Inf (big.Float's Add, Sub,
// Mul and Quo are correctly rounded in the mode of the receiver), and each
// truncated series adds a rigorous bound on its remainder. The enclosure is
// therefore a proof: the exact value lies in [lo, hi] whatever the
// precision, and the precision only decides how narrow the interval is. The
// Ziv loop (elem.go) rounds both ends with Round32 and accepts the result
// when they agree, as STYLE §2.9 asks: v−ε and v+ε are lo and hi.

// Interval is a closed interval [Lo, Hi] of reals, Lo ≤ Hi, both finite. It
// is the exported form of the enclosures the references compute.
type Interval struct {
	Lo, Hi *big.Float
}

type ival struct{ lo, hi *big.Float }

func (a ival) exported() Interval { return Interval{a.lo, a.hi} }

// down and up return a fresh big.Float of precision prec rounding toward -Inf
// and +Inf.
func down(prec uint) *big.Float { return new(big.Float).SetPrec(prec).SetMode(big.ToNegativeInf) }
func up(prec uint) *big.Float   { return new(big.Float).SetPrec(prec).SetMode(big.ToPositiveInf) }

// pt is the point interval of an exact value. The value is shared, never
// modified.
func pt(x *big.Float) ival { return ival{x, x} }

// exactInt returns n as an exact big.Float.
func exactInt(n int64) *big.Float { return new(big.Float).SetInt64(n) }

// pow2 returns 2^e exactly.
func pow2(e int) *big.Float { return new(big.Float).SetMantExp(big.NewFloat(1), e) }

func (a ival) add(b ival, p uint) ival {
	return ival{down(p).Add(a.lo, b.lo), up(p).Add(a.hi, b.hi)}
}

func (a ival) sub(b ival, p uint) ival {
	return ival{down(p).Sub(a.lo, b.hi), up(p).Sub(a.hi, b.lo)}
}

func (a ival) neg() ival {
	return ival{new(big.Float).Neg(a.hi), new(big.Float).Neg(a.lo)}
}

// scale returns a·2^k, exact.
func (a ival) scale(k int) ival {
	return ival{new(big.Float).SetMantExp(a.lo, k), new(big.Float).SetMantExp(a.hi, k)}
}

// mul returns an enclosure of {x·y : x ∈ a, y ∈ b}.
func (a ival) mul(b ival, p uint) ival {
	al, ah, bl, bh := a.lo.Sign(), a.hi.Sign(), b.lo.Sign(), b.hi.Sign()
	switch {
	case al >= 0 && bl >= 0:
		return ival{down(p).Mul(a.lo, b.lo), up(p).Mul(a.hi, b.hi)}
	case ah <= 0 && bh <= 0:
		return ival{down(p).Mul(a.hi, b.hi), up(p).Mul(a.lo, b.lo)}
	case al >= 0 && bh <= 0:
		return ival{down(p).Mul(a.hi, b.lo), up(p).Mul(a.lo, b.hi)}
	case ah <= 0 && bl >= 0:
		return ival{down(p).Mul(a.lo, b.hi), up(p).Mul(a.hi, b.lo)}
	}
	// At least one interval straddles zero: the extremes are among the four
	// products of the ends.
	ends := [4][2]*big.Float{{a.lo, b.lo}, {a.lo, b.hi}, {a.hi, b.lo}, {a.hi, b.hi}}
	var lo, hi *big.Float
	for _, e := range ends {
		l, h := down(p).Mul(e[0], e[1]), up(p).Mul(e[0], e[1])
		if lo == nil || l.Cmp(lo) < 0 {
			lo = l
		}
		if hi == nil || h.Cmp(hi) > 0 {
			hi = h
		}
	}
	return ival{lo, hi}
}

// sqr returns an enclosure of {x² : x ∈ a}; it is nonnegative even when a
// straddles zero.
func (a ival) sqr(p uint) ival {
	if a.lo.Sign() >= 0 || a.hi.Sign() <= 0 {
		return a.mul(a, p)
	}
	m := a.hi
	if new(big.Float).Neg(a.lo).Cmp(a.hi) > 0 {
		m = new(big.Float).Neg(a.lo)
	}
	return ival{new(big.Float), up(p).Mul(m, m)}
}

// recip returns an enclosure of {1/x : x ∈ a}; ok is false when a contains 0.
func (a ival) recip(p uint) (ival, bool) {
	if a.lo.Sign() <= 0 && a.hi.Sign() >= 0 {
		return ival{}, false
	}
	one := big.NewFloat(1)
	// 1/x decreases on each side of 0.
	return ival{down(p).Quo(one, a.hi), up(p).Quo(one, a.lo)}, true
}

// div returns an enclosure of {x/y : x ∈ a, y ∈ b}; ok is false when b
// contains 0.
func (a ival) div(b ival, p uint) (ival, bool) {
	if b.lo == b.hi || b.lo.Cmp(b.hi) == 0 {
		// A point divisor: one correctly rounded quotient per end is tighter.
		d := b.lo
		if d.Sign() == 0 {
			return ival{}, false
		}
		if d.Sign() > 0 {
			return ival{down(p).Quo(a.lo, d), up(p).Quo(a.hi, d)}, true
		}
		return ival{down(p).Quo(a.hi, d), up(p).Quo(a.lo, d)}, true
	}
	r, ok := b.recip(p)
	if !ok {
		return ival{}, false
	}
	return a.mul(r, p), true
}

// divInt returns a/n for an integer n > 0.
func (a ival) divInt(n int64, p uint) ival {
	d := exactInt(n)
	return ival{down(p).Quo(a.lo, d), up(p).Quo(a.hi, d)}
}

// mulExact returns a·x for an exact x.
func (a ival) mulExact(x *big.Float, p uint) ival { return a.mul(pt(x), p) }

// widen returns a + [-r, r] for r ≥ 0.
func (a ival) widen(r *big.Float, p uint) ival {
	return ival{down(p).Sub(a.lo, r), up(p).Add(a.hi, r)}
}

// widenUp returns a + [0, r] for r ≥ 0.
func (a ival) widenUp(r *big.Float, p uint) ival {
	return ival{a.lo, up(p).Add(a.hi, r)}
}

// mag returns an upper bound of max |x| over a.
func (a ival) mag() *big.Float {
	l := new(big.Float).Abs(a.lo)
	h := new(big.Float).Abs(a.hi)
	if l.Cmp(h) > 0 {
		return l
	}
	return h
}

// point reports whether a is a single exact value.
func (a ival) point() bool { return a.lo.Cmp(a.hi) == 0 }

// containsZero reports whether 0 ∈ a.
func (a ival) containsZero() bool { return a.lo.Sign() <= 0 && a.hi.Sign() >= 0 }

// one returns the point interval [1, 1].
func one() ival { return pt(big.NewFloat(1)) }

// recipInt returns an enclosure of 1/n.
func recipInt(n int64, p uint) ival { return one().divInt(n, p) }

// factorialUp returns an upper bound of x^n/n! for x ≥ 0, rounding upward.
func powOverFactUp(x *big.Float, n int, p uint) *big.Float {
	r := up(p).SetInt64(1)
	for i := 1; i <= n; i++ {
		r = up(p).Mul(r, x)
		r = up(p).Quo(r, exactInt(int64(i)))
	}
	return r
}
