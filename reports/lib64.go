package reports

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// The exact references of the double library functions whose result is
// exact (ceil, ldexp, frexp, …): the mathematical result of the C standard
// on the exact value of the argument (math/big through internal/oracle),
// never the emulation's algorithm. A NaN argument gives a NaN (sameResult
// accepts any NaN for a double result) or the integer the C function
// specifies; sqrt and fma take the correctly rounded references of
// ref64Of.

// libRefs64 are the exact references of the single-result functions, by
// catalog ID, on the argument words.
var libRefs64 = map[string]func(a spec.Args) uint64{
	"fabs":      func(a spec.Args) uint64 { return absRef64(a[0]) },
	"copysign":  func(a spec.Args) uint64 { return a[0]&f64.AbsMask | a[1]&f64.SignMask },
	"ceil":      func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RU) },
	"floor":     func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RD) },
	"trunc":     func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RZ) },
	"rint":      func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RN) },
	"nearbyint": func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RN) },
	"round":     func(a spec.Args) uint64 { return roundAwayRef64(a[0]) },
	"lrint":     func(a spec.Args) uint64 { return lrintRef64(a[0]) },
	"llrint":    func(a spec.Args) uint64 { return lrintRef64(a[0]) },
	"lround":    func(a spec.Args) uint64 { return lroundRef64(a[0]) },
	"llround":   func(a spec.Args) uint64 { return lroundRef64(a[0]) },
	"ldexp":     func(a spec.Args) uint64 { return ldexpRef64(a[0], int32(uint32(a[1]))) },
	"scalbn":    func(a spec.Args) uint64 { return ldexpRef64(a[0], int32(uint32(a[1]))) },
	"ilogb":     func(a spec.Args) uint64 { return uint64(uint32(ilogbRef64(a[0]))) },
	"logb":      func(a spec.Args) uint64 { return logbRef64(a[0]) },
	"fmax":      func(a spec.Args) uint64 { return minMaxRef64(a[0], a[1], false) },
	"fmin":      func(a spec.Args) uint64 { return minMaxRef64(a[0], a[1], true) },
	"fdim":      fdimRef64,
	"nextafter": func(a spec.Args) uint64 { return nextafterRef64(a[0], a[1]) },
	"fmod":      func(a spec.Args) uint64 { r, _ := remRef64(a[0], a[1], false); return r },
	"remainder": func(a spec.Args) uint64 { r, _ := remRef64(a[0], a[1], true); return r },
}

// pairRefs64 are the exact references of the pair-wide functions: each
// result's reference and name.
var pairRefs64 = map[string][2]struct {
	name string
	f    func(a spec.Args) uint64
}{
	"frexp": {{"frac", func(a spec.Args) uint64 { m, _ := frexpRef64(a[0]); return m }},
		{"exp", func(a spec.Args) uint64 { _, e := frexpRef64(a[0]); return uint64(uint32(e)) }}},
	"modf": {{"frac", func(a spec.Args) uint64 { fr, _ := modfRef64(a[0]); return fr }},
		{"int", func(a spec.Args) uint64 { _, i := modfRef64(a[0]); return i }}},
	"remquo": {{"rem", func(a spec.Args) uint64 { r, _ := remRef64(a[0], a[1], true); return r }},
		{"quo", func(a spec.Args) uint64 { _, q := remRef64(a[0], a[1], true); return uint64(uint32(q)) }}},
}

// pairComponents64 returns the two components of a pair-wide double
// library function, or the reason why it cannot be measured.
func pairComponents64(f *spec.Func) ([]component, string) {
	refs, ok := pairRefs64[f.ID]
	if !ok || !f.PairWide() {
		return nil, reasonNoRef
	}
	if _, ok := f.Pair(spec.Default); !ok {
		return nil, reasonNoRef
	}
	var cs []component
	for j, r := range refs {
		t := f.Out[j]
		g := r.f
		ir := &intRef{f.ID, len(f.In), t, func(in ulp.Input) uint64 { return g(kernelArgs(f.In, in)) }}
		kind := kindExact64
		pick := whole
		if t != spec.F64 {
			kind, pick = kindExactInt, low32
		}
		cs = append(cs, component{name: r.name, kind: kind, ref: zeroRef{ir.name, ir.arity}, iref: ir, pickInt: pick, second: j == 1})
	}
	return cs, ""
}

