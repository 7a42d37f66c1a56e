package bench

import (
	"math"
	"strings"

	"github.com/cudafp/cudafp/internal/spec"
)

// A native is the Go a user would write instead of the emulation: the
// float32 operator, or float64 math rounded to float32. It is not bit-exact
// with the device (no FTZ, host NaNs, double rounding of transcendental
// functions, no directed rounding), but it is the speed to beat.
type native struct {
	expr string // the Go expression, in x, y, z
	bind func(in columns) runner
	// exact, when set, reports the inputs on which the native route must
	// give the correctly rounded result (bit for bit, or a NaN where the
	// emulation gives a NaN), with nvcc's default flags; modal says that the
	// route is itself in one rounding mode (a float-to-integer conversion),
	// so it is exact for the function in that mode, not only in RN.
	exact func(in spec.Args) bool
	modal bool
}

// The loops are written out, the operation inline, as a user writes them:
// a call through a function value would cost more than x+y itself.

func nat1(expr string, loop func(xs, out []float32), exact func(spec.Args) bool) native {
	return native{expr: expr, exact: exact, bind: func(in columns) runner {
		xs := decode(in[0], argF32)
		out := make([]float32, len(xs))
		return runner{run: func() { loop(xs, out) }, result: func(i int) uint64 { return packF32(out[i]) }}
	}}
}

func nat2(expr string, loop func(xs, ys, out []float32), exact func(spec.Args) bool) native {
	return native{expr: expr, exact: exact, bind: func(in columns) runner {
		xs, ys := decode(in[0], argF32), decode(in[1], argF32)
		out := make([]float32, len(xs))
		return runner{run: func() { loop(xs, ys, out) }, result: func(i int) uint64 { return packF32(out[i]) }}
	}}
}

func nat3(expr string, loop func(xs, ys, zs, out []float32)) native {
	return native{expr: expr, bind: func(in columns) runner {
		xs, ys, zs := decode(in[0], argF32), decode(in[1], argF32), decode(in[2], argF32)
		out := make([]float32, len(xs))
		return runner{run: func() { loop(xs, ys, zs, out) }, result: func(i int) uint64 { return packF32(out[i]) }}
	}}
}

func natPair(expr string, loop func(xs, s, c []float32)) native {
	return native{expr: expr, bind: func(in columns) runner {
		xs := decode(in[0], argF32)
		s, c := make([]float32, len(xs)), make([]float32, len(xs))
		return runner{run: func() { loop(xs, s, c) }, result: func(i int) uint64 { return packF32(s[i])<<32 | packF32(c[i]) }}
	}}
}

// natConv is a conversion from argument type A to result type Z.
func natConv[A, Z any](expr string, arg func(uint64) A, pack func(Z) uint64, loop func(xs []A, out []Z), exact func(spec.Args) bool, modal bool) native {
	return native{expr: expr, exact: exact, modal: modal, bind: func(in columns) runner {
		xs := decode(in[0], arg)
		out := make([]Z, len(xs))
		return runner{run: func() { loop(xs, out) }, result: func(i int) uint64 { return pack(out[i]) }}
	}}
}

func always(spec.Args) bool { return true }

// noNaN: inputs without a NaN (the host returns NaN where CUDA's fminf,
// fmaxf and __saturatef return a number).
func noNaN(in spec.Args) bool {
	for _, u := range in {
		if u&0x7fffffff > 0x7f800000 {
			return false
		}
	}
	return true
}

// notBothInf: math.Dim(±Inf, ±Inf) is NaN; fdimf gives +0.
func notBothInf(in spec.Args) bool {
	return uint32(in[0])&0x7fffffff != 0x7f800000 || uint32(in[1])&0x7fffffff != 0x7f800000
}

// inRange returns the inputs whose value, rounded to an integer by round,
// lies in [lo, hi]: Go's conversion of other values (and NaN) to an integer
// is implementation-specific, CUDA's saturates.
func inRange(round func(float64) float64, lo, hi float64) func(spec.Args) bool {
	return func(in spec.Args) bool {
		v := round(float64(math.Float32frombits(uint32(in[0]))))
		return v >= lo && v <= hi
	}
}

