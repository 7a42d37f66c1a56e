package spec

import (
	"math"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/intrinsics"
)

// Bindings of the intrinsics (package intrinsics) to their catalog entries.
// Each binding maps the flags to an intrinsics.Target: only -ftz changes an
// intrinsic, so Target{FTZ: f.FTZ}.

func target(f fp.Flags) intrinsics.Target { return intrinsics.Target{FTZ: f.FTZ} }

func init() {
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
		bindF32(id, target, m)
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
		bindF32x2(id, target, m)
	}
	for id, m := range map[string]func(intrinsics.Target, float32, float32, float32) float32{
		"i_fmaf_rn": intrinsics.Target.FmafRN, "i_fmaf_rz": intrinsics.Target.FmafRZ,
		"i_fmaf_ru": intrinsics.Target.FmafRU, "i_fmaf_rd": intrinsics.Target.FmafRD,
		"i_fmaf_ieee_rn": intrinsics.Target.FmafIEEERN, "i_fmaf_ieee_rz": intrinsics.Target.FmafIEEERZ,
		"i_fmaf_ieee_ru": intrinsics.Target.FmafIEEERU, "i_fmaf_ieee_rd": intrinsics.Target.FmafIEEERD,
	} {
		bindF32x3(id, target, m)
	}

	// __sincosf: two results, packed as sin<<32 | cos.
	bindKernel("i_sincosf", func(f fp.Flags) Kernel {
		t := target(f)
		return func(in *Args) uint64 {
			a := in[0]
			s, c := t.Sincosf(math.Float32frombits(uint32(a)))
			return uint64(math.Float32bits(s))<<32 | uint64(math.Float32bits(c))
		}
	})

	// Float to integer: the result's encoding in the low 32 bits, or whole.
	for id, m := range map[string]func(intrinsics.Target, float32) int32{
		"i_float2int_rn": intrinsics.Target.Float2IntRN, "i_float2int_rz": intrinsics.Target.Float2IntRZ,
		"i_float2int_ru": intrinsics.Target.Float2IntRU, "i_float2int_rd": intrinsics.Target.Float2IntRD,
		"i_float_as_int": intrinsics.Target.FloatAsInt,
	} {
		bindBits32(id, func(f fp.Flags) func(uint32) uint32 {
			t := target(f)
			return func(x uint32) uint32 { return uint32(m(t, math.Float32frombits(x))) }
		})
	}
	for id, m := range map[string]func(intrinsics.Target, float32) uint32{
		"i_float2uint_rn": intrinsics.Target.Float2UintRN, "i_float2uint_rz": intrinsics.Target.Float2UintRZ,
		"i_float2uint_ru": intrinsics.Target.Float2UintRU, "i_float2uint_rd": intrinsics.Target.Float2UintRD,
		"i_float_as_uint": intrinsics.Target.FloatAsUint,
	} {
		bindBits32(id, func(f fp.Flags) func(uint32) uint32 {
			t := target(f)
			return func(x uint32) uint32 { return m(t, math.Float32frombits(x)) }
		})
	}
	for id, m := range map[string]func(intrinsics.Target, float32) int64{
		"i_float2ll_rn": intrinsics.Target.Float2LLRN, "i_float2ll_rz": intrinsics.Target.Float2LLRZ,
		"i_float2ll_ru": intrinsics.Target.Float2LLRU, "i_float2ll_rd": intrinsics.Target.Float2LLRD,
	} {
		bindKernel(id, func(f fp.Flags) Kernel {
			t := target(f)
			return func(in *Args) uint64 {
				a := in[0]
				return uint64(m(t, math.Float32frombits(uint32(a))))
			}
		})
	}
	for id, m := range map[string]func(intrinsics.Target, float32) uint64{
		"i_float2ull_rn": intrinsics.Target.Float2ULLRN, "i_float2ull_rz": intrinsics.Target.Float2ULLRZ,
		"i_float2ull_ru": intrinsics.Target.Float2ULLRU, "i_float2ull_rd": intrinsics.Target.Float2ULLRD,
	} {
		bindKernel(id, func(f fp.Flags) Kernel {
			t := target(f)
			return func(in *Args) uint64 {
				a := in[0]
				return m(t, math.Float32frombits(uint32(a)))
			}
		})
	}

	// Integer and double to float: the argument's encoding in the low bits.
	for id, m := range map[string]func(intrinsics.Target, int32) float32{
		"i_int2float_rn": intrinsics.Target.Int2FloatRN, "i_int2float_rz": intrinsics.Target.Int2FloatRZ,
		"i_int2float_ru": intrinsics.Target.Int2FloatRU, "i_int2float_rd": intrinsics.Target.Int2FloatRD,
		"i_int_as_float": intrinsics.Target.IntAsFloat,
	} {
		bindBits32(id, func(f fp.Flags) func(uint32) uint32 {
			t := target(f)
			return func(x uint32) uint32 { return math.Float32bits(m(t, int32(x))) }
		})
	}
	for id, m := range map[string]func(intrinsics.Target, uint32) float32{
		"i_uint2float_rn": intrinsics.Target.Uint2FloatRN, "i_uint2float_rz": intrinsics.Target.Uint2FloatRZ,
		"i_uint2float_ru": intrinsics.Target.Uint2FloatRU, "i_uint2float_rd": intrinsics.Target.Uint2FloatRD,
		"i_uint_as_float": intrinsics.Target.UintAsFloat,
	} {
		bindBits32(id, func(f fp.Flags) func(uint32) uint32 {
			t := target(f)
			return func(x uint32) uint32 { return math.Float32bits(m(t, x)) }
		})
	}
	for id, m := range map[string]func(intrinsics.Target, int64) float32{
		"i_ll2float_rn": intrinsics.Target.LL2FloatRN, "i_ll2float_rz": intrinsics.Target.LL2FloatRZ,
		"i_ll2float_ru": intrinsics.Target.LL2FloatRU, "i_ll2float_rd": intrinsics.Target.LL2FloatRD,
	} {
		bindKernel(id, func(f fp.Flags) Kernel {
			t := target(f)
			return func(in *Args) uint64 {
				a := in[0]
				return uint64(math.Float32bits(m(t, int64(a))))
			}
		})
	}
	for id, m := range map[string]func(intrinsics.Target, uint64) float32{
		"i_ull2float_rn": intrinsics.Target.ULL2FloatRN, "i_ull2float_rz": intrinsics.Target.ULL2FloatRZ,
		"i_ull2float_ru": intrinsics.Target.ULL2FloatRU, "i_ull2float_rd": intrinsics.Target.ULL2FloatRD,
	} {
		bindKernel(id, func(f fp.Flags) Kernel {
			t := target(f)
			return func(in *Args) uint64 {
				a := in[0]
				return uint64(math.Float32bits(m(t, a)))
			}
		})
	}
	for id, m := range map[string]func(intrinsics.Target, float64) float32{
		"i_double2float_rn": intrinsics.Target.Double2FloatRN, "i_double2float_rz": intrinsics.Target.Double2FloatRZ,
		"i_double2float_ru": intrinsics.Target.Double2FloatRU, "i_double2float_rd": intrinsics.Target.Double2FloatRD,
	} {
		bindKernel(id, func(f fp.Flags) Kernel {
			t := target(f)
			return func(in *Args) uint64 {
				a := in[0]
				return uint64(math.Float32bits(m(t, math.Float64frombits(a))))
			}
		})
	}
}
