package bench

import (
	"math"
	"strings"

	"github.com/cudafp/cudafp/internal/spec"
)

// The native routes of the binary64 functions: the float64 operators and
// conversions a user writes. They round to nearest (the directed modes
// have no native route but this one, the cost to compare with); their NaNs
// are the host's.

func natD2(expr string, loop func(xs, ys, out []float64)) native {
	return native{expr: expr, exact: noNaN64, bind: func(in columns) runner {
		xs, ys := decode(in[0], argF64), decode(in[1], argF64)
		out := make([]float64, len(xs))
		return runner{run: func() { loop(xs, ys, out) }, result: func(i int) uint64 { return packF64(out[i]) }}
	}}
}

func natD1(expr string, loop func(xs, out []float64)) native {
	return native{expr: expr, exact: noNaN64, bind: func(in columns) runner {
		xs := decode(in[0], argF64)
		out := make([]float64, len(xs))
		return runner{run: func() { loop(xs, out) }, result: func(i int) uint64 { return packF64(out[i]) }}
	}}
}

func natD3(expr string, loop func(xs, ys, zs, out []float64)) native {
	return native{expr: expr, exact: noNaN64, bind: func(in columns) runner {
		xs, ys, zs := decode(in[0], argF64), decode(in[1], argF64), decode(in[2], argF64)
		out := make([]float64, len(xs))
		return runner{run: func() { loop(xs, ys, zs, out) }, result: func(i int) uint64 { return packF64(out[i]) }}
	}}
}

// noNaN64: inputs without a NaN operand, whose result the host computes
// with the device's bits (an invalid operation gives 0xfff8000000000000 on
// amd64 and arm64 too, but which operand's NaN propagates differs).
func noNaN64(in spec.Args) bool {
	for _, u := range in[:3] {
		if u&^(1<<63) > 0x7ff0000000000000 {
			return false
		}
	}
	return true
}

// inRange64 returns the double inputs whose truncation lies in [lo, hi]
// (Go's conversion of other values to an integer is implementation-specific).
func inRange64(lo, hi float64) func(spec.Args) bool {
	return func(in spec.Args) bool {
		v := math.Trunc(math.Float64frombits(in[0]))
		return v >= lo && v <= hi
	}
}

var natives64 = map[string]native{
	"add": natD2("x + y", func(xs, ys, out []float64) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x + ys[i]
		}
	}),
	"sub": natD2("x - y", func(xs, ys, out []float64) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x - ys[i]
		}
	}),
	"mul": natD2("x * y", func(xs, ys, out []float64) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x * ys[i]
		}
	}),
	"div": natD2("x / y", func(xs, ys, out []float64) {
		ys, out = ys[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = x / ys[i]
		}
	}),
	"rcp": natD1("1 / x", func(xs, out []float64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = 1 / x
		}
	}),
	"sqrt": natD1("math.Sqrt(x)", func(xs, out []float64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = math.Sqrt(x)
		}
	}),
	"fma": natD3("math.FMA(x, y, z)", func(xs, ys, zs, out []float64) {
		ys, zs, out = ys[:len(xs)], zs[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = math.FMA(x, ys[i], zs[i])
		}
	}),
	"fms": natD3("math.FMA(x, y, -z)", func(xs, ys, zs, out []float64) {
		ys, zs, out = ys[:len(xs)], zs[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			out[i] = math.FMA(x, ys[i], -zs[i])
		}
	}),
	"int2double": natConv("float64(x)", argI32, packF64, func(xs []int32, out []float64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float64(x)
		}
	}, always, false),
	"uint2double": natConv("float64(x)", argU32, packF64, func(xs []uint32, out []float64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float64(x)
		}
	}, always, false),
	"ll2double": natConv("float64(x)", argI64, packF64, func(xs []int64, out []float64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float64(x)
		}
	}, always, false),
	"ull2double": natConv("float64(x)", argU64, packF64, func(xs []uint64, out []float64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = float64(x)
		}
	}, always, false),
	"double2int_rz": natConv("int32(x)", argF64, packI32, func(xs []float64, out []int32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = int32(x)
		}
	}, inRange64(i32lo, i32hi), true),
	"double2uint_rz": natConv("uint32(x)", argF64, packU32, func(xs []float64, out []uint32) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = uint32(x)
		}
	}, inRange64(0, u32hi), true),
	"double2ll_rz": natConv("int64(x)", argF64, packI64, func(xs []float64, out []int64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = int64(x)
		}
	}, inRange64(i64lo, 0x1p63-1024), true),
	"double2ull_rz": natConv("uint64(x)", argF64, packU64, func(xs []float64, out []uint64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = uint64(x)
		}
	}, inRange64(0, 0x1p64-2048), true),
	"double_as_longlong": natConv("int64(math.Float64bits(x))", argF64, packI64, func(xs []float64, out []int64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = int64(math.Float64bits(x))
		}
	}, always, false),
	"longlong_as_double": natConv("math.Float64frombits(uint64(x))", argI64, packF64, func(xs []int64, out []float64) {
		out = out[:len(xs)]
		for i, x := range xs {
			out[i] = math.Float64frombits(uint64(x))
		}
	}, always, false),
}

// binary64 reports whether f is a binary64 function (a double argument or
// result; the conversions to float keep the float32 natives).
func binary64(f *spec.Func) bool {
	return f.D64() || len(f.Out) == 1 && f.Out[0] == spec.F64
}

// nativeOp64 returns the key in natives64 of a binary64 function's native
// route, or "".
func nativeOp64(f *spec.Func) string {
	name := strings.TrimPrefix(f.Name, "__") // "__double2int_rz" → "double2int_rz"
	switch {
	case f.Ref == "cvt": // "ll2double_rz" → "ll2double"
		from, _, _ := strings.Cut(name, "_")
		return from
	case f.Ref != "":
		return f.Ref
	}
	return name
}