func trunc(x float64) float64 { return math.Trunc(x) }

const (
	i32lo, i32hi = -0x1p31, 0x1p31 - 1
	u32hi        = 0x1p32 - 1
	i64lo, i64hi = -0x1p63, 0x1p63 - 1024 // the largest float below 2^63
	u64hi        = 0x1p64 - 2048          // the largest float below 2^64
)

var natives = map[string]native{
	// IEEE operations.
	"add": nat2("x + y", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x + ys[i]
		}
	}, always),
	"sub": nat2("x - y", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x - ys[i]
		}
	}, always),
	"mul": nat2("x * y", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x * ys[i]
		}
	}, always),
	"div": nat2("x / y", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x / ys[i]
		}
	}, always),
	"rcp": nat1("1 / x", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = 1 / x
		}
	}, always),
	"sqrt": nat1("float32(math.Sqrt(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Sqrt(float64(x)))
		}
	}, always),
	"rsqrt": nat1("float32(1 / math.Sqrt(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(1 / math.Sqrt(float64(x)))
		}
	}, nil),
	"fma": nat3("float32(math.FMA(float64(x), float64(y), float64(z)))", func(xs, ys, zs, out []float32) {
		ys, zs, out = ys[:len(xs)], zs[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.FMA(float64(x), float64(ys[i]), float64(zs[i])))
		}
	}),
	"madd": nat3("x*y + z", func(xs, ys, zs, out []float32) {
		ys, zs, out = ys[:len(xs)], zs[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x*ys[i] + zs[i]
		}
	}),
	"msub": nat3("x*y - z", func(xs, ys, zs, out []float32) {
		ys, zs, out = ys[:len(xs)], zs[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x*ys[i] - zs[i]
		}
	}),

	// Elementary functions through float64.
	"exp": nat1("float32(math.Exp(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Exp(float64(x)))
		}
	}, nil),
	"exp2": nat1("float32(math.Exp2(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Exp2(float64(x)))
		}
	}, nil),
	"exp10": nat1("float32(math.Pow(10, float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Pow(10, float64(x)))
		}
	}, nil),
	"log": nat1("float32(math.Log(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Log(float64(x)))
		}
	}, nil),
	"log2": nat1("float32(math.Log2(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Log2(float64(x)))
		}
	}, nil),
	"log10": nat1("float32(math.Log10(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Log10(float64(x)))
		}
	}, nil),
	"pow": nat2("float32(math.Pow(float64(x), float64(y)))", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Pow(float64(x), float64(ys[i])))
		}
	}, nil),
	"asin": nat1("float32(math.Asin(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Asin(float64(x)))
		}
	}, nil),
	"acos": nat1("float32(math.Acos(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Acos(float64(x)))
		}
	}, nil),
	"atan": nat1("float32(math.Atan(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Atan(float64(x)))
		}
	}, nil),
	"asinh": nat1("float32(math.Asinh(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Asinh(float64(x)))
		}
	}, nil),
	"acosh": nat1("float32(math.Acosh(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Acosh(float64(x)))
		}
	}, nil),
	"atanh": nat1("float32(math.Atanh(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Atanh(float64(x)))
		}
	}, nil),
	"log1p": nat1("float32(math.Log1p(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Log1p(float64(x)))
		}
	}, nil),
	"atan2": nat2("float32(math.Atan2(float64(x), float64(y)))", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Atan2(float64(x), float64(ys[i])))
		}
	}, nil),
	"sin": nat1("float32(math.Sin(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Sin(float64(x)))
		}
	}, nil),
	"cos": nat1("float32(math.Cos(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Cos(float64(x)))
		}
	}, nil),
	"tan": nat1("float32(math.Tan(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Tan(float64(x)))
		}
	}, nil),
	"tanh": nat1("float32(math.Tanh(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Tanh(float64(x)))
		}
	}, nil),
	"sinpi": nat1("float32(math.Sin(math.Pi * float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Sin(math.Pi * float64(x)))
		}
	}, nil),
	"cospi": nat1("float32(math.Cos(math.Pi * float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Cos(math.Pi * float64(x)))
		}
	}, nil),
	"sincos": natPair("math.Sincos(float64(x)), each rounded to float32", func(xs, s, c []float32) {
		s, c = s[:len(xs)], c[:len(xs)]
		for i, x := range xs {
			sv, cv := math.Sincos(float64(x))
			s[i], c[i] = float32(sv), float32(cv)
		}
	}),
	"sincospi": natPair("math.Sincos(math.Pi * float64(x)), each rounded to float32", func(xs, s, c []float32) {
		s, c = s[:len(xs)], c[:len(xs)]
		for i, x := range xs {
			sv, cv := math.Sincos(math.Pi * float64(x))
			s[i], c[i] = float32(sv), float32(cv)
		}
	}),

	// Rounding to integral values, and other one-instruction functions.
	"rint": nat1("float32(math.RoundToEven(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.RoundToEven(float64(x)))
		}
	}, always),
	"trunc": nat1("float32(math.Trunc(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Trunc(float64(x)))
		}
	}, always),
	"floor": nat1("float32(math.Floor(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Floor(float64(x)))
		}
	}, always),
	"ceil": nat1("float32(math.Ceil(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Ceil(float64(x)))
		}
	}, always),
	"fabs": nat1("float32(math.Abs(float64(x)))", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Abs(float64(x)))
		}
	}, always),
	"saturate": nat1("min(max(x, 0), 1)", func(xs, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = min(max(x, 0), 1)
		}
	}, noNaN),
	"fmin": nat2("min(x, y)", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = min(x, ys[i])
		}
	}, noNaN),
	"fmax": nat2("max(x, y)", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = max(x, ys[i])
		}
	}, noNaN),
	"copysign": nat2("float32(math.Copysign(float64(x), float64(y)))", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Copysign(float64(x), float64(ys[i])))
		}
	}, always),
	"fdim": nat2("float32(math.Dim(float64(x), float64(y)))", func(xs, ys, out []float32) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(math.Dim(float64(x), float64(ys[i])))
		}
	}, notBothInf),

	// Bit casts.
	"float_as_int": natConv("int32(math.Float32bits(x))", argF32, packI32, func(xs []float32, out []int32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = int32(math.Float32bits(x))
		}
	}, always, false),
	"float_as_uint": natConv("math.Float32bits(x)", argF32, packU32, func(xs []float32, out []uint32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = math.Float32bits(x)
		}
	}, always, false),
	"int_as_float": natConv("math.Float32frombits(uint32(x))", argI32, packF32, func(xs []int32, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = math.Float32frombits(uint32(x))
		}
	}, always, false),
	"uint_as_float": natConv("math.Float32frombits(x)", argU32, packF32, func(xs []uint32, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = math.Float32frombits(x)
		}
	}, always, false),

	// Conversions to float (Go rounds to nearest even).
	"int2float": natConv("float32(x)", argI32, packF32, func(xs []int32, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(x)
		}
	}, always, false),
	"uint2float": natConv("float32(x)", argU32, packF32, func(xs []uint32, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(x)
		}
	}, always, false),
	"ll2float": natConv("float32(x)", argI64, packF32, func(xs []int64, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(x)
		}
	}, always, false),
	"ull2float": natConv("float32(x)", argU64, packF32, func(xs []uint64, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(x)
		}
	}, always, false),
	"double2float": natConv("float32(x)", argF64, packF32, func(xs []float64, out []float32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float32(x)
		}
	}, always, false),
}

