package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/reports"
)

var reportFormats = []string{"md", "csv", "json", "html"}

func newReport() *cobra.Command {
	var (
		exhaustive bool
		timing     bool
		flagsText  []string
		funcNames  []string
		format     string
		outDir     string
		shardText  string
		shardCount int
		samples    uint64
		generated  uint64
		typ        string
	)
	cmd := &cobra.Command{
		Use:   "report [--exhaustive] [--flags \"NVCC FLAGS\"]... [--funcs F,G,...] [--type f32|f64|f16] [--format md|csv|json|html] [--out DIR] [--shard I/N|auto [--shards N]]",
		Short: "Measure ULP errors against correctly rounded references and render a report",
		Long: `Measure every implemented function of the catalog (or those named with --funcs) under the default flags
and -use_fast_math (or the --flags given), against correctly rounded references (exact ones for the exact
functions and the integer results), and print a table: max fractional ulp error and where it occurs, the
largest distance to the reference, the largest absolute error where NVIDIA's bound is absolute, share
correctly rounded, mean error, NVIDIA's documented bound and whether every measured input stays within it.

By default the inputs are sampled (about 100 seconds on two cores); --exhaustive measures unary functions on all
2^32 inputs and the others on 2^26 generated inputs (the 2^24 the device capture covers and more from the same
generators). --type f64 measures only the functions with a double argument or result (--type f32 the others);
the report's double section lists every function of CUDA's double standard library, measured or "not implemented".
Every report of all functions ends with the half and bfloat16 section: each 16-bit math function on all 65,536
inputs (with --exhaustive also __hadd, __hsub, __hmul, __hdiv on all 2^32 pairs and __hfma on 2^24 generated
triples), measured or "not implemented"; --type f16 measures only that section.
With --out DIR the report is written to DIR/report.<format>, and an --exhaustive run keeps
per-sweep checkpoints in DIR/checkpoints: interrupted (Ctrl-C), it resumes when run again with the same --out.

--shard I/N measures only shard I (0 ≤ I < N) of every sweep and writes a partial JSON result; merge the
shards' results with 'cudafp report merge'. --shard auto reads I and N from a batch system: a Slurm job array
(SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with --shards N);
docs/batch.md has the recipes. docs/report.md describes the columns, docs/json.md the JSON.

Exit status 0 on success, 1 on an interruption or a runtime failure, 2 on a usage error.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if typ != "" && typ != reports.TypeF32 && typ != reports.TypeF64 && typ != reports.TypeHalf {
				return usagef("--type %q: want %s, %s or %s", typ, reports.TypeF32, reports.TypeF64, reports.TypeHalf)
			}
			cfg := reports.Config{Exhaustive: exhaustive, Timing: timing, Samples: samples, Generated: generated, Type: typ}
			var err error
			if cfg.Funcs, err = reportFuncs(funcNames); err != nil {
				return err
			}
			if cfg.Flags, err = reportFlags(flagsText); err != nil {
				return err
			}
			if cfg.Shard, cfg.Shards, err = resolveShard(shardText, shardCount, os.Getenv); err != nil {
				return err
			}
			if shardText != "" {
				if cmd.Flags().Changed("format") && format != "json" {
					return usagef("--shard writes a partial JSON result: --format %s is not possible", format)
				}
				format = "json"
			}
			if !slices.Contains(reportFormats, format) {
				return usagef("--format %q: want one of %s", format, strings.Join(reportFormats, ", "))
			}
			if samples != 0 && (samples&(samples-1) != 0 || samples > 1<<32) {
				return usagef("--samples %d: want a power of two up to 2^32", samples)
			}
			name := "report." + format
			if cfg.Shards > 1 {
				name = fmt.Sprintf("report.shard-%d-of-%d.json", cfg.Shard, cfg.Shards)
			}
			if outDir != "" {
				if err := checkOutDir(outDir); err != nil {
					return err
				}
				if exhaustive {
					cfg.Checkpoints = filepath.Join(outDir, "checkpoints")
					if err := os.MkdirAll(cfg.Checkpoints, 0o755); err != nil {
						return usagef("--out %s: %v", outDir, err)
					}
				}
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			finish := progress(cmd, &cfg)
			start := time.Now()
			rep, err := reports.Run(ctx, cfg)
			finish()
			if err != nil {
				switch {
				case errors.Is(err, context.Canceled) && cfg.Checkpoints != "":
					return fmt.Errorf("interrupted: run the same command again to resume from %s", cfg.Checkpoints)
				case errors.Is(err, context.Canceled):
					return errors.New("interrupted")
				case errors.Is(err, reports.ErrCheckpoint):
					return usageError{err}
				}
				return err
			}
			rep.Provenance = provenance()
			if err := writeReport(cmd, rep, format, outDir, name); err != nil {
				return err
			}
			if outDir != "" {
				fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s (%d rows, %.1fs)\n", filepath.Join(outDir, name), len(rep.Rows), time.Since(start).Seconds())
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&exhaustive, "exhaustive", false, "all 2^32 inputs of unary functions, 2^26 generated inputs of the others")
	f.BoolVar(&timing, "timing", false, "record in each JSON row the worker seconds spent measuring it (two runs then differ)")
	f.StringArrayVar(&flagsText, "flags", nil, "a flag set in nvcc spelling (repeatable; default: the default flags and -use_fast_math)")
	f.StringSliceVar(&funcNames, "funcs", nil, "functions to measure, by CUDA name or catalog ID, comma-separated (default: all implemented)")
	f.StringVar(&format, "format", "md", "output format: md, csv, json or html")
	f.StringVar(&outDir, "out", "", "write DIR/report.<format> (and the checkpoints of an --exhaustive run) instead of printing")
	f.StringVar(&shardText, "shard", "", "measure only shard I of N (0 ≤ I < N) and write a partial JSON result; auto: I and N from Slurm or Kubernetes")
	f.IntVar(&shardCount, "shards", 0, "the shard count N for --shard auto under a Kubernetes Indexed Job (its completions)")
	f.Uint64Var(&samples, "samples", 0, "sampled inputs per unary function (a power of two; default 2^22)")
	f.Uint64Var(&generated, "generated", 0, "generated inputs per other function (default 2^20, or 2^26 with --exhaustive)")
	f.StringVar(&typ, "type", "", "only the functions of one type: f32, f64 (a double argument or result: the double intrinsics, operators and library, with the report's double section), or f16 (the half and bfloat16 section alone)")
	cmd.AddCommand(newReportMerge())
	return cmd
}

func newReportMerge() *cobra.Command {
	var (
		format string
		outDir string
	)
	cmd := &cobra.Command{
		Use:   "merge [--format md|csv|json|html] [--out DIR] SHARD.json...",
		Short: "Merge the partial results of 'cudafp report --shard' and render the report",
		Long: `Merge the JSON results of the shards of one report run (cudafp report --shard I/N ... --format json) and
render the whole report. Results of different commits, flags or shard counts, or two results of the same shard,
are refused (exit 2); missing shards are named in a warning, and the report is marked incomplete.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(reportFormats, format) {
				return usagef("--format %q: want one of %s", format, strings.Join(reportFormats, ", "))
			}
			if outDir != "" {
				if err := checkOutDir(outDir); err != nil {
					return err
				}
			}
			var parts []*reports.Report
			var meta []shardPart
			for _, path := range args {
				b, err := os.ReadFile(path)
				if err != nil {
					return usageError{err}
				}
				r, err := reports.ReadJSON(b)
				if err != nil {
					return usagef("%s: %v", path, err)
				}
				parts = append(parts, r)
				meta = append(meta, reportShard(path, r))
			}
			missing, err := checkShards(meta)
			if err != nil {
				return err
			}
			rep, err := reports.Merge(parts)
			if err != nil {
				return usagef("merge: %v", err)
			}
			if len(missing) > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "cudafp: warning: the merged shards do not cover every input: %s\n", missingText(missing, meta[0].count))
			} else if !rep.Complete {
				fmt.Fprintf(cmd.ErrOrStderr(), "cudafp: warning: the merged shards do not cover every input\n")
			}
			rep.Provenance = provenance() + "; merged from " + strconv.Itoa(len(parts)) + map[bool]string{true: " result", false: " results"}[len(parts) == 1]
			return writeReport(cmd, rep, format, outDir, "report."+format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "md", "output format: md, csv, json or html")
	cmd.Flags().StringVar(&outDir, "out", "", "write DIR/report.<format> instead of printing")
	return cmd
}

