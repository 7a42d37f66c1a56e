package fp_test

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/rounding"
)

// Benchmarks: ns/call of each function under nvcc's default flags and under
// -use_fast_math, and in the same run the native Go route (float64 math
// rounded to float32, or the float32 operator), with the ratio
// emulation/native as the metric x-native. Run with
//
//	go test ./fp -run '^$' -bench Funcs
//
// Each call evaluates benchN inputs of the function's usual domain.

const benchN = 1024

type benchCase struct {
	name   string
	in     [3][2]float64 // argument ranges [lo, hi]
	arity  int
	f1     func(fp.Flags, float32) float32
	f2     func(fp.Flags, float32, float32) float32
	f3     func(fp.Flags, float32, float32, float32) float32
	native func(x, y, z float32) float32
}

var (
	anyRange = [2]float64{-1e6, 1e6}
	posRange = [2]float64{1e-30, 1e30}
	expRange = [2]float64{-87, 88}
)

var benchCases = []benchCase{
	{name: "x+y", arity: 2, in: [3][2]float64{anyRange, anyRange}, f2: fp.Flags.Add, native: func(x, y, _ float32) float32 { return x + y }},
	{name: "x-y", arity: 2, in: [3][2]float64{anyRange, anyRange}, f2: fp.Flags.Sub, native: func(x, y, _ float32) float32 { return x - y }},
	{name: "x*y", arity: 2, in: [3][2]float64{anyRange, anyRange}, f2: fp.Flags.Mul, native: func(x, y, _ float32) float32 { return x * y }},
	{name: "x*y+z", arity: 3, in: [3][2]float64{anyRange, anyRange, anyRange}, f3: fp.Flags.MulAdd,
		native: func(x, y, z float32) float32 { return float32(math.FMA(float64(x), float64(y), float64(z))) }},
	{name: "x*y-z", arity: 3, in: [3][2]float64{anyRange, anyRange, anyRange}, f3: fp.Flags.MulSub,
		native: func(x, y, z float32) float32 { return float32(math.FMA(float64(x), float64(y), -float64(z))) }},
	{name: "x/y", arity: 2, in: [3][2]float64{anyRange, anyRange}, f2: fp.Flags.Div, native: func(x, y, _ float32) float32 { return x / y }},
	{name: "1.0f/x", arity: 1, in: [3][2]float64{anyRange}, f1: fp.Flags.Rcp, native: func(x, _, _ float32) float32 { return 1 / x }},
	{name: "1.0f/sqrtf(x)", arity: 1, in: [3][2]float64{posRange}, f1: fp.Flags.RcpSqrt,
		native: func(x, _, _ float32) float32 { return float32(1 / math.Sqrt(float64(x))) }},
	{name: "expf", arity: 1, in: [3][2]float64{expRange}, f1: fp.Flags.Expf, native: func(x, _, _ float32) float32 { return float32(math.Exp(float64(x))) }},
	{name: "exp2f", arity: 1, in: [3][2]float64{expRange}, f1: fp.Flags.Exp2f, native: func(x, _, _ float32) float32 { return float32(math.Exp2(float64(x))) }},
	{name: "exp10f", arity: 1, in: [3][2]float64{{-37, 38}}, f1: fp.Flags.Exp10f,
		native: func(x, _, _ float32) float32 { return float32(math.Pow(10, float64(x))) }},
	{name: "logf", arity: 1, in: [3][2]float64{posRange}, f1: fp.Flags.Logf, native: func(x, _, _ float32) float32 { return float32(math.Log(float64(x))) }},
	{name: "log2f", arity: 1, in: [3][2]float64{posRange}, f1: fp.Flags.Log2f, native: func(x, _, _ float32) float32 { return float32(math.Log2(float64(x))) }},
	{name: "log10f", arity: 1, in: [3][2]float64{posRange}, f1: fp.Flags.Log10f, native: func(x, _, _ float32) float32 { return float32(math.Log10(float64(x))) }},
	{name: "powf", arity: 2, in: [3][2]float64{{0, 16}, {-40, 40}}, f2: fp.Flags.Powf,
		native: func(x, y, _ float32) float32 { return float32(math.Pow(float64(x), float64(y))) }},
	{name: "sqrtf", arity: 1, in: [3][2]float64{posRange}, f1: fp.Flags.Sqrtf, native: func(x, _, _ float32) float32 { return float32(math.Sqrt(float64(x))) }},
	{name: "rsqrtf", arity: 1, in: [3][2]float64{posRange}, f1: fp.Flags.Rsqrtf,
		native: func(x, _, _ float32) float32 { return float32(1 / math.Sqrt(float64(x))) }},
	{name: "rintf", arity: 1, in: [3][2]float64{anyRange}, f1: fp.Flags.Rintf, native: func(x, _, _ float32) float32 { return float32(math.RoundToEven(float64(x))) }},
	{name: "truncf", arity: 1, in: [3][2]float64{anyRange}, f1: fp.Flags.Truncf, native: func(x, _, _ float32) float32 { return float32(math.Trunc(float64(x))) }},
	{name: "floorf", arity: 1, in: [3][2]float64{anyRange}, f1: fp.Flags.Floorf, native: func(x, _, _ float32) float32 { return float32(math.Floor(float64(x))) }},
	{name: "ceilf", arity: 1, in: [3][2]float64{anyRange}, f1: fp.Flags.Ceilf, native: func(x, _, _ float32) float32 { return float32(math.Ceil(float64(x))) }},
	{name: "fabsf", arity: 1, in: [3][2]float64{anyRange}, f1: fp.Flags.Fabsf, native: func(x, _, _ float32) float32 { return float32(math.Abs(float64(x))) }},
	{name: "fminf", arity: 2, in: [3][2]float64{anyRange, anyRange}, f2: fp.Flags.Fminf, native: func(x, y, _ float32) float32 { return min(x, y) }},
	{name: "fmaxf", arity: 2, in: [3][2]float64{anyRange, anyRange}, f2: fp.Flags.Fmaxf, native: func(x, y, _ float32) float32 { return max(x, y) }},
	{name: "copysignf", arity: 2, in: [3][2]float64{anyRange, anyRange}, f2: fp.Flags.Copysignf,
		native: func(x, y, _ float32) float32 { return float32(math.Copysign(float64(x), float64(y))) }},
	{name: "fmaf", arity: 3, in: [3][2]float64{anyRange, anyRange, anyRange}, f3: fp.Flags.Fmaf,
		native: func(x, y, z float32) float32 { return float32(math.FMA(float64(x), float64(y), float64(z))) }},
	{name: "fdividef", arity: 2, in: [3][2]float64{anyRange, anyRange}, f2: fp.Flags.Fdividef, native: func(x, y, _ float32) float32 { return x / y }},
	{name: "fdimf", arity: 2, in: [3][2]float64{anyRange, anyRange}, f2: fp.Flags.Fdimf,
		native: func(x, y, _ float32) float32 { return float32(math.Dim(float64(x), float64(y))) }},
}

