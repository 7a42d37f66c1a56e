package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Benchmark bindings of lgammaf, tgammaf, cyl_bessel_i0f and
// cyl_bessel_i1f: the emulation as a user calls it, and the native Go route
// where Go's math has the function (math.Lgamma, math.Gamma; it has no
// modified Bessel functions).

func init() {
	for id, m := range map[string]func(fp.Flags, float32) float32{
		"lgammaf": fp.Flags.Lgammaf, "tgammaf": fp.Flags.Tgammaf,
		"cyl_bessel_i0f": fp.Flags.CylBesselI0f, "cyl_bessel_i1f": fp.Flags.CylBesselI1f,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, fl, decode(in[0], argF32), packF32)
		}
	}
	natives["lgamma"] = nat1("float32(math.Lgamma(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			l, _ := math.Lgamma(float64(x))
			out[i] = float32(l)
		}
	}, nil)
	natives["tgamma"] = nat1("float32(math.Gamma(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Gamma(float64(x)))
		}
	}, nil)
}
