package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/intrinsics"
	"github.com/cudafp/cudafp/ptx"
)

// A runner is one prepared benchmark op: run evaluates an implementation on
// every precomputed input and stores the results; result(i) returns result
// i packed as spec.Kernel packs it (one 32-bit result in the low half, a
// 64-bit result whole, two results as first<<32 | second), for the tests.
type runner struct {
	run    func()
	result func(i int) uint64
}

// Argument decoders (spec.Kernel's packing) and result packers.
func argF32(u uint64) float32 { return math.Float32frombits(uint32(u)) }
func argF64(u uint64) float64 { return math.Float64frombits(u) }
func argU32(u uint64) uint32  { return uint32(u) }
func argI32(u uint64) int32   { return int32(uint32(u)) }
func argU64(u uint64) uint64  { return u }
func argI64(u uint64) int64   { return int64(u) }

func packF32(z float32) uint64 { return uint64(math.Float32bits(z)) }
func packU32(z uint32) uint64  { return uint64(z) }
func packI32(z int32) uint64   { return uint64(uint32(z)) }
func packU64(z uint64) uint64  { return z }
func packI64(z int64) uint64   { return uint64(z) }

func decode[A any](in []uint64, arg func(uint64) A) []A {
	out := make([]A, len(in))
	for i, u := range in {
		out[i] = arg(u)
	}
	return out
}

// The loops below call the emulated function through a method expression
// (one indirect call, as cheap as a direct call to a function that is not
// inlined) with the receiver (fp.Flags or intrinsics.Target) the user would
// pass, and store every result, so nothing is optimised away and no
// loop-carried dependency slows the loop down.

func loop1[R, A, Z any](m func(R, A) Z, r R, xs []A, pack func(Z) uint64) runner {
	out := make([]Z, len(xs))
	return runner{
		run: func() {
			out := out[:len(xs)]
			for i, x := range xs {
				out[i] = m(r, x)
			}
		},
		result: func(i int) uint64 { return pack(out[i]) },
	}
}

func loop2[R, A, Z any](m func(R, A, A) Z, r R, xs, ys []A, pack func(Z) uint64) runner {
	out := make([]Z, len(xs))
	return runner{
		run: func() {
			out, ys := out[:len(xs)], ys[:len(xs)]
			for i, x := range xs {
				out[i] = m(r, x, ys[i])
			}
		},
		result: func(i int) uint64 { return pack(out[i]) },
	}
}

func loop3[R, A, Z any](m func(R, A, A, A) Z, r R, xs, ys, zs []A, pack func(Z) uint64) runner {
	out := make([]Z, len(xs))
	return runner{
		run: func() {
			out, ys, zs := out[:len(xs)], ys[:len(xs)], zs[:len(xs)]
			for i, x := range xs {
				out[i] = m(r, x, ys[i], zs[i])
			}
		},
		result: func(i int) uint64 { return pack(out[i]) },
	}
}

func loopPair[R any](m func(R, float32) (float32, float32), r R, xs []float32) runner {
	s := make([]float32, len(xs))
	c := make([]float32, len(xs))
	return runner{
		run: func() {
			s, c := s[:len(xs)], c[:len(xs)]
			for i, x := range xs {
				s[i], c[i] = m(r, x)
			}
		},
		result: func(i int) uint64 { return packF32(s[i])<<32 | packF32(c[i]) },
	}
}

// loopKernel runs a function without a typed binding through its catalog
// kernel (spec.Func.Impl): two indirect calls more per call.
func loopKernel(k spec.Kernel, in columns) runner {
	n := len(in[0])
	tuples := make([]spec.Args, n)
	for a, col := range in {
		for i, v := range col {
			tuples[i][a] = v
		}
	}
	out := make([]uint64, n)
	return runner{
		run: func() {
			out := out[:len(tuples)]
			for i := range tuples {
				out[i] = k(&tuples[i])
			}
		},
		result: func(i int) uint64 { return out[i] },
	}
}

// An emuBind prepares the emulation of one function under flags fl on the
// inputs in.
type emuBind func(fl fp.Flags, in columns) runner

// emuBindings maps catalog IDs to typed bindings of the emulation: the call
// a user writes (fp.FastMath.Expf(x), intrinsics.Target{FTZ: true}.FaddRZ(x,
// y), ptx.Ex2Approx(x, true)). TestEmuMatchesCatalog checks each against the
// catalog's own binding (spec.Func.Impl); a function missing here runs
// through the catalog kernel.
var emuBindings = map[string]emuBind{}

