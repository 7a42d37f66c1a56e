package rounding_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/rounding"
)

// Benchmarks of the binary64 operations in every mode against the native
// float64 operation in the same run ("x-native": the issue asks RN within
// 1.5× and the directed modes and fma within 3×; reported, not asserted),
// and of the generic integer kernels' binary32 instances against binary32's
// own kernels (whether sharing the template would cost binary32 speed).

var (
	sink64  uint64
	sinkF64 float64
)

// benchInputs64 returns n deterministic normal encodings with exponents in
// [2^-40, 2^40), both signs unless positive, so that no operation below
// overflows, underflows or meets a special case.
func benchInputs64(seed uint64, n int, positive bool) []uint64 {
	r := rand.New(rand.NewPCG(seed, seed))
	xs := make([]uint64, n)
	for i := range xs {
		xs[i] = uint64(1023-40+r.IntN(80))<<52 | r.Uint64()&(1<<52-1)
		if !positive {
			xs[i] |= r.Uint64() & (1 << 63)
		}
	}
	return xs
}

func floats64(us []uint64) []float64 {
	fs := make([]float64, len(us))
	for i, u := range us {
		fs[i] = math.Float64frombits(u)
	}
	return fs
}

var benchOps64 = []struct {
	name   string
	run    func(xs, ys, zs []uint64, m rounding.Mode)
	native func(x, y, z []float64)
	rn     func(xs, ys, zs []uint64) // the inlinable RN entry
}{
	{"add", func(xs, ys, _ []uint64, m rounding.Mode) {
		for i := range xs {
			sink64 = rounding.Add64(xs[i], ys[i], m)
		}
	}, func(x, y, _ []float64) {
		for i := range x {
			sinkF64 = x[i] + y[i]
		}
	}, func(xs, ys, zs []uint64) {
		for i := range xs {
			sink64 = rounding.Add64RN(xs[i], ys[i])
		}
	}},
	{"sub", func(xs, ys, _ []uint64, m rounding.Mode) {
		for i := range xs {
			sink64 = rounding.Sub64(xs[i], ys[i], m)
		}
	}, func(x, y, _ []float64) {
		for i := range x {
			sinkF64 = x[i] - y[i]
		}
	}, func(xs, ys, zs []uint64) {
		for i := range xs {
			sink64 = rounding.Sub64RN(xs[i], ys[i])
		}
	}},
	{"mul", func(xs, ys, _ []uint64, m rounding.Mode) {
		for i := range xs {
			sink64 = rounding.Mul64(xs[i], ys[i], m)
		}
	}, func(x, y, _ []float64) {
		for i := range x {
			sinkF64 = x[i] * y[i]
		}
	}, func(xs, ys, zs []uint64) {
		for i := range xs {
			sink64 = rounding.Mul64RN(xs[i], ys[i])
		}
	}},
	{"div", func(xs, ys, _ []uint64, m rounding.Mode) {
		for i := range xs {
			sink64 = rounding.Div64(xs[i], ys[i], m)
		}
	}, func(x, y, _ []float64) {
		for i := range x {
			sinkF64 = x[i] / y[i]
		}
	}, func(xs, ys, zs []uint64) {
		for i := range xs {
			sink64 = rounding.Div64RN(xs[i], ys[i])
		}
	}},
	{"rcp", func(xs, _, _ []uint64, m rounding.Mode) {
		for i := range xs {
			sink64 = rounding.Rcp64(xs[i], m)
		}
	}, func(x, _, _ []float64) {
		for i := range x {
			sinkF64 = 1 / x[i]
		}
	}, func(xs, ys, zs []uint64) {
		for i := range xs {
			sink64 = rounding.Rcp64RN(xs[i])
		}
	}},
	{"sqrt", func(xs, _, _ []uint64, m rounding.Mode) {
		for i := range xs {
			sink64 = rounding.Sqrt64(xs[i], m)
		}
	}, func(x, _, _ []float64) {
		for i := range x {
			sinkF64 = math.Sqrt(x[i])
		}
	}, func(xs, ys, zs []uint64) {
		for i := range xs {
			sink64 = rounding.Sqrt64RN(xs[i])
		}
	}},
	{"fma", func(xs, ys, zs []uint64, m rounding.Mode) {
		for i := range xs {
			sink64 = rounding.Fma64(xs[i], ys[i], zs[i], m)
		}
	}, func(x, y, z []float64) {
		for i := range x {
			sinkF64 = math.FMA(x[i], y[i], z[i])
		}
	}, func(xs, ys, zs []uint64) {
		for i := range xs {
			sink64 = rounding.Fma64RN(xs[i], ys[i], zs[i])
		}
	}},
}

