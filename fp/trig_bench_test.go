package fp_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/fp"
)

// Benchmarks of the trigonometric and hyperbolic functions: ns/call under
// nvcc's default flags and under -use_fast_math, per input class, and in
// the same run the native Go route (float64 math rounded to float32), with
// the ratio emulation/native as the metric x-native. Run with
//
//	go test ./fp -run '^$' -bench Trig
//
// Each call evaluates trigBenchN inputs of one class.

const trigBenchN = 1024

// trigClass is an input class: a generator of float32 inputs.
type trigClass struct {
	name string
	gen  func(r *rand.Rand) float32
}

// uniformAbs draws |x| uniformly from [lo, hi), with a random sign.
func uniformAbs(lo, hi float64) func(r *rand.Rand) float32 {
	return func(r *rand.Rand) float32 {
		return signed(r, float32(lo+(hi-lo)*r.Float64()))
	}
}

// logAbs draws |x| log-uniformly from [lo, hi), with a random sign.
func logAbs(lo, hi float64) func(r *rand.Rand) float32 {
	return func(r *rand.Rand) float32 {
		return signed(r, float32(math.Exp(math.Log(lo)+(math.Log(hi)-math.Log(lo))*r.Float64())))
	}
}

func signed(r *rand.Rand, x float32) float32 {
	if r.IntN(2) == 0 {
		return -x
	}
	return x
}

// trigSpecials are the special inputs: zeros, subnormals, infinities, NaN,
// the largest finite values.
var trigSpecials = []uint32{0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x7f800000, 0xff800000, 0x7fffffff, 0x7f7fffff, 0xff7fffff}

func specialClass(r *rand.Rand) float32 {
	return math.Float32frombits(trigSpecials[r.IntN(len(trigSpecials))])
}

// The classes of sinf, cosf, tanf, sincosf: the primary range, the
// Cody–Waite range beyond it, the Payne–Hanek slow path, the specials.
var trigClasses = []trigClass{
	{"small", uniformAbs(0, math.Pi)},   // |x| < π
	{"medium", logAbs(math.Pi, 105615)}, // π ≤ |x| < 105615
	{"huge", logAbs(105615, 0x1p127)},   // the slow path
	{"special", specialClass},
}

// The classes of tanhf: the polynomial, the ex2/rcp formula, saturation.
var tanhClasses = []trigClass{
	{"small", uniformAbs(0, 0.6)},  // |x| < 0.6: polynomial
	{"medium", uniformAbs(0.6, 9)}, // 0.6 ≤ |x| < 9: 1 - 2/(e^2x + 1)
	{"huge", logAbs(9.1, 0x1p127)}, // ±1
	{"special", specialClass},
}

// The classes of sinpif, cospif, sincospif.
var trigpiClasses = []trigClass{
	{"small", uniformAbs(0, 1)},       // |x| < 1
	{"medium", logAbs(1, 0x1p23)},     // fractional arguments
	{"huge", logAbs(0x1p23, 0x1p127)}, // integers
	{"special", specialClass},
}

type trigBenchCase struct {
	name    string
	classes []trigClass
	f       func(fp.Flags, float32) float32
	native  func(float32) float32
}

func sum2(f func(fp.Flags, float32) (float32, float32)) func(fp.Flags, float32) float32 {
	return func(fl fp.Flags, x float32) float32 {
		s, c := f(fl, x)
		return s + c
	}
}

var trigBenchCases = []trigBenchCase{
	{"sinf", trigClasses, fp.Flags.Sinf, func(x float32) float32 { return float32(math.Sin(float64(x))) }},
	{"cosf", trigClasses, fp.Flags.Cosf, func(x float32) float32 { return float32(math.Cos(float64(x))) }},
	{"tanf", trigClasses, fp.Flags.Tanf, func(x float32) float32 { return float32(math.Tan(float64(x))) }},
	{"sincosf", trigClasses, sum2(fp.Flags.Sincosf), func(x float32) float32 {
		s, c := math.Sincos(float64(x))
		return float32(s) + float32(c)
	}},
	{"tanhf", tanhClasses, fp.Flags.Tanhf, func(x float32) float32 { return float32(math.Tanh(float64(x))) }},
	{"sinpif", trigpiClasses, fp.Flags.Sinpif, func(x float32) float32 { return float32(math.Sin(math.Pi * float64(x))) }},
	{"cospif", trigpiClasses, fp.Flags.Cospif, func(x float32) float32 { return float32(math.Cos(math.Pi * float64(x))) }},
	{"sincospif", trigpiClasses, sum2(fp.Flags.Sincospif), func(x float32) float32 {
		s, c := math.Sincos(math.Pi * float64(x))
		return float32(s) + float32(c)
	}},
}

var trigSink float32

func trigInputs(c trigClass) []float32 {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]float32, trigBenchN)
	for i := range xs {
		xs[i] = c.gen(r)
	}
	return xs
}

func BenchmarkTrig(b *testing.B) {
	for _, c := range trigBenchCases {
		for _, class := range c.classes {
			xs := trigInputs(class)
			var native float64
			b.Run(c.name+"/"+class.name+"/native", func(b *testing.B) {
				b.ReportAllocs()
				f := c.native
				for b.Loop() {
					var s float32
					for _, x := range xs {
						s += f(x)
					}
					trigSink = s
				}
				native = trigPerCall(b)
				b.ReportMetric(native, "ns/call")
				b.ReportMetric(0, "ns/op")
			})
			for _, fl := range []fp.Flags{{}, fp.FastMath} {
				b.Run(c.name+"/"+class.name+"/flags="+fl.Name(), func(b *testing.B) {
					b.ReportAllocs()
					f := c.f
					for b.Loop() {
						var s float32
						for _, x := range xs {
							s += f(fl, x)
						}
						trigSink = s
					}
					ns := trigPerCall(b)
					b.ReportMetric(ns, "ns/call")
					b.ReportMetric(0, "ns/op")
					if native > 0 {
						b.ReportMetric(ns/native, "x-native")
					}
				})
			}
		}
	}
}

func trigPerCall(b *testing.B) float64 {
	return float64(b.Elapsed().Nanoseconds()) / float64(b.N*trigBenchN)
}

// TestTrigNoAlloc checks that no function of the benchmark allocates, under
// every flag set, on every input class.
func TestTrigNoAlloc(t *testing.T) {
	for _, c := range trigBenchCases {
		for _, class := range c.classes {
			xs := trigInputs(class)[:32]
			for _, fl := range []fp.Flags{{}, {FTZ: true}, {NoFMAD: true}, fp.FastMath} {
				if n := testing.AllocsPerRun(10, func() {
					for _, x := range xs {
						trigSink += c.f(fl, x)
					}
				}); n != 0 {
					t.Errorf("%s/%s [%s]: %v allocations per run", c.name, class.name, fl.Name(), n)
				}
			}
		}
	}
}
