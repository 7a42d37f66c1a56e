package spec

import (
	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/rounding"
)

// Bindings of the 16-bit catalog (catalog16.go). An implementation is
// registered under the entry's ID ("f16_hadd", "bf16_float2bfloat16_rz")
// with bindKernel, or with the helpers below for the common shapes; the
// Kernel sees each 16-bit argument's encoding in the low 16 bits of its
// word (a vector's lane 0 in bits 0-15, lane 1 in 16-31) and returns the
// result's encoding in the low bits (a bool as 0 or 1). A vector function
// (Func.Lane) needs no binding of its own: once its scalar form is bound,
// Impl applies that to each lane. The flags a binding receives are the
// effective ones (Func.Sens: -ftz and -fmad for the functions whose PTX
// reads them, gpu/ref/README.md), for example
//
//	bindH2("f16_hadd", func(fp.Flags) func(x, y uint16) uint16 { return rounding.AddF16 })
//	bindKernel("f16_float2half_rz", func(fp.Flags) Kernel {
//		return func(in *Args) uint64 { return uint64(rounding.F32ToF16(uint32(in[0]), rounding.RZ)) }
//	})
//
// (the Go names are the implementer's).

// lanes16 holds, for the functions bound with bindH1, bindH2 or bindH3,
// the function of 16-bit encodings itself (as one of three arguments), so
// that laneKernel applies it to each lane without going through a Kernel's
// argument array, which escapes to the heap on every call.
var lanes16 = map[string]func(fp.Flags) func(x, y, z uint16) uint16{}

// bindH1, bindH2 and bindH3 register a function of one, two or three 16-bit
// encodings to a 16-bit encoding, given per flag set.
func bindH1(id string, fn func(fp.Flags) func(x uint16) uint16) {
	lanes16[id] = func(fl fp.Flags) func(x, y, z uint16) uint16 {
		g := fn(fl)
		return func(x, _, _ uint16) uint16 { return g(x) }
	}
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return uint64(g(uint16(in[0]))) }
	})
}

func bindH2(id string, fn func(fp.Flags) func(x, y uint16) uint16) {
	lanes16[id] = func(fl fp.Flags) func(x, y, z uint16) uint16 {
		g := fn(fl)
		return func(x, y, _ uint16) uint16 { return g(x, y) }
	}
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return uint64(g(uint16(in[0]), uint16(in[1]))) }
	})
}

func bindH3(id string, fn func(fp.Flags) func(x, y, z uint16) uint16) {
	lanes16[id] = fn
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return uint64(g(uint16(in[0]), uint16(in[1]), uint16(in[2]))) }
	})
}

// laneKernel returns the kernel of vector function f under fl from its
// scalar form's binding: the scalar kernel on lane 0 and on lane 1 of every
// argument, the results packed lane 0 low.
func laneKernel(f *Func, fl fp.Flags) (Kernel, bool) {
	s, ok := Lookup16(f.lane)
	if !ok {
		return nil, false
	}
	b, ok := bindings[s.ID]
	if !ok {
		return nil, false
	}
	if lanes, ok := lanes16[s.ID]; ok {
		g := lanes(s.Sens.Effective(fl))
		return func(in *Args) uint64 {
			lo := g(uint16(in[0]), uint16(in[1]), uint16(in[2]))
			hi := g(uint16(in[0]>>16), uint16(in[1]>>16), uint16(in[2]>>16))
			return uint64(lo) | uint64(hi)<<16
		}, true
	}
	k := b(s.Sens.Effective(fl))
	n := len(f.In)
	return func(in *Args) uint64 {
		var lo, hi Args
		for j := range n {
			lo[j], hi[j] = in[j]&0xffff, in[j]>>16&0xffff
		}
		return k(&lo)&0xffff | (k(&hi)&0xffff)<<16
	}, true
}

