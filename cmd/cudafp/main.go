// Command cudafp computes CUDA math (float, double, half and bfloat16) on
// the CPU bit for bit as an NVIDIA H100 computes it, checks the emulation
// against the device's golden data, and measures each function's error.
//
// Usage:
//
//	cudafp list [--json]
//	cudafp eval [--flags "NVCC FLAGS"] [--json] FUNC [ARGS...]
//	cudafp verify [--exhaustive] [--json] [--flags "NVCC FLAGS"] [--golden DIR] [--shard I/N|auto [--shards N] [--out DIR]] [FUNC ...]
//	cudafp verify merge [--json] [--out DIR] SHARD.json...
//	cudafp report [--exhaustive] [--flags "NVCC FLAGS"]... [--funcs F,...] [--format md|csv|json|html] [--out DIR] [--shard I/N|auto [--shards N]]
//	cudafp report merge [--format md|csv|json|html] [--out DIR] SHARD.json...
//	cudafp bench [--funcs F,...] [--targets] [--flags "NVCC FLAGS"]... [--class C,...] [--json] [--from FILE]
//	cudafp compare [--flags A --flags B] [--format md|json] [--worst N] [--each] (FUNC < INPUTS | --funcs F,...)
//	cudafp run FILE.ptx --kernel NAME --grid X[,Y,Z] --block X[,Y,Z] [--shared BYTES] --arg A ... --out DIR
//
// Functions are named as in CUDA (expf, __expf, __fmul_rz, x/y,
// ex2.approx.ftz.f32; a type prefix where CUDA overloads a name: f64:x*y+z,
// f16:hexp, bf16:__hfma) or by catalog ID (i_fmul_rz, op_div). Every command
// takes --cpuprofile FILE, which writes a pprof CPU profile of the run. Numbers are
// read as decimals (1.5), hex floats (0x1.8p+00) or bit patterns
// (0x3fc00000). Exit status: 0 success, 1 a verification mismatch, 2 a
// usage error (unknown function, bad flag, unparsable number).
package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// usageError marks errors that exit with status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// errMismatch makes the command exit with status 1 after printing its report.
var errMismatch = errors.New("mismatch")

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:           "cudafp",
		Short:         "CUDA math on the CPU, bit for bit as an H100 computes it",
		Long:          "cudafp emulates CUDA arithmetic, intrinsics and library functions (float, double, half and bfloat16) bit for bit as an NVIDIA H100 (sm_90, CUDA 13.0) computes them, verifies the emulation against data captured on the device, and measures each function's error.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	var profile string
	root.PersistentFlags().StringVar(&profile, "cpuprofile", "", "write a CPU profile of the run to `FILE` (go tool pprof reads it)")
	root.PersistentPreRunE = func(*cobra.Command, []string) error {
		if profile == "" {
			return nil
		}
		f, err := os.Create(profile)
		if err != nil {
			return usagef("--cpuprofile: %v", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return fmt.Errorf("--cpuprofile %s: %w", profile, err)
		}
		stopProfile = func() {
			pprof.StopCPUProfile()
			f.Close()
		}
		return nil
	}
	root.AddCommand(newList(), newEval(), newVerify(), newReport(), newBench(), newCompare(), newRun())
	return root
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// stopProfile ends the --cpuprofile profile, if one was started; run calls
// it whatever the command's outcome.
var stopProfile = func() {}

// run executes the command line and returns the exit status.
func run(args []string) int {
	root := newRoot()
	root.SetArgs(args)
	err := root.Execute()
	stopProfile()
	stopProfile = func() {}
	if err != nil && !errors.Is(err, errMismatch) {
		fmt.Fprintln(os.Stderr, "cudafp:", err)
	}
	return exitCode(err)
}

// exitCode maps a command's error to the exit status: 0 none, 1 a mismatch
// or a runtime failure, 2 a usage error.
func exitCode(err error) int {
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errMismatch):
		return 1
	case errors.As(err, &ue) || isCobraUsage(err):
		return 2
	}
	return 1
}

// isCobraUsage recognises cobra's own argument errors (unknown command,
// wrong argument count), which are usage errors.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand", "accepts ", "requires at least", "flag needs an argument", "invalid argument"} {
		if len(msg) >= len(p) && contains(msg, p) {
			return true
		}
	}
	return false
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
