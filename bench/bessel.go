package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
)

// Benchmark bindings of j0f, j1f, y0f and y1f: the emulation as a user
// calls it, the native Go route for each reference (float64 math.J0, J1, Y0,
// Y1 rounded to float32), and their input classes.

func init() {
	for id, m := range map[string]func(fp.Flags, float32) float32{
		"j0f": fp.Flags.J0f, "j1f": fp.Flags.J1f, "y0f": fp.Flags.Y0f, "y1f": fp.Flags.Y1f,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, fl, decode(in[0], argF32), packF32)
		}
	}
	natives["j0"] = nat1("float32(math.J0(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.J0(float64(x)))
		}
	}, nil)
	natives["j1"] = nat1("float32(math.J1(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.J1(float64(x)))
		}
	}, nil)
	natives["y0"] = nat1("float32(math.Y0(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Y0(float64(x)))
		}
	}, nil)
	natives["y1"] = nat1("float32(math.Y1(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Y1(float64(x)))
		}
	}, nil)
}

// besselClasses are the input classes of j0f, j1f, y0f and y1f (ref j0, j1,
// y0 or y1): the polynomial range |x| ≤ 8 (positive x for the second kind,
// which is NaN below 0), subnormals (Y0 and Y1's logarithmic and −(2/π)/x
// forms), the asymptotic form from 8 to 2^24 (Payne–Hanek from 105615 on),
// and arguments within 2^12 ulps of one of the first six zeros
// (spec.BesselZeros), where the near-zero polynomials run. The caller
// appends the special class.
func besselClasses(ref string) []class {
	k := map[string]int{"j0": 0, "j1": 1, "y0": 2, "y1": 3}[ref]
	normal := uniformValue(-8, 8)
	if k >= 2 {
		normal = uniformValue(0, 8)
	}
	zeros := spec.BesselZeros[k]
	edge := func(r uint64) uint64 {
		z := zeros[r%uint64(len(zeros))]
		return uint64(z + uint32(r>>20)%(1<<13) - 1<<12)
	}
	cl := func(name string, g argGen) class { return class{name: name, args: []argGen{g}} }
	return []class{
		cl(Normal, normal),
		cl(Subnormal, subnormal(k < 2)),
		cl(Huge, uniformExp(3, 24, k < 2)),
		cl(Edge, edge),
	}
}

// besselOrderClasses are the input classes of jnf and ynf: orders in
// [-10, 100], as the device capture draws them (both functions loop about
// once per order, so uniform int32 orders would time 2^31-step loops), with
// x over the classes of j0f and y0f.
func besselOrderClasses(ref string) []class {
	var cs []class
	for _, c := range besselClasses(map[string]string{"jn": "j0", "yn": "y0"}[ref]) {
		cs = append(cs, class{name: c.name, args: []argGen{besselOrderArg, c.args[0]}})
	}
	return cs
}

// besselOrderArg draws an order in [-10, 100] (jnf, ynf and the double jn,
// yn).
func besselOrderArg(r uint64) uint64 { return uint64(uint32(int32(r>>32%111) - 10)) }
