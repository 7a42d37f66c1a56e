package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Benchmark bindings of erff, erfcf, erfcxf, erfinvf, erfcinvf, normcdff
// and normcdfinvf: the emulation as a user calls it, and the native Go
// route where Go's math has the function (math.Erf, math.Erfc,
// math.Erfinv, math.Erfcinv; normcdf as math.Erfc(−x/√2)/2, the usual
// spelling), float64 rounded to float32. erfcx has no native route
// (e^(x²)·erfc x overflows and underflows where erfcx does not).

func init() {
	for id, m := range map[string]func(fp.Flags, float32) float32{
		"erff": fp.Flags.Erff, "erfcf": fp.Flags.Erfcf, "erfcxf": fp.Flags.Erfcxf,
		"erfinvf": fp.Flags.Erfinvf, "erfcinvf": fp.Flags.Erfcinvf,
		"normcdff": fp.Flags.Normcdff, "normcdfinvf": fp.Flags.Normcdfinvf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, fl, decode(in[0], argF32), packF32)
		}
	}
	for name, g := range map[string]struct {
		expr string
		f    func(float64) float64
	}{
		"erf":        {"float32(math.Erf(float64(x)))", math.Erf},
		"erfc":       {"float32(math.Erfc(float64(x)))", math.Erfc},
		"erfinv":     {"float32(math.Erfinv(float64(x)))", math.Erfinv},
		"erfcinv":    {"float32(math.Erfcinv(float64(x)))", math.Erfcinv},
		"normcdf":    {"float32(math.Erfc(-float64(x)/math.Sqrt2) / 2)", func(x float64) float64 { return math.Erfc(-x/math.Sqrt2) / 2 }},
		"normcdfinv": {"float32(-math.Sqrt2 * math.Erfcinv(2*float64(x)))", func(x float64) float64 { return -math.Sqrt2 * math.Erfcinv(2*x) }},
	} {
		f := g.f
		natives[name] = nat1(g.expr, func(xs, out []float32) {
			out = out[:len(xs)]
			for i, x := range xs {
				out[i] = float32(f(float64(x)))
			}
		}, nil)
	}
}
