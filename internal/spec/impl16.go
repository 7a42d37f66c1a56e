package spec

import (
	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/rounding"
)

// Bindings of the 16-bit catalog's functions that nvcc compiles to one PTX
// instruction of package rounding's 16-bit operations (gpu/ref/funcs16's
// PTX: add/sub/mul{.rn}{.sat}.f16, .bf16, fma.rn{.sat,.relu}, cvt in every
// form, cvt.r?i.{f16,bf16} for hrint, htrunc, hceil, hfloor, and the
// .f16x2/.bf16x2 forms, which PTX defines lane by lane). The library
// compositions (bfloat16's __hadd_sat and the like: fma, max, min), the
// comparisons, min/max, neg/abs and the math functions are not bound here.
// A 16-bit result is packed in the low 16 bits; a vector's lane 0 in the
// low half. No flag changes these instructions' PTX except (double)x's
// cvt.ftz.f64.f32 (Sens), whose kernel reads FTZ.

// bind16 registers the implementation of the 16-bit catalog entry id; it
// panics on an unknown or doubly bound ID, as bind does.
func bind16(id string, b binding) {
	if _, ok := Lookup16(id); !ok {
		panic("spec: binding for unknown 16-bit function " + id)
	}
	if _, dup := bindings[id]; dup {
		panic("spec: function bound twice: " + id)
	}
	bindings[id] = b
}

// kernel16 makes a flag-independent binding of a kernel.
func kernel16(k Kernel) binding { return func(fp.Flags) Kernel { return k } }

// lanes applies op to the two 16-bit lanes of 32-bit vectors.
func lanes(in *Args, n int, op func(a, b, c uint16) uint16) uint64 {
	var r uint64
	for sh := 0; sh < 32; sh += 16 {
		var v [3]uint16
		for j := range n {
			v[j] = uint16(in[j] >> sh)
		}
		r |= uint64(op(v[0], v[1], v[2])) << sh
	}
	return r
}

