// Package kernel runs compiled CUDA kernels, given as PTX text (what
// nvcc -arch=sm_90 -ptx emits), on the CPU, bit for bit as an H100 (sm_90,
// CUDA 13.0) runs them.
//
// # Use
//
//	m, err := kernel.Load("saxpy.ptx", src)      // *ParseError on malformed text
//	k, err := m.Kernel("saxpy")                  // mangled or demangled name; *UnsupportedError
//	mem := kernel.NewMemory()
//	x := mem.AllocFloat32(xs)
//	err = kernel.Launch(k, kernel.LaunchConfig{Grid: kernel.Dim3{64, 1, 1}, Block: kernel.Dim3{256, 1, 1}},
//		kernel.F32(2), x, y)
//	ys := y.Float32s()
//
// # What is modelled
//
// Load parses a module (.version, .target, .address_size, .entry and .func
// with parameter and return lists, .reg declarations, .global/.const/.shared/
// .local variables with alignment, sizes and initialisers, nested scopes,
// labels, guards) and decodes each instruction once into a flat array of
// fixed-size records: registers become slot numbers, immediates, special
// registers (%tid, %ntid, %ctaid, %nctaid, %laneid, %warpid, %lanemask_*) and
// symbol addresses become constant slots filled when a warp starts (%warpid
// is the warp's index in its block, %smid and %gridid are 0), so an
// executing instruction does no string or map work. Module.Kernel links an
// .entry with the .funcs it calls (no recursion) into one instruction array.
//
// Every floating-point result comes from cudafp's packages: binary32 from
// ptx (add/sub/mul/fma/div/sqrt/rcp in each rounding mode with .ftz and .sat,
// div.full, div.approx, the MUFU models ex2/lg2/sin/cos/rsqrt/sqrt/rcp/tanh
// .approx, min/max, setp, cvt), binary64 from rounding and ptx
// (rcp.approx.ftz.f64, rsqrt.approx.f64), binary16 and bfloat16 from
// rounding's F16/BF16 functions and ptx.TanhApproxF16/BF16. Integer and bit
// instructions (add/sub/mul/mad with .hi/.lo/.wide and carry chains, div,
// rem, shifts, bfe, bfi, prmt (default mode), shf, lop3, popc, clz, bfind,
// brev, sad, selp, slct, setp, redux.sync) are plain Go; membar, fence,
// prefetch and bar.warp.sync are no-ops. cp.async completes at once (its commit and wait
// are no-ops), a completion order the device may also show.
//
// Memory: a Memory holds global buffers at 64-bit device addresses (from
// 0x7f0000000000, 256-byte aligned); every access is checked for bounds and
// natural alignment and fails with a *MemoryError naming kernel, block,
// thread, PTX line and address. Shared memory is per block (static
// variables, then the dynamic extern .shared area of LaunchConfig.SharedBytes);
// .local and .param memory are per thread (.param holds the kernel's
// parameters, then the parameters of .func calls, laid out statically: calls
// cannot recurse). Generic addresses map shared memory to the window
// 0x7e0000000000 + offset and local memory to 0x7d0000000000 + offset
// (cvta and cvta.to convert); other generic addresses are global.
//
// Execution: blocks run in parallel on LaunchConfig.Workers goroutines
// (one at a time in a kernel with atomics on global memory: see Order); the
// warps of a block run on one goroutine. Each thread has a program counter.
// A warp executes the group of its running threads that share the lowest
// program counter, one instruction for the whole group, looping over its
// lanes on registers stored reg-major (regs[slot + lane]); threads whose
// counters meet merge. For the structured code nvcc emits this reconverges at
// every join point (the join has a higher pc than both arms of an if, the
// lanes still in a loop keep the lowest pc; a lane inside a call is placed
// by its call site), so shfl.sync, vote.sync, redux.sync and activemask see
// converged partners. A .sync instruction whose member mask names a lane
// that has not exited and does not execute it with the others fails the
// launch with a *LaunchError (the model cannot make a diverged lane wait). bar.sync/barrier.sync park a group
// until every thread of the block waits; if some threads have exited
// meanwhile, the launch fails with a *BarrierError. atom and red are
// indivisible per thread (compare-and-swap on global memory, which other
// blocks share). LaunchConfig.MaxInstructions bounds the thread-instructions
// of a launch (*BudgetError); LaunchStats returns the count.
//
// # Order
//
// The device gives no order to the threads that reach an atomic, and a
// float sum, an exchange or a returned old value can depend on it. The
// interpreter's order is fixed by default (LaunchConfig.Seed 0), so that a
// launch gives the same bytes every time: blocks in index order (x fastest,
// then y, then z), one at a time when the kernel has an atom or red that can
// reach global memory (otherwise in parallel on Workers, where their order
// cannot show); in a block, the warps in index order, each running until it
// waits at a barrier or exits; an atomic's lanes in lane order. A nonzero
// Seed draws another interleaving from it, the same for the same seed
// whatever Workers is: the blocks in a pseudo-random order, each round of a
// block's warps in a random order, a warp giving way after an atomic one
// time in two, an atomic's lanes in a random order. Interleave runs the
// fixed order and n seeds from the same memory and reports how each buffer
// varies (Variation, ElemSpread): a buffer that varies holds an
// order-dependent result, as the corpus's atomic_add_float_order and
// atomic_exch_last do on the device.
//
// # What is not modelled
//
// Timing, caches and the memory model: accesses of different blocks race
// as on the device, but the interpreter's interleavings (whole warp
// instructions, blocks one after another where atomics can show their
// order) are some of the many the device may show; a kernel whose result
// depends on the interleaving has no single answer.
// Not supported (Module.Kernel reports them): textures, surfaces, tensor and
// matrix instructions, indirect calls and branches, recursion, bar with a
// thread count, clusters, mbarrier, clocks and timers, %dynamic_smem_size;
// .v2/.v4 register declarations are a parse error.
//
// # Contraction
//
// ptxas fuses PTX multiplies and dependent adds into FFMA (DFMA, HFMA2); the
// PTX says so only by leaving the rounding modifier off. Load runs a pass
// (contract.go) that models it: an unrounded mul (or the quotient of
// div.approx/div.full.f32) all of whose readers are unrounded adds or subs of
// its type in the same SASS basic block is absorbed by each of them (a*b - c
// as fma(a, b, -c), c - a*b as fma(-a, b, c), with the add's .ftz and .sat);
// where an add reads two such products, the one with fewer readers is
// absorbed. SASS blocks end at labels, control flow and the instructions
// ptxas compiles to subroutine calls (IEEE div/rcp/sqrt, 64-bit integer
// div/rem). The rule reproduces every reference kernel (the ones that need
// it: x*y-z in all four types, x*y+z in half and bfloat16, jnf) and the
// corpus of testdata/kernels (poly_contract, black_scholes under every flag
// set, index3d's div.full + add); it is fitted to that SASS, not documented
// by NVIDIA. LoadOptions.NoContract turns it off. PTX compiled with nvcc
// -fmad=false carries .rn on every mul and add, so the pass finds nothing to
// fuse there (the corpus's fmad0 builds run equal to the device either way).
//
// # Device facts the PTX does not carry, and open points
//
//   - NaN operand order: which NaN a binary64 add, sub, mul, fma, min or max
//     returns when several operands are NaNs follows the operand order ptxas
//     gives each SASS instruction, which the PTX does not record.
//     LaunchConfig.NaNOrder and NaNOrders set it; the default is
//     rounding.AsWritten. With it the reference norm3d, rnorm3d, norm4d,
//     rnorm4d, rhypot and atan2 (double) kernels return another of the two
//     NaNs than the device for some inputs with two NaN operands (their
//     golden test sets the capture's order; reading it from the SASS listing
//     is open).
//   - Floating-point atomics, measured by the corpus probe: atom/red.add.f32 is add.rn.ftz.f32 on global
//     and add.rn.f32 on shared memory (cuda-facts.md §6); add.f64 returns a
//     NaN operand unquieted (the added value's first) on global memory and
//     follows DADD with the memory's NaN first on shared memory; the
//     .noftz f16/bf16 (x2) adds round to nearest and keep subnormals. All
//     match the corpus probe (testdata/kernels, atomic_fp_semantics).
//     atom.exch on floats moves bits. atom.min and atom.max on .f32 and .f64
//     do not exist for sm_90 (ptxas rejects them); on .f16, .bf16 and their
//     x2 forms they do, are not measured yet and are refused as unsupported.
//   - Integer div/rem by zero, which PTX leaves unspecified: the quotient is
//     all ones of its width, signed or unsigned, and the remainder the
//     dividend, as the corpus case int_div_edges measured on the device
//     (32 and 64 bits; nvcc's 64-bit division takes its 32-bit path when
//     both operands fit in 32 bits, so x/0 of such an x is 0xffffffff
//     there). INT_MIN / -1 is INT_MIN, remainder 0.
//   - neg and abs of .f16/.bf16 are executed as the arithmetic sm_90 uses for
//     them (internal/spec impl16.go: HADD2 -x + -0, HFMA2 -0*0 + -x); neg.f64 as
//     DADD -0, -x (fp/lib64_erf.go).
package kernel