// benchInputs returns benchN floats drawn uniformly from [lo, hi] (in
// magnitude on a log scale when the range is positive and wide).
func benchInputs(seed uint64, r [2]float64) []float32 {
	rng := rand.New(rand.NewPCG(seed, seed))
	out := make([]float32, benchN)
	for i := range out {
		if r[0] > 0 && r[1]/r[0] > 1e3 {
			out[i] = float32(math.Exp(math.Log(r[0]) + (math.Log(r[1])-math.Log(r[0]))*rng.Float64()))
		} else {
			out[i] = float32(r[0] + (r[1]-r[0])*rng.Float64())
		}
	}
	return out
}

var sink float32

// loop evaluates one function over the inputs.
func (c *benchCase) loop(fl fp.Flags, x, y, z []float32) func() {
	switch c.arity {
	case 1:
		f := c.f1
		return func() {
			var s float32
			for i := range x {
				s += f(fl, x[i])
			}
			sink = s
		}
	case 2:
		f := c.f2
		return func() {
			var s float32
			for i := range x {
				s += f(fl, x[i], y[i])
			}
			sink = s
		}
	}
	f := c.f3
	return func() {
		var s float32
		for i := range x {
			s += f(fl, x[i], y[i], z[i])
		}
		sink = s
	}
}

// BenchmarkFuncs times each function and its native route interleaved,
// 1024 calls of one then 1024 of the other, on the thread's CPU clock where
// there is one (Linux; benchClock), so that both see the same machine and
// waiting for a CPU counts for neither: ns/call is the emulation's,
// native-ns/call the native route's, x-native their ratio.
func BenchmarkFuncs(b *testing.B) {
	for _, c := range benchCases {
		x, y, z := benchInputs(1, c.in[0]), benchInputs(2, c.in[1]), benchInputs(3, c.in[2])
		native := func() {
			var s float32
			for i := range x {
				s += c.native(x[i], y[i], z[i])
			}
			sink = s
		}
		for _, fl := range []fp.Flags{{}, fp.FastMath} {
			b.Run(c.name+"/flags="+fl.Name(), func(b *testing.B) {
				interleaved(b, native, c.loop(fl, x, y, z))
			})
		}
	}
}

// interleaved times benchN calls of native and of emu alternately on the
// thread's CPU clock (benchClock) and reports ns/call, native-ns/call and
// their ratio x-native.
func interleaved(b *testing.B, native, emu func()) {
	b.ReportAllocs()
	defer lockClock()()
	var tNat, tEmu time.Duration
	n := 0
	for b.Loop() {
		t0 := benchClock()
		native()
		t1 := benchClock()
		emu()
		t2 := benchClock()
		tNat += t1 - t0
		tEmu += t2 - t1
		n++
	}
	calls := float64(n * benchN)
	b.ReportMetric(float64(tEmu.Nanoseconds())/calls, "ns/call")
	b.ReportMetric(float64(tNat.Nanoseconds())/calls, "native-ns/call")
	b.ReportMetric(float64(tEmu)/float64(tNat), "x-native")
	b.ReportMetric(0, "ns/op")
}

