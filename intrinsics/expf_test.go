package intrinsics_test

import "github.com/cudafp/cudafp/intrinsics"

func init() {
	handSpecials = append(handSpecials,
		specialFunc{name: "Expf", id: "i_expf", in: 1, fn: f1(intrinsics.Target.Expf), rows: []specialRow{
			{"Expf(NaN) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN), both(cNaN, nNaN), both(cNaN, sNaN)}},
			{"Expf(±0) = Expf(±subnormal) = 1", []specialCase{both(pOne, pZero), both(pOne, nZero), both(pOne, pMinSub), both(pOne, 0x807fffff)}},
			{"Expf(+Inf) = +Inf", []specialCase{both(pInf, pInf)}},
			{"Expf(-Inf) = +0", []specialCase{both(pZero, nInf)}},
			{"Expf(x) = +Inf for x ≥ 0x1.62e43p+06 (x·log2(e) rounds to 128 or more)", []specialCase{both(pInf, 0x42b17218), both(pInf, 0x42fc0000), both(pInf, pMax)}},
			{"Expf(x) = +0 for x ≤ -0x1.9fe36ap+06 (x·log2(e) rounds to -150 or less); with FTZ, +0 wherever the result would be subnormal",
				[]specialCase{both(pZero, 0xc2cff1b5), both(pZero, 0xc2fc0000), both(pZero, nMax), cz(0x00200000, pZero, 0xc2b17218)}},
		}},
		specialFunc{name: "Exp10f", id: "i_exp10f", in: 1, fn: f1(intrinsics.Target.Exp10f), rows: []specialRow{
			{"Exp10f(NaN) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN), both(cNaN, nNaN)}},
			{"Exp10f(±0) = Exp10f(±subnormal) = 1", []specialCase{both(pOne, pZero), both(pOne, nZero), both(pOne, pMinSub), both(pOne, 0x807fffff)}},
			{"Exp10f(+Inf) = +Inf", []specialCase{both(pInf, pInf)}},
			{"Exp10f(-Inf) = +0", []specialCase{both(pZero, nInf)}},
			{"Exp10f(x) = +Inf if x·log2(10) rounds to 128 or more", []specialCase{both(pInf, 0x42b17218), both(pInf, pMax)}},
			{"Exp10f(x) = +0 if x·log2(10) rounds to -150 or less; with FTZ, +0 wherever the result would be subnormal", []specialCase{both(pZero, 0xc2b17218), both(pZero, nMax)}},
		}},
	)
	handBench = append(handBench,
		benchFunc{"Expf", "i_expf", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Expf(b2f(uint32(a[0]))))
			}
			return s
		}},
		benchFunc{"Exp10f", "i_exp10f", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Exp10f(b2f(uint32(a[0]))))
			}
			return s
		}},
	)
	rangeClaims["Expf(x) = +Inf for x ≥ 0x1.62e43p+06 (x·log2(e) rounds to 128 or more)"] = []rangeClaim{{0x42b17218, pInf, pInf}}
	rangeClaims["Expf(x) = +0 for x ≤ -0x1.9fe36ap+06 (x·log2(e) rounds to -150 or less); with FTZ, +0 wherever the result would be subnormal"] = []rangeClaim{{0xc2cff1b5, nInf, pZero}}
}
