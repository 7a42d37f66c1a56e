package ulp_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/ulp"
)

// This file shows how a benchmark reports accuracy beside speed: time the
// function with b.Loop, then call ulp.ReportAccuracy once, after the loop.
//
//	go test ./ulp -run '^$' -bench Accuracy
//	BenchmarkAccuracy/impl=expf/flags=default-2     ...  ns/call  0 max-ulp  0.5 max-err-ulp  ...
//
// benchstat -col /impl (or /flags) then compares the implementations on
// speed and accuracy alike.

// myExpf is a user's own expf: float64 math rounded to float32.
func myExpf(x float32) float32 { return float32(math.Exp(float64(x))) }

var sinkF32 float32

// expfInputs returns n inputs spread evenly over [-10, 10) (float64 steps of
// 20/n, exact for n a power of two, rounded once to float32).
func expfInputs(n int) []float32 {
	xs := make([]float32, n)
	for i := range xs {
		xs[i] = float32(-10 + 20*float64(i)/float64(n))
	}
	return xs
}

// twoULP is expf's documented bound (CUDA Programming Guide 13.0, Table 17:
// "2" ulp), the bound over-bound counts against.
func twoULP(ulp.Input) float64 { return 2 }

// benchmarkExpf is what a user's benchmark of one expf looks like.
func benchmarkExpf(b *testing.B, expf func(float32) float32, xs []float32) *ulp.Accuracy {
	for b.Loop() {
		for _, x := range xs {
			sinkF32 = expf(x)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(xs)), "ns/call")
	b.ReportMetric(0, "ns/op")
	return ulp.ReportAccuracy(b, ulp.Float(expf), ulp.Exp, ulp.Inputs(xs), ulp.AccuracyOptions{Bound: twoULP})
}

// BenchmarkAccuracy times cudafp's expf under nvcc's default flags and
// under -use_fast_math, and the user's own, on the same inputs, and
// reports each one's accuracy against the certified reference ulp.Exp.
func BenchmarkAccuracy(b *testing.B) {
	xs := expfInputs(1 << 10)
	for _, c := range []struct {
		name string
		f    func(float32) float32
	}{
		{"impl=expf/flags=default", fp.Expf},
		{"impl=expf/flags=fast", fp.FastMath.Expf},
		{"impl=myexpf/flags=default", myExpf},
	} {
		b.Run(c.name, func(b *testing.B) { benchmarkExpf(b, c.f, xs) })
	}
}

func ExampleReportAccuracy() {
	xs := expfInputs(1 << 10)
	for _, c := range []struct {
		name string
		f    func(float32) float32
	}{
		{"fp.Expf", fp.Expf},                   // expf, nvcc's default flags
		{"fp.FastMath.Expf", fp.FastMath.Expf}, // expf under -use_fast_math: __expf
		{"myExpf", myExpf},                     // a user's own function of the same signature
	} {
		r := testing.Benchmark(func(b *testing.B) {
			for b.Loop() {
				for _, x := range xs {
					sinkF32 = c.f(x)
				}
			}
			ulp.ReportAccuracy(b, ulp.Float(c.f), ulp.Exp, ulp.Inputs(xs), ulp.AccuracyOptions{Bound: twoULP})
		})
		fmt.Printf("%-16s %2.0f max-ulp  %.3f max-err-ulp  %.3f mean-err-ulp  %.4f cr-share  %3.0f over-bound  %d allocs/op\n",
			c.name, r.Extra[ulp.UnitMaxULP], r.Extra[ulp.UnitMaxErr], r.Extra[ulp.UnitMeanErr], r.Extra[ulp.UnitCR], r.Extra[ulp.UnitOver], r.AllocsPerOp())
	}
	// Output:
	// fp.Expf           1 max-ulp  1.465 max-err-ulp  0.391 mean-err-ulp  0.6777 cr-share    0 over-bound  0 allocs/op
	// fp.FastMath.Expf  7 max-ulp  7.082 max-err-ulp  1.358 mean-err-ulp  0.2715 cr-share  173 over-bound  0 allocs/op
	// myExpf            0 max-ulp  0.500 max-err-ulp  0.252 mean-err-ulp  1.0000 cr-share    0 over-bound  0 allocs/op
}