func init() {
	type ops struct {
		pfx, tn       string
		add, sub, mul func(x, y uint16) uint16
		fma           func(x, y, z uint16) uint16
		sat, relu     func(uint16) uint16
		fromF32       func(uint32, rounding.Mode) uint16
		fromF64       func(uint64, rounding.Mode) uint16
		toF32         func(uint16) uint32
		toF64         func(uint16, bool) uint64
		rint          func(uint16, rounding.Mode) uint16
		toInt         map[string]func(uint16, rounding.Mode) uint64
		fromInt       map[string]func(uint64, rounding.Mode) uint16
	}
	rn := rounding.RN
	for _, t := range []ops{
		{
			pfx: "f16", tn: "half",
			add: func(x, y uint16) uint16 { return rounding.AddF16(x, y, rn, false) },
			sub: func(x, y uint16) uint16 { return rounding.SubF16(x, y, rn, false) },
			mul: func(x, y uint16) uint16 { return rounding.MulF16(x, y, rn, false) },
			fma: func(x, y, z uint16) uint16 { return rounding.FmaF16(x, y, z, rn, false) },
			sat: rounding.SatF16, relu: rounding.ReluF16,
			fromF32: rounding.F32ToF16, fromF64: rounding.F64ToF16, toF32: rounding.F16ToF32, toF64: rounding.F16ToF64,
			rint: rounding.RoundIntF16,
			toInt: map[string]func(uint16, rounding.Mode) uint64{
				"int":    func(x uint16, m rounding.Mode) uint64 { return uint64(uint32(rounding.F16ToI32(x, m))) },
				"uint":   func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.F16ToU32(x, m)) },
				"short":  func(x uint16, m rounding.Mode) uint64 { return uint64(uint16(rounding.F16ToI16(x, m))) },
				"ushort": func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.F16ToU16(x, m)) },
				"ll":     func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.F16ToI64(x, m)) },
				"ull":    rounding.F16ToU64,
			},
			fromInt: map[string]func(uint64, rounding.Mode) uint16{
				"int":    func(v uint64, m rounding.Mode) uint16 { return rounding.I32ToF16(int32(v), m) },
				"uint":   func(v uint64, m rounding.Mode) uint16 { return rounding.U32ToF16(uint32(v), m) },
				"short":  func(v uint64, m rounding.Mode) uint16 { return rounding.I16ToF16(int16(v), m) },
				"ushort": func(v uint64, m rounding.Mode) uint16 { return rounding.U16ToF16(uint16(v), m) },
				"ll":     func(v uint64, m rounding.Mode) uint16 { return rounding.I64ToF16(int64(v), m) },
				"ull":    rounding.U64ToF16,
			},
		},
		{
			pfx: "bf16", tn: "bfloat16",
			add:     func(x, y uint16) uint16 { return rounding.AddBF16(x, y, rn) },
			sub:     func(x, y uint16) uint16 { return rounding.SubBF16(x, y, rn) },
			mul:     func(x, y uint16) uint16 { return rounding.MulBF16(x, y, rn) },
			fma:     func(x, y, z uint16) uint16 { return rounding.FmaBF16(x, y, z, rn) },
			relu:    rounding.ReluBF16,
			fromF32: rounding.F32ToBF16, fromF64: rounding.F64ToBF16, toF32: rounding.BF16ToF32, toF64: rounding.BF16ToF64,
			rint: rounding.RoundIntBF16,
			toInt: map[string]func(uint16, rounding.Mode) uint64{
				"int":    func(x uint16, m rounding.Mode) uint64 { return uint64(uint32(rounding.BF16ToI32(x, m))) },
				"uint":   func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.BF16ToU32(x, m)) },
				"short":  func(x uint16, m rounding.Mode) uint64 { return uint64(uint16(rounding.BF16ToI16(x, m))) },
				"ushort": func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.BF16ToU16(x, m)) },
				"ll":     func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.BF16ToI64(x, m)) },
				"ull":    rounding.BF16ToU64,
			},
			fromInt: map[string]func(uint64, rounding.Mode) uint16{
				"int":    func(v uint64, m rounding.Mode) uint16 { return rounding.I32ToBF16(int32(v), m) },
				"uint":   func(v uint64, m rounding.Mode) uint16 { return rounding.U32ToBF16(uint32(v), m) },
				"short":  func(v uint64, m rounding.Mode) uint16 { return rounding.I16ToBF16(int16(v), m) },
				"ushort": func(v uint64, m rounding.Mode) uint16 { return rounding.U16ToBF16(uint16(v), m) },
				"ll":     func(v uint64, m rounding.Mode) uint16 { return rounding.I64ToBF16(int64(v), m) },
				"ull":    rounding.U64ToBF16,
			},
		},
	} {
		id := func(s string) string { return t.pfx + "_" + s }
		two := map[string]func(x, y uint16) uint16{
			"hadd": t.add, "hadd_rn": t.add, "op_add": t.add, // add{.rn}.f16, add{.rn}.bf16
			"hsub": t.sub, "hsub_rn": t.sub, "op_sub": t.sub,
			"hmul": t.mul, "hmul_rn": t.mul, "op_mul": t.mul,
		}
		if t.sat != nil { // add.sat.f16 and the like; bfloat16's _sat forms are library code
			two["hadd_sat"] = func(x, y uint16) uint16 { return t.sat(t.add(x, y)) }
			two["hsub_sat"] = func(x, y uint16) uint16 { return t.sat(t.sub(x, y)) }
			two["hmul_sat"] = func(x, y uint16) uint16 { return t.sat(t.mul(x, y)) }
		}
		for name, g := range two {
			bind16(id(name), kernel16(func(in *Args) uint64 { return uint64(g(uint16(in[0]), uint16(in[1]))) }))
		}
		three := map[string]func(x, y, z uint16) uint16{
			"hfma":      t.fma,
			"hfma_relu": func(x, y, z uint16) uint16 { return t.relu(t.fma(x, y, z)) },
		}
		if t.sat != nil {
			three["hfma_sat"] = func(x, y, z uint16) uint16 { return t.sat(t.fma(x, y, z)) }
		}
		for name, g := range three {
			bind16(id(name), kernel16(func(in *Args) uint64 { return uint64(g(uint16(in[0]), uint16(in[1]), uint16(in[2]))) }))
		}
		// x*y+z and x*y-z: mul and add (sub) in the PTX, which ptxas
		// contracts into HFMA2 (HFMA2 x, y, -z) unless -fmad=false.
		for name, neg := range map[string]uint16{"op_madd": 0, "op_msub": 0x8000} {
			bind16(id(name), func(fl fp.Flags) Kernel {
				if fl.NoFMAD {
					return func(in *Args) uint64 {
						return uint64(t.add(t.mul(uint16(in[0]), uint16(in[1])), uint16(in[2])^neg))
					}
				}
				return func(in *Args) uint64 { return uint64(t.fma(uint16(in[0]), uint16(in[1]), uint16(in[2])^neg)) }
			})
		}
		// neg and abs: sm_90 computes them as arithmetic (binary16: HADD2
		// −x + −0 and |x| + −0; bfloat16: HFMA2 −0·0 + −x and −0·0 + |x|),
		// so they give -x and |x| but a NaN result is the arithmetic's.
		negZero := uint16(0x8000)
		negAbs := map[string]func(uint16) uint16{
			"hneg": func(x uint16) uint16 { return x ^ 0x8000 }, "op_neg": func(x uint16) uint16 { return x ^ 0x8000 },
			"habs": func(x uint16) uint16 { return x & 0x7fff },
		}
		for name, g := range negAbs {
			if t.sat != nil { // binary16: HADD2
				bind16(id(name), kernel16(func(in *Args) uint64 { return uint64(t.add(g(uint16(in[0])), negZero)) }))
				continue
			}
			bind16(id(name), kernel16(func(in *Args) uint64 { return uint64(t.fma(negZero, 0, g(uint16(in[0])))) }))
		}
		// __half_as_short, __half_as_ushort: the bits (no instruction).
		for _, name := range []string{t.tn + "_as_short", t.tn + "_as_ushort"} {
			bind16(id(name), kernel16(func(in *Args) uint64 { return in[0] & 0xffff }))
		}
		// The vector forms, lane by lane.
		for name, g := range map[string]func(x, y uint16) uint16{"hadd2": t.add, "hsub2": t.sub, "hmul2": t.mul} {
			bind16(id(name), kernel16(func(in *Args) uint64 {
				return lanes(in, 2, func(a, b, _ uint16) uint16 { return g(a, b) })
			}))
		}
		for name, g := range three {
			if name == "hfma_sat" {
				continue
			}
			bind16(id(name[:4]+"2"+name[4:]), kernel16(func(in *Args) uint64 { return lanes(in, 3, g) }))
		}
		// Conversions.
		modes := map[string]rounding.Mode{"": rounding.RN, "_rn": rounding.RN, "_rz": rounding.RZ, "_ru": rounding.RU, "_rd": rounding.RD}
		for sfx, m := range modes {
			bind16(id("float2"+t.tn+sfx), kernel16(func(in *Args) uint64 { return uint64(t.fromF32(uint32(in[0]), m)) }))
		}
		bind16(id("cast_from_float"), kernel16(func(in *Args) uint64 { return uint64(t.fromF32(uint32(in[0]), rn)) }))
		for _, name := range []string{"double2" + t.tn, "cast_from_double"} {
			bind16(id(name), kernel16(func(in *Args) uint64 { return uint64(t.fromF64(in[0], rn)) }))
		}
		bind16(id(t.tn+"2float"), kernel16(func(in *Args) uint64 { return uint64(t.toF32(uint16(in[0]))) }))
		bind16(id("cast_to_double"), func(fl fp.Flags) Kernel {
			return func(in *Args) uint64 { return t.toF64(uint16(in[0]), fl.FTZ) }
		})
		for name, m := range map[string]rounding.Mode{"hrint": rounding.RN, "htrunc": rounding.RZ, "hceil": rounding.RU, "hfloor": rounding.RD} {
			bind16(id(name), kernel16(func(in *Args) uint64 { return uint64(t.rint(uint16(in[0]), m)) }))
		}
		for it, g := range t.toInt {
			for sfx, m := range modes {
				if sfx == "" {
					continue
				}
				bind16(id(t.tn+"2"+it+sfx), kernel16(func(in *Args) uint64 { return g(uint16(in[0]), m) }))
			}
		}
		for it, g := range t.fromInt {
			for sfx, m := range modes {
				if sfx == "" {
					continue
				}
				bind16(id(it+"2"+t.tn+sfx), kernel16(func(in *Args) uint64 { return uint64(g(in[0], m)) }))
			}
		}
	}
}
