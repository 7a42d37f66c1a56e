package spec

import (
	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/rounding"
)

// Bindings of CUDA's double exponentials, logarithms, hyperbolic and
// inverse hyperbolic functions and pow (package fp, lib64_*.go; issue 18) to the catalog.
func init() {
	for id, g := range map[string]func(fp.Flags) func(float64) float64{
		"exp":   func(fl fp.Flags) func(float64) float64 { return fl.Exp },
		"exp2":  func(fl fp.Flags) func(float64) float64 { return fl.Exp2 },
		"exp10": func(fl fp.Flags) func(float64) float64 { return fl.Exp10 },
		"expm1": func(fl fp.Flags) func(float64) float64 { return fl.Expm1 },
		"log":   func(fl fp.Flags) func(float64) float64 { return fl.Log },
		"log2":  func(fl fp.Flags) func(float64) float64 { return fl.Log2 },
		"log10": func(fl fp.Flags) func(float64) float64 { return fl.Log10 },
		"log1p": func(fl fp.Flags) func(float64) float64 { return fl.Log1p },
		"sinh":  func(fl fp.Flags) func(float64) float64 { return fl.Sinh },
		"cosh":  func(fl fp.Flags) func(float64) float64 { return fl.Cosh },
		"tanh":  func(fl fp.Flags) func(float64) float64 { return fl.Tanh },
		"asinh": func(fl fp.Flags) func(float64) float64 { return fl.Asinh },
		"acosh": func(fl fp.Flags) func(float64) float64 { return fl.Acosh },
		"atanh": func(fl fp.Flags) func(float64) float64 { return fl.Atanh },
	} {
		bindD1(id, g)
	}
	bindD2("pow", func(fl fp.Flags) func(x, y float64) float64 { return fl.Pow })
	// pow returns its DADD x+y for a NaN operand: with two NaNs, the NaN
	// that operation's operand order picks (o[0]).
	ordered["pow"] = func(fl fp.Flags, o NaNOrders) Kernel {
		return func(in *Args) uint64 {
			if isNaN64(in[0]) && isNaN64(in[1]) {
				return o[0].Add64(in[0], in[1], rounding.RN)
			}
			return f64r(fl.Pow(f64a(in[0]), f64a(in[1])))
		}
	}
}

func isNaN64(u uint64) bool { return u&^(1<<63) > 0x7ff0000000000000 }
