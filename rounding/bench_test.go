package rounding_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/rounding"
)

// Benchmarks of every operation in every mode on normal operands, and of
// the native Go float32 operation for the RN add, mul, div and sqrt, so
// that one run gives the emulation's cost relative to the host ("x-native").
// One b.Loop iteration runs benchN calls; ns/call is the per-call time.

const benchN = 1 << 12

var (
	sink32  uint32
	sinkF32 float32
)

// benchInputs returns n deterministic normal encodings with exponents in
// [2^-20, 2^20), both signs (positive only when positive is set), so that
// no operation below overflows, underflows or meets a special case.
func benchInputs(seed uint64, n int, positive bool) []uint32 {
	r := rand.New(rand.NewPCG(seed, seed))
	xs := make([]uint32, n)
	for i := range xs {
		bexp := uint32(127 - 20 + r.IntN(40))
		xs[i] = bexp<<23 | r.Uint32()&0x007fffff
		if !positive {
			xs[i] |= r.Uint32() & 0x80000000
		}
	}
	return xs
}

func floats(us []uint32) []float32 {
	fs := make([]float32, len(us))
	for i, u := range us {
		fs[i] = math.Float32frombits(u)
	}
	return fs
}

type benchOp struct {
	name string
	run  func(xs, ys, zs []uint32, m rounding.Mode)
}

var benchOps = []benchOp{
	{"add", func(xs, ys, _ []uint32, m rounding.Mode) {
		for i := range xs {
			sink32 = rounding.Add32(xs[i], ys[i], m, false)
		}
	}},
	{"sub", func(xs, ys, _ []uint32, m rounding.Mode) {
		for i := range xs {
			sink32 = rounding.Sub32(xs[i], ys[i], m, false)
		}
	}},
	{"mul", func(xs, ys, _ []uint32, m rounding.Mode) {
		for i := range xs {
			sink32 = rounding.Mul32(xs[i], ys[i], m, false)
		}
	}},
	{"div", func(xs, ys, _ []uint32, m rounding.Mode) {
		for i := range xs {
			sink32 = rounding.Div32(xs[i], ys[i], m, false)
		}
	}},
	{"fma", func(xs, ys, zs []uint32, m rounding.Mode) {
		for i := range xs {
			sink32 = rounding.Fma32(xs[i], ys[i], zs[i], m, false)
		}
	}},
	{"sqrt", func(xs, _, _ []uint32, m rounding.Mode) {
		for i := range xs {
			sink32 = rounding.Sqrt32(xs[i], m, false)
		}
	}},
	{"rcp", func(xs, _, _ []uint32, m rounding.Mode) {
		for i := range xs {
			sink32 = rounding.Rcp32(xs[i], m, false)
		}
	}},
}

// native holds the host float32 loops that the RN emulation is compared to.
var native = map[string]func(fx, fy []float32){
	"add": func(fx, fy []float32) {
		for i := range fx {
			sinkF32 = fx[i] + fy[i]
		}
	},
	"mul": func(fx, fy []float32) {
		for i := range fx {
			sinkF32 = fx[i] * fy[i]
		}
	},
	"div": func(fx, fy []float32) {
		for i := range fx {
			sinkF32 = fx[i] / fy[i]
		}
	},
	"sqrt": func(fx, _ []float32) {
		for i := range fx {
			sinkF32 = float32(math.Sqrt(float64(fx[i])))
		}
	},
}

// nativeNs caches the native ns/call measured in this run.
var nativeNs = map[string]float64{}

func perCall(b *testing.B) float64 {
	return float64(b.Elapsed().Nanoseconds()) / float64(b.N*benchN)
}

func BenchmarkOps(b *testing.B) {
	xs := benchInputs(1, benchN, false)
	ys := benchInputs(2, benchN, false)
	zs := benchInputs(3, benchN, false)
	pos := benchInputs(4, benchN, true)
	fx, fy, fpos := floats(xs), floats(ys), floats(pos)
	for _, op := range benchOps {
		x := xs
		if op.name == "sqrt" {
			x = pos
		}
		if f, ok := native[op.name]; ok {
			a := fx
			if op.name == "sqrt" {
				a = fpos
			}
			b.Run(fmt.Sprintf("op=%s/native", op.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					f(a, fy)
				}
				nativeNs[op.name] = perCall(b)
				b.ReportMetric(perCall(b), "ns/call")
				b.ReportMetric(0, "ns/op")
			})
		}
		for _, m := range rounding.Modes {
			b.Run(fmt.Sprintf("op=%s/mode=%v", op.name, m), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					op.run(x, ys, zs, m)
				}
				ns := perCall(b)
				b.ReportMetric(ns, "ns/call")
				b.ReportMetric(0, "ns/op")
				if nat, ok := nativeNs[op.name]; ok && m == rounding.RN && nat > 0 {
					b.ReportMetric(ns/nat, "x-native")
				}
			})
		}
	}
}

// BenchmarkConvert measures the conversions on in-range normal inputs.
func BenchmarkConvert(b *testing.B) {
	xs := benchInputs(5, benchN, false)
	ints := make([]int64, benchN)
	for i := range ints {
		ints[i] = int64(xs[i])<<20 ^ int64(i)
	}
	cases := []struct {
		name string
		run  func(m rounding.Mode)
	}{
		{"F32ToI32", func(m rounding.Mode) {
			for _, x := range xs {
				sink32 = uint32(rounding.F32ToI32(x, m, false))
			}
		}},
		{"F32ToU64", func(m rounding.Mode) {
			for _, x := range xs {
				sink32 = uint32(rounding.F32ToU64(x, m, false))
			}
		}},
		{"RoundInt32", func(m rounding.Mode) {
			for _, x := range xs {
				sink32 = rounding.RoundInt32(x, m, false)
			}
		}},
		{"I64ToF32", func(m rounding.Mode) {
			for _, v := range ints {
				sink32 = rounding.I64ToF32(v, m)
			}
		}},
		{"F64ToF32", func(m rounding.Mode) {
			for _, v := range ints {
				sink32 = rounding.F64ToF32(uint64(v)&^(1<<62), m, false)
			}
		}},
	}
	for _, c := range cases {
		for _, m := range rounding.Modes {
			b.Run(fmt.Sprintf("op=%s/mode=%v", c.name, m), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					c.run(m)
				}
				b.ReportMetric(perCall(b), "ns/call")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
