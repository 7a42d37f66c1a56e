package oracle

import (
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/f64"
)

// format is what the elementary-function references need to know of a
// binary interchange format: the evaluation of each function (its special
// cases, exact cases, range representatives and enclosures) is written once,
// on encodings widened to uint64, and runs for binary32 (Func) and binary64
// (Func64) alike. Only range thresholds differ, chosen with pick.
type format struct {
	fracBits int
	bias     int
	sign     uint64 // sign mask
	inf      uint64 // +Inf
	one      uint64 // 1
	nan      uint64 // the NaN result of the references
	is64     bool
	// Representatives (see hugeCase, tinyCase): every real beyond hugeLim
	// in magnitude rounds as huge in every mode; every real in (0, tinyLim)
	// as tiny; every real in (1 − 2^-(fracBits+3), 1) as 1 − 2^-200.
	huge, tiny *big.Float
}

var (
	bin32 = &format{fracBits: f32.FracBits, bias: f32.Bias, sign: uint64(f32.SignMask), inf: uint64(f32.InfBits),
		one: uint64(f32.OneBits), nan: uint64(f32.CanonicalNaNBits), huge: pow2(200), tiny: pow2(-300)}
	bin64 = &format{fracBits: f64.FracBits, bias: f64.Bias, sign: f64.SignMask, inf: f64.InfBits,
		one: f64.OneBits, nan: NaNBits64, is64: true, huge: pow2(2000), tiny: pow2(-3000)}
)

// pick returns v32 for binary32 and v64 for binary64: a range threshold.
func (fm *format) pick(v32, v64 float64) float64 {
	if fm.is64 {
		return v64
	}
	return v32
}

func (fm *format) abs(u uint64) uint64    { return u &^ fm.sign }
func (fm *format) isNaN(u uint64) bool    { return fm.abs(u) > fm.inf }
func (fm *format) isInf(u uint64) bool    { return fm.abs(u) == fm.inf }
func (fm *format) isZero(u uint64) bool   { return fm.abs(u) == 0 }
func (fm *format) isNeg(u uint64) bool    { return u&fm.sign != 0 }
func (fm *format) negInf() uint64         { return fm.sign | fm.inf }
func (fm *format) signOf(u uint64) uint64 { return u & fm.sign }

// value returns the exact value of a non-NaN encoding.
func (fm *format) value(u uint64) *big.Float {
	if fm.is64 {
		return Value64(u)
	}
	return Value(uint32(u))
}

// cmp compares the exact value of a non-NaN encoding with c.
func (fm *format) cmp(u uint64, c float64) int { return fm.value(u).Cmp(big.NewFloat(c)) }

// decompose returns m odd and e with |u| = m·2^e for a finite nonzero u.
func (fm *format) decompose(u uint64) (m uint64, e int) {
	a := fm.abs(u)
	sig := a & (1<<fm.fracBits - 1)
	b := int(a >> fm.fracBits)
	if b == 0 {
		return oddParts(sig, 1-fm.bias-fm.fracBits)
	}
	return oddParts(sig|1<<fm.fracBits, b-fm.bias-fm.fracBits)
}

// intClass reports whether a finite u is an integer and whether it is odd.
func (fm *format) intClass(u uint64) (isInt, odd bool) {
	if fm.isZero(u) {
		return true, false
	}
	m, e := fm.decompose(u)
	return e >= 0, e == 0 && m&1 == 1
}

func (fm *format) nanCase() evalCase { return evalCase{kind: kindFixed, bits: fm.nan} }

// hugeCase and tinyCase are the range representatives (see format).
func (fm *format) hugeCase(neg bool, enc func(uint) (ival, bool)) evalCase {
	return repCase(new(big.Float).Set(fm.huge), neg, enc)
}

func (fm *format) tinyCase(neg bool, enc func(uint) (ival, bool)) evalCase {
	return repCase(new(big.Float).Set(fm.tiny), neg, enc)
}

// belowOneCase represents the reals in (1 − 2^-(fracBits+3), 1) (negated when
// neg): below the midpoint 1 − 2^-(fracBits+2) under 1, they round as 1 −
// 2^-200 in every mode.
func belowOneCase(neg bool, enc func(uint) (ival, bool)) evalCase {
	return repCase(new(big.Float).SetPrec(256).Sub(big.NewFloat(1), pow2(-200)), neg, enc)
}

// encIf returns enc when the argument's magnitude is at most lim (the
// enclosures' own argument range), nil otherwise (the case then has only
// its representative).
func (fm *format) encIf(u uint64, lim float64, enc func(uint) ival) func(uint) (ival, bool) {
	if fm.cmp(fm.abs(u), lim) <= 0 {
		return always(enc)
	}
	return nil
}

func fixed64(u uint64) evalCase { return evalCase{kind: kindFixed, bits: u} }
