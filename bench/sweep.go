package bench

import (
	"context"
	"fmt"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// Sweep geometry. An exhaustive sweep of a unary function is cut into
// sweepBlocks blocks of 2^16 consecutive encodings; a sweep case runs the
// blocks b with b mod sweepShards = sweepShard: 8 blocks, the encodings
// 0x1f00xxxx, 0x3f00xxxx (0.5 ≤ x < 0.502), 0x5f00xxxx, 0x7f00xxxx and their
// negatives, a cross-section of the binades that avoids the NaN encodings
// (which would be over-represented in 8 blocks). A function of two
// arguments sweeps the first SweepInputs of its generated inputs
// (spec.Func.Input, the device capture's generators).
const (
	sweepBlocks = 1 << 16
	sweepShards = 1 << 13
	sweepShard  = 0x3f00 % sweepShards
	SweepInputs = sweepBlocks / sweepShards * (1 << 32 / sweepBlocks) // 2^19
)

// sweepBlockStarts returns the first encoding of each block of a sweep case.
func sweepBlockStarts() []uint32 {
	var out []uint32
	for b := uint32(sweepShard); b < sweepBlocks; b += sweepShards {
		out = append(out, b<<16)
	}
	return out
}

// sweepable reports whether f can be swept against a reference: what
// cudafp report measures, with one binary32 result.
func sweepable(f *spec.Func) (*ulp.Ref, bool) {
	if !f.Implemented() {
		return nil, false
	}
	return referenceOf(f)
}

// SweepCases returns the sweep throughput cases of funcs (every
// implemented function with a reference when nil) under each of flags
// (DefaultFlags when nil) that changes the function: per function and flag
// set, part=emu (the emulation alone over SweepInputs inputs, as the sweep
// calls it: spec.Func.Run32, or the catalog kernel) and part=sweep
// (emulation, reference and statistics: ulp.ExhaustiveShared on the sweep's
// blocks, or ulp.Sampled on the generated inputs, in one worker, so the
// Minputs/s are per core; a sweep uses every core).
func SweepCases(funcs []*spec.Func, flags []fp.Flags) []*Case {
	if funcs == nil {
		funcs = Implemented()
	}
	if flags == nil {
		flags = DefaultFlags
	}
	var out []*Case
	for _, f := range funcs {
		ref, ok := sweepable(f)
		if !ok {
			continue
		}
		for _, fl := range flagSets(f, flags) {
			mk := func(part, expr string, prep func() runner) *Case {
				return &Case{
					Bench: BenchSweep, Name: fmt.Sprintf("%s/flags=%s/part=%s", benchName(f), fl.Name(), part),
					Func: f, Flags: fl, Impl: part, Expr: expr, Unit: "input", Per: SweepInputs, Typed: true, prepare: prep,
				}
			}
			opt := ulp.Options{Func: f.Name, Flags: fl.String(), Mode: f.Mode, Workers: 1, Quiet: true}
			if f.Exhaustive() {
				out = append(out,
					mk(Emu, "spec.Func.Run32 over the sweep's blocks", func() runner { return sweepEmuUnary(f, fl) }),
					mk(Sweep, "ulp.ExhaustiveShared on the sweep's blocks, 1 worker", func() runner {
						runs := []ulp.Run32{sweepRun(f, fl)}
						o := opt
						o.Blocks, o.Shard, o.Shards = sweepBlocks, sweepShard, sweepShards
						return runner{run: func() {
							if _, err := ulp.ExhaustiveShared(context.Background(), runs, ref, []ulp.Options{o}); err != nil {
								panic(err)
							}
						}}
					}))
				continue
			}
			out = append(out,
				mk(Emu, "spec.Func.Impl kernel over the generated inputs", func() runner { return sweepEmuGenerated(f, fl) }),
				mk(Sweep, "ulp.Sampled on the generated inputs, 1 worker", func() runner {
					k, _ := f.Impl(fl)
					fn := func(x, y, z uint32) uint32 {
						in := spec.Args{uint64(x), uint64(y), uint64(z)}
						return uint32(k(&in))
					}
					gen := func(i uint64) (x, y, z uint32) {
						in := f.Input(i)
						return uint32(in[0]), uint32(in[1]), uint32(in[2])
					}
					return runner{run: func() {
						if _, err := ulp.Sampled(context.Background(), fn, ref, gen, SweepInputs, "generated inputs", opt); err != nil {
							panic(err)
						}
					}}
				}))
		}
	}
	return out
}

// sweepRun is what an exhaustive sweep of f under fl evaluates: its Run32,
// or a loop over its Unary32 (the catalog kernel) where it has none.
func sweepRun(f *spec.Func, fl fp.Flags) ulp.Run32 {
	if run, ok := f.Run32(fl); ok {
		return run
	}
	fn, _ := f.Unary32(fl)
	return ulp.RunOf(fn)
}

// sweepEmuUnary runs f over the sweep's blocks as an exhaustive sweep
// does: ulp.BatchLen inputs per call of sweepRun's Run32.
func sweepEmuUnary(f *spec.Func, fl fp.Flags) runner {
	run := sweepRun(f, fl)
	starts := sweepBlockStarts()
	out := make([]uint32, ulp.BatchLen)
	var acc uint32
	return runner{run: func() {
		for _, s := range starts {
			for x := s; x < s+1<<16; x += ulp.BatchLen {
				run(x, out)
				acc ^= out[0] ^ out[len(out)-1]
			}
		}
		sink += uint64(acc)
	}}
}

// sweepEmuGenerated runs f's kernel over its first SweepInputs generated
// inputs, precomputed.
func sweepEmuGenerated(f *spec.Func, fl fp.Flags) runner {
	k, _ := f.Impl(fl)
	in := make([]spec.Args, SweepInputs)
	for i := range in {
		in[i] = f.Input(uint64(i))
	}
	var acc uint64
	return runner{run: func() {
		for i := range in {
			acc ^= k(&in[i])
		}
		sink += acc
	}}
}
