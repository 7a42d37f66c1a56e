package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Benchmark bindings of sinhf, coshf, expm1f, cbrtf, rcbrtf, hypotf,
// rhypotf, norm3df and rnorm3df: the emulation as a user calls it, and the
// native Go route for each reference (float64 math rounded to float32).

func init() {
	for id, m := range map[string]func(fp.Flags, float32) float32{
		"sinhf": fp.Flags.Sinhf, "coshf": fp.Flags.Coshf, "expm1f": fp.Flags.Expm1f,
		"cbrtf": fp.Flags.Cbrtf, "rcbrtf": fp.Flags.Rcbrtf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, fl, decode(in[0], argF32), packF32)
		}
	}
	for id, m := range map[string]func(fp.Flags, float32, float32) float32{
		"hypotf": fp.Flags.Hypotf, "rhypotf": fp.Flags.Rhypotf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop2(m, fl, decode(in[0], argF32), decode(in[1], argF32), packF32)
		}
	}
	for id, m := range map[string]func(fp.Flags, float32, float32, float32) float32{
		"norm3df": fp.Flags.Norm3df, "rnorm3df": fp.Flags.Rnorm3df,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop3(m, fl, decode(in[0], argF32), decode(in[1], argF32), decode(in[2], argF32), packF32)
		}
	}

	natives["sinh"] = nat1("float32(math.Sinh(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Sinh(float64(x)))
		}
	}, nil)
	natives["cosh"] = nat1("float32(math.Cosh(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Cosh(float64(x)))
		}
	}, nil)
	natives["expm1"] = nat1("float32(math.Expm1(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Expm1(float64(x)))
		}
	}, nil)
	natives["cbrt"] = nat1("float32(math.Cbrt(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Cbrt(float64(x)))
		}
	}, nil)
	natives["rcbrt"] = nat1("float32(1 / math.Cbrt(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(1 / math.Cbrt(float64(x)))
		}
	}, nil)
	natives["hypot"] = nat2("float32(math.Hypot(float64(x), float64(y)))", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Hypot(float64(x), float64(ys[i])))
		}
	}, nil)
	natives["rhypot"] = nat2("float32(1 / math.Hypot(float64(x), float64(y)))", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(1 / math.Hypot(float64(x), float64(ys[i])))
		}
	}, nil)
	// x² + y² + z² is exact in float64 only when the squares' exponents are
	// close; the route is what a user writes, not a correctly rounded one.
	natives["norm3"] = nat3("float32(math.Sqrt(float64(x)*float64(x) + float64(y)*float64(y) + float64(z)*float64(z)))", func(xs, ys, zs, out []float32) {
		ys, zs, out = ys[:len(xs)], zs[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			a, b, c := float64(x), float64(ys[i]), float64(zs[i])
			out[i] = float32(math.Sqrt(float64(a*a) + float64(b*b) + float64(c*c)))
		}
	})
	natives["rnorm3"] = nat3("float32(1 / math.Sqrt(float64(x)*float64(x) + float64(y)*float64(y) + float64(z)*float64(z)))", func(xs, ys, zs, out []float32) {
		ys, zs, out = ys[:len(xs)], zs[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			a, b, c := float64(x), float64(ys[i]), float64(zs[i])
			out[i] = float32(1 / math.Sqrt(float64(a*a)+float64(b*b)+float64(c*c)))
		}
	})
}