// Bindings of the catalog16 entries that nvcc compiles to one PTX
// instruction (or an instruction and a modifier) of package rounding's
// 16-bit operations (gpu/ref/funcs16's PTX and SASS: add/sub/mul{.rn}{.sat},
// fma.rn{.sat,.relu}, neg and abs as sm_90 computes them, every cvt,
// cvt.r?i for hrint, htrunc, hceil, hfloor; the vector forms follow from
// their lanes, laneKernel). The library compositions (bfloat16's __hadd_sat
// and the like: fma, max, min), the comparisons, min/max and the math
// functions are not bound here. No flag changes these instructions' PTX
// except (double)x's cvt.ftz.f64.f32 and the contraction of x*y±z (Sens).

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
			bindH2(id(name), always(g))
		}
		three := map[string]func(x, y, z uint16) uint16{
			"hfma":      t.fma,
			"hfma_relu": func(x, y, z uint16) uint16 { return t.relu(t.fma(x, y, z)) },
		}
		if t.sat != nil {
			three["hfma_sat"] = func(x, y, z uint16) uint16 { return t.sat(t.fma(x, y, z)) }
		}
		for name, g := range three {
			bindH3(id(name), always(g))
		}
		// x*y+z and x*y-z: mul and add (sub) in the PTX, which ptxas
		// contracts into HFMA2 (HFMA2 x, y, -z) unless -fmad=false.
		for name, neg := range map[string]uint16{"op_madd": 0, "op_msub": 0x8000} {
			bind(id(name), func(fl fp.Flags) Kernel {
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
				bindH1(id(name), always(func(x uint16) uint16 { return t.add(g(x), negZero) }))
				continue
			}
			bindH1(id(name), always(func(x uint16) uint16 { return t.fma(negZero, 0, g(x)) }))
		}
		// __half_as_short, __half_as_ushort: the bits (no instruction).
		for _, name := range []string{t.tn + "_as_short", t.tn + "_as_ushort"} {
			bind(id(name), always(Kernel(func(in *Args) uint64 { return in[0] & 0xffff })))
		}
		// Conversions.
		modes := map[string]rounding.Mode{"": rounding.RN, "_rn": rounding.RN, "_rz": rounding.RZ, "_ru": rounding.RU, "_rd": rounding.RD}
		for sfx, m := range modes {
			bind(id("float2"+t.tn+sfx), always(Kernel(func(in *Args) uint64 { return uint64(t.fromF32(uint32(in[0]), m)) })))
		}
		bind(id("cast_from_float"), always(Kernel(func(in *Args) uint64 { return uint64(t.fromF32(uint32(in[0]), rn)) })))
		for _, name := range []string{"double2" + t.tn, "cast_from_double"} {
			bind(id(name), always(Kernel(func(in *Args) uint64 { return uint64(t.fromF64(in[0], rn)) })))
		}
		bind(id(t.tn+"2float"), always(Kernel(func(in *Args) uint64 { return uint64(t.toF32(uint16(in[0]))) })))
		bind(id("cast_to_double"), func(fl fp.Flags) Kernel {
			return func(in *Args) uint64 { return t.toF64(uint16(in[0]), fl.FTZ) }
		})
		for name, m := range map[string]rounding.Mode{"hrint": rounding.RN, "htrunc": rounding.RZ, "hceil": rounding.RU, "hfloor": rounding.RD} {
			bindH1(id(name), always(func(x uint16) uint16 { return t.rint(x, m) }))
		}
		for it, g := range t.toInt {
			for sfx, m := range modes {
				if sfx == "" {
					continue
				}
				bind(id(t.tn+"2"+it+sfx), always(Kernel(func(in *Args) uint64 { return g(uint16(in[0]), m) })))
			}
		}
		for it, g := range t.fromInt {
			for sfx, m := range modes {
				if sfx == "" {
					continue
				}
				bind(id(it+"2"+t.tn+sfx), always(Kernel(func(in *Args) uint64 { return uint64(g(in[0], m)) })))
			}
		}
	}
}
