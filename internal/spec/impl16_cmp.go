package spec

import (
	"github.com/cudafp/cudafp/internal/bf16"
	"github.com/cudafp/cudafp/internal/f16"
	"github.com/cudafp/cudafp/rounding"
)

// Bindings of the 16-bit comparisons, min/max and bfloat16's _sat forms
// (gpu/ref/funcs16's PTX and SASS; no flag changes them):
//
//   - __heq … __hgeu: setp.cmp.{f16,bf16} (HSETP2), a predicate of
//     rounding's Cmp16 (ordered comparisons false, unordered ones true
//     when an operand is NaN; -0 = +0); the result is 1 or 0;
//   - __hisnan: set.nan.{f16,bf16}.{f16,bf16} x, x: x compared with itself
//     unordered;
//   - __hisinf: integer compares of the bits: -1 for -Inf, 1 for +Inf, 0
//     otherwise (setp.eq.s16, selp);
//   - __hmax, __hmin, __hmax_nan, __hmin_nan: {max,min}{.NaN}.{f16,bf16}
//     (HMNMX2{.NAN}); __hmax2 and __hmin2 follow through laneKernel;
//   - bfloat16's __hadd_sat, __hsub_sat, __hmul_sat, __hfma_sat: library
//     code, fma.rn.bf16 (x·1 + y, y·-1 + x, x·y + -0, x·y + z) then
//     max.bf16 with +0 and min.bf16 with 1 (ptxas emits HADD2.BF16_V2 and
//     HMUL2.BF16_V2 for the first two fma, which round the same exact
//     value). binary16's _sat forms are instructions (impl16.go).
func init() {
	preds := map[string]func(c int, ordered bool) bool{
		"heq":  func(c int, o bool) bool { return o && c == 0 },
		"hne":  func(c int, o bool) bool { return o && c != 0 },
		"hlt":  func(c int, o bool) bool { return o && c < 0 },
		"hle":  func(c int, o bool) bool { return o && c <= 0 },
		"hgt":  func(c int, o bool) bool { return o && c > 0 },
		"hge":  func(c int, o bool) bool { return o && c >= 0 },
		"hequ": func(c int, o bool) bool { return !o || c == 0 },
		"hneu": func(c int, o bool) bool { return !o || c != 0 },
		"hltu": func(c int, o bool) bool { return !o || c < 0 },
		"hleu": func(c int, o bool) bool { return !o || c <= 0 },
		"hgtu": func(c int, o bool) bool { return !o || c > 0 },
		"hgeu": func(c int, o bool) bool { return !o || c >= 0 },
	}
	type ops struct {
		pfx            string
		inf            uint16
		cmp            func(x, y uint16) (int, bool)
		min, max       func(x, y uint16) uint16
		minNaN, maxNaN func(x, y uint16) uint16
	}
	for _, t := range []ops{
		{"f16", f16.InfBits, rounding.CmpF16, rounding.MinF16, rounding.MaxF16, rounding.MinNaNF16, rounding.MaxNaNF16},
		{"bf16", bf16.InfBits, rounding.CmpBF16, rounding.MinBF16, rounding.MaxBF16, rounding.MinNaNBF16, rounding.MaxNaNBF16},
	} {
		id := func(s string) string { return t.pfx + "_" + s }
		for name, p := range preds {
			bind(id(name), always(Kernel(func(in *Args) uint64 {
				return b2u(p(t.cmp(uint16(in[0]), uint16(in[1]))))
			})))
		}
		bind(id("hisnan"), always(Kernel(func(in *Args) uint64 {
			_, ordered := t.cmp(uint16(in[0]), uint16(in[0]))
			return b2u(!ordered)
		})))
		bind(id("hisinf"), always(Kernel(func(in *Args) uint64 {
			switch uint16(in[0]) {
			case t.inf:
				return 1
			case t.inf | 0x8000:
				return uint64(uint32(0xffffffff)) // int32 -1
			}
			return 0
		})))
		for name, g := range map[string]func(x, y uint16) uint16{
			"hmax": t.max, "hmin": t.min, "hmax_nan": t.maxNaN, "hmin_nan": t.minNaN,
		} {
			bindH2(id(name), always(g))
		}
	}

	// bfloat16's _sat forms (cuda_bf16.hpp's inline PTX).
	const one, negOne, negZero = bf16.OneBits, bf16.NegOneBits, bf16.NegZeroBits
	rn := rounding.RN
	sat := func(f uint16) uint16 { return rounding.MinBF16(rounding.MaxBF16(f, 0), one) }
	bindH2("bf16_hadd_sat", always(func(x, y uint16) uint16 { return sat(rounding.FmaBF16(x, one, y, rn)) }))
	bindH2("bf16_hsub_sat", always(func(x, y uint16) uint16 { return sat(rounding.FmaBF16(y, negOne, x, rn)) }))
	bindH2("bf16_hmul_sat", always(func(x, y uint16) uint16 { return sat(rounding.FmaBF16(x, y, negZero, rn)) }))
	bindH3("bf16_hfma_sat", always(func(x, y, z uint16) uint16 { return sat(rounding.FmaBF16(x, y, z, rn)) }))
}

// b2u is a bool result's encoding: 1 or 0.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