// value64 is the exact value of a finite encoding.
func value64(x uint64) *big.Float { return oracle.Value64(x) }

func absRef64(x uint64) uint64 {
	if f64.IsNaN(x) {
		return x
	}
	return x &^ f64.SignMask
}

// roundAwayRef64 is C's round: the integer nearest x, halfway cases away
// from zero, with the sign of x.
func roundAwayRef64(x uint64) uint64 {
	if !f64.IsFinite(x) || f64.IsZero(x) {
		return x
	}
	n := roundAwayInt(x)
	return x&f64.SignMask | oracle.IntToF64(n.Abs(n), rounding.RN) // exact: |n| ≤ 2^1024 has at most 53 significant bits
}

// roundAwayInt returns the integer nearest the finite x, ties away from 0.
func roundAwayInt(x uint64) *big.Int {
	v := value64(x)
	half := big.NewFloat(0.5)
	if v.Sign() < 0 {
		half.Neg(half)
	}
	return oracle.RoundValueToInt(new(big.Float).SetPrec(2000).Add(v, half), rounding.RZ)
}

var minI64, maxI64 = big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)

func lrintRef64(x uint64) uint64 {
	return double2Int(x, rounding.RN, minI64, maxI64, 1<<63, spec.I64)
}

func lroundRef64(x uint64) uint64 {
	switch {
	case f64.IsNaN(x):
		return 1 << 63
	case x == f64.InfBits:
		return math.MaxInt64
	case x == f64.NegInfBits:
		return 1 << 63
	}
	return uint64(oracle.Saturate(roundAwayInt(x), minI64, maxI64).Int64())
}

// ldexpRef64 is x·2^n rounded to nearest even once.
func ldexpRef64(x uint64, n int32) uint64 {
	if !f64.IsFinite(x) || f64.IsZero(x) {
		return x
	}
	v := value64(x)
	return oracle.Round64(v.SetMantExp(v, int(n)), rounding.RN)
}

// ilogbRef64 is C's ilogb: ⌊log2 |x|⌋; FP_ILOGB0 and FP_ILOGBNAN are
// INT_MIN, an infinity INT_MAX.
func ilogbRef64(x uint64) int32 {
	switch {
	case f64.IsNaN(x), f64.IsZero(x):
		return math.MinInt32
	case f64.IsInf(x):
		return math.MaxInt32
	}
	return int32(value64(x).MantExp(nil) - 1)
}

func logbRef64(x uint64) uint64 {
	switch {
	case f64.IsNaN(x):
		return x
	case f64.IsZero(x):
		return f64.NegInfBits
	case f64.IsInf(x):
		return f64.InfBits
	}
	return oracle.IntToF64(big.NewInt(int64(ilogbRef64(x))), rounding.RN)
}

// frexpRef64 is C's frexp: m in [0.5, 1) with x = m·2^e; ±0, ±Inf and NaN
// come back with e = 0.
func frexpRef64(x uint64) (uint64, int32) {
	if !f64.IsFinite(x) || f64.IsZero(x) {
		return x, 0
	}
	m := new(big.Float)
	e := value64(x).MantExp(m)
	return oracle.Round64(m, rounding.RN), int32(e) // m is exact: x's significand
}

// modfRef64 is C's modf: the fractional and the integral part, both with
// the sign of x (±0 and ±Inf: ±0 and x).
func modfRef64(x uint64) (frac, integral uint64) {
	switch {
	case f64.IsNaN(x):
		return x, x
	case f64.IsInf(x):
		return x & f64.SignMask, x
	}
	integral = oracle.RoundInt64(x, rounding.RZ)
	d := new(big.Float).SetPrec(2100).Sub(value64(x), value64(integral))
	frac = oracle.Round64(d, rounding.RN) // exact: the fraction bits of x
	if d.Sign() == 0 {
		frac = x & f64.SignMask
	}
	return frac | x&f64.SignMask, integral
}

