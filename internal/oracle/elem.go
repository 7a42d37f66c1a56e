package oracle

import (
	"fmt"
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// Func is the certified, correctly rounded reference of one mathematical
// function of binary32 arguments (exp, log, sin, pow, div, …), in every
// rounding mode.
//
// Evaluation order: the special values of C99 Annex F (NaN, infinities,
// zeros, domain errors) give a fixed result; exact cases (exp(0) = 1,
// log2(2^k) = k, pow results that are binary32 numbers or midpoints, …) are
// rounded from their exact value; arguments whose result is certainly beyond
// the binary32 range (|f| > 2^129 or 0 < |f| < 2^-151, or tanh within 2^-100
// of ±1) are rounded from a representative of that range, on which rounding
// is constant in every mode; everything else goes through the Ziv loop:
// enclose f at p bits, round both ends with Round32, and double p until the
// ends agree. The loop is certain to stop because the exact cases were taken
// out first; it panics at maxZivPrec bits, which would be a bug.
//
// NaN results are the canonical 0x7fffffff of CUDA.
type Func struct {
	Name  string // mathematical name: "exp", "pow", "div", …
	Arity int    // 1 or 2
	eval  func(x, y uint32) evalCase
}

type caseKind uint8

const (
	kindFixed caseKind = iota // bits is the result in every mode
	kindExact                 // v is the exact value
	kindRep                   // the value rounds as v does, in every mode; enc may enclose it
	kindZiv                   // enc encloses the value
)

type evalCase struct {
	kind caseKind
	bits uint64 // a binary32 encoding for Func, a binary64 one for Func64
	v    *big.Float
	enc  func(prec uint) (ival, bool)
}

const (
	zivStartPrec = 64
	maxZivPrec   = 1 << 14
)

// Round returns f(x) correctly rounded to binary32 in mode m (unary f).
func (f *Func) Round(x uint32, m rounding.Mode) uint32 {
	if f.Arity != 1 {
		panic("oracle: Round of a binary Func; use Round2")
	}
	return f.round(x, 0, m)
}

// Round2 returns f(x, y) correctly rounded to binary32 in mode m (binary f).
func (f *Func) Round2(x, y uint32, m rounding.Mode) uint32 {
	if f.Arity != 2 {
		panic("oracle: Round2 of a unary Func; use Round")
	}
	return f.round(x, y, m)
}

func (f *Func) round(x, y uint32, m rounding.Mode) uint32 {
	c := f.eval(x, y)
	switch c.kind {
	case kindFixed:
		return uint32(c.bits)
	case kindExact, kindRep:
		return Round32(c.v, m)
	}
	if r, ok := ziv(c.enc, func(v *big.Float) uint32 { return Round32(v, m) }, zivStartPrec, maxZivPrec); ok {
		return r
	}
	panic(fmt.Sprintf("oracle: Ziv loop of %s(%s, %s) in %v did not converge at %d bits: an exact case the oracle does not know (a bug)",
		f.Name, f32.Format(x), f32.Format(y), m, maxZivPrec))
}

// RoundAll returns f(x, y) (y ignored for unary f) correctly rounded in each
// of rounding.Modes, from one Ziv loop that runs until all four agree.
func (f *Func) RoundAll(x, y uint32) [4]uint32 {
	c := f.eval(x, y)
	switch c.kind {
	case kindFixed:
		b := uint32(c.bits)
		return [4]uint32{b, b, b, b}
	case kindExact, kindRep:
		return roundAll32(c.v)
	}
	if r, ok := ziv(c.enc, roundAll32, zivStartPrec, maxZivPrec); ok {
		return r
	}
	panic(fmt.Sprintf("oracle: Ziv loop of %s(%s, %s) in every mode did not converge at %d bits: an exact case the oracle does not know (a bug)",
		f.Name, f32.Format(x), f32.Format(y), maxZivPrec))
}

// roundAll32 returns Round32(v, m) for each m of rounding.Modes.
func roundAll32(v *big.Float) (r [4]uint32) {
	for i, m := range rounding.Modes {
		r[i] = Round32(v, m)
	}
	return r
}

// ziv is the Ziv loop: it encloses the value at precisions start,
// 2·start, … up to limit, rounds both ends of each enclosure with rnd (one
// mode, or all four at once), and returns the rounding on which the ends
// agree; ok is false when they still differ at limit (the last lower
// end's rounding is returned then).
func ziv[R comparable](enc func(uint) (ival, bool), rnd func(*big.Float) R, start, limit uint) (r R, ok bool) {
	for p := start; p <= limit; p *= 2 {
		iv, ok := enc(p)
		if !ok {
			continue
		}
		if r = rnd(iv.lo); r == rnd(iv.hi) {
			return r, true
		}
	}
	return r, false
}

// Enclose returns an interval containing f(x, y) (y ignored for unary f),
// computed at working precision prec: its relative width is about 2^-prec,
// and it is a single point when f(x, y) is exact. ok is false when f(x, y)
// is a special value (NaN, ±Inf, a special ±0) or lies where only its
// rounding is known (far outside the binary32 range).
func (f *Func) Enclose(x, y uint32, prec uint) (iv Interval, ok bool) {
	return f.eval(x, y).enclose(prec)
}

// enclose is Enclose on an evaluated case.
func (c evalCase) enclose(prec uint) (Interval, bool) {
	switch c.kind {
	case kindFixed:
		return Interval{}, false
	case kindExact:
		return Interval{c.v, c.v}, true
	}
	if c.enc == nil {
		return Interval{}, false
	}
	v, ok := c.enc(prec)
	return v.exported(), ok
}

// Funcs lists the references in a fixed order.
var Funcs = []*Func{Exp, Exp2, Exp10, Log, Log2, Log10, Sin, Cos, Tan, Tanh, Pow, Sqrt, Rsqrt, Div, Rcp,
	Asin, Acos, Atan, Atan2, Asinh, Acosh, Atanh, Log1p}

// Lookup returns the reference named name ("exp", "pow", …).
func Lookup(name string) (*Func, bool) {
	for _, f := range Funcs {
		if f.Name == name {
			return f, true
		}
	}
	return nil, false
}

// Helpers shared by the functions.

func fixed(u uint32) evalCase { return evalCase{kind: kindFixed, bits: uint64(u)} }

func exactCase(v *big.Float) evalCase { return evalCase{kind: kindExact, v: v} }

var nanCase = fixed(f32.CanonicalNaNBits)

// Representatives: every real beyond 2^129 in magnitude rounds as 2^200 does
// in every mode (to ±Inf or ±MaxFinite), every real in (0, 2^-151) as 2^-300
// (to 0 or MinSubnormal), every real in (1 − 2^-26, 1) as 1 − 2^-200.
func hugeCase(neg bool, enc func(uint) (ival, bool)) evalCase {
	return repCase(pow2(200), neg, enc)
}

func tinyCase(neg bool, enc func(uint) (ival, bool)) evalCase {
	return repCase(pow2(-300), neg, enc)
}

func repCase(v *big.Float, neg bool, enc func(uint) (ival, bool)) evalCase {
	if neg {
		v.Neg(v)
	}
	return evalCase{kind: kindRep, v: v, enc: enc}
}

func zivCase(enc func(uint) (ival, bool)) evalCase { return evalCase{kind: kindZiv, enc: enc} }

// always wraps an enclosure that cannot fail.
func always(f func(uint) ival) func(uint) (ival, bool) {
	return func(p uint) (ival, bool) { return f(p), true }
}

// signed returns f(x) (value x as float64 comparisons only on exact values).
func isNeg(u uint32) bool { return u&f32.SignMask != 0 }

// cmpValue compares the exact value of a finite encoding with c.
func cmpValue(u uint32, c float64) int { return Value(u).Cmp(big.NewFloat(c)) }

// oddDecompose returns m odd and e with |u| = m·2^e for a finite nonzero u.
func oddDecompose(u uint32) (m uint32, e int) {
	m64, e := bin32.decompose(uint64(u))
	return uint32(m64), e
}

// intClass reports whether a finite u is an integer and whether it is odd.
func intClass(u uint32) (isInt, odd bool) { return bin32.intClass(uint64(u)) }
