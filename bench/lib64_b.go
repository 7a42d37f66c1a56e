package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Benchmark bindings of the double exponentials, logarithms, hyperbolic
// and inverse hyperbolic functions and pow (package fp, lib64_*.go): the
// emulation as a user calls it, and package math's function as the native
// route (not correctly rounded, so no input is declared exact).

// natLib64 is the native route of a double library function of one
// argument: f on each input, as a user writes the loop.
func natLib64(expr string, f func(float64) float64) native {
	return native{expr: expr, bind: func(in columns) runner {
		xs := decode(in[0], argF64)
		out := make([]float64, len(xs))
		return runner{run: func() {
			out := out[:len(xs)]
			for i, x := range xs {
				out[i] = f(x)
			}
		}, result: func(i int) uint64 { return packF64(out[i]) }}
	}}
}

func init() {
	for id, m := range map[string]func(fp.Flags, float64) float64{
		"exp": fp.Flags.Exp, "exp2": fp.Flags.Exp2, "exp10": fp.Flags.Exp10, "expm1": fp.Flags.Expm1,
		"log": fp.Flags.Log, "log2": fp.Flags.Log2, "log10": fp.Flags.Log10, "log1p": fp.Flags.Log1p,
		"sinh": fp.Flags.Sinh, "cosh": fp.Flags.Cosh, "tanh": fp.Flags.Tanh,
		"asinh": fp.Flags.Asinh, "acosh": fp.Flags.Acosh, "atanh": fp.Flags.Atanh,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, fl, decode(in[0], argF64), packF64)
		}
	}
	emuBindings["pow"] = func(fl fp.Flags, in columns) runner {
		return loop2(fp.Flags.Pow, fl, decode(in[0], argF64), decode(in[1], argF64), packF64)
	}
	// natD2's loop without its exactness claim: math.Pow is not CUDA's pow.
	natives64["pow"] = native{expr: "math.Pow(x, y)", bind: natD2("", func(xs, ys, out []float64) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = math.Pow(x, ys[i])
		}
	}).bind}
	for ref, n := range map[string]native{
		"exp":   natLib64("math.Exp(x)", math.Exp),
		"exp2":  natLib64("math.Exp2(x)", math.Exp2),
		"exp10": natLib64("math.Pow(10, x)", func(x float64) float64 { return math.Pow(10, x) }),
		"expm1": natLib64("math.Expm1(x)", math.Expm1),
		"log":   natLib64("math.Log(x)", math.Log),
		"log2":  natLib64("math.Log2(x)", math.Log2),
		"log10": natLib64("math.Log10(x)", math.Log10),
		"log1p": natLib64("math.Log1p(x)", math.Log1p),
		"sinh":  natLib64("math.Sinh(x)", math.Sinh),
		"cosh":  natLib64("math.Cosh(x)", math.Cosh),
		"tanh":  natLib64("math.Tanh(x)", math.Tanh),
		"asinh": natLib64("math.Asinh(x)", math.Asinh),
		"acosh": natLib64("math.Acosh(x)", math.Acosh),
		"atanh": natLib64("math.Atanh(x)", math.Atanh),
	} {
		natives64[ref] = n
	}
}
