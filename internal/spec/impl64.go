package spec

import (
	"math"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/intrinsics"
	"github.com/cudafp/cudafp/rounding"
)

// Bindings of the double intrinsics (package intrinsics) and the C operators
// on double (package fp) to the catalog. No flag changes a double
// intrinsic, so their kernels ignore the flags; the operators x*y±z read
// -fmad.

func f64a(a uint64) float64 { return math.Float64frombits(a) }
func f64r(r float64) uint64 { return math.Float64bits(r) }

// bindD1, bindD2 and bindD3 register a function of one, two or three
// doubles given per flag set.
func bindD1(id string, fn func(fp.Flags) func(float64) float64) {
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return f64r(g(f64a(in[0]))) }
	})
}

func bindD2(id string, fn func(fp.Flags) func(x, y float64) float64) {
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return f64r(g(f64a(in[0]), f64a(in[1]))) }
	})
}

func bindD3(id string, fn func(fp.Flags) func(x, y, z float64) float64) {
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return f64r(g(f64a(in[0]), f64a(in[1]), f64a(in[2]))) }
	})
}

// always returns g under every flag set.
func always[F any](g F) func(fp.Flags) F { return func(fp.Flags) F { return g } }

func init() {
	for id, g := range map[string]func(x, y float64) float64{
		"i_dadd_rn": intrinsics.DaddRN, "i_dadd_rz": intrinsics.DaddRZ, "i_dadd_ru": intrinsics.DaddRU, "i_dadd_rd": intrinsics.DaddRD,
		"i_dsub_rn": intrinsics.DsubRN, "i_dsub_rz": intrinsics.DsubRZ, "i_dsub_ru": intrinsics.DsubRU, "i_dsub_rd": intrinsics.DsubRD,
		"i_dmul_rn": intrinsics.DmulRN, "i_dmul_rz": intrinsics.DmulRZ, "i_dmul_ru": intrinsics.DmulRU, "i_dmul_rd": intrinsics.DmulRD,
		"i_ddiv_rn": intrinsics.DdivRN, "i_ddiv_rz": intrinsics.DdivRZ, "i_ddiv_ru": intrinsics.DdivRU, "i_ddiv_rd": intrinsics.DdivRD,
	} {
		bindD2(id, always(g))
	}
	for id, g := range map[string]func(float64) float64{
		"i_drcp_rn": intrinsics.DrcpRN, "i_drcp_rz": intrinsics.DrcpRZ, "i_drcp_ru": intrinsics.DrcpRU, "i_drcp_rd": intrinsics.DrcpRD,
		"i_dsqrt_rn": intrinsics.DsqrtRN, "i_dsqrt_rz": intrinsics.DsqrtRZ, "i_dsqrt_ru": intrinsics.DsqrtRU, "i_dsqrt_rd": intrinsics.DsqrtRD,
	} {
		bindD1(id, always(g))
	}
	for id, g := range map[string]func(x, y, z float64) float64{
		"i_fma_rn": intrinsics.FmaRN, "i_fma_rz": intrinsics.FmaRZ, "i_fma_ru": intrinsics.FmaRU, "i_fma_rd": intrinsics.FmaRD,
	} {
		bindD3(id, always(g))
	}

	// Double to integer: an int's encoding in the low 32 bits, a long long's whole.
	for id, g := range map[string]func(float64) int32{
		"i_double2int_rn": intrinsics.Double2IntRN, "i_double2int_rz": intrinsics.Double2IntRZ,
		"i_double2int_ru": intrinsics.Double2IntRU, "i_double2int_rd": intrinsics.Double2IntRD,
		"i_double2hiint": intrinsics.Double2hiint, "i_double2loint": intrinsics.Double2loint,
	} {
		bind(id, always(Kernel(func(in *Args) uint64 { return uint64(uint32(g(f64a(in[0])))) })))
	}
	for id, g := range map[string]func(float64) uint32{
		"i_double2uint_rn": intrinsics.Double2UintRN, "i_double2uint_rz": intrinsics.Double2UintRZ,
		"i_double2uint_ru": intrinsics.Double2UintRU, "i_double2uint_rd": intrinsics.Double2UintRD,
	} {
		bind(id, always(Kernel(func(in *Args) uint64 { return uint64(g(f64a(in[0]))) })))
	}
	for id, g := range map[string]func(float64) int64{
		"i_double2ll_rn": intrinsics.Double2LLRN, "i_double2ll_rz": intrinsics.Double2LLRZ,
		"i_double2ll_ru": intrinsics.Double2LLRU, "i_double2ll_rd": intrinsics.Double2LLRD,
		"i_double_as_longlong": intrinsics.DoubleAsLonglong,
	} {
		bind(id, always(Kernel(func(in *Args) uint64 { return uint64(g(f64a(in[0]))) })))
	}
	for id, g := range map[string]func(float64) uint64{
		"i_double2ull_rn": intrinsics.Double2ULLRN, "i_double2ull_rz": intrinsics.Double2ULLRZ,
		"i_double2ull_ru": intrinsics.Double2ULLRU, "i_double2ull_rd": intrinsics.Double2ULLRD,
	} {
		bind(id, always(Kernel(func(in *Args) uint64 { return g(f64a(in[0])) })))
	}

	// Integers to double.
	bind("i_int2double_rn", always(Kernel(func(in *Args) uint64 { return f64r(intrinsics.Int2DoubleRN(int32(uint32(in[0])))) })))
	bind("i_uint2double_rn", always(Kernel(func(in *Args) uint64 { return f64r(intrinsics.Uint2DoubleRN(uint32(in[0]))) })))
	for id, g := range map[string]func(int64) float64{
		"i_ll2double_rn": intrinsics.LL2DoubleRN, "i_ll2double_rz": intrinsics.LL2DoubleRZ,
		"i_ll2double_ru": intrinsics.LL2DoubleRU, "i_ll2double_rd": intrinsics.LL2DoubleRD,
		"i_longlong_as_double": intrinsics.LonglongAsDouble,
	} {
		bind(id, always(Kernel(func(in *Args) uint64 { return f64r(g(int64(in[0]))) })))
	}
	for id, g := range map[string]func(uint64) float64{
		"i_ull2double_rn": intrinsics.ULL2DoubleRN, "i_ull2double_rz": intrinsics.ULL2DoubleRZ,
		"i_ull2double_ru": intrinsics.ULL2DoubleRU, "i_ull2double_rd": intrinsics.ULL2DoubleRD,
	} {
		bind(id, always(Kernel(func(in *Args) uint64 { return f64r(g(in[0])) })))
	}
	bind("i_hiloint2double", always(Kernel(func(in *Args) uint64 {
		return f64r(intrinsics.Hiloint2Double(int32(uint32(in[0])), int32(uint32(in[1]))))
	})))

	// The C operators on double.
	bindD2("f64_op_add", func(fl fp.Flags) func(x, y float64) float64 { return fl.Add64 })
	bindD2("f64_op_sub", func(fl fp.Flags) func(x, y float64) float64 { return fl.Sub64 })
	bindD2("f64_op_mul", func(fl fp.Flags) func(x, y float64) float64 { return fl.Mul64 })
	bindD2("f64_op_div", func(fl fp.Flags) func(x, y float64) float64 { return fl.Div64 })
	bindD1("f64_op_rcp", func(fl fp.Flags) func(float64) float64 { return fl.Rcp64 })
	bindD1("f64_op_sqrt", func(fl fp.Flags) func(float64) float64 { return fl.Sqrt64 })
	bindD3("f64_op_madd", func(fl fp.Flags) func(x, y, z float64) float64 { return fl.MulAdd64 })
	bindD3("f64_op_msub", func(fl fp.Flags) func(x, y, z float64) float64 { return fl.MulSub64 })
}

