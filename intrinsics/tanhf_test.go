package intrinsics_test

import "github.com/cudafp/cudafp/intrinsics"

func init() {
	handSpecials = append(handSpecials,
		specialFunc{name: "Tanhf", id: "i_tanhf", in: 1, fn: f1(intrinsics.Target.Tanhf), rows: []specialRow{
			{"Tanhf(NaN) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN), both(cNaN, nNaN), both(cNaN, sNaN)}},
			{"Tanhf(±0) = ±0", []specialCase{both(pZero, pZero), both(nZero, nZero)}},
			{"Tanhf(x) = x for subnormal x, in both builds", []specialCase{both(pMinSub, pMinSub), both(0x807fffff, 0x807fffff), both(pMaxSub, pMaxSub)}},
			{"Tanhf(±Inf) = ±1", []specialCase{both(pOne, pInf), both(nOne, nInf)}},
			{"Tanhf(x) = ±1 for |x| ≥ 8", []specialCase{both(pOne, 0x41000000), both(nOne, 0xc1000000), both(pOne, pMax)}},
		}},
	)
	handBench = append(handBench,
		benchFunc{"Tanhf", "i_tanhf", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Tanhf(b2f(uint32(a[0]))))
			}
			return s
		}},
	)
	rangeClaims["Tanhf(x) = ±1 for |x| ≥ 8"] = []rangeClaim{{0x41000000, pInf, pOne}, {0xc1000000, nInf, nOne}}
}
