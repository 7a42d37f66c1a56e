package bench

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
)

// Implementations timed by the per-call cases (Case.Impl).
const (
	Emu        = "emu"        // the emulation: fp, intrinsics or ptx, under the case's flags
	Native     = "native"     // the Go a user would write instead (float32 operator, float64 math): not bit-exact
	Ref        = "ref"        // the certified reference (ulp.Ref Round/Round2 in the function's mode)
	Bigfloat53 = "bigfloat53" // github.com/ALTree/bigfloat at 53 bits, rounded to float32
	Bigfloat64 = "bigfloat64" // github.com/ALTree/bigfloat at 64 bits, rounded to float32
	Sweep      = "sweep"      // sweep cases: emulation, reference and statistics through package ulp
)

// Top-level benchmarks (Case.Bench).
const (
	BenchFunc  = "Func"  // per-call cases: BenchmarkFunc
	BenchSweep = "Sweep" // sweep throughput: BenchmarkSweep
)

// A Case is one benchmark of the suite: a catalog function under a flag set,
// on one input class, through one implementation (per-call cases), or one
// part of a sweep (sweep cases). Its Benchmark method is a benchmark
// function: go test runs it with b.Run(c.Name, c.Benchmark) and cmd/cudafp
// with testing.Benchmark(c.Benchmark), so both print the same measurements.
//
// One benchmark op evaluates Per inputs; the metrics are per call (per
// input for sweeps): ns/call, cpu-ns/call (process CPU time, which other
// processes on a loaded machine do not inflate), Mcalls/s, and for the
// emulation x-native (its ns/call over the native route's, on the same
// inputs) and for the reference x-bigfloat64 (its ns/call over bigfloat's at
// 64 bits), each also on CPU time (x-native-cpu, x-bigfloat64-cpu). The
// built-in ns/op is suppressed: an op is Per calls.
type Case struct {
	Bench string     // BenchFunc or BenchSweep
	Name  string     // sub-benchmark name: "expf/flags=default/class=normal/impl=emu", "expf/flags=fast/part=sweep"
	Func  *spec.Func // the catalogued function
	Flags fp.Flags   // the nvcc flags of the emulation (the native route, the reference and bigfloat ignore them)
	Class string     // input class (Normal, Subnormal, Special, Huge, Small); "" for sweep cases
	Impl  string     // Emu, Native, Ref, Bigfloat53 or Bigfloat64; Emu or Sweep for sweep cases
	Expr  string     // what is timed, in Go
	Unit  string     // "call", or "input" for sweep cases
	Per   int        // calls (inputs) per benchmark op
	Base  *Case      // the case this one's ratio metric divides by (emulation: native; reference: bigfloat64), or nil

	// Typed is false for an emulation case without a typed binding in
	// this package, timed through the catalog kernel (spec.Func.Impl).
	Typed bool

	prepare func() runner
	// accuracy, when set, reports the accuracy metrics after the timed
	// loop (accuracyReporter).
	accuracy func(b *testing.B)

	mu      sync.Mutex
	last    float64 // wall-clock ns per call of the last completed run, 0 before
	lastCPU float64 // CPU ns per call of the last completed run
}

// nsPerCall returns the wall-clock and CPU ns/call of c's last run, 0 if it
// has not run.
func (c *Case) nsPerCall() (wall, cpu float64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last, c.lastCPU
}

// RatioUnit is the unit of c's ratio metric ("x-native", "x-bigfloat64"),
// or "" when c has no base case.
func (c *Case) RatioUnit() string {
	if c.Base == nil {
		return ""
	}
	return "x-" + c.Base.Impl
}

// FullName is the benchmark's name as go test prints it, without the
// GOMAXPROCS suffix.
func (c *Case) FullName() string { return "Benchmark" + c.Bench + "/" + c.Name }

var sink uint64

// Benchmark runs c as a benchmark function. It asserts nothing about
// timings.
func (c *Case) Benchmark(b *testing.B) {
	r := c.prepare()
	b.ReportAllocs()
	c0 := cpuTime()
	for b.Loop() {
		r.run()
	}
	cpu := cpuTime() - c0
	calls := float64(b.N) * float64(c.Per)
	ns := float64(b.Elapsed().Nanoseconds()) / calls
	cpuNs := float64(cpu.Nanoseconds()) / calls
	if r.result != nil {
		sink += r.result(0)
	}
	b.ReportMetric(ns, "ns/"+c.Unit)
	if cpu > 0 {
		b.ReportMetric(cpuNs, "cpu-ns/"+c.Unit)
	}
	b.ReportMetric(1e3/ns, "M"+c.Unit+"s/s")
	if c.Base != nil {
		base, baseCPU := c.Base.nsPerCall()
		if base > 0 {
			b.ReportMetric(ns/base, c.RatioUnit())
		}
		if baseCPU > 0 && cpu > 0 {
			b.ReportMetric(cpuNs/baseCPU, c.RatioUnit()+"-cpu")
		}
	}
	b.ReportMetric(0, "ns/op")
	if c.accuracy != nil {
		c.accuracy(b)
	}
	c.mu.Lock()
	c.last, c.lastCPU = ns, cpuNs
	c.mu.Unlock()
}