func target(fl fp.Flags) intrinsics.Target { return intrinsics.Target{FTZ: fl.FTZ} }

func init() {
	// Package fp: operators and library functions, under the flags as given.
	for id, m := range map[string]func(fp.Flags, float32) float32{
		"op_rcp": fp.Flags.Rcp, "op_rsqrt_expr": fp.Flags.RcpSqrt,
		"expf": fp.Flags.Expf, "exp2f": fp.Flags.Exp2f, "exp10f": fp.Flags.Exp10f,
		"logf": fp.Flags.Logf, "log2f": fp.Flags.Log2f, "log10f": fp.Flags.Log10f,
		"sqrtf": fp.Flags.Sqrtf, "rsqrtf": fp.Flags.Rsqrtf,
		"rintf": fp.Flags.Rintf, "truncf": fp.Flags.Truncf, "floorf": fp.Flags.Floorf, "ceilf": fp.Flags.Ceilf,
		"fabsf": fp.Flags.Fabsf, "sinf": fp.Flags.Sinf, "cosf": fp.Flags.Cosf, "tanf": fp.Flags.Tanf,
		"tanhf": fp.Flags.Tanhf, "sinpif": fp.Flags.Sinpif, "cospif": fp.Flags.Cospif,
		"asinf": fp.Flags.Asinf, "acosf": fp.Flags.Acosf, "atanf": fp.Flags.Atanf,
		"asinhf": fp.Flags.Asinhf, "acoshf": fp.Flags.Acoshf, "atanhf": fp.Flags.Atanhf, "log1pf": fp.Flags.Log1pf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, fl, decode(in[0], argF32), packF32)
		}
	}
	for id, m := range map[string]func(fp.Flags, float32, float32) float32{
		"op_add": fp.Flags.Add, "op_sub": fp.Flags.Sub, "op_mul": fp.Flags.Mul, "op_div": fp.Flags.Div,
		"powf": fp.Flags.Powf, "atan2f": fp.Flags.Atan2f, "fminf": fp.Flags.Fminf, "fmaxf": fp.Flags.Fmaxf,
		"copysignf": fp.Flags.Copysignf, "fdimf": fp.Flags.Fdimf, "fdividef": fp.Flags.Fdividef,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop2(m, fl, decode(in[0], argF32), decode(in[1], argF32), packF32)
		}
	}
	for id, m := range map[string]func(fp.Flags, float32, float32, float32) float32{
		"op_madd": fp.Flags.MulAdd, "op_msub": fp.Flags.MulSub, "fmaf": fp.Flags.Fmaf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop3(m, fl, decode(in[0], argF32), decode(in[1], argF32), decode(in[2], argF32), packF32)
		}
	}
	for id, m := range map[string]func(fp.Flags, float32) (float32, float32){
		"sincosf": fp.Flags.Sincosf, "sincospif": fp.Flags.Sincospif,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner { return loopPair(m, fl, decode(in[0], argF32)) }
	}

	// Package intrinsics: only -ftz changes an intrinsic.
	for id, m := range map[string]func(intrinsics.Target, float32) float32{
		"i_frcp_rn": intrinsics.Target.FrcpRN, "i_frcp_rz": intrinsics.Target.FrcpRZ,
		"i_frcp_ru": intrinsics.Target.FrcpRU, "i_frcp_rd": intrinsics.Target.FrcpRD,
		"i_fsqrt_rn": intrinsics.Target.FsqrtRN, "i_fsqrt_rz": intrinsics.Target.FsqrtRZ,
		"i_fsqrt_ru": intrinsics.Target.FsqrtRU, "i_fsqrt_rd": intrinsics.Target.FsqrtRD,
		"i_saturatef": intrinsics.Target.Saturatef, "i_frsqrt_rn": intrinsics.Target.FrsqrtRN,
		"i_expf": intrinsics.Target.Expf, "i_exp10f": intrinsics.Target.Exp10f,
		"i_logf": intrinsics.Target.Logf, "i_log2f": intrinsics.Target.Log2f, "i_log10f": intrinsics.Target.Log10f,
		"i_sinf": intrinsics.Target.Sinf, "i_cosf": intrinsics.Target.Cosf, "i_tanf": intrinsics.Target.Tanf,
		"i_tanhf": intrinsics.Target.Tanhf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argF32), packF32)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, float32, float32) float32{
		"i_fadd_rn": intrinsics.Target.FaddRN, "i_fadd_rz": intrinsics.Target.FaddRZ,
		"i_fadd_ru": intrinsics.Target.FaddRU, "i_fadd_rd": intrinsics.Target.FaddRD,
		"i_fsub_rn": intrinsics.Target.FsubRN, "i_fsub_rz": intrinsics.Target.FsubRZ,
		"i_fsub_ru": intrinsics.Target.FsubRU, "i_fsub_rd": intrinsics.Target.FsubRD,
		"i_fmul_rn": intrinsics.Target.FmulRN, "i_fmul_rz": intrinsics.Target.FmulRZ,
		"i_fmul_ru": intrinsics.Target.FmulRU, "i_fmul_rd": intrinsics.Target.FmulRD,
		"i_fdiv_rn": intrinsics.Target.FdivRN, "i_fdiv_rz": intrinsics.Target.FdivRZ,
		"i_fdiv_ru": intrinsics.Target.FdivRU, "i_fdiv_rd": intrinsics.Target.FdivRD,
		"i_fdividef": intrinsics.Target.Fdividef, "i_powf": intrinsics.Target.Powf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop2(m, target(fl), decode(in[0], argF32), decode(in[1], argF32), packF32)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, float32, float32, float32) float32{
		"i_fmaf_rn": intrinsics.Target.FmafRN, "i_fmaf_rz": intrinsics.Target.FmafRZ,
		"i_fmaf_ru": intrinsics.Target.FmafRU, "i_fmaf_rd": intrinsics.Target.FmafRD,
		"i_fmaf_ieee_rn": intrinsics.Target.FmafIEEERN, "i_fmaf_ieee_rz": intrinsics.Target.FmafIEEERZ,
		"i_fmaf_ieee_ru": intrinsics.Target.FmafIEEERU, "i_fmaf_ieee_rd": intrinsics.Target.FmafIEEERD,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop3(m, target(fl), decode(in[0], argF32), decode(in[1], argF32), decode(in[2], argF32), packF32)
		}
	}
	emuBindings["i_sincosf"] = func(fl fp.Flags, in columns) runner {
		return loopPair(intrinsics.Target.Sincosf, target(fl), decode(in[0], argF32))
	}
	for id, m := range map[string]func(intrinsics.Target, float32) int32{
		"i_float2int_rn": intrinsics.Target.Float2IntRN, "i_float2int_rz": intrinsics.Target.Float2IntRZ,
		"i_float2int_ru": intrinsics.Target.Float2IntRU, "i_float2int_rd": intrinsics.Target.Float2IntRD,
		"i_float_as_int": intrinsics.Target.FloatAsInt,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argF32), packI32)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, float32) uint32{
		"i_float2uint_rn": intrinsics.Target.Float2UintRN, "i_float2uint_rz": intrinsics.Target.Float2UintRZ,
		"i_float2uint_ru": intrinsics.Target.Float2UintRU, "i_float2uint_rd": intrinsics.Target.Float2UintRD,
		"i_float_as_uint": intrinsics.Target.FloatAsUint,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argF32), packU32)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, float32) int64{
		"i_float2ll_rn": intrinsics.Target.Float2LLRN, "i_float2ll_rz": intrinsics.Target.Float2LLRZ,
		"i_float2ll_ru": intrinsics.Target.Float2LLRU, "i_float2ll_rd": intrinsics.Target.Float2LLRD,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argF32), packI64)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, float32) uint64{
		"i_float2ull_rn": intrinsics.Target.Float2ULLRN, "i_float2ull_rz": intrinsics.Target.Float2ULLRZ,
		"i_float2ull_ru": intrinsics.Target.Float2ULLRU, "i_float2ull_rd": intrinsics.Target.Float2ULLRD,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argF32), packU64)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, int32) float32{
		"i_int2float_rn": intrinsics.Target.Int2FloatRN, "i_int2float_rz": intrinsics.Target.Int2FloatRZ,
		"i_int2float_ru": intrinsics.Target.Int2FloatRU, "i_int2float_rd": intrinsics.Target.Int2FloatRD,
		"i_int_as_float": intrinsics.Target.IntAsFloat,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argI32), packF32)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, uint32) float32{
		"i_uint2float_rn": intrinsics.Target.Uint2FloatRN, "i_uint2float_rz": intrinsics.Target.Uint2FloatRZ,
		"i_uint2float_ru": intrinsics.Target.Uint2FloatRU, "i_uint2float_rd": intrinsics.Target.Uint2FloatRD,
		"i_uint_as_float": intrinsics.Target.UintAsFloat,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argU32), packF32)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, int64) float32{
		"i_ll2float_rn": intrinsics.Target.LL2FloatRN, "i_ll2float_rz": intrinsics.Target.LL2FloatRZ,
		"i_ll2float_ru": intrinsics.Target.LL2FloatRU, "i_ll2float_rd": intrinsics.Target.LL2FloatRD,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argI64), packF32)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, uint64) float32{
		"i_ull2float_rn": intrinsics.Target.ULL2FloatRN, "i_ull2float_rz": intrinsics.Target.ULL2FloatRZ,
		"i_ull2float_ru": intrinsics.Target.ULL2FloatRU, "i_ull2float_rd": intrinsics.Target.ULL2FloatRD,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argU64), packF32)
		}
	}
	for id, m := range map[string]func(intrinsics.Target, float64) float32{
		"i_double2float_rn": intrinsics.Target.Double2FloatRN, "i_double2float_rz": intrinsics.Target.Double2FloatRZ,
		"i_double2float_ru": intrinsics.Target.Double2FloatRU, "i_double2float_rd": intrinsics.Target.Double2FloatRD,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, target(fl), decode(in[0], argF64), packF32)
		}
	}

	// Package ptx: the instruction forms; .ftz is part of the instruction.
	for name, fn := range map[string]func(x uint32, ftz bool) uint32{
		"ex2_approx": ptx.Ex2Approx, "lg2_approx": ptx.Lg2Approx, "sin_approx": ptx.SinApprox,
		"cos_approx": ptx.CosApprox, "rcp_approx": ptx.RcpApprox, "rsqrt_approx": ptx.RsqrtApprox,
		"sqrt_approx": ptx.SqrtApprox,
	} {
		for _, ftz := range []bool{false, true} {
			emuBindings[ptxID(name, ftz)] = func(_ fp.Flags, in columns) runner { return loopPTX1(fn, ftz, in[0]) }
		}
	}
	emuBindings["ptx_tanh_approx_f32"] = func(_ fp.Flags, in columns) runner {
		return loopPTX1(func(x uint32, _ bool) uint32 { return ptx.TanhApprox(x) }, false, in[0])
	}
	for name, fn := range map[string]func(x, y uint32, ftz bool) uint32{"div_approx": ptx.DivApprox, "div_full": ptx.DivFull} {
		for _, ftz := range []bool{false, true} {
			emuBindings[ptxID(name, ftz)] = func(_ fp.Flags, in columns) runner { return loopPTX2(fn, ftz, in[0], in[1]) }
		}
	}
}

