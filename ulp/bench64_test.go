package ulp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/rounding"
)

var sink64 uint64
var sinkSDD SDD

// benchClasses64 returns the input classes of a binary64 reference:
// "typical" (uniform reals in the function's working domain, domain64),
// "bits" (uniform bit patterns) and, for sin, cos and tan, "huge" (|x| ≥
// 2^30: the Payne–Hanek reduction).
func benchClasses64(name string) []struct {
	name string
	gen  func(r *rand.Rand) (x, y uint64)
} {
	lo, hi := domain64(name)
	cs := []struct {
		name string
		gen  func(r *rand.Rand) (x, y uint64)
	}{
		{"typical", func(r *rand.Rand) (uint64, uint64) {
			return b64(lo + (hi-lo)*r.Float64()), b64(lo + (hi-lo)*r.Float64())
		}},
		{"bits", func(r *rand.Rand) (uint64, uint64) { return r.Uint64(), r.Uint64() }},
	}
	switch name {
	case "sin", "cos", "tan":
		cs = append(cs, struct {
			name string
			gen  func(r *rand.Rand) (x, y uint64)
		}{"huge", func(r *rand.Rand) (uint64, uint64) { return b64(math.Ldexp(1+r.Float64(), 30+r.IntN(990))), 0 }})
	case "pow":
		cs[0].gen = func(r *rand.Rand) (uint64, uint64) { return b64(r.Float64() * 16), b64(r.Float64()*80 - 40) }
	}
	return cs
}

// BenchmarkRef64 measures each binary64 reference's Eval64 (rounded result
// in RN, value and fallback flag from one evaluation), per input class,
// with the share of evaluations that fell back to the oracle.
func BenchmarkRef64(b *testing.B) {
	for _, ref := range refs64 {
		for _, c := range benchClasses64(ref.name) {
			r := rand.New(rand.NewPCG(1, 2))
			n := 1 << 10
			if ref.k1 != nil && ref.k1(0).slow {
				n = 8 // the oracle alone: tens of microseconds and more a call
			}
			in := make([][2]uint64, n)
			for i := range in {
				in[i][0], in[i][1] = c.gen(r)
			}
			b.Run(fmt.Sprintf("%s/class=%s", ref.name, c.name), func(b *testing.B) {
				b.ReportAllocs()
				f0 := ref.Fallbacks()
				c0 := cpuTime()
				for b.Loop() {
					for _, a := range in {
						sink64, sinkSDD, _ = ref.Eval64(a[0], a[1], rounding.RN)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/call")
				b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N*n), "cpu-ns/call")
				b.ReportMetric(float64(ref.Fallbacks()-f0)/float64(b.N*n), "fallbacks/call")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
