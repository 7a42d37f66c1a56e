package rounding

// The integer kernels, exported to the tests as the oracle of the host
// paths (host.go): each takes the same arguments as its exported operation.
var (
	Add32Int  = func(x, y uint32, m Mode, ftz bool) uint32 { checkMode(m); return add32(x, y, m, ftz) }
	Sub32Int  = func(x, y uint32, m Mode, ftz bool) uint32 { checkMode(m); return add32(x, y^0x80000000, m, ftz) }
	Mul32Int  = func(x, y uint32, m Mode, ftz bool) uint32 { checkMode(m); return mul32(x, y, m, ftz) }
	Div32Int  = func(x, y uint32, m Mode, ftz bool) uint32 { checkMode(m); return div32(x, y, m, ftz) }
	Rcp32Int  = func(x uint32, m Mode, ftz bool) uint32 { checkMode(m); return div32(0x3f800000, x, m, ftz) }
	Sqrt32Int = func(x uint32, m Mode, ftz bool) uint32 { checkMode(m); return sqrt32(x, m, ftz) }
	Fma32Int  = func(x, y, z uint32, m Mode, ftz bool) uint32 { checkMode(m); return fma32(x, y, z, m, ftz) }

	RoundInt32Int = func(x uint32, m Mode, ftz bool) uint32 { checkMode(m); return roundInt32(x, m, ftz) }
	F64ToF32Int   = func(x uint64, m Mode, ftz bool) uint32 { checkMode(m); return f64ToF32(x, m, ftz) }
	I32ToF32Int   = func(v int32, m Mode) uint32 { checkMode(m); return i32ToF32(v, m) }
	U32ToF32Int   = func(v uint32, m Mode) uint32 { checkMode(m); return uintToF32(0, uint64(v), m) }
	I64ToF32Int   = func(v int64, m Mode) uint32 { checkMode(m); return i64ToF32(v, m) }
	U64ToF32Int   = func(v uint64, m Mode) uint32 { checkMode(m); return uintToF32(0, v, m) }
)

// The binary64 integer kernels and the generic kernels' binary32 instances.
var (
	Add64Int  = func(x, y uint64, m Mode) uint64 { checkMode(m); return add64(x, y, m) }
	Sub64Int  = func(x, y uint64, m Mode) uint64 { checkMode(m); return sub64Int(x, y, m) }
	Mul64Int  = func(x, y uint64, m Mode) uint64 { checkMode(m); return mul64(x, y, m) }
	Div64Int  = func(x, y uint64, m Mode) uint64 { checkMode(m); return div64(x, y, m) }
	Rcp64Int  = func(x uint64, m Mode) uint64 { checkMode(m); return div64(0x3ff0000000000000, x, m) }
	Sqrt64Int = func(x uint64, m Mode) uint64 { checkMode(m); return sqrt64(x, m) }
	Fma64Int  = func(x, y, z uint64, m Mode) uint64 { checkMode(m); return fma64(x, y, z, m) }

	RoundInt64Int = func(x uint64, m Mode) uint64 { checkMode(m); return roundInt64(x, m) }
	I64ToF64Int   = func(v int64, m Mode) uint64 { checkMode(m); return i64ToF64(v, m) }
	U64ToF64Int   = func(v uint64, m Mode) uint64 { checkMode(m); return uintToF64(0, v, m) }

	Add32Gen = func(x, y uint32, m Mode, ftz bool) uint32 { checkMode(m); return addG(x, y, m, ftz) }
	Mul32Gen = func(x, y uint32, m Mode, ftz bool) uint32 { checkMode(m); return mulG(x, y, m, ftz) }
	Div32Gen = func(x, y uint32, m Mode, ftz bool) uint32 { checkMode(m); return divG(x, y, m, ftz) }
)

// sub64Int is Sub64 on the integer kernel: the NaN rule sees y as given.
func sub64Int(x, y uint64, m Mode) uint64 {
	if x&^f64SignMask > f64InfBits || y&^f64SignMask > f64InfBits {
		return nanAddMul64(x, y)
	}
	return add64(x, y^f64SignMask, m)
}

// F16NaN is the NaN of the 16-bit conversions and arithmetic (cuda.go).
const F16NaN = canonicalNaN16

// The 16-bit integer kernels (half.go), the oracle of their host paths
// (host16.go).
var (
	AddF16Int  = func(x, y uint16, m Mode, ftz bool) uint16 { checkMode(m); return add16(fmtF16, x, y, m, ftz) }
	MulF16Int  = func(x, y uint16, m Mode, ftz bool) uint16 { checkMode(m); return mul16(fmtF16, x, y, m, ftz) }
	FmaF16Int  = func(x, y, z uint16, m Mode, ftz bool) uint16 { checkMode(m); return fma16(fmtF16, x, y, z, m, ftz) }
	AddBF16Int = func(x, y uint16, m Mode, ftz bool) uint16 { checkMode(m); return add16(fmtBF16, x, y, m, ftz) }
	MulBF16Int = func(x, y uint16, m Mode, ftz bool) uint16 { checkMode(m); return mul16(fmtBF16, x, y, m, ftz) }
	FmaBF16Int = func(x, y, z uint16, m Mode, ftz bool) uint16 { checkMode(m); return fma16(fmtBF16, x, y, z, m, ftz) }
)
