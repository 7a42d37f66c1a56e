package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
)

// verifyReport is the JSON document of cudafp verify --json (schema in
// docs/json.md).
type verifyReport struct {
	Tier           string `json:"tier"`
	Golden         string `json:"golden_dir"`
	Checked        int    `json:"files_checked"`
	BitExact       int    `json:"files_bit_exact"`
	NotImplemented int    `json:"files_not_implemented"`
	Mismatching    int    `json:"files_mismatching"`
	// NoGolden lists the implemented functions asked for (all, or the
	// FUNCs named) of which testdata/golden holds no file yet: captured on
	// the device after they were catalogued. Not a failure.
	NoGolden    []noGolden      `json:"no_golden_data,omitempty"`
	Interrupted bool            `json:"interrupted"`
	Seconds     float64         `json:"seconds"`
	Results     []golden.Result `json:"results"`
}

func newVerify() *cobra.Command {
	var (
		exhaustive bool
		asJSON     bool
		flagsText  []string
		dir        string
		sh         verifyShardFlags
	)
	cmd := &cobra.Command{
		Use:   "verify [--exhaustive] [--json] [--flags \"NVCC FLAGS\"] [--golden DIR] [--shard I/N|auto [--shards N] [--out DIR]] [FUNC ...]",
		Short: "Check the emulation against the golden data captured on the device",
		Long: `For each function (all, or the FUNCs named) and each captured flag set (all, or those named with --flags),
compare the emulation with the H100's results in testdata/golden (and testdata/golden16, the half and bfloat16
functions, beside it): the special-value grid, the recorded outputs and the whole tables of the unary 16-bit
functions always, plus the hashes of the quick tier (16 spans of 2^16 inputs per function: subnormals, [1, 2), the
expf overflow and underflow edges, Inf and NaNs, …) or, with --exhaustive,
all 256 blocks (every 2^32 input of a unary function, the 2^24 captured inputs of the others).

--shard I/N checks only shard I of N (the hash blocks b with b mod N = I; the explicit outputs in shard 0) and
writes a partial JSON result, to DIR/verify.shard-I-of-N.json with --out DIR; 'cudafp verify merge' merges the
shards and gives the verdict. --shard auto reads I and N from a Slurm job array or a Kubernetes Indexed Job
(docs/batch.md).

Exit status 0 when everything checked is bit-exact (a shard: when its result is written), 1 on any mismatch, 2 on a
usage error. Functions not yet implemented are reported as such and never count as passing.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return verify(cmd, args, exhaustive, asJSON, flagsText, dir, sh)
		},
	}
	cmd.Flags().BoolVar(&exhaustive, "exhaustive", false, "check all 256 hash blocks of every function")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON report (schema: docs/json.md)")
	cmd.Flags().StringArrayVar(&flagsText, "flags", nil, "only this captured flag set, in nvcc spelling (repeatable)")
	cmd.Flags().StringVar(&dir, "golden", "", "golden data directory (default: testdata/golden of the enclosing cudafp checkout)")
	sh.register(cmd)
	cmd.AddCommand(newVerifyMerge())
	return cmd
}

// findGolden looks for testdata/golden in the working directory and its parents.
func findGolden() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		p := filepath.Join(d, "testdata", "golden")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p, nil
		}
		if filepath.Dir(d) == d {
			return "", usagef("no testdata/golden here or above %s: run inside a cudafp checkout or pass --golden DIR", wd)
		}
	}
}

func verify(cmd *cobra.Command, args []string, exhaustive, asJSON bool, flagsText []string, dir string, sh verifyShardFlags) error {
	shard, shards, err := sh.resolve()
	if err != nil {
		return err
	}
	var dir16 string // the 16-bit catalog's golden data beside the default golden folder
	if dir == "" {
		if dir, err = findGolden(); err != nil {
			return err
		}
		p := filepath.Join(filepath.Dir(dir), "golden16")
		if files, _ := filepath.Glob(filepath.Join(p, "*", "*.txt.gz")); len(files) > 0 {
			dir16 = p
		}
	} else if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("--golden %s: not a directory", dir)
	}
	funcs := map[string]bool{}
	for _, a := range args {
		f, err := lookup(a)
		if err != nil {
			return err
		}
		funcs[f.ID] = true
	}
	sets := map[string]bool{}
	for _, t := range flagsText {
		fl, err := parseFlags(t)
		if err != nil {
			return err
		}
		captured := false
		for _, c := range spec.FlagSets {
			captured = captured || c == fl
		}
		if !captured {
			var names []string
			for _, c := range spec.FlagSets {
				names = append(names, fmt.Sprintf("%q", c.String()))
			}
			return usagef("flags %q were not captured on the device; captured: %s", t, strings.Join(names, ", "))
		}
		sets[fl.Name()] = true
	}

	// Only the files asked for are read: parsing the whole folder costs
	// seconds, more than checking one function's quick tier.
	keep := func(id, flagSet string) bool {
		return (len(funcs) == 0 || funcs[id]) && (len(sets) == 0 || sets[flagSet])
	}
	all, err := golden.LoadDirSelect(dir, keep)
	if err != nil {
		return err
	}
	if dir16 != "" {
		more, err := golden.LoadDirSelect(dir16, keep)
		if err != nil {
			return err
		}
		all = append(all, more...)
	}
	var files []*golden.File
	for _, f := range all {
		if (len(funcs) == 0 || funcs[f.Func.ID]) && (len(sets) == 0 || sets[f.FlagSet]) {
			files = append(files, f)
		}
	}
	waiting := noGoldenYet(all, funcs)
	if len(files) == 0 && len(waiting) == 0 {
		return usagef("no golden data for the functions and flags asked for")
	}

	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	opt := golden.Options{Tier: golden.Quick, Shard: shard, Shards: shards}
	if exhaustive {
		opt.Tier = golden.Exhaustive
	}
	stderr := cmd.ErrOrStderr()
	if fh, ok := stderr.(*os.File); ok && term.IsTerminal(int(fh.Fd())) {
		bar := progressbar.NewOptions64(-1, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("verify"),
			progressbar.OptionShowCount(), progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
		opt.Progress = func(done, total uint64) {
			if bar.GetMax64() != int64(total) {
				bar.ChangeMax64(int64(total))
			}
			_ = bar.Set64(int64(done))
		}
		defer bar.Finish()
	}
	start := time.Now()
	results := golden.Verify(ctx, files, opt)
	rep := verifyReport{Tier: map[bool]string{false: "quick", true: "exhaustive"}[exhaustive], Golden: dir,
		Interrupted: ctx.Err() != nil, Seconds: time.Since(start).Seconds(), Results: results, NoGolden: waiting}
	rep.tally()
	if shards > 0 {
		if rep.Interrupted {
			return errors.New("interrupted")
		}
		return writeVerifyShard(cmd, &rep, shard, shards, funcs, sets, sh.out)
	}
	w := cmd.OutOrStdout()
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else if err := printVerify(w, &rep); err != nil {
		return err
	}
	if rep.Interrupted {
		return errors.New("interrupted")
	}
	if rep.Mismatching > 0 {
		return errMismatch
	}
	return nil
}

// tally counts the results by outcome.
func (rep *verifyReport) tally() {
	rep.Checked, rep.BitExact, rep.NotImplemented, rep.Mismatching = 0, 0, 0, 0
	for i := range rep.Results {
		r := &rep.Results[i]
		switch {
		case !r.Implemented:
			rep.NotImplemented++
		case r.OK():
			rep.Checked++
			rep.BitExact++
		default:
			rep.Checked++
			rep.Mismatching++
		}
	}
}

func printVerify(w io.Writer, rep *verifyReport) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FUNCTION\tFLAGS\tRESULT\tINPUTS CHECKED\tMISMATCHES")
	for i := range rep.Results {
		r := &rep.Results[i]
		flags := r.Flags
		if flags == "" {
			flags = "(default)"
		}
		switch {
		case !r.Implemented:
			fmt.Fprintf(tw, "%s\t%s\tnot implemented\t-\t-\n", r.Name, flags)
		case r.OK():
			fmt.Fprintf(tw, "%s\t%s\tbit-exact\t%d\t0\n", r.Name, flags, r.Inputs)
		default:
			fmt.Fprintf(tw, "%s\t%s\tMISMATCH\t%d\t%d\n", r.Name, flags, r.Inputs, r.Mismatches)
		}
	}
	for _, g := range rep.NoGolden {
		fmt.Fprintf(tw, "%s\t-\tno golden data yet\t-\t-\n", g.Name)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for i := range rep.Results {
		r := &rep.Results[i]
		if !r.Implemented || r.OK() {
			continue
		}
		fmt.Fprintf(w, "\n%s %s:\n", r.Name, r.Flags)
		for _, m := range r.First {
			fmt.Fprintf(w, "  %s(%s) = %s, device %s (%s)\n", r.Name, strings.Join(m.Args, ", "), m.GotS, m.WantS, m.Where)
		}
		for _, sp := range r.BadSpans {
			if golden.Hashed32(r.Func) {
				fmt.Fprintf(w, "  hash differs for inputs 0x%08x … 0x%08x\n", sp.First, sp.First+sp.Count-1)
			} else {
				fmt.Fprintf(w, "  hash differs for generated inputs %d … %d\n", sp.First, sp.First+sp.Count-1)
			}
		}
	}
	_, err := fmt.Fprintf(w, "\n%s tier: %d of %d implemented (function, flag set) pairs bit-exact, %d mismatching, %d not implemented; %.1fs\n",
		rep.Tier, rep.BitExact, rep.Checked, rep.Mismatching, rep.NotImplemented, rep.Seconds)
	if err == nil && len(rep.NoGolden) > 0 {
		_, err = fmt.Fprintf(w, "%d implemented functions have no golden data yet (not captured on the device): nothing to compare\n", len(rep.NoGolden))
	}
	return err
}

// noGolden is an implemented function without golden data.
type noGolden struct {
	Name string `json:"function"`
	ID   string `json:"id"`
}

// noGoldenYet returns the implemented functions among those asked for
// (funcs; empty: the whole catalog) that have no file in the golden data
// loaded, in catalog order.
func noGoldenYet(files []*golden.File, funcs map[string]bool) []noGolden {
	have := map[string]bool{}
	for _, f := range files {
		have[f.Func.ID] = true
	}
	var out []noGolden
	for _, f := range append(slices.Clip(spec.All()), spec.All16()...) {
		if f.Implemented() && !have[f.ID] && (len(funcs) == 0 || funcs[f.ID]) {
			out = append(out, noGolden{f.Name, f.ID})
		}
	}
	return out
}
