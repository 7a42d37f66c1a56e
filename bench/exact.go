package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
)

// Benchmark bindings of package fp's exact functions (roundf, the
// lrintf/lroundf family, logbf, ilogbf, frexpf, modff, fmodf, remainderf,
// remquof, nextafterf, ldexpf, scalbnf, scalblnf): the typed emulation
// calls and the Go a user would write instead (math.Round, math.Mod,
// math.Remainder, math.Ldexp, math.Frexp, math.Modf, math.Nextafter32, …).

func init() {
	for id, m := range map[string]func(fp.Flags, float32) float32{
		"roundf": fp.Flags.Roundf, "nearbyintf": fp.Flags.Nearbyintf, "logbf": fp.Flags.Logbf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner { return loop1(m, fl, decode(in[0], argF32), packF32) }
	}
	for id, m := range map[string]func(fp.Flags, float32) int64{
		"lrintf": fp.Flags.Lrintf, "llrintf": fp.Flags.Llrintf, "lroundf": fp.Flags.Lroundf, "llroundf": fp.Flags.Llroundf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner { return loop1(m, fl, decode(in[0], argF32), packI64) }
	}
	emuBindings["ilogbf"] = func(fl fp.Flags, in columns) runner {
		return loop1(fp.Flags.Ilogbf, fl, decode(in[0], argF32), packI32)
	}
	for id, m := range map[string]func(fp.Flags, float32, float32) float32{
		"fmodf": fp.Flags.Fmodf, "remainderf": fp.Flags.Remainderf, "nextafterf": fp.Flags.Nextafterf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop2(m, fl, decode(in[0], argF32), decode(in[1], argF32), packF32)
		}
	}
	emuBindings["modff"] = func(fl fp.Flags, in columns) runner { return loopPair(fp.Flags.Modff, fl, decode(in[0], argF32)) }
	emuBindings["frexpf"] = func(fl fp.Flags, in columns) runner {
		xs := decode(in[0], argF32)
		fr, ex := make([]float32, len(xs)), make([]int32, len(xs))
		return runner{
			run: func() {
				fr, ex := fr[:len(xs)], ex[:len(xs)]
				for i, x := range xs {
					fr[i], ex[i] = fl.Frexpf(x)
				}
			},
			result: func(i int) uint64 { return packF32(fr[i])<<32 | uint64(uint32(ex[i])) },
		}
	}
	emuBindings["remquof"] = func(fl fp.Flags, in columns) runner {
		xs, ys := decode(in[0], argF32), decode(in[1], argF32)
		rs, qs := make([]float32, len(xs)), make([]int32, len(xs))
		return runner{
			run: func() {
				rs, qs, ys := rs[:len(xs)], qs[:len(xs)], ys[:len(xs)]
				for i, x := range xs {
					rs[i], qs[i] = fl.Remquof(x, ys[i])
				}
			},
			result: func(i int) uint64 { return packF32(rs[i])<<32 | uint64(uint32(qs[i])) },
		}
	}
	for id, m := range map[string]func(fp.Flags, float32, int32) float32{"ldexpf": fp.Flags.Ldexpf, "scalbnf": fp.Flags.Scalbnf} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loopScale(m, fl, decode(in[0], argF32), decode(in[1], argI32))
		}
	}
	emuBindings["scalblnf"] = func(fl fp.Flags, in columns) runner {
		return loopScale(fp.Flags.Scalblnf, fl, decode(in[0], argF32), decode(in[1], argI64))
	}

	// Native routes.
	natives["round"] = nat1("float32(math.Round(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Round(float64(x)))
		}
	}, always)
	natives["lrint"] = natConv("int64(math.RoundToEven(float64(x)))", argF32, packI64, func(xs []float32, out []int64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = int64(math.RoundToEven(float64(x)))
		}
	}, inRange(math.RoundToEven, i64lo, i64hi), false)
	natives["lround"] = natConv("int64(math.Round(float64(x)))", argF32, packI64, func(xs []float32, out []int64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = int64(math.Round(float64(x)))
		}
	}, inRange(math.Round, i64lo, i64hi), false)
	natives["logb"] = nat1("float32(math.Logb(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Logb(float64(x)))
		}
	}, always)
	natives["ilogb"] = natConv("int32(math.Ilogb(float64(x)))", argF32, packI32, func(xs []float32, out []int32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = int32(math.Ilogb(float64(x)))
		}
	}, noNaN, false) // math.Ilogb(NaN) = MaxInt32, ilogbf(NaN) = INT_MIN
	natives["frexp"] = native{expr: "math.Frexp(float64(x)), the fraction rounded to float32", exact: noNaN, bind: func(in columns) runner {
		xs := decode(in[0], argF32)
		fr, ex := make([]float32, len(xs)), make([]int32, len(xs))
		return runner{
			run: func() {
				fr, ex := fr[:len(xs)], ex[:len(xs)]
				for i, x := range xs {
					f, e := math.Frexp(float64(x))
					fr[i], ex[i] = float32(f), int32(e)
				}
			},
			result: func(i int) uint64 { return packF32(fr[i])<<32 | uint64(uint32(ex[i])) },
		}
	}}
	natives["modf"] = natPair("math.Modf(float64(x)), each rounded to float32 (fraction first)", func(xs, f, n []float32) {
		f, n = f[:len(xs)], n[:len(xs)]
		for i, x := range xs {
			iv, fv := math.Modf(float64(x))
			f[i], n[i] = float32(fv), float32(iv)
		}
	})
	natives["modf"] = native{expr: natives["modf"].expr, bind: natives["modf"].bind, exact: finiteArgs} // math.Modf(±Inf) = ±Inf, NaN; modff(±Inf) = ±0, ±Inf
	natives["fmod"] = nat2("float32(math.Mod(float64(x), float64(y)))", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Mod(float64(x), float64(ys[i])))
		}
	}, always)
	natives["remainder"] = nat2("float32(math.Remainder(float64(x), float64(y)))", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Remainder(float64(x), float64(ys[i])))
		}
	}, always)
	natives["nextafter"] = nat2("math.Nextafter32(x, y)", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = math.Nextafter32(x, ys[i])
		}
	}, notBothZero) // math.Nextafter32(+0, -0) = +0, nextafterf(+0, -0) = -0
	natives["ldexp"] = natScale[int32]("float32(math.Ldexp(float64(x), int(n)))", argI32)
	natives["scalbln"] = natScale[int64]("float32(math.Ldexp(float64(x), int(n)))", argI64)
}