// Conversions from float to integer, one route per rounding mode.
func init() {
	type to struct {
		name   string
		lo, hi float64
	}
	modes := []struct {
		suffix, expr string
		round        func(float64) float64
	}{
		{"rn", "math.RoundToEven(float64(x))", math.RoundToEven},
		{"rz", "x", trunc},
		{"ru", "math.Ceil(float64(x))", math.Ceil},
		{"rd", "math.Floor(float64(x))", math.Floor},
	}
	for _, m := range modes {
		ok := func(lo, hi float64) func(spec.Args) bool { return inRange(m.round, lo, hi) }
		// Each loop is written out for its mode: the rounding is inline.
		var i32 func([]float32, []int32)
		var u32 func([]float32, []uint32)
		var i64 func([]float32, []int64)
		var u64 func([]float32, []uint64)
		switch m.suffix {
		case "rn":
			i32 = func(xs []float32, out []int32) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = int32(math.RoundToEven(float64(x)))
				}
			}
			u32 = func(xs []float32, out []uint32) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = uint32(math.RoundToEven(float64(x)))
				}
			}
			i64 = func(xs []float32, out []int64) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = int64(math.RoundToEven(float64(x)))
				}
			}
			u64 = func(xs []float32, out []uint64) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = uint64(math.RoundToEven(float64(x)))
				}
			}
		case "rz":
			i32 = func(xs []float32, out []int32) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = int32(x)
				}
			}
			u32 = func(xs []float32, out []uint32) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = uint32(x)
				}
			}
			i64 = func(xs []float32, out []int64) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = int64(x)
				}
			}
			u64 = func(xs []float32, out []uint64) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = uint64(x)
				}
			}
		case "ru":
			i32 = func(xs []float32, out []int32) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = int32(math.Ceil(float64(x)))
				}
			}
			u32 = func(xs []float32, out []uint32) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = uint32(math.Ceil(float64(x)))
				}
			}
			i64 = func(xs []float32, out []int64) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = int64(math.Ceil(float64(x)))
				}
			}
			u64 = func(xs []float32, out []uint64) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = uint64(math.Ceil(float64(x)))
				}
			}
		case "rd":
			i32 = func(xs []float32, out []int32) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = int32(math.Floor(float64(x)))
				}
			}
			u32 = func(xs []float32, out []uint32) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = uint32(math.Floor(float64(x)))
				}
			}
			i64 = func(xs []float32, out []int64) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = int64(math.Floor(float64(x)))
				}
			}
			u64 = func(xs []float32, out []uint64) {
				out = out[:len(xs)]
				for i, x := range xs {
					out[i] = uint64(math.Floor(float64(x)))
				}
			}
		}
		natives["float2int_"+m.suffix] = natConv("int32("+m.expr+")", argF32, packI32, i32, ok(i32lo, i32hi), true)
		natives["float2uint_"+m.suffix] = natConv("uint32("+m.expr+")", argF32, packU32, u32, ok(0, u32hi), true)
		natives["float2ll_"+m.suffix] = natConv("int64("+m.expr+")", argF32, packI64, i64, ok(i64lo, i64hi), true)
		natives["float2ull_"+m.suffix] = natConv("uint64("+m.expr+")", argF32, packU64, u64, ok(0, u64hi), true)
	}
}