// reportFuncs resolves --funcs to catalog functions in catalog order.
func reportFuncs(names []string) ([]*spec.Func, error) {
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
		if why := reports.CanMeasure(f); why != "" {
			return nil, usagef("%s: %s, nothing to measure", n, why)
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

// reportFlags parses the --flags sets, dropping repeats.
func reportFlags(texts []string) ([]fp.Flags, error) {
	var out []fp.Flags
	for _, t := range texts {
		fl, err := parseFlags(t)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, fl) {
			out = append(out, fl)
		}
	}
	return out, nil
}

// parseShard reads "I/N" with 0 ≤ I < N.
func parseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n || n > 1<<16 {
		return 0, 0, usagef("--shard %q: want I/N with 0 ≤ I < N ≤ 65536, e.g. 0/4", s)
	}
	return i, n, nil
}

// checkOutDir creates dir if needed and checks that a file can be created
// in it, before any measurement starts.
func checkOutDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usagef("--out %s: %v", dir, err)
	}
	f, err := os.CreateTemp(dir, ".cudafp-write-test*")
	if err != nil {
		return usagef("--out %s: not writable: %v", dir, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// writeReport renders rep in memory, then prints it or writes it to
// dir/name through a temporary file and a rename (never a partial file).
func writeReport(cmd *cobra.Command, rep *reports.Report, format, dir, name string) error {
	var buf bytes.Buffer
	var err error
	switch format {
	case "md":
		err = rep.WriteMarkdown(&buf)
	case "csv":
		err = rep.WriteCSV(&buf)
	case "json":
		err = rep.WriteJSON(&buf)
	case "html":
		err = rep.WriteHTML(&buf)
	}
	if err != nil {
		return err
	}
	if dir == "" {
		_, err = cmd.OutOrStdout().Write(buf.Bytes())
		return err
	}
	if err := reports.WriteFileAtomic(filepath.Join(dir, name), buf.Bytes()); err != nil {
		return usagef("--out %s: %v", dir, err)
	}
	return nil
}

// progress draws a progress bar on stderr when it is a terminal and returns
// the function that removes it.
func progress(cmd *cobra.Command, cfg *reports.Config) func() {
	stderr := cmd.ErrOrStderr()
	fh, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(fh.Fd())) {
		return func() {}
	}
	bar := progressbar.NewOptions64(-1, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("report"),
		progressbar.OptionShowIts(), progressbar.OptionSetItsString("inputs"), progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
	cfg.Progress = func(done, total uint64) {
		if bar.GetMax64() != int64(total) {
			bar.ChangeMax64(int64(total))
		}
		_ = bar.Set64(int64(done))
	}
	return func() { _ = bar.Finish() }
}

// provenance returns the header line of a report: commit, Go version, GOOS/
// GOARCH, date.
func provenance() string {
	commit := "unknown"
	dirty := false
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if commit == "unknown" {
		// go run does not stamp the binary: ask git, when there is one.
		if out, err := exec.Command("git", "rev-parse", "HEAD").Output(); err == nil {
			commit = strings.TrimSpace(string(out))
			if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
				dirty = true
			}
		}
	}
	if len(commit) > 12 {
		commit = commit[:12]
	}
	if dirty {
		commit += "+dirty"
	}
	return fmt.Sprintf("commit %s; %s; %s/%s; %s", commit, runtime.Version(), runtime.GOOS, runtime.GOARCH, time.Now().UTC().Format(time.RFC3339))
}
