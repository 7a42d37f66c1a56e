package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cudafp/cudafp/kernel"
)

func newRun() *cobra.Command {
	var kname, grid, block, out string
	var shared int
	var argv []string
	var maxInst, seed uint64
	var workers, interleavings int
	cmd := &cobra.Command{
		Use:   "run FILE.ptx --kernel NAME --grid X[,Y,Z] --block X[,Y,Z] [--shared BYTES] --arg A ... --out DIR",
		Short: "Run a compiled CUDA kernel on the CPU, bit for bit as the device runs it",
		Long: `Run kernel NAME of FILE (the PTX nvcc writes for sm_90: nvcc -arch=sm_90 -ptx, or cuobjdump -ptx of a
binary) on the CPU as an H100 runs it (package kernel: docs/kernels.md), over a grid of --grid blocks of
--block threads, and write every buffer argument afterwards to DIR/argN.npy (N: the parameter's position,
from 0). NAME is the kernel's symbol (mangled, or plain for extern "C") or its demangled name without the
parameter list (softmax_rows, reduce_sum<float>, apps::daxpy).

One --arg per kernel parameter, in order:
  @FILE.npy          a buffer from a NumPy file; its dtype is the element type
                     (<f4 <f8 <f2 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8)
  bf16:@FILE.npy     a bfloat16 buffer from a <u2 file of bit patterns
  f16:@FILE.npy      a half buffer from a <u2 file of bit patterns (or <f2)
  zeros:TYPE:COUNT   COUNT zeros of TYPE: f32 f64 f16 bf16 s8 u8 s16 u16 s32 u32 s64 u64
  s32:V u32:V s64:V u64:V
                     an integer scalar (decimal, or 0x hex: the bit pattern)
  f32:V f64:V f16:V  a float scalar: a decimal rounded to nearest even, or 0x hex, its bit pattern
                     (f32:0x3f400000 is 0.75)

A buffer is written back with the dtype and shape it came with (<u2 for bf16:@ and for f16:@ of a <u2
file, <f2 for zeros:f16, <u2 for zeros:bf16). A PTX file built under -fmad=false (every mul and add
carrying .rn) runs as built; ptxas's contraction of the others into fma is modelled (docs/kernels.md).

Atomics run in a fixed order by default (blocks in index order, one at a time when the kernel has atomics
on global memory; warps and lanes in index order), so that two runs agree. --seed S runs the random
interleaving drawn from S instead (the same for the same S). --interleavings N runs the fixed order and then
N random interleavings (seeds S, S+1, …; S defaults to 1) from the same inputs, writes the fixed order's
buffers, and prints per buffer how its results vary: a buffer that varies holds a result that depends on
the order in which threads reach the atomics, as it may on the device.

Exit status 0 on success; 2 on bad input, with a one-line error: a malformed file or one with an
instruction the emulator does not run, an unknown kernel, a wrong --arg, or a launch that fails (an
out-of-bounds or misaligned access, with the thread, block and address; a barrier not reached by every
thread of a block; the instruction budget exceeded); 1 when the outputs cannot be written.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if kname == "" || grid == "" || block == "" || out == "" {
				return usagef("--kernel, --grid, --block and --out are required")
			}
			g, err := kernel.ParseDim3(grid)
			if err != nil {
				return usagef("--grid: %v", err)
			}
			b, err := kernel.ParseDim3(block)
			if err != nil {
				return usagef("--block: %v", err)
			}
			if shared < 0 {
				return usagef("--shared %d: want a byte count ≥ 0", shared)
			}
			src, err := os.ReadFile(args[0])
			if err != nil {
				return usagef("%v", err)
			}
			if !isPTX(src) {
				return usagef("%s: not PTX text; give the PTX (nvcc -arch=sm_90 -ptx FILE.cu, or cuobjdump -ptx BINARY), not a cubin, a fatbin or a SASS listing", args[0])
			}
			m, err := kernel.Load(args[0], src)
			if err != nil {
				return usageError{err}
			}
			k, err := m.Kernel(kname)
			if err != nil {
				return usageError{err}
			}
			if len(argv) != k.NumParams() {
				return usagef("kernel %s takes %d parameters, %d --arg given", k.Name(), k.NumParams(), len(argv))
			}
			mem := kernel.NewMemory()
			specs := make([]*kernel.ArgSpec, len(argv))
			kargs := make([]kernel.Arg, len(argv))
			bufs := make([]*kernel.Buffer, len(argv))
			for i, a := range argv {
				s, err := kernel.ParseArg(a, ".")
				if err != nil {
					return usageError{err}
				}
				specs[i] = s
				if kargs[i], bufs[i], err = s.Bind(mem); err != nil {
					return usageError{err}
				}
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return usagef("--out: %v", err)
			}
			if interleavings < 0 {
				return usagef("--interleavings %d: want a count ≥ 0", interleavings)
			}
			cfg := kernel.LaunchConfig{Grid: g, Block: b, SharedBytes: shared, Memory: mem, MaxInstructions: maxInst, Workers: workers, Seed: seed}
			if interleavings > 0 {
				if seed == 0 {
					seed = 1
				}
				vs, err := kernel.Interleave(k, cfg, interleavings, seed, kargs...)
				if err != nil {
					return usageError{err}
				}
				printVariations(cmd.OutOrStdout(), vs, specs, interleavings, seed)
			} else if err := kernel.Launch(k, cfg, kargs...); err != nil {
				return usageError{err}
			}
			for i, buf := range bufs {
				if buf == nil {
					continue
				}
				s := specs[i]
				path := filepath.Join(out, fmt.Sprintf("arg%d.npy", i))
				if err := kernel.WriteNPY(path, s.Dtype, s.Shape, buf.Bytes()); err != nil {
					return err
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&kname, "kernel", "", "the kernel: its symbol or demangled name without parameters")
	f.StringVar(&grid, "grid", "", "blocks in the grid: X[,Y[,Z]]")
	f.StringVar(&block, "block", "", "threads in a block: X[,Y[,Z]]")
	f.IntVar(&shared, "shared", 0, "dynamic shared memory per block in bytes (extern __shared__)")
	f.StringArrayVar(&argv, "arg", nil, "one kernel argument, in parameter order (repeatable; see above)")
	f.StringVar(&out, "out", "", "directory for the buffers after the run (DIR/argN.npy)")
	f.Uint64Var(&maxInst, "max-instructions", 1<<36, "fail when the launch executes more thread-instructions than this (a loop that never ends)")
	f.IntVar(&workers, "workers", 0, "blocks run at once (default: every core; one for a kernel with atomics on global memory)")
	f.Uint64Var(&seed, "seed", 0, "run the random interleaving of the atomics drawn from this seed (0: the fixed order)")
	f.IntVar(&interleavings, "interleavings", 0, "also run this many random interleavings and print how each buffer varies")
	return cmd
}

// printVariations prints, per buffer argument, how its results varied
// over the fixed order and n interleavings from seed.
func printVariations(w io.Writer, vs []kernel.Variation, specs []*kernel.ArgSpec, n int, seed uint64) {
	fmt.Fprintf(w, "interleavings: the fixed order and seeds %d to %d\n", seed, seed+uint64(n)-1)
	for _, v := range vs {
		t := specs[v.Arg].Type
		sp := v.Spread(t)
		fmt.Fprintf(w, "arg%d (%s, %d elements): ", v.Arg, t, sp.Elements)
		if v.Outcomes == 1 {
			fmt.Fprintf(w, "the same in all %d runs\n", n+1)
			continue
		}
		unit := ""
		switch t {
		case kernel.ElemF32, kernel.ElemF64, kernel.ElemF16, kernel.ElemBF16:
			unit = " ulp"
		}
		fmt.Fprintf(w, "%d outcomes in %d runs; %d elements vary, by up to %d%s (element %d)\n", v.Outcomes, n+1, sp.Varying, sp.Max, unit, sp.At)
	}
}

// isPTX reports whether src looks like PTX text: a .version or .target
// directive before any NUL byte.
func isPTX(src []byte) bool {
	s := string(src[:min(len(src), 1<<16)])
	if strings.ContainsRune(s, 0) {
		return false
	}
	return strings.Contains(s, ".version") || strings.Contains(s, ".target")
}
