package ulp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

var sinkBits uint32
var sinkDD DD

// benchClass is a named set of inputs of a reference.
type benchClass struct {
	name string
	gen  func(r *rand.Rand) (x, y uint32)
}

func inBinades(lo, hi int) func(r *rand.Rand) (uint32, uint32) {
	return func(r *rand.Rand) (uint32, uint32) {
		b := uint32(lo + r.IntN(hi-lo+1))
		return b<<23 | r.Uint32()&0x807fffff, 0
	}
}

// benchClasses returns the input classes of a reference: "typical" (the
// binades where the function does real work), "bits" (uniform bit patterns:
// what an exhaustive sweep sees) and, for trigonometric functions, "huge"
// (|x| ≥ 2^20, Payne–Hanek reduction).
func benchClasses(name string) []benchClass {
	bits := benchClass{"bits", func(r *rand.Rand) (uint32, uint32) { return r.Uint32(), r.Uint32() }}
	var typical benchClass
	switch name {
	case "exp", "exp2", "exp10", "tanh":
		typical = benchClass{"typical", inBinades(f32.Bias-10, f32.Bias+5)}
	case "log", "log2", "log10", "sqrt", "rsqrt", "rcp":
		typical = benchClass{"typical", func(r *rand.Rand) (uint32, uint32) { return r.Uint32() & 0x7fffffff % 0x7f800000, 0 }}
	case "sin", "cos", "tan":
		typical = benchClass{"typical", inBinades(f32.Bias-6, f32.Bias+6)}
		return []benchClass{typical, bits, {"huge", inBinades(f32.Bias+20, f32.Bias+127)}}
	case "pow":
		typical = benchClass{"typical", func(r *rand.Rand) (uint32, uint32) {
			x := math.Float32bits(float32(r.Float64() * 16))
			y := math.Float32bits(float32(r.Float64()*80 - 40))
			return x, y
		}}
	case "div":
		typical = benchClass{"typical", func(r *rand.Rand) (uint32, uint32) {
			return uint32(f32.Bias-20+r.IntN(41))<<23 | r.Uint32()&0x807fffff, uint32(f32.Bias-20+r.IntN(41))<<23 | r.Uint32()&0x807fffff
		}}
	case "sinh", "cosh", "expm1", "cbrt", "rcbrt", "hypot", "rhypot":
		typical = benchClass{"typical", func(r *rand.Rand) (uint32, uint32) { return drawHyp(r, name) }}
	case "j0", "j1", "y0", "y1", "jn", "yn":
		typical = benchClass{"typical", func(r *rand.Rand) (uint32, uint32) { return drawBessel(r, name) }}
	case "sinpi", "cospi":
		typical = benchClass{"typical", func(r *rand.Rand) (uint32, uint32) { return drawTrigPi(r), 0 }}
	}
	return []benchClass{typical, bits}
}