func init() {
	// The written-out loops of direct_gen.go replace the generic ones.
	for id, b := range directBindings {
		emuBindings[id] = b
	}
}

// ptxID returns the catalog ID of a ptx instruction form.
func ptxID(name string, ftz bool) string {
	if ftz {
		return "ptx_" + name + "_ftz_f32"
	}
	return "ptx_" + name + "_f32"
}

// loopPTX1 and loopPTX2 run a ptx instruction form, whose .ftz modifier is
// its last argument.
func loopPTX1(fn func(x uint32, ftz bool) uint32, ftz bool, in []uint64) runner {
	xs := decode(in, argU32)
	out := make([]uint32, len(xs))
	return runner{
		run: func() {
			out := out[:len(xs)]
			for i, x := range xs {
				out[i] = fn(x, ftz)
			}
		},
		result: func(i int) uint64 { return uint64(out[i]) },
	}
}

func loopPTX2(fn func(x, y uint32, ftz bool) uint32, ftz bool, inX, inY []uint64) runner {
	xs, ys := decode(inX, argU32), decode(inY, argU32)
	out := make([]uint32, len(xs))
	return runner{
		run: func() {
			out, ys := out[:len(xs)], ys[:len(xs)]
			for i, x := range xs {
				out[i] = fn(x, ys[i], ftz)
			}
		},
		result: func(i int) uint64 { return uint64(out[i]) },
	}
}

// emulation prepares f's emulation under fl on in: its typed binding, or
// its catalog kernel when it has none (typed reports which).
func emulation(f *spec.Func, fl fp.Flags, in columns) (r runner, typed bool) {
	if b, ok := emuBindings[f.ID]; ok {
		return b(fl, in), true
	}
	k, _ := f.Impl(fl)
	return loopKernel(k, in), false
}

// columns holds a benchmark's inputs argument by argument: columns[a][i] is
// argument a of input i (spec.Args packing); the columns past the arity are
// nil.
type columns = [spec.MaxArgs][]uint64
