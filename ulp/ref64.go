package ulp

import (
	"math"
	"math/big"
	"sync/atomic"

	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// SDD is a scaled double-double: the real (Hi + Lo)·2^Exp. The binary64
// references give f(x) as one, so that values beyond the binary64 range
// (e^1000, 2^-1100) keep their precision; special results are exact in Hi
// with Lo = 0 and Exp = 0: NaN for an undefined result, ±Inf, ±0.
type SDD struct {
	Hi, Lo float64
	Exp    int
}

// Ref64 is the correctly rounded reference of one mathematical function of
// binary64 arguments with a binary64 result, in every rounding mode: Ref's
// twin for double precision.
//
// A fast path evaluates f in double-double arithmetic with a running error
// bound (xdd.go: every operation carries a proven bound, and each kernel
// adds the bound of the mathematics it truncates, derived beside it) and
// rounds the enclosure it implies (decide64); when the enclosure contains a
// rounding boundary, or the kernel has no fast path for the argument, the
// reference falls back to the certified Ziv loop of internal/oracle
// (oracle.Func64: 128 to 4096 bits). Past 4096 bits the oracle is
// undecided: Round then returns the rounding of the last enclosure's lower
// end, and Undecided counts it.
//
// NaN results are oracle.NaNBits64. Value returns f(x) as an SDD whose
// relative error is at most 2^-ValueBits (in the subnormal range, relative
// to 2^-1022).
type Ref64 struct {
	name      string
	arity     int
	valueBits int
	orc       *oracle.Func64
	k1        func(x uint64) kres64
	k2        func(x, y uint64) kres64
	kN        func(us []uint64) kres64 // the norms (with orcN)
	orcN      *oracle.Func64N
	fallbacks atomic.Uint64
	undecided atomic.Uint64
	slow      bool // no fast path: newSlowRef64
}

func newRef64(name string, valueBits int, k1 func(uint64) kres64, k2 func(uint64, uint64) kres64) *Ref64 {
	orc, ok := oracle.Lookup64(name)
	if !ok {
		panic("ulp: no binary64 oracle for " + name)
	}
	arity := 1
	if k2 != nil {
		arity = 2
	}
	return &Ref64{name: name, arity: arity, valueBits: valueBits, orc: orc, k1: k1, k2: k2}
}

// Name returns the mathematical name ("exp", "pow", …), the same as the
// binary32 reference's.
func (r *Ref64) Name() string { return r.name }

// Arity returns the number of arguments: 1, 2, 3 or 4, and MaxArgs for the
// references of an array (norm, rnorm: RoundN takes any number of
// elements), as Ref's Arity.
func (r *Ref64) Arity() int { return r.arity }

// ValueBits returns the number of bits to which Value is accurate.
func (r *Ref64) ValueBits() int { return r.valueBits }

// Fallbacks returns how many evaluations since the program started went to
// the oracle.
func (r *Ref64) Fallbacks() uint64 { return r.fallbacks.Load() }

// Undecided returns how many evaluations since the program started the
// oracle left undecided at its precision cap (see Ref64).
func (r *Ref64) Undecided() uint64 { return r.undecided.Load() }

// Round returns f(x) correctly rounded in mode m (unary f).
func (r *Ref64) Round(x uint64, m rounding.Mode) uint64 {
	b, _, _ := r.Eval64(x, 0, m)
	return b
}

// Round2 returns f(x, y) correctly rounded in mode m (binary f).
func (r *Ref64) Round2(x, y uint64, m rounding.Mode) uint64 {
	r.check(2)
	b, _, _ := r.Eval64(x, y, m)
	return b
}

// Value returns an approximation of f(x) (unary f). Beyond the binary64
// range (|f| ≥ 2^1024 or 0 < |f| < 2^-1075) it may be only a representative
// of the range: ±2^2000 or ±2^-3000. For the references without a fast path
// it is the oracle's value (oracle.Func64.RoundValue): relatively within
// 2^-54 of f where f rounds as ±(1 − 2^-200) (erf near ±1), within the
// deciding enclosure elsewhere.
func (r *Ref64) Value(x uint64) SDD {
	r.check(1)
	return r.valueOf(r.kernel(x, 0), x, 0)
}

// Value2 returns an approximation of f(x, y) (binary f), as Value.
func (r *Ref64) Value2(x, y uint64) SDD {
	r.check(2)
	return r.valueOf(r.kernel(x, y), x, y)
}

func (r *Ref64) valueOf(k kres64, x, y uint64) SDD {
	if k.slow {
		return r.slowValue(x, y)
	}
	return k.value()
}

// Eval64 returns, from one evaluation, f(x) (f(x, y) for binary f; y is
// ignored for unary f) rounded in mode m, its value and whether the fast
// path fell back to the oracle.
func (r *Ref64) Eval64(x, y uint64, m rounding.Mode) (want uint64, v SDD, slow bool) {
	if r.kN != nil {
		panic("ulp: " + r.name + " takes EvalN")
	}
	k := r.kernel(x, y)
	if b, ok := k.round(m); ok {
		return b, k.value(), false
	}
	r.fallbacks.Add(1)
	if k.slow {
		b, ok, v := r.orc.RoundValue(x, y, m)
		if !ok {
			r.undecided.Add(1)
		}
		return b, sddOf(b, v), true
	}
	b, ok := r.oracle(x, y, m)
	if !ok {
		r.undecided.Add(1)
	}
	return b, k.value(), true
}

// RoundN returns f(us…) correctly rounded in mode m: the three or four
// arguments of norm3, rnorm3, norm4 and rnorm4, or the elements of norm's
// and rnorm's array (any number; the norm of none is +0).
func (r *Ref64) RoundN(us []uint64, m rounding.Mode) uint64 {
	b, _, _ := r.EvalN(us, m)
	return b
}

// ValueN returns an approximation of f(us…) (see RoundN).
func (r *Ref64) ValueN(us []uint64) SDD {
	r.checkN(us)
	return r.kN(us).value()
}

// EvalN is Eval64 for the references of three or more arguments.
func (r *Ref64) EvalN(us []uint64, m rounding.Mode) (want uint64, v SDD, slow bool) {
	r.checkN(us)
	k := r.kN(us)
	if b, ok := k.round(m); ok {
		return b, k.value(), false
	}
	r.fallbacks.Add(1)
	b, ok := r.orcN.RoundN(us, m)
	if !ok {
		r.undecided.Add(1)
	}
	return b, k.value(), true
}

func (r *Ref64) checkN(us []uint64) {
	if r.kN == nil || r.arity != MaxArgs && len(us) != r.arity {
		panic("ulp: " + r.name + " called with the wrong number of arguments")
	}
}

func (r *Ref64) oracle(x, y uint64, m rounding.Mode) (uint64, bool) {
	if r.arity == 1 {
		return r.orc.Round(x, m)
	}
	return r.orc.Round2(x, y, m)
}

func (r *Ref64) kernel(x, y uint64) kres64 {
	if r.arity == 1 {
		return r.k1(x)
	}
	return r.k2(x, y)
}

func (r *Ref64) check(arity int) {
	if r.arity != arity || r.kN != nil {
		panic("ulp: " + r.name + " called with the wrong number of arguments")
	}
}

// slowValue returns f(x, y) for the arguments the kernel has no fast path
// for: the oracle's value from its RN rounding (oracle.Func64.RoundValue).
func (r *Ref64) slowValue(x, y uint64) SDD {
	b, _, v := r.orc.RoundValue(x, y, rounding.RN)
	return sddOf(b, v)
}

// sddOf returns v as an SDD, or the result b itself when v is nil.
func sddOf(b uint64, v *big.Float) SDD {
	if v == nil {
		return SDD{Hi: math.Float64frombits(b)}
	}
	return sddOfBig(v)
}

// sddOfBig returns v as an SDD (to 106 bits).
func sddOfBig(v *big.Float) SDD {
	if v.Sign() == 0 || v.IsInf() {
		f, _ := v.Float64()
		return SDD{Hi: f}
	}
	mant := new(big.Float)
	e := v.MantExp(mant)
	hi, _ := mant.Float64()
	r := new(big.Float).SetPrec(mant.Prec()+64).Sub(mant, big.NewFloat(hi))
	lo, _ := r.Float64()
	return SDD{hi, lo, e}
}

// The binary64 references, each with the special cases of its oracle
// (internal/oracle: the float32 reference's table, with binary64 ranges)
// and the kernel documented beside it; ValueBits is the accuracy of Value.
var refs64 = []*Ref64{
	newRef64("exp", 100, expKernel64, nil),
	newRef64("exp2", 100, exp2Kernel64, nil),
	newRef64("exp10", 100, exp10Kernel64, nil),
	newRef64("expm1", 90, expm1Kernel64, nil),
	newRef64("log", 95, logKernel64, nil),
	newRef64("log2", 95, log2Kernel64, nil),
	newRef64("log10", 95, log10Kernel64, nil),
	newRef64("log1p", 95, log1pKernel64, nil),
	newRef64("sin", 95, sinKernel64, nil),
	newRef64("cos", 95, cosKernel64, nil),
	newRef64("tan", 95, tanKernel64, nil),
	newRef64("sinpi", 95, sinpiKernel64, nil),
	newRef64("cospi", 95, cospiKernel64, nil),
	newRef64("asin", 95, asinKernel64, nil),
	newRef64("acos", 95, acosKernel64, nil),
	newRef64("atan", 95, atanKernel64, nil),
	newRef64("atan2", 95, nil, atan2Kernel64),
	newRef64("sinh", 95, sinhKernel64, nil),
	newRef64("cosh", 95, coshKernel64, nil),
	newRef64("tanh", 95, tanhKernel64, nil),
	newRef64("asinh", 95, asinhKernel64, nil),
	newRef64("acosh", 95, acoshKernel64, nil),
	newRef64("atanh", 95, atanhKernel64, nil),
	newRef64("pow", 90, nil, powKernel64),
	newRef64("cbrt", 95, cbrtKernel64, nil),
	newRef64("rcbrt", 95, rcbrtKernel64, nil),
	newRef64("rsqrt", 95, rsqrtKernel64, nil),
	newRef64("hypot", 95, nil, hypotKernel64),
	newRef64("rhypot", 95, nil, rhypotKernel64),
	// No fast path yet: every evaluation runs the oracle's Ziv loop
	// (oracleOnly), tens of microseconds to milliseconds each; Value is
	// the oracle's (ValueBits 54: the representative of erf near ±1 is
	// that close, the deciding enclosures are far closer).
	newSlowRef64("erf", 1),
	newSlowRef64("erfc", 1),
	newSlowRef64("erfcx", 1),
	newSlowRef64("erfinv", 1),
	newSlowRef64("erfcinv", 1),
	newSlowRef64("normcdf", 1),
	newSlowRef64("normcdfinv", 1),
	newSlowRef64("lgamma", 1),
	newSlowRef64("tgamma", 1),
	newSlowRef64("j0", 1),
	newSlowRef64("j1", 1),
	newSlowRef64("y0", 1),
	newSlowRef64("y1", 1),
	newSlowRef64("jn", 2),
	newSlowRef64("yn", 2),
	newSlowRef64("i0", 1),
	newSlowRef64("i1", 1),
}

// FastPath reports whether r has a fast path in double-double arithmetic;
// without one, every evaluation runs the oracle's Ziv loop (tens of
// microseconds to milliseconds).
func (r *Ref64) FastPath() bool { return !r.slow }

// newSlowRef64 is newRef64 for a reference without a fast path (oracleOnly).
func newSlowRef64(name string, arity int) *Ref64 {
	r := newRef64(name, 54, oracleOnly, nil)
	if arity == 2 {
		r = newRef64(name, 54, nil, oracleOnly2)
	}
	r.slow = true
	return r
}

// oracleOnly is the kernel of the references without a fast path: every
// evaluation goes to the oracle, and Value to a 128-bit enclosure of it.
func oracleOnly(uint64) kres64 { return slowRes }

// oracleOnly2 is oracleOnly for the references of two arguments (jn, yn).
func oracleOnly2(uint64, uint64) kres64 { return slowRes }

// newRef64N returns a norm reference ("norm3", "rnorm4", "norm", …): arity
// 3 or 4, or MaxArgs for an array.
func newRef64N(name string, arity int, recip bool) *Ref64 {
	orcName := "norm"
	if recip {
		orcName = "rnorm"
	}
	orc, _ := oracle.LookupN64(orcName)
	return &Ref64{name: name, arity: arity, valueBits: 98, orcN: orc,
		kN: func(us []uint64) kres64 { return normKernel64(us, recip) }}
}

// refs64N lists the binary64 norms, which Lookup64 finds too.
var refs64N = []*Ref64{
	newRef64N("norm3", 3, false), newRef64N("rnorm3", 3, true),
	newRef64N("norm4", 4, false), newRef64N("rnorm4", 4, true),
	newRef64N("norm", MaxArgs, false), newRef64N("rnorm", MaxArgs, true),
}

// Refs64 returns every binary64 reference of one or two arguments in a
// fixed order (Lookup64 finds the norms too). The slice is shared: do not
// modify it.
func Refs64() []*Ref64 { return refs64 }

// Lookup64 returns the binary64 reference of the mathematical function
// name, the name its binary32 twin has in Lookup ("exp", "pow", …).
func Lookup64(name string) (*Ref64, bool) {
	for _, rs := range [][]*Ref64{refs64, refs64N} {
		for _, r := range rs {
			if r.name == name {
				return r, true
			}
		}
	}
	return nil, false
}