// nativeOp returns the key in natives of f's native route, or "" when a
// user has no natural Go spelling of f.
func nativeOp(f *spec.Func) string {
	switch f.ID {
	case "op_madd":
		return "madd"
	case "op_msub":
		return "msub"
	}
	name := strings.TrimPrefix(f.Name, "__")
	if op, ok := exactNativeOps[name]; ok { // exact.go
		return op
	}
	switch f.Ref {
	case "":
	case "cvt": // integer or double to float: "int2float_rz" → "int2float"
		from, _, _ := strings.Cut(name, "_")
		return from
	default:
		return f.Ref
	}
	if i := strings.LastIndex(name, "_"); strings.HasPrefix(name, "float2") && i > 0 {
		return name // "float2int_rz": a route per mode
	}
	switch name {
	case "rintf", "truncf", "floorf", "ceilf", "fabsf", "fminf", "fmaxf", "copysignf", "fdimf", "sinpif", "cospif", "sincospif", "saturatef":
		return strings.TrimSuffix(name, "f")
	case "float_as_int", "float_as_uint", "int_as_float", "uint_as_float":
		return name
	}
	return ""
}

// nativeOf returns f's native route.
func nativeOf(f *spec.Func) (native, bool) {
	if binary64(f) {
		n, ok := natives64[nativeOp64(f)]
		return n, ok
	}
	n, ok := natives[nativeOp(f)]
	return n, ok
}
