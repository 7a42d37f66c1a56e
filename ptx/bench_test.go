package ptx_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
)

var sink uint32

// benchInputs returns n inputs of a class, drawn with a fixed seed:
// "normal" are positive and negative normal numbers of every exponent
// (ex2: |x| < 128, where its datapath runs), "subnormal" are subnormal
// numbers, which take the fix-up paths of the non-ftz forms.
func benchInputs(class, op string, n int) []uint32 {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]uint32, n)
	for i := range xs {
		u := r.Uint32()
		switch {
		case class == "subnormal":
			u = u&f32.SignMask | 1 + u%f32.MaxSubnormalBits
		case op == "Ex2Approx": // |x| in [2^-20, 128)
			u = u&(f32.SignMask|f32.FracMask) | (f32.Bias-20+u>>8%27)<<f32.FracBits
		default:
			u = u&(f32.SignMask|f32.FracMask) | (1+u>>8%254)<<f32.FracBits
		}
		if op != "Ex2Approx" && op != "RcpApprox" && class == "normal" {
			u &^= f32.SignMask // lg2, rsqrt, sqrt of positive numbers
		}
		xs[i] = u
	}
	return xs
}

func BenchmarkMufu(b *testing.B) {
	for _, op := range mufuUnaryOps {
		for _, ftz := range both {
			for _, class := range []string{"normal", "subnormal"} {
				xs := benchInputs(class, op.name, 1<<12)
				name := op.name + "/ftz=false/" + class
				if ftz {
					name = op.name + "/ftz=true/" + class
				}
				b.Run(name, func(b *testing.B) {
					b.ReportAllocs()
					fn := op.fn
					for b.Loop() {
						for _, x := range xs {
							sink = fn(x, ftz)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(xs)), "ns/call")
					b.ReportMetric(0, "ns/op")
				})
			}
		}
	}
}

func BenchmarkMufuDiv(b *testing.B) {
	for _, op := range []struct {
		name string
		fn   func(uint32, uint32, bool) uint32
	}{{"DivApprox", ptx.DivApprox}, {"DivFull", ptx.DivFull}} {
		for _, ftz := range both {
			xs := benchInputs("normal", "RcpApprox", 1<<12)
			ys := benchInputs("normal", "RcpApprox", 1<<12+1)[1:]
			name := op.name + "/ftz=false/normal"
			if ftz {
				name = op.name + "/ftz=true/normal"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				fn := op.fn
				for b.Loop() {
					for i, x := range xs {
						sink = fn(x, ys[i], ftz)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(xs)), "ns/call")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
