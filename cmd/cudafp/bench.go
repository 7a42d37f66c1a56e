package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/cudafp/cudafp/bench"
	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
)

// benchClasses are the input class names of package bench.
var benchClasses = []string{bench.Normal, bench.Subnormal, bench.Special, bench.Huge, bench.Small}

// benchOptions are the options of cudafp bench.
type benchOptions struct {
	funcs     []*spec.Func
	flags     []fp.Flags
	classes   []string // nil: all
	sweep     bool
	benchtime time.Duration
	cpuClock  bool
	command   string // the command line, for the header
}

func newBench() *cobra.Command {
	var (
		funcNames []string
		flagsText []string
		classes   []string
		asJSON    bool
		targets   bool
		from      string
		sweep     bool
		benchtime time.Duration
		clock     string
		kernels   bool
	)
	cmd := &cobra.Command{
		Use:   "bench [--funcs F,G,...] [--targets] [--flags \"NVCC FLAGS\"]... [--class C,...] [--sweep=false] [--benchtime D] [--clock wall|cpu] [--json] [--from FILE]",
		Short: "Time the emulation against the native Go route, the certified reference and bigfloat",
		Long: `Time every implemented function (or those named with --funcs, and with --targets those the throughput
targets read) under the default flags and -use_fast_math (or
the --flags given; a flag set that does not change a function is skipped for it), on input classes chosen by
its family (normal, subnormal, special, huge; small for integer arguments), and in the same run the native Go
route a user would write instead (float32(math.Exp(float64(x))), x + y, …), the certified reference (package
ulp) and github.com/ALTree/bigfloat at 53 and 64 bits; then the throughput of ULP sweeps (emulation alone, and
emulation with reference and statistics). Prints Markdown tables (per call, sweeps, the throughput targets) with
the machine they ran on, or JSON with --json.

The cases are package bench's, the same as 'go test ./bench -bench .', timed by testing.Benchmark for
--benchtime each. All functions take several minutes; timings on a loaded machine are noisy: --clock cpu
prints process CPU time instead of wall-clock time.

With --kernels it times the kernel corpus instead (testdata/kernels, the PTX of the default flags): each case
on one worker and on every core, in thread-instructions per second (package kernel's throughput; run it from the
repository root).

Exit status 0 on success, 1 on a runtime failure, 2 on a usage error.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var opt benchOptions
			var err error
			switch clock {
			case "wall":
			case "cpu":
				opt.cpuClock = true
			default:
				return usagef("--clock %q: want wall or cpu", clock)
			}
			if kernels {
				if cmd.Flags().Changed("funcs") || targets || from != "" || asJSON {
					return usagef("--kernels times the kernel corpus alone: no --funcs, --targets, --from or --json")
				}
				return benchKernels(cmd.OutOrStdout(), ".", benchtime)
			}
			if from != "" {
				rep, err := readBenchReport(from)
				if err != nil {
					return err
				}
				rep.rendered = commandLine(cmd)
				return rep.writeMarkdown(cmd.OutOrStdout(), opt.cpuClock)
			}
			if opt.funcs, err = benchFuncs(funcNames); err != nil {
				return err
			}
			if targets {
				opt.funcs = unionFuncs(opt.funcs, bench.TargetFuncs())
			}
			if opt.flags, err = reportFlags(flagsText); err != nil {
				return err
			}
			for _, c := range classes {
				c = strings.TrimSpace(c)
				if !slices.Contains(benchClasses, c) {
					return usagef("--class %q: want one of %s", c, strings.Join(benchClasses, ", "))
				}
				opt.classes = append(opt.classes, c)
			}
			if benchtime <= 0 {
				return usagef("--benchtime %v: want a positive duration", benchtime)
			}
			opt.sweep, opt.benchtime = sweep, benchtime
			opt.command = commandLine(cmd)
			rep, err := runBench(cmd, opt)
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			return rep.writeMarkdown(cmd.OutOrStdout(), opt.cpuClock)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&funcNames, "funcs", nil, "functions to time, by CUDA name or catalog ID, comma-separated (default: every implemented function)")
	f.BoolVar(&targets, "targets", false, "time the functions the throughput targets read (with those of --funcs)")
	f.StringArrayVar(&flagsText, "flags", nil, "a flag set in nvcc spelling (repeatable; default: the default flags and -use_fast_math)")
	f.StringSliceVar(&classes, "class", nil, "input classes, comma-separated: normal, subnormal, special, huge, small (default: all)")
	f.BoolVar(&sweep, "sweep", true, "also time ULP sweeps")
	f.DurationVar(&benchtime, "benchtime", 100*time.Millisecond, "run time of each benchmark")
	f.StringVar(&clock, "clock", "wall", "time shown in the Markdown tables: wall (wall clock) or cpu (process CPU time)")
	f.BoolVar(&asJSON, "json", false, "print JSON instead of Markdown")
	f.StringVar(&from, "from", "", "print the Markdown tables of the results in FILE (the output of --json) instead of timing")
	f.BoolVar(&kernels, "kernels", false, "time the kernel corpus instead (package kernel: thread-instructions per second of each case of testdata/kernels on one worker and on every core; run from the repository root)")
	return cmd
}

// benchFuncs resolves --funcs to implemented catalog functions in catalog
// order; nil means every implemented function.
func benchFuncs(names []string) ([]*spec.Func, error) {
	if len(names) == 0 {
		return nil, nil
	}
	want := map[*spec.Func]bool{}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		f, err := lookup(n)
		if err != nil {
			return nil, err
		}
		if !f.Implemented() {
			return nil, usagef("%s is not implemented, nothing to time", n)
		}
		want[f] = true
	}
	if len(want) == 0 {
		return nil, usagef("--funcs: no function named")
	}
	var out []*spec.Func
	for _, f := range spec.All() {
		if want[f] {
			out = append(out, f)
		}
	}
	return out, nil
}

// unionFuncs returns the functions of a and b in catalog order.
func unionFuncs(a, b []*spec.Func) []*spec.Func {
	var out []*spec.Func
	for _, f := range spec.All() {
		if slices.Contains(a, f) || slices.Contains(b, f) {
			out = append(out, f)
		}
	}
	return out
}

// commandLine spells the command with the options given, for the header.
func commandLine(cmd *cobra.Command) string {
	parts := []string{"cudafp", "bench"}
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		vals := []string{fl.Value.String()}
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			vals = sv.GetSlice()
			if fl.Value.Type() != "stringArray" {
				vals = []string{strings.Join(vals, ",")}
			}
		}
		for _, v := range vals {
			if fl.Value.Type() == "bool" && v == "true" {
				parts = append(parts, "--"+fl.Name)
				continue
			}
			if strings.ContainsAny(v, " \"'*") || v == "" {
				v = "'" + v + "'"
			}
			parts = append(parts, "--"+fl.Name+"="+v)
		}
	})
	return strings.Join(parts, " ")
}

// machine describes where the benchmarks ran.
type machine struct {
	CPU        string  `json:"cpu"` // model name from /proc/cpuinfo
	Cores      int     `json:"cores"`
	GOMAXPROCS int     `json:"gomaxprocs"`
	Go         string  `json:"go"`
	GOOS       string  `json:"goos"`
	GOARCH     string  `json:"goarch"`
	LoadBefore float64 `json:"load_before"` // 1-minute load average before the run (/proc/loadavg); -1 unknown
	LoadAfter  float64 `json:"load_after"`
}

// benchReport is the output of cudafp bench.
type benchReport struct {
	Command    string               `json:"command"`
	Provenance string               `json:"provenance"`
	Machine    machine              `json:"machine"`
	Benchtime  string               `json:"benchtime"`
	Results    []bench.Result       `json:"results"`
	Targets    []bench.TargetResult `json:"targets"`

	rendered string // the command that rendered saved results (--from), if any
}

func cpuModel() string {
	fh, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	var l float64
	if _, err := fmt.Sscan(string(b), &l); err != nil {
		return -1
	}
	return l
}

// runBench times the cases with testing.Benchmark.
func runBench(cmd *cobra.Command, opt benchOptions) (*benchReport, error) {
	testing.Init() // registers -test.benchtime, which testing.Benchmark reads
	if err := flag.Set("test.benchtime", opt.benchtime.String()); err != nil {
		return nil, err
	}
	cases := bench.Cases(opt.funcs, opt.flags)
	if opt.classes != nil {
		cases = slices.DeleteFunc(cases, func(c *bench.Case) bool { return !slices.Contains(opt.classes, c.Class) })
	}
	if opt.sweep {
		cases = append(cases, bench.SweepCases(opt.funcs, opt.flags)...)
	}
	if len(cases) == 0 {
		return nil, usagef("nothing to time: no case of the functions, flags and classes given")
	}
	rep := &benchReport{
		Command: opt.command, Provenance: provenance(), Benchtime: opt.benchtime.String(),
		Machine: machine{
			CPU: cpuModel(), Cores: runtime.NumCPU(), GOMAXPROCS: runtime.GOMAXPROCS(0),
			Go: runtime.Version(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, LoadBefore: loadAverage(),
		},
	}
	bar := benchProgress(cmd, len(cases))
	for _, c := range cases {
		bar(c.FullName())
		rep.Results = append(rep.Results, c.Result(testing.Benchmark(c.Benchmark)))
	}
	bar("")
	rep.Machine.LoadAfter = loadAverage()
	for _, t := range bench.Targets {
		rep.Targets = append(rep.Targets, t.Evaluate(rep.Results))
	}
	return rep, nil
}

// benchProgress draws a progress bar on stderr when it is a terminal; the
// returned function advances it (an empty name ends it).
func benchProgress(cmd *cobra.Command, n int) func(name string) {
	stderr := cmd.ErrOrStderr()
	fh, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(fh.Fd())) {
		return func(string) {}
	}
	bar := progressbar.NewOptions(n, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("bench"),
		progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
	started := false
	return func(name string) {
		if name == "" {
			_ = bar.Finish()
			return
		}
		if started {
			_ = bar.Add(1)
		}
		started = true
		bar.Describe(name)
	}
}

// fmtNum formats a time, rate or ratio with about three significant
// digits; 0 (not measured) is a dash.
func fmtNum(v float64) string {
	switch a := math.Abs(v); {
	case v == 0 || math.IsNaN(v) || math.IsInf(v, 0):
		return "—"
	case a >= 1e5:
		return fmt.Sprintf("%.3g", v)
	case a >= 100:
		return fmt.Sprintf("%.0f", v)
	case a >= 10:
		return fmt.Sprintf("%.1f", v)
	case a >= 1:
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.2g", v)
}

// mdEscape makes a function name safe in a Markdown table cell.
func mdEscape(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "*", `\*`)
	return strings.ReplaceAll(s, "_", `\_`)
}

// writeMarkdown prints the report's tables. With cpu, times are process
// CPU time instead of wall-clock time.
func (r *benchReport) writeMarkdown(w io.Writer, cpu bool) error {
	ns := func(x bench.Result) float64 {
		if cpu {
			return x.CPUNs
		}
		return x.Ns
	}
	ratio := func(x bench.Result) float64 {
		if cpu {
			return x.CPURatio
		}
		return x.Ratio
	}
	clock := "wall-clock"
	if cpu {
		clock = "process CPU"
	}
	b := &strings.Builder{}
	m := r.Machine
	fmt.Fprintf(b, "<!-- Code generated by cudafp bench; DO NOT EDIT. -->\n\n")
	fmt.Fprintf(b, "Machine: %s, %d cores (GOMAXPROCS %d), %s %s/%s; load average %.2f before, %.2f after.  \n", m.CPU, m.Cores, m.GOMAXPROCS, m.Go, m.GOOS, m.GOARCH, m.LoadBefore, m.LoadAfter)
	fmt.Fprintf(b, "Command: `%s` (benchtime %s; times are %s).  \n", r.Command, r.Benchtime, clock)
	if r.rendered != "" {
		fmt.Fprintf(b, "Rendered by `%s`.  \n", r.rendered)
	}
	fmt.Fprintf(b, "Provenance: %s.\n\n", r.Provenance)

	// Targets, on wall-clock ratios (or CPU time with --clock cpu).
	if len(r.Targets) > 0 {
		fmt.Fprintf(b, "### Targets (class normal, default flags, %s time)\n\n", clock)
		fmt.Fprintf(b, "| target | functions | geometric mean | worst | met |\n|---|--:|--:|---|---|\n")
		for _, t := range r.Targets {
			t := t
			if cpu {
				t = t.Target.Evaluate(cpuResults(r.Results))
			}
			if t.N == 0 {
				fmt.Fprintf(b, "| %s | 0 | — | — | not measured |\n", mdEscape(t.Name))
				continue
			}
			met := "no"
			if t.Met {
				met = "yes"
			}
			worstName := t.WorstID
			if f, ok := spec.Lookup(t.WorstID); ok {
				worstName = f.Name
			}
			fmt.Fprintf(b, "| %s | %d | %s | %s (%s) | %s |\n", mdEscape(t.Name), t.N, fmtNum(t.Geomean), fmtNum(t.Worst), mdEscape(worstName), met)
		}
		fmt.Fprintln(b)
	}
	// Per-call table: one row per function, flag set and class.
	type key struct{ id, flags, class string }
	byKey := map[key]map[string]bench.Result{}
	firstFlags := map[key]string{} // per function and class, the flag set the native route ran in
	var order []key
	for _, x := range r.Results {
		if x.Bench != bench.BenchFunc {
			continue
		}
		k := key{x.ID, x.FlagsName, x.Class}
		if byKey[k] == nil {
			byKey[k] = map[string]bench.Result{}
			order = append(order, k)
		}
		byKey[k][x.Impl] = x
		if x.Impl == bench.Native {
			firstFlags[key{x.ID, "", x.Class}] = x.FlagsName
		}
	}
	if len(order) > 0 {
		fmt.Fprintf(b, "### Per call (%s ns/call)\n\n", clock)
		fmt.Fprintf(b, "| function | flags | class | emulation ns | Mcalls/s | native ns | emu/native | reference ns | bigfloat-53 ns | bigfloat-64 ns | ref/bigfloat-64 |\n")
		fmt.Fprintf(b, "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		allocs := map[string]bool{}
		for _, k := range order {
			row := byKey[k]
			e, hasEmu := row[bench.Emu]
			if !hasEmu {
				continue
			}
			if e.AllocsOp != 0 {
				allocs[e.Func] = true
			}
			nat, ok := row[bench.Native]
			if !ok {
				if fk, ok2 := firstFlags[key{k.id, "", k.class}]; ok2 {
					nat = byKey[key{k.id, fk, k.class}][bench.Native]
				}
			}
			cell := func(x bench.Result) string { return fmtNum(ns(x)) }
			mcalls := 0.0
			if v := ns(e); v > 0 {
				mcalls = 1e3 / v
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				mdEscape(e.Func), e.FlagsName, k.class, cell(e), fmtNum(mcalls), cell(nat), fmtNum(ratio(e)),
				cell(row[bench.Ref]), cell(row[bench.Bigfloat53]), cell(row[bench.Bigfloat64]), fmtNum(ratio(row[bench.Ref])))
		}
		if len(allocs) == 0 {
			fmt.Fprintf(b, "\nEvery emulation case allocates nothing (0 allocs/op).\n")
		} else {
			fmt.Fprintf(b, "\nEmulation cases that allocate: %s.\n", strings.Join(slices.Sorted(maps.Keys(allocs)), ", "))
		}
		// Native routes, once per expression.
		fmt.Fprintf(b, "\nNative routes (not bit-exact; the speed to beat):\n\n| function | native Go |\n|---|---|\n")
		seen := map[string]bool{}
		for _, x := range r.Results {
			if x.Impl == bench.Native && !seen[x.ID] {
				seen[x.ID] = true
				fmt.Fprintf(b, "| %s | `%s` |\n", mdEscape(x.Func), x.Expr)
			}
		}
		fmt.Fprintln(b)
	}

	// Sweep table.
	type skey struct{ id, flags string }
	sweeps := map[skey]map[string]bench.Result{}
	var sorder []skey
	for _, x := range r.Results {
		if x.Bench != bench.BenchSweep {
			continue
		}
		k := skey{x.ID, x.FlagsName}
		if sweeps[k] == nil {
			sweeps[k] = map[string]bench.Result{}
			sorder = append(sorder, k)
		}
		sweeps[k][x.Impl] = x
	}
	if len(sorder) > 0 {
		fmt.Fprintf(b, "### Sweeps (%s Minputs/s, one core)\n\n", clock)
		fmt.Fprintf(b, "| function | flags | emulation Minputs/s | emulation + reference + statistics Minputs/s | sweep / emulation time |\n|---|---|--:|--:|--:|\n")
		for _, k := range sorder {
			e, s := sweeps[k][bench.Emu], sweeps[k][bench.Sweep]
			rate := func(x bench.Result) float64 {
				if v := ns(x); v > 0 {
					return 1e3 / v
				}
				return 0
			}
			slow := 0.0
			if ns(e) > 0 {
				slow = ns(s) / ns(e)
			}
			fn := e.Func
			if fn == "" {
				fn = s.Func
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", mdEscape(fn), k.flags, fmtNum(rate(e)), fmtNum(rate(s)), fmtNum(slow))
		}
		fmt.Fprintf(b, "\nA sweep runs %d inputs per op (%s); sweeps use every core.\n\n", bench.SweepInputs, "8 blocks of 2^16 encodings across the binades for unary functions, the first generated inputs for the others")
	}

	_, err := io.WriteString(w, b.String())
	return err
}

// readBenchReport reads the output of cudafp bench --json.
func readBenchReport(path string) (*benchReport, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, usageError{err}
	}
	var rep benchReport
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, usagef("%s: %v", path, err)
	}
	if len(rep.Results) == 0 {
		return nil, usagef("%s: no benchmark results", path)
	}
	return &rep, nil
}

// cpuResults returns rs with the CPU-time figures in place of the
// wall-clock ones, for targets read on CPU time.
func cpuResults(rs []bench.Result) []bench.Result {
	out := slices.Clone(rs)
	for i := range out {
		out[i].Ns, out[i].Ratio = out[i].CPUNs, out[i].CPURatio
	}
	return out
}
