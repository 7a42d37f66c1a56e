package bench

import (
	"math/big"

	"github.com/ALTree/bigfloat"

	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// referenceOf returns the certified reference f is measured against (its
// catalog Ref), when package ulp has it and f is a function of binary32
// arguments to one binary32 result.
func referenceOf(f *spec.Func) (*ulp.Ref, bool) {
	r, ok := ulp.Lookup(f.Ref)
	if !ok || r.Arity() != f.Arity() || len(f.Out) != 1 || f.Out[0] != spec.F32 {
		return nil, false
	}
	for j, t := range f.In {
		if t != spec.F32 && !(f.Array && j == 0) { // an array function's count is an int
			return nil, false
		}
	}
	return r, true
}

// refRunner evaluates the reference of f, correctly rounded in f's mode.
func refRunner(r *ulp.Ref, f *spec.Func, in columns) runner {
	m := f.Mode
	if r.Arity() > 3 {
		return refRunnerN(r, f, m, in)
	}
	xs := decode(in[0], argU32)
	out := make([]uint32, len(xs))
	res := func(i int) uint64 { return uint64(out[i]) }
	if r.Arity() == 1 {
		return runner{run: func() {
			out := out[:len(xs)]
			for i, x := range xs {
				out[i] = r.Round(x, m)
			}
		}, result: res}
	}
	ys := decode(in[1], argU32)
	if r.Arity() == 3 {
		zs := decode(in[2], argU32)
		return runner{run: func() {
			out, ys, zs := out[:len(xs)], ys[:len(xs)], zs[:len(xs)]
			for i, x := range xs {
				out[i] = r.Round3(x, ys[i], zs[i], m)
			}
		}, result: res}
	}
	return runner{run: func() {
		out, ys := out[:len(xs)], ys[:len(xs)]
		for i, x := range xs {
			out[i] = r.Round2(x, ys[i], m)
		}
	}, result: res}
}

// Precisions of the bigfloat routes: float64's and x87's significands.
var bigfloatPrecs = []uint{53, 64}

// bigfloatExpr gives, per reference, the computation with
// github.com/ALTree/bigfloat that a user would write for f(x) at precision
// p, rounded to float32 with big.Float.Float32 (to nearest). bigfloat has
// Exp, Log and Pow; the other references have no bigfloat route.
var bigfloatExpr = map[string]string{
	"exp":   "bigfloat.Exp(x)",
	"exp2":  "bigfloat.Pow(2, x)",
	"exp10": "bigfloat.Pow(10, x)",
	"log":   "bigfloat.Log(x)",
	"log2":  "bigfloat.Log(x) / ln2",
	"log10": "bigfloat.Log(x) / ln10",
	"pow":   "bigfloat.Pow(x, y)",
}

// bigfloatRunner evaluates ref's bigfloat route at precision prec. The
// arguments must be positive for log and pow (class Normal): bigfloat
// panics on NaN and negative logarithms.
func bigfloatRunner(ref string, prec uint, in columns) runner {
	xs := decode(in[0], argF32)
	var ys []float32
	if in[1] != nil {
		ys = decode(in[1], argF32)
	}
	out := make([]float32, len(xs))
	newF := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	two, ten := newF(2), newF(10)
	ln2, ln10 := bigfloat.Log(two), bigfloat.Log(ten)
	var f func(x, y *big.Float) *big.Float
	switch ref {
	case "exp":
		f = func(x, _ *big.Float) *big.Float { return bigfloat.Exp(x) }
	case "exp2":
		f = func(x, _ *big.Float) *big.Float { return bigfloat.Pow(two, x) }
	case "exp10":
		f = func(x, _ *big.Float) *big.Float { return bigfloat.Pow(ten, x) }
	case "log":
		f = func(x, _ *big.Float) *big.Float { return bigfloat.Log(x) }
	case "log2":
		f = func(x, _ *big.Float) *big.Float { l := bigfloat.Log(x); return l.Quo(l, ln2) }
	case "log10":
		f = func(x, _ *big.Float) *big.Float { l := bigfloat.Log(x); return l.Quo(l, ln10) }
	case "pow":
		f = func(x, y *big.Float) *big.Float { return bigfloat.Pow(x, y) }
	default:
		panic("bench: no bigfloat route for " + ref)
	}
	x, y := newF(0), newF(0)
	return runner{
		run: func() {
			out := out[:len(xs)]
			for i, v := range xs {
				x.SetFloat64(float64(v))
				if ys != nil {
					y.SetFloat64(float64(ys[i]))
				}
				out[i], _ = f(x, y).Float32()
			}
		},
		result: func(i int) uint64 { return packF32(out[i]) },
	}
}