// NaNOrders are the operand orders ptxas gave the binary64 instructions of
// one compiled kernel of a function (rounding.NaNOrder), in evaluation
// order: [0] its add, sub, mul or fma, or, for x*y±z under -fmad=false, the
// mul, and [1] that form's add or sub. They decide only which NaN comes
// back when two or three operands are NaNs. The zero value, every
// instruction AsWritten, is the order of the public functions (intrinsics,
// fp) and of Impl.
type NaNOrders [2]rounding.NaNOrder

// ImplOrdered returns f's implementation under fl compiled with operand
// orders o: Impl's kernel when o is zero or f's results do not depend on
// the orders, else a kernel of package rounding's ordered operations
// (TestImplOrdered checks that their zero orders are Impl's).
func (f *Func) ImplOrdered(fl fp.Flags, o NaNOrders) (Kernel, bool) {
	if b, ok := ordered[f.ID]; ok && o != (NaNOrders{}) {
		return b(f.Sens.Effective(fl), o), true
	}
	return f.Impl(fl)
}

// Ordered reports whether f's results depend on NaNOrders.
func (f *Func) Ordered() bool {
	_, ok := ordered[f.ID]
	return ok
}

// ordered holds the kernels of the functions whose NaN choice depends on
// the operand order: the binary64 add, sub, mul and fma intrinsics and
// operators.
var ordered = map[string]func(fp.Flags, NaNOrders) Kernel{}

func init() {
	for _, m := range rounding.Modes {
		sfx := "_" + m.CUDA()
		ordered["i_dadd"+sfx] = func(_ fp.Flags, o NaNOrders) Kernel {
			return func(in *Args) uint64 { return o[0].Add64(in[0], in[1], m) }
		}
		ordered["i_dsub"+sfx] = func(_ fp.Flags, o NaNOrders) Kernel {
			return func(in *Args) uint64 { return o[0].Sub64(in[0], in[1], m) }
		}
		ordered["i_dmul"+sfx] = func(_ fp.Flags, o NaNOrders) Kernel {
			return func(in *Args) uint64 { return o[0].Mul64(in[0], in[1], m) }
		}
		ordered["i_fma"+sfx] = func(_ fp.Flags, o NaNOrders) Kernel {
			return func(in *Args) uint64 { return o[0].Fma64(in[0], in[1], in[2], m) }
		}
	}
	const rn = rounding.RN
	ordered["f64_op_add"] = ordered["i_dadd_rn"]
	ordered["f64_op_sub"] = ordered["i_dsub_rn"]
	ordered["f64_op_mul"] = ordered["i_dmul_rn"]
	ordered["f64_op_madd"] = func(fl fp.Flags, o NaNOrders) Kernel {
		if fl.NoFMAD {
			return func(in *Args) uint64 { return o[1].Add64(o[0].Mul64(in[0], in[1], rn), in[2], rn) }
		}
		return func(in *Args) uint64 { return o[0].Fma64(in[0], in[1], in[2], rn) }
	}
	ordered["f64_op_msub"] = func(fl fp.Flags, o NaNOrders) Kernel {
		if fl.NoFMAD {
			return func(in *Args) uint64 { return o[1].Sub64(o[0].Mul64(in[0], in[1], rn), in[2], rn) }
		}
		return func(in *Args) uint64 { return o[0].Fma64(in[0], in[1], rounding.NegOperand64(in[2]), rn) }
	}
}
