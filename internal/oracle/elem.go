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
	bits uint32
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
		return c.bits
	case kindExact, kindRep:
		return Round32(c.v, m)
	}
	for p := uint(zivStartPrec); p <= maxZivPrec; p *= 2 {
		iv, ok := c.enc(p)
		if !ok {
			continue
		}
		if a := Round32(iv.lo, m); a == Round32(iv.hi, m) {
			return a
		}
	}
	panic(fmt.Sprintf("oracle: Ziv loop of %s(%s, %s) in %v did not converge at %d bits: an exact case the oracle does not know (a bug)",
		f.Name, f32.Format(x), f32.Format(y), m, maxZivPrec))
}

// RoundAll returns f(x, y) (y ignored for unary f) correctly rounded in each
// of rounding.Modes, from one Ziv loop that runs until all four agree.
func (f *Func) RoundAll(x, y uint32) [4]uint32 {
	var r [4]uint32
	c := f.eval(x, y)
	switch c.kind {
	case kindFixed:
		return [4]uint32{c.bits, c.bits, c.bits, c.bits}
	case kindExact, kindRep:
		for i, m := range rounding.Modes {
			r[i] = Round32(c.v, m)
		}
		return r
	}
	for p := uint(zivStartPrec); p <= maxZivPrec; p *= 2 {
		iv, ok := c.enc(p)
		if !ok {
			continue
		}
		all := true
		for i, m := range rounding.Modes {
			r[i] = Round32(iv.lo, m)
			all = all && r[i] == Round32(iv.hi, m)
		}
		if all {
			return r
		}
	}
	panic(fmt.Sprintf("oracle: Ziv loop of %s(%s, %s) in every mode did not converge at %d bits: an exact case the oracle does not know (a bug)",
		f.Name, f32.Format(x), f32.Format(y), maxZivPrec))
}

// Enclose returns an interval containing f(x, y) (y ignored for unary f),
// computed at working precision prec: its relative width is about 2^-prec,
// and it is a single point when f(x, y) is exact. ok is false when f(x, y)
// is a special value (NaN, ±Inf, a special ±0) or lies where only its
// rounding is known (far outside the binary32 range).
func (f *Func) Enclose(x, y uint32, prec uint) (iv Interval, ok bool) {
	c := f.eval(x, y)
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

func fixed(u uint32) evalCase { return evalCase{kind: kindFixed, bits: u} }

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
	a := u & f32.AbsMask
	m = a & f32.FracMask
	b := int(a >> f32.FracBits)
	if b == 0 {
		e = f32.Dmin
	} else {
		m |= f32.HiddenBit
		e = b - f32.Bias - f32.FracBits
	}
	for m&1 == 0 {
		m >>= 1
		e++
	}
	return m, e
}

// intClass reports whether a finite u is an integer and whether it is odd.
func intClass(u uint32) (isInt, odd bool) {
	if f32.IsZero(u) {
		return true, false
	}
	m, e := oddDecompose(u)
	switch {
	case e > 0:
		return true, false
	case e == 0:
		return true, m&1 == 1
	}
	return false, false
}
