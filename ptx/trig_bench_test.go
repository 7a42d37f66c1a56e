package ptx_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/ptx"
)

var trigSink uint32

// trigBenchClasses are the input classes of the benchmarks, 4096 encodings
// each from a fixed seed: the paths of the models differ by class.
var trigBenchClasses = []struct {
	name string
	gen  func(r *rand.Rand) uint32
}{
	// |x| in [2^-8, 8): the table paths of all three (and sin's first turns).
	{"table", func(r *rand.Rand) uint32 {
		return r.Uint32N(0x41000000-0x3b800000) + 0x3b800000 | r.Uint32()&0x80000000
	}},
	// Every encoding equally likely: mostly huge, tiny or NaN arguments.
	{"bits", func(r *rand.Rand) uint32 { return r.Uint32() }},
}

func BenchmarkTrigApprox(b *testing.B) {
	forms := []struct {
		name string
		fn   func(uint32) uint32
	}{
		{"SinApprox", func(x uint32) uint32 { return ptx.SinApprox(x, false) }},
		{"SinApproxFTZ", func(x uint32) uint32 { return ptx.SinApprox(x, true) }},
		{"CosApprox", func(x uint32) uint32 { return ptx.CosApprox(x, false) }},
		{"CosApproxFTZ", func(x uint32) uint32 { return ptx.CosApprox(x, true) }},
		{"TanhApprox", ptx.TanhApprox},
	}
	for _, form := range forms {
		for _, class := range trigBenchClasses {
			rng := rand.New(rand.NewPCG(1, 2))
			xs := make([]uint32, 4096)
			for i := range xs {
				xs[i] = class.gen(rng)
			}
			b.Run(form.name+"/class="+class.name, func(b *testing.B) {
				b.ReportAllocs()
				var s uint32
				for b.Loop() {
					for _, x := range xs {
						s += form.fn(x)
					}
				}
				trigSink = s
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(xs)), "ns/call")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