// Result is the outcome of one case: plain data for tables and JSON.
type Result struct {
	Bench      string  `json:"bench"` // "Func" or "Sweep"
	Name       string  `json:"name"`  // full benchmark name, as go test prints it without the -GOMAXPROCS suffix
	Func       string  `json:"func"`  // CUDA name
	ID         string  `json:"id"`    // catalog ID
	Flags      string  `json:"flags"` // nvcc spelling of the emulation's flags ("" for the default build)
	FlagsName  string  `json:"flags_name"`
	Class      string  `json:"class,omitempty"`
	Impl       string  `json:"impl"`
	Expr       string  `json:"expr"`
	Unit       string  `json:"unit"`                // "call" or "input"
	Iterations int     `json:"iterations"`          // benchmark ops run
	Per        int     `json:"per_op"`              // calls (inputs) per op
	Ns         float64 `json:"ns"`                  // wall-clock ns per call (input)
	CPUNs      float64 `json:"cpu_ns"`              // process CPU ns per call (input); 0 when unavailable
	MPerS      float64 `json:"m_per_s"`             // millions of calls (inputs) per second
	Ratio      float64 `json:"ratio,omitempty"`     // Ns over the base case's Ns; 0 when the base did not run first
	CPURatio   float64 `json:"cpu_ratio,omitempty"` // CPUNs over the base case's CPUNs
	RatioTo    string  `json:"ratio_to,omitempty"`  // the base's Impl: "native" or "bigfloat64"
	AllocsOp   int64   `json:"allocs_per_op"`
	BytesOp    int64   `json:"bytes_per_op"`
}

// Result converts what testing.Benchmark(c.Benchmark) returned.
func (c *Case) Result(br testing.BenchmarkResult) Result {
	r := Result{
		Bench: c.Bench, Name: c.FullName(), Func: c.Func.Name, ID: c.Func.ID,
		Flags: c.Flags.String(), FlagsName: c.Flags.Name(), Class: c.Class, Impl: c.Impl, Expr: c.Expr,
		Unit: c.Unit, Iterations: br.N, Per: c.Per,
		Ns: br.Extra["ns/"+c.Unit], CPUNs: br.Extra["cpu-ns/"+c.Unit], MPerS: br.Extra["M"+c.Unit+"s/s"],
		AllocsOp: br.AllocsPerOp(), BytesOp: br.AllocedBytesPerOp(),
	}
	if u := c.RatioUnit(); u != "" {
		if v, ok := br.Extra[u]; ok {
			r.Ratio, r.RatioTo = v, c.Base.Impl
		}
		r.CPURatio = br.Extra[u+"-cpu"]
	}
	return r
}

// DefaultFlags are the flag sets benchmarked when none are given: nvcc's
// default and -use_fast_math.
var DefaultFlags = []fp.Flags{spec.Default, spec.FastMath}

// Implemented returns the implemented catalog functions, in catalog order.
func Implemented() []*spec.Func {
	var out []*spec.Func
	for _, f := range spec.All() {
		if f.Implemented() {
			out = append(out, f)
		}
	}
	return out
}

// flagSets returns the flag sets of flags under which f is benchmarked: the
// first, and each later one that changes f's results (spec.Sens.Effective)
// from every earlier one.
func flagSets(f *spec.Func, flags []fp.Flags) []fp.Flags {
	var out []fp.Flags
	seen := map[fp.Flags]bool{}
	for _, fl := range flags {
		e := f.Sens.Effective(fl)
		if seen[e] {
			continue
		}
		seen[e] = true
		out = append(out, fl)
	}
	return out
}

// benchName returns f's name in benchmark names: its CUDA name, or its
// catalog ID for the operators, whose names hold a '/' ("x/y").
func benchName(f *spec.Func) string {
	if f.Kind == spec.Operator || strings.ContainsAny(f.Name, "/ ") {
		return f.ID
	}
	return f.Name
}