// TestNoAllocs checks that no function allocates.
func TestNoAllocs(t *testing.T) {
	for _, c := range benchCases {
		x, y, z := benchInputs(1, c.in[0])[:16], benchInputs(2, c.in[1])[:16], benchInputs(3, c.in[2])[:16]
		for _, fl := range allFlags {
			if n := testing.AllocsPerRun(10, c.loop(fl, x, y, z)); n != 0 {
				t.Errorf("%s [%s]: %v allocations per run", c.name, fl.Name(), n)
			}
		}
	}
}

// halfBench lists the 16-bit functions (half_math.go, half_trig.go) by CUDA name, each
// with the domain of its typical inputs (as float32 values, converted to
// each format) and its native route: the float64 function on the value,
// converted to float32 (Go has no 16-bit float).
var halfBench = []struct {
	name      string
	in        [2]float64
	f16, bf16 func(fp.Flags, uint16) uint16
	native    func(float64) float64
}{
	{"hsqrt", [2]float64{1e-4, 6e4}, fp.Flags.HsqrtF16, fp.Flags.HsqrtBF16, math.Sqrt},
	{"hrsqrt", [2]float64{1e-4, 6e4}, fp.Flags.HrsqrtF16, fp.Flags.HrsqrtBF16, func(v float64) float64 { return 1 / math.Sqrt(v) }},
	{"hrcp", [2]float64{-6e4, 6e4}, fp.Flags.HrcpF16, fp.Flags.HrcpBF16, func(v float64) float64 { return 1 / v }},
	{"hexp", [2]float64{-17, 11}, fp.Flags.HexpF16, fp.Flags.HexpBF16, math.Exp},
	{"hexp2", [2]float64{-25, 16}, fp.Flags.Hexp2F16, fp.Flags.Hexp2BF16, math.Exp2},
	{"hexp10", [2]float64{-7, 4.8}, fp.Flags.Hexp10F16, fp.Flags.Hexp10BF16, func(v float64) float64 { return math.Pow(10, v) }},
	{"hlog", [2]float64{1e-4, 6e4}, fp.Flags.HlogF16, fp.Flags.HlogBF16, math.Log},
	{"hlog2", [2]float64{1e-4, 6e4}, fp.Flags.Hlog2F16, fp.Flags.Hlog2BF16, math.Log2},
	{"hlog10", [2]float64{1e-4, 6e4}, fp.Flags.Hlog10F16, fp.Flags.Hlog10BF16, math.Log10},
	{"hsin", [2]float64{-10, 10}, fp.Flags.HsinF16, fp.Flags.HsinBF16, math.Sin},
	{"hcos", [2]float64{-10, 10}, fp.Flags.HcosF16, fp.Flags.HcosBF16, math.Cos},
	{"htanh", [2]float64{-5, 5}, fp.Flags.HtanhF16, fp.Flags.HtanhBF16, math.Tanh},
	{"htanh_approx", [2]float64{-5, 5}, fp.Flags.HtanhApproxF16, fp.Flags.HtanhApproxBF16, math.Tanh},
}

var sink16 uint16

// BenchmarkHalfFuncs times each 16-bit function of both formats as
// BenchmarkFuncs does the float32 ones (ns/call, native-ns/call, x-native),
// under the default flags and -use_fast_math.
func BenchmarkHalfFuncs(b *testing.B) {
	for _, c := range halfBench {
		xf := benchInputs(1, c.in)
		for _, t := range []struct {
			pfx  string
			f    func(fp.Flags, uint16) uint16
			from func(uint32, rounding.Mode) uint16
		}{{"f16", c.f16, rounding.F32ToF16}, {"bf16", c.bf16, rounding.F32ToBF16}} {
			x := make([]uint16, len(xf))
			for i, v := range xf {
				x[i] = t.from(math.Float32bits(v), rounding.RN)
			}
			native := func() {
				var s float32
				for i := range xf {
					s += float32(c.native(float64(xf[i])))
				}
				sink = s
			}
			for _, fl := range []fp.Flags{{}, fp.FastMath} {
				b.Run(t.pfx+":"+c.name+"/flags="+fl.Name(), func(b *testing.B) {
					interleaved(b, native, func() {
						var s uint16
						for i := range x {
							s += t.f(fl, x[i])
						}
						sink16 = s
					})
				})
			}
		}
	}
}

// TestNoAllocsHalf checks that no 16-bit function allocates.
func TestNoAllocsHalf(t *testing.T) {
	for _, c := range halfBench {
		for _, f := range []func(fp.Flags, uint16) uint16{c.f16, c.bf16} {
			for _, fl := range allFlags {
				if n := testing.AllocsPerRun(10, func() { sink16 += f(fl, 0x3c01) + f(fl, 0x7fff) + f(fl, 0x8001) }); n != 0 {
					t.Errorf("%s [%s]: %v allocations per run", c.name, fl.Name(), n)
				}
			}
		}
	}
}
