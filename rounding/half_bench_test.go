package rounding_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/rounding"
)

var sink16 uint16

// benchInputs16 returns n normal encodings of h with exponents within 8 of
// 1's, of both signs.
func benchInputs16(seed uint64, n int, h halfFmt) []uint16 {
	r := rand.New(rand.NewPCG(seed, seed))
	xs := make([]uint16, n)
	for i := range xs {
		b := uint16(h.o.Bias - 8 + r.IntN(16))
		xs[i] = uint16(r.Uint32())&0x8000 | b<<h.o.FracBits | uint16(r.Uint32())&(1<<h.o.FracBits-1)
	}
	return xs
}

// BenchmarkHalf times each 16-bit operation, the host path and its integer
// kernel, in each mode (ns/call).
func BenchmarkHalf(b *testing.B) {
	for _, h := range halves {
		xs := benchInputs16(1, benchN, h)
		ys := benchInputs16(2, benchN, h)
		zs := benchInputs16(3, benchN, h)
		addInt, mulInt, fmaInt := rounding.AddF16Int, rounding.MulF16Int, rounding.FmaF16Int
		if h.name == "BF16" {
			addInt, mulInt, fmaInt = rounding.AddBF16Int, rounding.MulBF16Int, rounding.FmaBF16Int
		}
		f32s := make([]uint32, benchN)
		for i, x := range xs {
			f32s[i] = h.toF32(x) + uint32(ys[i]) // not on the 16-bit grid
		}
		ops := []struct {
			name string
			f    func(i int, m rounding.Mode) uint16
		}{
			{"add", func(i int, m rounding.Mode) uint16 { return h.add(xs[i], ys[i], m, false) }},
			{"add/int", func(i int, m rounding.Mode) uint16 { return addInt(xs[i], ys[i], m, false) }},
			{"sub", func(i int, m rounding.Mode) uint16 { return h.sub(xs[i], ys[i], m, false) }},
			{"mul", func(i int, m rounding.Mode) uint16 { return h.mul(xs[i], ys[i], m, false) }},
			{"mul/int", func(i int, m rounding.Mode) uint16 { return mulInt(xs[i], ys[i], m, false) }},
			{"fma", func(i int, m rounding.Mode) uint16 { return h.fma(xs[i], ys[i], zs[i], m, false) }},
			{"fma/int", func(i int, m rounding.Mode) uint16 { return fmaInt(xs[i], ys[i], zs[i], m, false) }},
			{"fromF32", func(i int, m rounding.Mode) uint16 { return h.fromF32(f32s[i], m) }},
			{"fromF64", func(i int, m rounding.Mode) uint16 { return h.fromF64(uint64(f32s[i])<<29|uint64(ys[i]), m) }},
			{"toF64", func(i int, m rounding.Mode) uint16 { return uint16(h.toF64(xs[i], false)) }},
			{"toF32", func(i int, m rounding.Mode) uint16 { return uint16(h.toF32(xs[i])) }},
			{"toI32", func(i int, m rounding.Mode) uint16 { return uint16(h.toInt[2].f(xs[i], m)) }},
			{"fromI32", func(i int, m rounding.Mode) uint16 { return h.fromInt[2].f(uint64(f32s[i]), m) }},
			{"rint", func(i int, m rounding.Mode) uint16 { return h.rint(xs[i], m) }},
		}
		for _, op := range ops {
			for _, m := range []rounding.Mode{rounding.RN, rounding.RZ} {
				b.Run("fmt="+h.name+"/op="+op.name+"/mode="+m.String(), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						for i := range benchN {
							sink16 = op.f(i, m)
						}
					}
					b.ReportMetric(perCall(b), "ns/call")
					b.ReportMetric(0, "ns/op")
				})
			}
		}
	}
}
