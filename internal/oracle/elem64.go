package oracle

import (
	"math/big"
	"math/bits"

	"github.com/cudafp/cudafp/rounding"
)

// Func64 is the certified, correctly rounded reference of one mathematical
// function of binary64 arguments with a binary64 result, in every rounding
// mode: Func's twin. It shares Func's evaluation order (special values, exact
// cases, range representatives, then the Ziv loop), its big-float enclosures
// and its loop (ziv); only the special-case tables, the range thresholds and
// the final rounding (Round64) are binary64's.
//
// # Precision schedule
//
// The loop encloses f at 128, 256, 512, 1024, 2048 and 4096 bits (zivStart64
// doubling up to zivMax64) and stops at the first precision whose enclosure
// rounds to one result at both ends. Its worst case:
//
//   - Exact cases (results that are binary64 numbers or midpoints between
//     two, on which the loop could never stop) are taken out first; each
//     function's doc lists them with the argument that there are no others.
//   - Every other result is at a positive distance from the nearest rounding
//     boundary, and the loop stops once the enclosure is narrower than that.
//     Lefèvre and Muller's exhaustive searches (V. Lefèvre, J.-M. Muller,
//     "Worst cases for correct rounding of the elementary functions in double
//     precision", ARITH-15, 2001; INRIA RR-4044, 2000) give that distance for
//     exp, 2^x, log, log2 and, on the ranges searched, 10^x, log10, sin, cos,
//     tan, their inverses and the hyperbolic functions: the longest runs of
//     identical bits after the rounding position are a few dozen bits (about
//     65 at most), so an enclosure of relative width 2^-(53+1+70) decides
//     every case they list, except the trivial ones of tiny arguments (such
//     as e^x = 1 + x + …), whose runs are long but which the enclosures
//     resolve at a precision of about twice the argument's exponent, far
//     below zivMax64. The enclosures lose at most a few dozen bits to
//     cancellation (the worst binary64 argument of sin or cos is about 2^-61
//     from a multiple of π/2), so the 256-bit step decides them all.
//   - No such bound is known for pow, atan2, hypot (bivariate), for trig
//     arguments beyond the searched ranges, or for the special functions.
//     There the loop stops at zivMax64 and Round returns ok = false: the
//     result is "undecided" (the lower end's rounding is returned), and the
//     callers count it (ulp.Ref64.Undecided). Reaching it would mean a
//     result within about 2^-4000 relative of a boundary, or an exact case
//     the doc missed.
type Func64 struct {
	Name  string // mathematical name: "exp", "pow", …
	Arity int    // 1 or 2
	eval  func(x, y uint64) evalCase
}

const (
	zivStart64 = 128
	zivMax64   = 4096
)

// NaNBits64 is the NaN result of the binary64 references: the NaN of an
// invalid binary64 operation on the device (see NaN64). ulp.Dist64 treats
// every NaN alike.
const NaNBits64 = invalidNaN64

// Round returns f(x) correctly rounded to binary64 in mode m (unary f); ok is
// false when the loop reached zivMax64 undecided (see Func64).
func (f *Func64) Round(x uint64, m rounding.Mode) (r uint64, ok bool) {
	if f.Arity != 1 {
		panic("oracle: Round of a binary Func64; use Round2")
	}
	return f.round(x, 0, m)
}

// Round2 returns f(x, y) correctly rounded to binary64 in mode m (binary f).
func (f *Func64) Round2(x, y uint64, m rounding.Mode) (r uint64, ok bool) {
	if f.Arity != 2 {
		panic("oracle: Round2 of a unary Func64; use Round")
	}
	return f.round(x, y, m)
}

func (f *Func64) round(x, y uint64, m rounding.Mode) (uint64, bool) {
	c := f.eval(x, y)
	switch c.kind {
	case kindFixed:
		return c.bits, true
	case kindExact, kindRep:
		return Round64(c.v, m), true
	}
	return ziv(c.enc, func(v *big.Float) uint64 { return Round64(v, m) }, zivStart64, zivMax64)
}

// RoundValue is Round2 (y ignored for unary f) that also returns an
// approximation v of f(x, y): the exact value, the range representative
// (within 2^-54 of f relatively where that is ±(1 − 2^-200), otherwise only
// its order of magnitude: ±2^2000, ±2^-3000), the lower end of the enclosure
// that decided the rounding (its relative width is at most about 2^-53 and
// usually far less), or nil for NaN and the other fixed results (whose
// value is the result itself).
func (f *Func64) RoundValue(x, y uint64, m rounding.Mode) (r uint64, ok bool, v *big.Float) {
	c := f.eval(x, y)
	switch c.kind {
	case kindFixed:
		return c.bits, true, nil
	case kindExact, kindRep:
		return Round64(c.v, m), true, c.v
	}
	for p := uint(zivStart64); p <= zivMax64; p *= 2 {
		iv, ok := c.enc(p)
		if !ok {
			continue
		}
		v = iv.lo
		if r = Round64(iv.lo, m); r == Round64(iv.hi, m) {
			return r, true, v
		}
	}
	return r, false, v
}

// RoundAll returns f(x, y) (y ignored for unary f) correctly rounded in each
// of rounding.Modes, from one Ziv loop that runs until all four agree.
func (f *Func64) RoundAll(x, y uint64) (r [4]uint64, ok bool) {
	c := f.eval(x, y)
	switch c.kind {
	case kindFixed:
		return [4]uint64{c.bits, c.bits, c.bits, c.bits}, true
	case kindExact, kindRep:
		return roundAll64(c.v), true
	}
	return ziv(c.enc, roundAll64, zivStart64, zivMax64)
}

