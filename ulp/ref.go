package ulp

import (
	"math"
	"math/big"
	"sync/atomic"

	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// Ref is the correctly rounded reference of one mathematical function of
// binary32 arguments, in every rounding mode.
//
// A fast path evaluates f in float64 / double-double arithmetic together with
// a proven bound on its error (derived next to each kernel) and rounds the
// enclosure it implies; when the enclosure contains a rounding boundary, the
// reference falls back to the certified oracle of internal/oracle. Division,
// reciprocal, square root and reciprocal square root decide exactly (an
// exact sign test at each boundary) and never fall back.
//
// Round results are correct in every mode; NaN results are CUDA's canonical
// 0x7fffffff. Value returns a double-double approximation of f(x) for error
// metrics: its relative error is at most 2^-ValueBits for results in the
// binary32 range (see each Ref's documentation).
type Ref struct {
	name  string
	arity int
	modes []rounding.Mode
	// ValueBits: for results with magnitude in [2^-126, 2^128), Value's
	// relative error is below 2^-ValueBits (in the subnormal range the same
	// bound holds relative to 2^-126).
	valueBits int
	orc       *oracle.Func
	k1        func(x uint32) kres
	k2        func(x, y uint32) kres
	r1        func(x uint32, m rounding.Mode) uint32 // exact rounding, no fallback
	r2        func(x, y uint32, m rounding.Mode) uint32
	// run1, when set, fills a run of consecutive inputs of one sign that
	// lies in one of the kernel's cheap classes exactly as eval1 would, or
	// returns false (see evalRun1).
	run1      func(x0 uint32, m rounding.Mode, want []uint32, val []DD) bool
	k3        func(x, y, z uint32) kres // ternary references (hyp.go), with orc3
	orc3      *oracle.Func3
	kN        func(us []uint32) kres // references of four arguments or of an array (hyp.go), with orcN
	orcN      *oracle.FuncN
	array     bool // the arguments are a count and up to MaxArray elements (norm, rnorm)
	fallbacks atomic.Uint64
}

// kres is what a fast kernel returns.
//
//   - rep ≠ 0: f(x) rounds as rep does in every mode (f(x) is far outside the
//     binary32 range, or within 2^-26 of ±1 for tanh); v approximates f(x).
//   - else err = 0: v.Hi is f(x) exactly (v.Lo = 0), special values included.
//   - else: |f(x) − (v.Hi + v.Lo)| ≤ err.
type kres struct {
	v   DD
	err float64
	rep float64
}

func exactRes(v float64) kres { return kres{v: DD{v, 0}} }

// round returns the rounding of k in mode m, or ok = false when the fast
// path cannot decide.
func (k kres) round(m rounding.Mode) (uint32, bool) {
	if m == rounding.RN {
		switch {
		case k.rep != 0:
			return round64RN(k.rep), true
		case k.err == 0:
			return round64RN(k.v.Hi), true
		}
		return decideRN(k.v.Hi, k.v.Lo, k.err)
	}
	switch {
	case k.rep != 0:
		return round64(k.rep, m), true
	case k.err == 0:
		return round64(k.v.Hi, m), true
	}
	return decide(k.v.Hi, k.v.Lo, k.err, m)
}

// Name returns the mathematical name ("exp", "pow", …).
func (r *Ref) Name() string { return r.name }

// Arity returns the number of arguments: 1, 2, 3 or 4, and MaxArgs for
// the references of an array (a count and up to MaxArray elements, as
// CUDA's normf(dim, a) takes them).
func (r *Ref) Arity() int { return r.arity }

// Modes returns the rounding modes in which CUDA has a version of the
// function: all four for div, rcp and sqrt (__fdiv_rz, __frcp_ru,
// __fsqrt_rd, …), RN only for the others. Round accepts every mode anyway.
func (r *Ref) Modes() []rounding.Mode { return r.modes }

// ValueBits returns the number of bits to which Value is accurate (see Ref).
func (r *Ref) ValueBits() int { return r.valueBits }

// Fallbacks returns how many evaluations since the program started could not
// be decided by the fast path and went to the oracle.
func (r *Ref) Fallbacks() uint64 { return r.fallbacks.Load() }

// Round returns f(x) correctly rounded in mode m (unary f).
func (r *Ref) Round(x uint32, m rounding.Mode) uint32 {
	b, _ := r.round1(x, m)
	return b
}

// Round2 returns f(x, y) correctly rounded in mode m (binary f).
func (r *Ref) Round2(x, y uint32, m rounding.Mode) uint32 {
	b, _ := r.round2(x, y, m)
	return b
}

// Value returns a double-double approximation of f(x) (unary f).
func (r *Ref) Value(x uint32) DD {
	r.check(1)
	return r.slowValue(r.k1(x), x, 0)
}

// Value2 returns a double-double approximation of f(x, y) (binary f).
func (r *Ref) Value2(x, y uint32) DD {
	r.check(2)
	return r.slowValue(r.k2(x, y), x, y)
}

// Eval returns, from one evaluation, f(in) rounded in mode m, its value and
// whether the fast path fell back to the oracle. It makes Ref a Reference.
func (r *Ref) Eval(in Input, m rounding.Mode) (want uint32, v DD, slow bool) {
	if r.kN != nil {
		var buf [MaxArgs]uint32
		return r.evalN(r.argsOf(in, &buf), m)
	}
	switch r.arity {
	case 1:
		return r.eval1(in.X, m)
	case 3:
		return r.eval3(in.X, in.Y, in.Z, m)
	}
	return r.eval2(in.X, in.Y, m)
}

func (r *Ref) check(arity int) {
	if r.arity != arity {
		panic("ulp: " + r.name + " called with the wrong number of arguments")
	}
}

func (r *Ref) round1(x uint32, m rounding.Mode) (uint32, bool) {
	r.check(1)
	if r.r1 != nil {
		return r.r1(x, m), false
	}
	if b, ok := r.k1(x).round(m); ok {
		return b, false
	}
	r.fallbacks.Add(1)
	return r.orc.Round(x, m), true
}

func (r *Ref) round2(x, y uint32, m rounding.Mode) (uint32, bool) {
	r.check(2)
	if r.r2 != nil {
		return r.r2(x, y, m), false
	}
	if b, ok := r.k2(x, y).round(m); ok {
		return b, false
	}
	r.fallbacks.Add(1)
	return r.orc.Round2(x, y, m), true
}

func (r *Ref) eval1(x uint32, m rounding.Mode) (uint32, DD, bool) {
	k := r.k1(x)
	if r.r1 != nil {
		return r.r1(x, m), k.v, false
	}
	if b, ok := k.round(m); ok {
		return b, k.v, false
	}
	r.fallbacks.Add(1)
	return r.orc.Round(x, m), r.slowValue(k, x, 0), true
}

// slowValue returns the value of an input the fast path could not round:
// k.v when its bound meets ValueBits, else the midpoint of the oracle's
// enclosure (where the bound failed the fast path's value can be far off:
// jn's forward recurrence near the turning point n ≈ x).
func (r *Ref) slowValue(k kres, x, y uint32) DD {
	if k.rep != 0 || k.err <= math.Ldexp(math.Max(math.Abs(k.v.Hi), 0x1p-126), -r.valueBits) {
		return k.v
	}
	iv, ok := r.orc.Enclose(x, y, 128)
	if !ok {
		return k.v
	}
	mid := new(big.Float).SetPrec(256).Add(iv.Lo, iv.Hi)
	return ddOf(mid.SetMantExp(mid, -1))
}

// evalRun1 is eval1 on the consecutive inputs x0, x0+1, …: it fills want
// and val and returns the number of oracle fallbacks.
func (r *Ref) evalRun1(x0 uint32, m rounding.Mode, want []uint32, val []DD) (slow uint64) {
	r.check(1)
	if len(want) == 0 {
		return 0
	}
	// A run of one sign in one class of the kernel (an exhaustive sweep's
	// batches: 512 consecutive encodings) in one pass.
	if r.run1 != nil && x0>>31 == (x0+uint32(len(want)-1))>>31 && r.run1(x0, m, want, val) {
		return 0
	}
	k1 := r.k1
	val = val[:len(want)]
	if r.r1 != nil {
		for i := range want {
			x := x0 + uint32(i)
			val[i] = k1(x).v
			want[i] = r.r1(x, m)
		}
		return 0
	}
	for i := range want {
		x := x0 + uint32(i)
		k := k1(x)
		val[i] = k.v
		var b uint32
		ok := true
		switch {
		case m != rounding.RN:
			b, ok = k.round(m)
		case k.rep != 0: // k.round in RN, inlined
			b = round64RN(k.rep)
		case k.err == 0:
			b = round64RN(k.v.Hi)
		default:
			b, ok = decideRN(k.v.Hi, k.v.Lo, k.err)
		}
		if !ok {
			r.fallbacks.Add(1)
			b = r.orc.Round(x, m)
			val[i] = r.slowValue(k, x, 0)
			slow++
		}
		want[i] = b
	}
	return slow
}

func (r *Ref) eval2(x, y uint32, m rounding.Mode) (uint32, DD, bool) {
	k := r.k2(x, y)
	if r.r2 != nil {
		return r.r2(x, y, m), k.v, false
	}
	if b, ok := k.round(m); ok {
		return b, k.v, false
	}
	r.fallbacks.Add(1)
	return r.orc.Round2(x, y, m), r.slowValue(k, x, y), true
}

var (
	rnOnly   = []rounding.Mode{rounding.RN}
	allModes = rounding.Modes[:]
)

// The references. Each doc comment lists the special cases (C99 Annex F,
// which CUDA's float functions follow) in the order the kernel checks them;
// NaN results are 0x7fffffff. Round is correctly rounded in every mode;
// Value's accuracy is the one stated (ValueBits).

// Exp is the reference of e^x.
//
// Special cases are:
//
//	Exp(NaN) = NaN
//	Exp(+Inf) = +Inf
//	Exp(-Inf) = +0
//	Exp(±0) = 1
//
// Value: relative error < 2^-65.
var Exp = &Ref{name: "exp", arity: 1, modes: rnOnly, valueBits: 65, orc: oracle.Exp, k1: expKernel, run1: expRunExp.run}

// Exp2 is the reference of 2^x, with Exp's special cases, and 2^n exact for
// an integer n. Value: relative error < 2^-65.
var Exp2 = &Ref{name: "exp2", arity: 1, modes: rnOnly, valueBits: 65, orc: oracle.Exp2, k1: exp2Kernel, run1: expRunExp2.run}

// Exp10 is the reference of 10^x, with Exp's special cases, and 10^n exact
// for an integer n in [0, 10]. Value: relative error < 2^-65.
var Exp10 = &Ref{name: "exp10", arity: 1, modes: rnOnly, valueBits: 65, orc: oracle.Exp10, k1: exp10Kernel, run1: expRunExp10.run}

// Log is the reference of the natural logarithm.
//
// Special cases are:
//
//	Log(NaN) = NaN
//	Log(±0) = -Inf
//	Log(x < 0) = NaN
//	Log(+Inf) = +Inf
//	Log(1) = +0
//
// Value: relative error < 2^-60.
var Log = &Ref{name: "log", arity: 1, modes: rnOnly, valueBits: 60, orc: oracle.Log, k1: logKernel, run1: logNaNRun}

// Log2 is the reference of the base-2 logarithm, with Log's special cases,
// and log2(2^k) = k exactly. Value: relative error < 2^-60.
var Log2 = &Ref{name: "log2", arity: 1, modes: rnOnly, valueBits: 60, orc: oracle.Log2, k1: log2Kernel, run1: logNaNRun}

// Log10 is the reference of the base-10 logarithm, with Log's special
// cases, and log10(10^n) = n exactly for n in [1, 10]. Value: relative error
// < 2^-60.
var Log10 = &Ref{name: "log10", arity: 1, modes: rnOnly, valueBits: 60, orc: oracle.Log10, k1: log10Kernel, run1: logNaNRun}

// Sin is the reference of the sine.
//
// Special cases are:
//
//	Sin(NaN) = NaN
//	Sin(±Inf) = NaN
//	Sin(±0) = ±0
//
// Value: relative error < 2^-54.
var Sin = &Ref{name: "sin", arity: 1, modes: rnOnly, valueBits: 54, orc: oracle.Sin, k1: sinKernel}

// Cos is the reference of the cosine.
//
// Special cases are:
//
//	Cos(NaN) = NaN
//	Cos(±Inf) = NaN
//	Cos(±0) = 1
//
// Value: relative error < 2^-54.
var Cos = &Ref{name: "cos", arity: 1, modes: rnOnly, valueBits: 54, orc: oracle.Cos, k1: cosKernel}

// Tan is the reference of the tangent, with Sin's special cases. Value:
// relative error < 2^-53.
var Tan = &Ref{name: "tan", arity: 1, modes: rnOnly, valueBits: 53, orc: oracle.Tan, k1: tanKernel}

// Tanh is the reference of the hyperbolic tangent.
//
// Special cases are:
//
//	Tanh(NaN) = NaN
//	Tanh(±Inf) = ±1
//	Tanh(±0) = ±0
//
// Value: relative error < 2^-56.
var Tanh = &Ref{name: "tanh", arity: 1, modes: rnOnly, valueBits: 56, orc: oracle.Tanh, k1: tanhKernel}

// Pow is the reference of x^y (binary: use Round2, Value2).
//
// Special cases are (in order; C99 F.9.4.4):
//
//	Pow(x, ±0) = 1 for any x, even NaN
//	Pow(+1, y) = 1 for any y, even NaN
//	Pow(NaN, y) = Pow(x, NaN) = NaN
//	Pow(±0, y) = ±Inf for y an odd integer < 0
//	Pow(±0, y) = +Inf for y < 0 and not an odd integer (-Inf included)
//	Pow(±0, y) = ±0 for y an odd integer > 0
//	Pow(±0, y) = +0 for y > 0 and not an odd integer (+Inf included)
//	Pow(-1, ±Inf) = 1
//	Pow(x, -Inf) = +Inf for |x| < 1, +0 for |x| > 1
//	Pow(x, +Inf) = +0 for |x| < 1, +Inf for |x| > 1
//	Pow(-Inf, y) = -0 for y an odd integer < 0, +0 for other y < 0
//	Pow(-Inf, y) = -Inf for y an odd integer > 0, +Inf for other y > 0
//	Pow(+Inf, y) = +0 for y < 0, +Inf for y > 0
//	Pow(x, y) = NaN for finite x < 0 and finite non-integer y
//	Pow(x, y) = ±|x|^y for finite x < 0 and an integer y (− for odd y)
//
// Exact results (binary32 numbers or midpoints, such as pow(1 + 2^-12, 2))
// are left by the fast path to the oracle, which rounds them exactly. Value:
// relative error < 2^-52.
var Pow = &Ref{name: "pow", arity: 2, modes: rnOnly, valueBits: 52, orc: oracle.Pow, k2: powKernel}

// Sqrt is the reference of the square root, with CUDA versions in every mode
// (__fsqrt_rn/rz/ru/rd).
//
// Special cases are:
//
//	Sqrt(NaN) = NaN
//	Sqrt(±0) = ±0
//	Sqrt(x < 0) = NaN
//	Sqrt(+Inf) = +Inf
//
// Round decides exactly, never falling back. Value: relative error < 2^-100.
var Sqrt = &Ref{name: "sqrt", arity: 1, modes: allModes, valueBits: 100, orc: oracle.Sqrt, k1: sqrtKernel, r1: sqrtRound}

// Rsqrt is the reference of 1/√x.
//
// Special cases are:
//
//	Rsqrt(NaN) = NaN
//	Rsqrt(±0) = ±Inf
//	Rsqrt(x < 0) = NaN
//	Rsqrt(+Inf) = +0
//
// Round decides exactly. Value: relative error < 2^-100.
var Rsqrt = &Ref{name: "rsqrt", arity: 1, modes: rnOnly, valueBits: 100, orc: oracle.Rsqrt, k1: rsqrtKernel, r1: rsqrtRound}

// Div is the reference of x/y (binary), with CUDA versions in every mode
// (__fdiv_rn/rz/ru/rd).
//
// Special cases are:
//
//	Div(NaN, y) = Div(x, NaN) = NaN
//	Div(±0, ±0) = NaN
//	Div(±Inf, ±Inf) = NaN
//	Div(x, ±0) = ±Inf for x ≠ 0, sign(x) XOR sign(y)
//	Div(±Inf, y) = ±Inf for finite y, sign(x) XOR sign(y)
//	Div(x, ±Inf) = ±0 for finite x, sign(x) XOR sign(y)
//	Div(±0, y) = ±0 for y ≠ 0, sign(x) XOR sign(y)
//
// Round decides exactly. Value: relative error < 2^-100.
var Div = &Ref{name: "div", arity: 2, modes: allModes, valueBits: 100, orc: oracle.Div, k2: divKernel, r2: divRound}

// Rcp is the reference of 1/x, with CUDA versions in every mode
// (__frcp_rn/rz/ru/rd).
//
// Special cases are:
//
//	Rcp(NaN) = NaN
//	Rcp(±0) = ±Inf
//	Rcp(±Inf) = ±0
//
// Round decides exactly. Value: relative error < 2^-100.
var Rcp = &Ref{name: "rcp", arity: 1, modes: allModes, valueBits: 100, orc: oracle.Rcp, k1: rcpKernel, r1: rcpRound}

// Asin is the reference of the arcsine, with the special cases of asinKernel
// (inv.go): NaN for |x| > 1. Value: relative error < 2^-46.
var Asin = &Ref{name: "asin", arity: 1, modes: rnOnly, valueBits: 46, orc: oracle.Asin, k1: asinKernel}

// Acos is the reference of the arccosine (acosKernel: NaN for |x| > 1,
// Acos(1) = +0). Value: relative error < 2^-46.
var Acos = &Ref{name: "acos", arity: 1, modes: rnOnly, valueBits: 46, orc: oracle.Acos, k1: acosKernel}

// Atan is the reference of the arctangent (atanKernel: Atan(±Inf) = ±π/2
// rounded). Value: relative error < 2^-46.
var Atan = &Ref{name: "atan", arity: 1, modes: rnOnly, valueBits: 46, orc: oracle.Atan, k1: atanKernel}

// Atan2 is the reference of atan2(y, x) (binary: Round2(y, x), Value2), with
// C99's special cases (atan2Kernel). Value: relative error < 2^-46.
var Atan2 = &Ref{name: "atan2", arity: 2, modes: rnOnly, valueBits: 46, orc: oracle.Atan2, k2: atan2Kernel}

// Asinh is the reference of the inverse hyperbolic sine (asinhKernel).
// Value: relative error < 2^-46.
var Asinh = &Ref{name: "asinh", arity: 1, modes: rnOnly, valueBits: 46, orc: oracle.Asinh, k1: asinhKernel}

// Acosh is the reference of the inverse hyperbolic cosine (acoshKernel: NaN
// for x < 1, Acosh(1) = +0). Value: relative error < 2^-46.
var Acosh = &Ref{name: "acosh", arity: 1, modes: rnOnly, valueBits: 46, orc: oracle.Acosh, k1: acoshKernel}

// Atanh is the reference of the inverse hyperbolic tangent (atanhKernel:
// ±Inf at ±1, NaN beyond). Value: relative error < 2^-46.
var Atanh = &Ref{name: "atanh", arity: 1, modes: rnOnly, valueBits: 46, orc: oracle.Atanh, k1: atanhKernel}

// Log1p is the reference of ln(1 + x) (log1pKernel: -Inf at -1, NaN below).
// Value: relative error < 2^-46.
var Log1p = &Ref{name: "log1p", arity: 1, modes: rnOnly, valueBits: 46, orc: oracle.Log1p, k1: log1pKernel}

var refs = []*Ref{Exp, Exp2, Exp10, Log, Log2, Log10, Sin, Cos, Tan, Tanh, Pow, Sqrt, Rsqrt, Div, Rcp,
	Asin, Acos, Atan, Atan2, Asinh, Acosh, Atanh, Log1p}

// Refs returns every reference in a fixed order. The slice is shared: do
// not modify it.
func Refs() []*Ref { return refs }

// Lookup returns the reference of the mathematical function name: "exp",
// "exp2", "exp10", "log", "log2", "log10", "sin", "cos", "tan", "tanh",
// "pow", "sqrt", "rsqrt", "div", "rcp", "asin", "acos", "atan", "atan2",
// "asinh", "acosh", "atanh", "log1p", or one of the other files'
// (hyp.go, erf.go, bessel.go; trigpi.go: "sinpi", "cospi").
func Lookup(name string) (*Ref, bool) {
	for _, r := range refs {
		if r.name == name {
			return r, true
		}
	}
	for _, r := range refs3 {
		if r.name == name {
			return r, true
		}
	}
	for _, r := range refsN {
		if r.name == name {
			return r, true
		}
	}
	return nil, false
}