// BenchmarkRef measures each reference's Eval (rounded result in RN, value
// and fallback flag from one evaluation), per input class.
func BenchmarkRef(b *testing.B) {
	for _, ref := range refs {
		for _, c := range benchClasses(ref.name) {
			if c.gen == nil { // no typical class listed for this reference
				continue
			}
			r := rand.New(rand.NewPCG(1, 2))
			const n = 1 << 12
			in := make([]Input, n)
			for i := range in {
				in[i].X, in[i].Y = c.gen(r)
			}
			b.Run(fmt.Sprintf("%s/class=%s", ref.name, c.name), func(b *testing.B) {
				b.ReportAllocs()
				c0 := cpuTime()
				for b.Loop() {
					for _, a := range in {
						sinkBits, sinkDD, _ = ref.Eval(a, rounding.RN)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/call")
				// CPU time of the process: on a shared machine the wall clock
				// also counts other processes' time slices.
				b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N*n), "cpu-ns/call")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// BenchmarkOracle measures one enclosure of the oracle at a fixed working
// precision (one step of its Ziv loop), as BenchmarkOracleExp/prec=64.
func BenchmarkOracle(b *testing.B) {
	for _, f := range oracle.Funcs {
		cs := benchClasses(f.Name)
		r := rand.New(rand.NewPCG(1, 2))
		const n = 64
		var in [n][2]uint32
		for i := range in {
			in[i][0], in[i][1] = cs[0].gen(r)
		}
		for _, prec := range []uint{53, 64, 128} {
			b.Run(fmt.Sprintf("%s/prec=%d", f.Name, prec), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, a := range in {
						f.Enclose(a[0], a[1], prec)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/call")
				b.ReportMetric(0, "ns/op")
			})
		}
		b.Run(fmt.Sprintf("%s/round=RN", f.Name), func(b *testing.B) {
			for b.Loop() {
				for _, a := range in {
					if f.Arity == 1 {
						sinkBits = f.Round(a[0], rounding.RN)
					} else {
						sinkBits = f.Round2(a[0], a[1], rounding.RN)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/call")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkSweepParts splits the per-input cost of an exhaustive sweep of
// the stand-ins into its parts: the stand-in, the reference (ref: Eval in
// RN input by input; refrun: evalRun1 on batches, as a sweep runs it), the
// statistics (stats: Stats.add on precomputed results; addrun: Stats.addRun
// on batches, with Dist and Err, as a sweep runs it), and the whole loop.
// The inputs are 64 runs of 2^14 consecutive encodings spread over the 2^32,
// as a sweep sees them (long runs of one class: predictable branches).
func BenchmarkSweepParts(b *testing.B) {
	const n = 1 << 20
	xs := make([]uint32, n)
	for i := range xs {
		xs[i] = uint32(i>>14)*(1<<26+4093<<10) + uint32(i&(1<<14-1))
	}
	for _, s := range standIns {
		gots := make([]uint32, n)
		wants := make([]uint32, n)
		vals := make([]DD, n)
		for i, x := range xs {
			gots[i] = s.f(x)
			wants[i], vals[i], _ = s.ref.eval1(x, rounding.RN)
		}
		run := func(name string, body func()) {
			b.Run(s.ref.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				c0 := cpuTime()
				for b.Loop() {
					body()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/input")
				b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N*n), "cpu-ns/input")
				b.ReportMetric(0, "ns/op")
			})
		}
		run("standin", func() {
			for _, x := range xs {
				sinkBits = s.f(x)
			}
		})
		run("ref", func() {
			for _, x := range xs {
				sinkBits, sinkDD, _ = s.ref.eval1(x, rounding.RN)
			}
		})
		run("stats", func() {
			st := newStats(nil)
			for i, x := range xs {
				st.add(Input{X: x}, gots[i], wants[i], vals[i], false, true)
			}
		})
		// The batched forms an exhaustive sweep runs: the reference on
		// batches of consecutive inputs, the statistics with Dist and Err.
		run("refrun", func() {
			buf := new(batchBuf)
			for i := 0; i < n; i += BatchLen {
				s.ref.evalRun1(xs[i], rounding.RN, buf.want[:], buf.val[:])
			}
		})
		run("addrun", func() {
			st := newStats(nil)
			buf := new(batchBuf)
			for i := 0; i < n; i += BatchLen {
				st.addRun(xs[i], nil, gots[i:i+BatchLen], wants[i:i+BatchLen], vals[i:i+BatchLen], buf.dist[:], buf.err[:], 0)
			}
		})
		run("all", func() {
			st := newStats(nil)
			buf := new(batchBuf)
			for i := 0; i < n; i += 1 << 14 {
				for x0 := xs[i]; x0 < xs[i]+1<<14; x0 += BatchLen {
					for j := range buf.got {
						buf.got[j] = s.f(x0 + uint32(j))
					}
					slow := s.ref.evalRun1(x0, rounding.RN, buf.want[:], buf.val[:])
					st.addRun(x0, nil, buf.got[:], buf.want[:], buf.val[:], buf.dist[:], buf.err[:], slow)
				}
			}
		})
	}
}