// Cases returns the per-call cases of funcs (every implemented function
// when nil) under each of flags (DefaultFlags when nil) that changes the
// function (flagSets), in a fixed order: per function, per flag set, per
// input class, the implementations in the order Native, Emu, Bigfloat53,
// Bigfloat64, Ref, so that each ratio's base runs before the case that
// reports it. The native route, the reference and bigfloat do not depend
// on nvcc flags: they run once, with the function's first flag set.
// bigfloat runs only on class Normal (random inputs of the usual domain).
func Cases(funcs []*spec.Func, flags []fp.Flags) []*Case {
	if funcs == nil {
		funcs = Implemented()
	}
	if flags == nil {
		flags = DefaultFlags
	}
	var out []*Case
	for _, f := range funcs {
		if !f.Implemented() {
			continue
		}
		nat, hasNative := nativeOf(f)
		ref, hasRef := referenceOf(f)
		_, hasBig := bigfloatExpr[f.Ref]
		hasBig = hasBig && hasRef
		natives := map[string]*Case{}
		for k, fl := range flagSets(f, flags) {
			for _, cl := range classes(f) {
				in := func() columns { return cl.inputs(f, Calls) }
				mk := func(impl, expr string, prep func() runner) *Case {
					return &Case{
						Bench: BenchFunc, Name: fmt.Sprintf("%s/flags=%s/class=%s/impl=%s", benchName(f), fl.Name(), cl.name, impl),
						Func: f, Flags: fl, Class: cl.name, Impl: impl, Expr: expr, Unit: "call", Per: Calls, prepare: prep,
					}
				}
				if k == 0 && hasNative {
					nc := mk(Native, nat.expr, func() runner { return nat.bind(in()) })
					nc.accuracy = accuracyReporter(f, in, nat.bind)
					natives[cl.name] = nc
					out = append(out, nc)
				}
				_, typed := emuBindings[f.ID]
				emu := func(in columns) runner { r, _ := emulation(f, fl, in); return r }
				ec := mk(Emu, emuExpr(f, fl), func() runner { return emu(in()) })
				ec.Typed, ec.Base, ec.accuracy = typed, natives[cl.name], accuracyReporter(f, in, emu)
				out = append(out, ec)
				if k != 0 || !hasRef {
					continue
				}
				var big64 *Case
				if hasBig && cl.name == Normal {
					for _, p := range bigfloatPrecs {
						impl := fmt.Sprintf("bigfloat%d", p)
						bc := mk(impl, fmt.Sprintf("%s at %d bits, .Float32()", bigfloatExpr[f.Ref], p), func() runner { return bigfloatRunner(f.Ref, p, in()) })
						out = append(out, bc)
						if impl == Bigfloat64 {
							big64 = bc
						}
					}
				}
				rc := mk(Ref, refExpr(f), func() runner { return refRunner(ref, f, in()) })
				rc.Base = big64
				out = append(out, rc)
			}
		}
	}
	return out
}

// emuExpr spells the emulation call the way a user writes it.
func emuExpr(f *spec.Func, fl fp.Flags) string {
	g := f.Go
	switch {
	case strings.HasPrefix(g, "fp."):
		recv := "fp.Flags{}"
		switch fl {
		case spec.Default:
		case spec.FastMath:
			recv = "fp.FastMath"
		default:
			recv = fmt.Sprintf("fp.Flags(%q)", fl.String())
		}
		return recv + "." + strings.TrimPrefix(g, "fp.")
	case strings.HasPrefix(g, "intrinsics.") && fl.FTZ && f.Sens&spec.SensFTZ != 0:
		return "intrinsics.Target{FTZ: true}." + strings.TrimPrefix(g, "intrinsics.")
	}
	return g
}

// refExpr spells the reference call.
func refExpr(f *spec.Func) string {
	args := "x"
	call := "Round"
	switch {
	case f.Array:
		args, call = "a[:d]", "RoundN"
	case f.Arity() == 2:
		args, call = "x, y", "Round2"
	case f.Arity() == 3:
		args, call = "x, y, z", "Round3"
	case f.Arity() == 4:
		args, call = "[]uint32{x, y, z, w}", "RoundN"
	}
	return fmt.Sprintf("ulp.%s.%s(%s, %s)", exportedRef(f.Ref), call, args, f.Mode)
}

// exportedRef returns the name of package ulp's variable for a reference.
func exportedRef(name string) string {
	if name == "" {
		return ""
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// Lookup returns the case of cs with the given Name (or FullName).
func Lookup(cs []*Case, name string) (*Case, bool) {
	for _, c := range cs {
		if c.Name == name || c.FullName() == name {
			return c, true
		}
	}
	return nil, false
}

// geomean returns the geometric mean of positive values.
func geomean(vs []float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	s := 0.0
	for _, v := range vs {
		s += math.Log(v)
	}
	return math.Exp(s / float64(len(vs)))
}