func roundAll64(v *big.Float) (r [4]uint64) {
	for i, m := range rounding.Modes {
		r[i] = Round64(v, m)
	}
	return r
}

// Enclose returns an interval containing f(x, y) (y ignored for unary f) at
// working precision prec, as Func.Enclose does.
func (f *Func64) Enclose(x, y uint64, prec uint) (iv Interval, ok bool) {
	return f.eval(x, y).enclose(prec)
}

// Funcs64 lists the binary64 references in a fixed order.
// Each one's special cases are in its doc comment (f64Exp, …).
var Funcs64 = []*Func64{f64Exp, f64Exp2, f64Exp10, f64Expm1, f64Log, f64Log2, f64Log10, f64Log1p,
	f64Sin, f64Cos, f64Tan, f64Sinpi, f64Cospi, f64Asin, f64Acos, f64Atan, f64Atan2,
	f64Sinh, f64Cosh, f64Tanh, f64Asinh, f64Acosh, f64Atanh, f64Pow, f64Cbrt, f64Rcbrt, f64Rsqrt, f64Hypot, f64Rhypot,
	f64Erf, f64Erfc, f64Erfcx, f64Erfinv, f64Erfcinv, f64Normcdf, f64Normcdfinv, f64Lgamma, f64Tgamma,
	f64J0, f64J1, f64Y0, f64Y1, f64Jn, f64Yn, f64I0, f64I1}

// Lookup64 returns the binary64 reference named name ("exp", "pow", …).
func Lookup64(name string) (*Func64, bool) {
	for _, f := range Funcs64 {
		if f.Name == name {
			return f, true
		}
	}
	return nil, false
}

// oddParts returns m odd and e with sig·2^exp = m·2^e, for sig ≠ 0.
func oddParts(sig uint64, exp int) (m uint64, e int) {
	tz := bits.TrailingZeros64(sig)
	return sig >> tz, exp + tz
}

// eval32 and eval64 run an evaluation written on format for binary32 and
// binary64 arguments.
func eval32(f func(fm *format, x, y uint64) evalCase) func(x, y uint32) evalCase {
	return func(x, y uint32) evalCase { return f(bin32, uint64(x), uint64(y)) }
}

func eval64(f func(fm *format, x, y uint64) evalCase) func(x, y uint64) evalCase {
	return func(x, y uint64) evalCase { return f(bin64, x, y) }
}

// exactSum returns a + b exactly, for finite a and b.
func exactSum(a, b *big.Float) *big.Float {
	return new(big.Float).SetPrec(sumPrec(a, b)).Add(a, b)
}

// exactDiff returns a − b exactly, for finite a and b.
func exactDiff(a, b *big.Float) *big.Float {
	return new(big.Float).SetPrec(sumPrec(a, b)).Sub(a, b)
}

// sumPrec returns a precision at which a ± b is exact: the bits of a and b
// span from the larger top exponent down to the smaller last-bit exponent,
// plus one bit for a carry.
func sumPrec(a, b *big.Float) uint {
	switch {
	case a.Sign() == 0:
		return max(b.Prec(), 1)
	case b.Sign() == 0:
		return max(a.Prec(), 1)
	}
	ea, eb := a.MantExp(nil), b.MantExp(nil)
	top := max(ea, eb)
	low := min(ea-int(a.Prec()), eb-int(b.Prec()))
	return uint(top-low) + 1
}

// Func64N is Func64 for functions of any number of binary64 arguments: the
// norms √(u0² + u1² + …) and their reciprocals (Norm and Rnorm's special
// cases and representatives, normEvalF), which CUDA's norm3d, norm4d and
// norm(d, a) compute.
type Func64N struct {
	Name string
	eval func(us []uint64) evalCase
}

var (
	f64Norm  = &Func64N{Name: "norm", eval: func(us []uint64) evalCase { return normEvalF(bin64, false, us...) }}
	f64Rnorm = &Func64N{Name: "rnorm", eval: func(us []uint64) evalCase { return normEvalF(bin64, true, us...) }}
)

// LookupN64 returns the binary64 reference of any number of arguments
// named name: "norm" or "rnorm".
func LookupN64(name string) (*Func64N, bool) {
	for _, f := range []*Func64N{f64Norm, f64Rnorm} {
		if f.Name == name {
			return f, true
		}
	}
	return nil, false
}

// single64 is a Func64 whose evaluation is the one case c.
func single64(name string, c evalCase) *Func64 {
	return &Func64{Name: name, Arity: 2, eval: func(uint64, uint64) evalCase { return c }}
}

// RoundN returns f(us…) correctly rounded to binary64 in mode m; ok as
// Func64.Round.
func (f *Func64N) RoundN(us []uint64, m rounding.Mode) (uint64, bool) {
	return single64(f.Name, f.eval(us)).round(0, 0, m)
}

// RoundAllN returns f(us…) correctly rounded in each of rounding.Modes.
func (f *Func64N) RoundAllN(us []uint64) ([4]uint64, bool) {
	return single64(f.Name, f.eval(us)).RoundAll(0, 0)
}

// EncloseN is Func64.Enclose for any number of arguments.
func (f *Func64N) EncloseN(us []uint64, prec uint) (Interval, bool) {
	return f.eval(us).enclose(prec)
}
