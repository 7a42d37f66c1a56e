package ptx_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
)

// The MUFU benchmarks time each PTX form per input class, 4096 inputs from
// a fixed seed. Every form has a loop of its own that calls it directly and
// stores each result, dst[i] = f(xs[i]), as a caller mapping a function
// over its data does: ns/call is the cost of one call, without the
// indirect call of a table of function values or a loop-carried checksum.

// mufuLoop maps a unary form over xs into dst.
type mufuLoop func(dst, xs []uint32)

// mufuBenchForms are the unary forms with their input classes.
var mufuBenchForms = []struct {
	name    string
	classes []string
	loop    mufuLoop
}{
	{"ex2.approx.f32", ex2Classes, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.Ex2Approx(x, false)
		}
	}},
	{"ex2.approx.ftz.f32", ex2Classes, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.Ex2Approx(x, true)
		}
	}},
	{"lg2.approx.f32", positiveClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.Lg2Approx(x, false)
		}
	}},
	{"lg2.approx.ftz.f32", positiveClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.Lg2Approx(x, true)
		}
	}},
	{"rcp.approx.f32", signedClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.RcpApprox(x, false)
		}
	}},
	{"rcp.approx.ftz.f32", signedClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.RcpApprox(x, true)
		}
	}},
	{"rsqrt.approx.f32", positiveClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.RsqrtApprox(x, false)
		}
	}},
	{"rsqrt.approx.ftz.f32", positiveClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.RsqrtApprox(x, true)
		}
	}},
	{"sqrt.approx.f32", positiveClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.SqrtApprox(x, false)
		}
	}},
	{"sqrt.approx.ftz.f32", positiveClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.SqrtApprox(x, true)
		}
	}},
	{"sin.approx.f32", trigClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.SinApprox(x, false)
		}
	}},
	{"sin.approx.ftz.f32", trigClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.SinApprox(x, true)
		}
	}},
	{"cos.approx.f32", trigClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.CosApprox(x, false)
		}
	}},
	{"cos.approx.ftz.f32", trigClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.CosApprox(x, true)
		}
	}},
	{"tanh.approx.f32", trigClasses, func(dst, xs []uint32) {
		for i, x := range xs {
			dst[i] = ptx.TanhApprox(x)
		}
	}},
}

// Input classes of the unary forms (benchInputs).
var (
	ex2Classes      = []string{"normal-ex2", "subnormal"}
	positiveClasses = []string{"normal-positive", "subnormal"}
	signedClasses   = []string{"normal", "subnormal"}
	trigClasses     = []string{"table", "bits"}
)

// benchInputs returns n inputs of a class, drawn with a fixed seed:
//
//	normal           normal numbers of either sign and every exponent
//	normal-positive  positive normal numbers (lg2, rsqrt, sqrt)
//	normal-ex2       |x| in [2^-20, 128), either sign: where ex2's datapath runs
//	in-range         |x| in [2^-63, 2^63), either sign: quotients of two are normal
//	subnormal        subnormal numbers of either sign: the fix-up paths of the non-ftz forms
//	table            |x| in [2^-8, 8), either sign: the table paths of sin, cos and tanh
//	bits             every encoding equally likely: mostly huge, tiny or NaN arguments
func benchInputs(class string, n int) []uint32 {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]uint32, n)
	for i := range xs {
		u := r.Uint32()
		switch class {
		case "normal":
			u = u&(f32.SignMask|f32.FracMask) | (1+u>>8%254)<<f32.FracBits
		case "normal-positive":
			u = u&f32.FracMask | (1+u>>8%254)<<f32.FracBits
		case "in-range":
			u = u&(f32.SignMask|f32.FracMask) | (f32.Bias-63+u>>8%126)<<f32.FracBits
		case "normal-ex2":
			u = u&(f32.SignMask|f32.FracMask) | (f32.Bias-20+u>>8%27)<<f32.FracBits
		case "subnormal":
			u = u&f32.SignMask | 1 + u%f32.MaxSubnormalBits
		case "table":
			u = r.Uint32N(0x41000000-0x3b800000) + 0x3b800000 | u&f32.SignMask
		case "bits":
		default:
			panic("unknown input class " + class)
		}
		xs[i] = u
	}
	return xs
}

func BenchmarkMufu(b *testing.B) {
	for _, form := range mufuBenchForms {
		for _, class := range form.classes {
			xs := benchInputs(class, 1<<12)
			dst := make([]uint32, len(xs))
			b.Run(form.name+"/class="+class, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					form.loop(dst, xs)
				}
				reportPerCall(b, len(xs))
			})
		}
	}
}

// BenchmarkMufuDiv times the division forms on pairs of normal numbers in
// two classes: "normal" draws both of every exponent, so that about a
// quarter of the quotients overflow or are tiny; "in-range" keeps the
// quotients normal.
func BenchmarkMufuDiv(b *testing.B) {
	for _, form := range []struct {
		name string
		loop func(dst, xs, ys []uint32)
	}{
		{"div.approx.f32", func(dst, xs, ys []uint32) {
			for i, x := range xs {
				dst[i] = ptx.DivApprox(x, ys[i], false)
			}
		}},
		{"div.approx.ftz.f32", func(dst, xs, ys []uint32) {
			for i, x := range xs {
				dst[i] = ptx.DivApprox(x, ys[i], true)
			}
		}},
		{"div.full.f32", func(dst, xs, ys []uint32) {
			for i, x := range xs {
				dst[i] = ptx.DivFull(x, ys[i], false)
			}
		}},
		{"div.full.ftz.f32", func(dst, xs, ys []uint32) {
			for i, x := range xs {
				dst[i] = ptx.DivFull(x, ys[i], true)
			}
		}},
	} {
		for _, class := range []string{"normal", "in-range"} {
			xs := benchInputs(class, 1<<12+1)
			xs, ys := xs[1:], xs[:1<<12]
			dst := make([]uint32, len(xs))
			b.Run(form.name+"/class="+class, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					form.loop(dst, xs, ys)
				}
				reportPerCall(b, len(xs))
			})
		}
	}
}

// reportPerCall reports ns/call in place of ns/op (one op is a loop over n
// inputs).
func reportPerCall(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/call")
	b.ReportMetric(0, "ns/op")
}