// cmpValue64 compares two non-NaN encodings by value (-0 = +0).
func cmpValue64(x, y uint64) int {
	switch {
	case f64.IsInf(x) || f64.IsInf(y):
		kx, ky := key64(x), key64(y)
		switch {
		case kx < ky:
			return -1
		case kx > ky:
			return 1
		}
		return 0
	}
	return value64(x).Cmp(value64(y))
}

// minMaxRef64 is C's fmin (min) or fmax: the number when one argument is
// NaN, −0 ordered below +0 (PTX min and max).
func minMaxRef64(x, y uint64, min bool) uint64 {
	switch {
	case f64.IsNaN(x):
		return y
	case f64.IsNaN(y):
		return x
	}
	c := cmpValue64(x, y)
	if c == 0 && min {
		return x | y&f64.SignMask
	}
	if c == 0 {
		return x & (y | f64.AbsMask)
	}
	if (c < 0) == min {
		return x
	}
	return y
}

// fdimRef64 is C's fdim: x − y rounded to nearest when x > y, +0 when
// x ≤ y, NaN for a NaN argument.
func fdimRef64(a spec.Args) uint64 {
	x, y := a[0], a[1]
	if !f64.IsNaN(x) && !f64.IsNaN(y) && cmpValue64(x, y) <= 0 {
		return f64.ZeroBits
	}
	return oracle.Sub64(x, y, rounding.RN)
}

// nextafterRef64 is C's nextafter: y when x = y, else the double next to
// x toward y.
func nextafterRef64(x, y uint64) uint64 {
	if f64.IsNaN(x) || f64.IsNaN(y) {
		return oracle.NaN64(y, x)
	}
	switch c := cmpValue64(x, y); {
	case c == 0:
		return y
	case c < 0:
		return f64.NextUp(x)
	}
	return f64.NextDown(x)
}

// remRef64 is C's fmod (near false: the quotient truncated) or remainder
// (near true: rounded to nearest, ties to even) on big.Int, and remquo's
// quotient: the low three bits of the rounded quotient with the sign of
// x/y, 0 when the remainder is NaN.
func remRef64(x, y uint64, near bool) (uint64, int32) {
	switch {
	case f64.IsNaN(x) || f64.IsNaN(y):
		return oracle.NaN64(y, x), 0
	case f64.IsInf(x) || f64.IsZero(y):
		return oracle.NaN64(), 0
	case f64.IsInf(y):
		return x, 0
	}
	vx, vy := new(big.Float).Abs(value64(x)), new(big.Float).Abs(value64(y))
	// Both are integers times 2^e, e the smaller exponent of their ulps.
	e := min(ulpExpOf(x), ulpExpOf(y))
	X, _ := new(big.Float).SetMantExp(vx, -e).Int(nil)
	Y, _ := new(big.Float).SetMantExp(vy, -e).Int(nil)
	q, r := new(big.Int).QuoRem(X, Y, new(big.Int))
	neg := x&f64.SignMask != 0
	if near {
		if c := new(big.Int).Lsh(r, 1).Cmp(Y); c > 0 || c == 0 && q.Bit(0) == 1 {
			r.Sub(Y, r)
			neg = !neg
			q.Add(q, big.NewInt(1))
		}
	}
	quo := int32(new(big.Int).And(q, big.NewInt(7)).Int64())
	if (x^y)&f64.SignMask != 0 {
		quo = -quo
	}
	if r.Sign() == 0 {
		return x & f64.SignMask, quo
	}
	v := new(big.Float).SetPrec(2200).SetInt(r)
	v.SetMantExp(v, e)
	if neg {
		v.Neg(v)
	}
	return oracle.Round64(v, rounding.RN), quo // exact: |r|·2^e < |y|
}

// ulpExpOf returns e with ulp(x) = 2^e for a finite nonzero x.
func ulpExpOf(x uint64) int {
	if b := int(f64.Bexp(x)); b > 0 {
		return b - f64.Bias - f64.FracBits
	}
	return f64.Dmin
}