func BenchmarkOps64(b *testing.B) {
	xs := benchInputs64(1, benchN, false)
	ys := benchInputs64(2, benchN, false)
	zs := benchInputs64(3, benchN, false)
	pos := benchInputs64(4, benchN, true)
	for _, op := range benchOps64 {
		x := xs
		if op.name == "sqrt" {
			x = pos
		}
		fx, fy, fz := floats64(x), floats64(ys), floats64(zs)
		var nat float64
		b.Run(fmt.Sprintf("op=%s/native", op.name), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				op.native(fx, fy, fz)
			}
			nat = perCall(b)
			b.ReportMetric(nat, "ns/call")
			b.ReportMetric(0, "ns/op")
		})
		b.Run(fmt.Sprintf("op=%s/entry=RN", op.name), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				op.rn(x, ys, zs)
			}
			ns := perCall(b)
			b.ReportMetric(ns, "ns/call")
			b.ReportMetric(0, "ns/op")
			if nat > 0 {
				b.ReportMetric(ns/nat, "x-native")
			}
		})
		for _, m := range rounding.Modes {
			b.Run(fmt.Sprintf("op=%s/mode=%v", op.name, m), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					op.run(x, ys, zs, m)
				}
				ns := perCall(b)
				b.ReportMetric(ns, "ns/call")
				b.ReportMetric(0, "ns/op")
				if nat > 0 {
					b.ReportMetric(ns/nat, "x-native")
				}
			})
		}
	}
}

// BenchmarkConvert64 measures the binary64 conversions on in-range inputs.
func BenchmarkConvert64(b *testing.B) {
	xs := benchInputs64(5, benchN, false)
	for i := range xs {
		xs[i] = xs[i]&^(0x7ff<<52) | uint64(1023+(i%60))<<52 // |x| in [1, 2^60)
	}
	ints := make([]int64, benchN)
	for i := range ints {
		ints[i] = int64(xs[i]) ^ int64(i)
	}
	cases := []struct {
		name string
		run  func(m rounding.Mode)
	}{
		{"F64ToI32", func(m rounding.Mode) {
			for _, x := range xs {
				sink64 = uint64(rounding.F64ToI32(x, m))
			}
		}},
		{"F64ToU64", func(m rounding.Mode) {
			for _, x := range xs {
				sink64 = rounding.F64ToU64(x, m)
			}
		}},
		{"I64ToF64", func(m rounding.Mode) {
			for _, v := range ints {
				sink64 = rounding.I64ToF64(v, m)
			}
		}},
		{"RoundInt64", func(m rounding.Mode) {
			for _, x := range xs {
				sink64 = rounding.RoundInt64(x, m)
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

// BenchmarkGeneric32 compares the binary32 instances of the generic
// integer kernels with binary32's own (both called through the same
// function values of export_test.go).
func BenchmarkGeneric32(b *testing.B) {
	xs := benchInputs(1, benchN, false)
	ys := benchInputs(2, benchN, false)
	for _, c := range []struct {
		name string
		f    func(x, y uint32, m rounding.Mode, ftz bool) uint32
	}{
		{"add/own", rounding.Add32Int}, {"add/generic", rounding.Add32Gen},
		{"mul/own", rounding.Mul32Int}, {"mul/generic", rounding.Mul32Gen},
		{"div/own", rounding.Div32Int}, {"div/generic", rounding.Div32Gen},
	} {
		b.Run("op="+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i := range xs {
					sink32 = c.f(xs[i], ys[i], rounding.RZ, false)
				}
			}
			b.ReportMetric(perCall(b), "ns/call")
			b.ReportMetric(0, "ns/op")
		})
	}
}
