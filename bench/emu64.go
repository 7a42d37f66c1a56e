package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/intrinsics"
)

// Typed bindings of the double intrinsics that direct_gen.go does not
// write out: the conversions and the reinterpretations (methods of
// intrinsics.Target, which no flag changes).

func packF64(z float64) uint64 { return math.Float64bits(z) }

func init() {
	for id, m := range map[string]func(intrinsics.Target, float64) int32{
		"i_double2int_rn": intrinsics.Target.Double2IntRN, "i_double2int_rz": intrinsics.Target.Double2IntRZ,
		"i_double2int_ru": intrinsics.Target.Double2IntRU, "i_double2int_rd": intrinsics.Target.Double2IntRD,
		"i_double2hiint": intrinsics.Target.Double2hiint, "i_double2loint": intrinsics.Target.Double2loint,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner { return loop1(m, target(fl), decode(in[0], argF64), packI32) }
	}
	for id, m := range map[string]func(intrinsics.Target, float64) uint32{
		"i_double2uint_rn": intrinsics.Target.Double2UintRN, "i_double2uint_rz": intrinsics.Target.Double2UintRZ,
		"i_double2uint_ru": intrinsics.Target.Double2UintRU, "i_double2uint_rd": intrinsics.Target.Double2UintRD,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner { return loop1(m, target(fl), decode(in[0], argF64), packU32) }
	}
	for id, m := range map[string]func(intrinsics.Target, float64) int64{
		"i_double2ll_rn": intrinsics.Target.Double2LLRN, "i_double2ll_rz": intrinsics.Target.Double2LLRZ,
		"i_double2ll_ru": intrinsics.Target.Double2LLRU, "i_double2ll_rd": intrinsics.Target.Double2LLRD,
		"i_double_as_longlong": intrinsics.Target.DoubleAsLonglong,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner { return loop1(m, target(fl), decode(in[0], argF64), packI64) }
	}
	for id, m := range map[string]func(intrinsics.Target, float64) uint64{
		"i_double2ull_rn": intrinsics.Target.Double2ULLRN, "i_double2ull_rz": intrinsics.Target.Double2ULLRZ,
		"i_double2ull_ru": intrinsics.Target.Double2ULLRU, "i_double2ull_rd": intrinsics.Target.Double2ULLRD,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner { return loop1(m, target(fl), decode(in[0], argF64), packU64) }
	}
	emuBindings["i_int2double_rn"] = func(fl fp.Flags, in columns) runner {
		return loop1(intrinsics.Target.Int2DoubleRN, target(fl), decode(in[0], argI32), packF64)
	}
	emuBindings["i_uint2double_rn"] = func(fl fp.Flags, in columns) runner {
		return loop1(intrinsics.Target.Uint2DoubleRN, target(fl), decode(in[0], argU32), packF64)
	}
	for id, m := range map[string]func(intrinsics.Target, int64) float64{
		"i_ll2double_rn": intrinsics.Target.LL2DoubleRN, "i_ll2double_rz": intrinsics.Target.LL2DoubleRZ,
		"i_ll2double_ru": intrinsics.Target.LL2DoubleRU, "i_ll2double_rd": intrinsics.Target.LL2DoubleRD,
		"i_longlong_as_double": intrinsics.Target.LonglongAsDouble,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner { return loop1(m, target(fl), decode(in[0], argI64), packF64) }
	}
	for id, m := range map[string]func(intrinsics.Target, uint64) float64{
		"i_ull2double_rn": intrinsics.Target.ULL2DoubleRN, "i_ull2double_rz": intrinsics.Target.ULL2DoubleRZ,
		"i_ull2double_ru": intrinsics.Target.ULL2DoubleRU, "i_ull2double_rd": intrinsics.Target.ULL2DoubleRD,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner { return loop1(m, target(fl), decode(in[0], argU64), packF64) }
	}
	emuBindings["i_hiloint2double"] = func(fl fp.Flags, in columns) runner {
		return loop2(intrinsics.Target.Hiloint2Double, target(fl), decode(in[0], argI32), decode(in[1], argI32), packF64)
	}
}