// exactNativeOps maps the CUDA names of the exact functions to their keys
// in natives (nativeOp).
var exactNativeOps = map[string]string{
	"roundf": "round", "nearbyintf": "rint", "lrintf": "lrint", "llrintf": "lrint", "lroundf": "lround", "llroundf": "lround",
	"logbf": "logb", "ilogbf": "ilogb", "frexpf": "frexp", "modff": "modf", "fmodf": "fmod", "remainderf": "remainder",
	"nextafterf": "nextafter", "ldexpf": "ldexp", "scalbnf": "ldexp", "scalblnf": "scalbln",
}

func finiteArgs(in spec.Args) bool { return uint32(in[0])&0x7f800000 != 0x7f800000 }

func notBothZero(in spec.Args) bool {
	return uint32(in[0])&0x7fffffff != 0 || uint32(in[1])&0x7fffffff != 0
}

// loopScale runs x·2^n for an int or long long n.
func loopScale[R any, N int32 | int64](m func(R, float32, N) float32, r R, xs []float32, ns []N) runner {
	out := make([]float32, len(xs))
	return runner{
		run: func() {
			out, ns := out[:len(xs)], ns[:len(xs)]
			for i, x := range xs {
				out[i] = m(r, x, ns[i])
			}
		},
		result: func(i int) uint64 { return packF32(out[i]) },
	}
}

// natScale is math.Ldexp for an int or long long exponent: exact in
// float64 (or far outside the float32 range), then rounded once.
func natScale[N int32 | int64](expr string, arg func(uint64) N) native {
	return native{expr: expr, exact: always, bind: func(in columns) runner {
		xs, ns := decode(in[0], argF32), decode(in[1], arg)
		out := make([]float32, len(xs))
		return runner{
			run: func() {
				out, ns := out[:len(xs)], ns[:len(xs)]
				for i, x := range xs {
					out[i] = float32(math.Ldexp(float64(x), int(ns[i])))
				}
			},
			result: func(i int) uint64 { return packF32(out[i]) },
		}
	}}
}

// expInt returns exponents n in [lo, hi] as int (width 32) or long long
// (width 64) bit patterns: the second argument of ldexpf and scalblnf.
func expInt(lo, hi int64, width int) argGen {
	return func(r uint64) uint64 {
		n := lo + int64(r%uint64(hi-lo+1))
		if width == 32 {
			return uint64(uint32(int32(n)))
		}
		return uint64(n)
	}
}
