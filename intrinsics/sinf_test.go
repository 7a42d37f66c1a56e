package intrinsics_test

import (
	"math"

	"github.com/cudafp/cudafp/intrinsics"
)

func init() {
	sincos := func(t intrinsics.Target, a [3]uint64) uint64 {
		s, c := t.Sincosf(math.Float32frombits(uint32(a[0])))
		return uint64(math.Float32bits(s))<<32 | uint64(math.Float32bits(c))
	}
	handSpecials = append(handSpecials,
		specialFunc{name: "Sinf", id: "i_sinf", in: 1, fn: f1(intrinsics.Target.Sinf), rows: []specialRow{
			{"Sinf(NaN) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN), both(cNaN, nNaN)}},
			{"Sinf(±Inf) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, pInf), both(cNaN, nInf)}},
			{"Sinf(±0) = ±0", []specialCase{both(pZero, pZero), both(nZero, nZero)}},
			{"Sinf(±subnormal) = ±0, in both builds (MUFU.SIN flushes the scaled argument)", []specialCase{both(pZero, pMinSub), both(nZero, 0x807fffff)}},
			{"Sinf(x) = +0 for x ≥ 2^27 and -0 for x ≤ -2^27 (x·(1/2π) is then an even integer)", []specialCase{both(pZero, 0x4d000000), both(nZero, 0xcd000000), both(pZero, pMax), both(nZero, nMax)}},
		}},
		specialFunc{name: "Cosf", id: "i_cosf", in: 1, fn: f1(intrinsics.Target.Cosf), rows: []specialRow{
			{"Cosf(NaN) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN), both(cNaN, nNaN)}},
			{"Cosf(±Inf) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, pInf), both(cNaN, nInf)}},
			{"Cosf(±0) = Cosf(±subnormal) = 1", []specialCase{both(pOne, pZero), both(pOne, nZero), both(pOne, pMinSub), both(pOne, 0x807fffff)}},
			{"Cosf(x) = 1 for |x| ≥ 2^27", []specialCase{both(pOne, 0x4d000000), both(pOne, 0xcd000000), both(pOne, pMax), both(pOne, nMax)}},
		}},
		specialFunc{name: "Sincosf", id: "i_sincosf", in: 1, wideOut: true, fn: sincos, rows: []specialRow{
			{"Sincosf(NaN) = NaN, NaN (canonical 0x7fffffff)", []specialCase{both(cNaN<<32|cNaN, qNaN), both(cNaN<<32|cNaN, nNaN)}},
			{"Sincosf(±Inf) = NaN, NaN (canonical 0x7fffffff)", []specialCase{both(cNaN<<32|cNaN, pInf), both(cNaN<<32|cNaN, nInf)}},
			{"Sincosf(±0) = Sincosf(±subnormal) = ±0, 1", []specialCase{both(pZero<<32|pOne, pZero), both(nZero<<32|pOne, nZero), both(pZero<<32|pOne, pMinSub), both(nZero<<32|pOne, 0x807fffff)}},
			{"Sincosf(x) = ±0, 1 for |x| ≥ 2^27", []specialCase{both(pZero<<32|pOne, 0x4d000000), both(nZero<<32|pOne, 0xcd000000)}},
		}},
		specialFunc{name: "Tanf", id: "i_tanf", in: 1, fn: f1(intrinsics.Target.Tanf), rows: []specialRow{
			{"Tanf(NaN) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN), both(cNaN, nNaN)}},
			{"Tanf(±Inf) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, pInf), both(cNaN, nInf)}},
			{"Tanf(±0) = Tanf(±subnormal) = ±0", []specialCase{both(pZero, pZero), both(nZero, nZero), both(pZero, pMinSub), both(nZero, 0x807fffff)}},
			{"Tanf(x) = +0 for x ≥ 2^27 and -0 for x ≤ -2^27", []specialCase{both(pZero, 0x4d000000), both(nZero, 0xcd000000), both(pZero, pMax)}},
		}},
	)
	handBench = append(handBench,
		benchFunc{"Sinf", "i_sinf", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Sinf(b2f(uint32(a[0]))))
			}
			return s
		}},
		benchFunc{"Cosf", "i_cosf", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Cosf(b2f(uint32(a[0]))))
			}
			return s
		}},
		benchFunc{"Tanf", "i_tanf", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Tanf(b2f(uint32(a[0]))))
			}
			return s
		}},
		benchFunc{"Sincosf", "i_sincosf", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				sn, cs := t.Sincosf(b2f(uint32(a[0])))
				s ^= f2b(sn)<<32 | f2b(cs)
			}
			return s
		}},
	)
	big := []rangeClaim{{0x4d000000, 0x7f7fffff, pZero}, {0xcd000000, 0xff7fffff, nZero}}
	rangeClaims["Sinf(x) = +0 for x ≥ 2^27 and -0 for x ≤ -2^27 (x·(1/2π) is then an even integer)"] = big
	rangeClaims["Tanf(x) = +0 for x ≥ 2^27 and -0 for x ≤ -2^27"] = big
	rangeClaims["Cosf(x) = 1 for |x| ≥ 2^27"] = []rangeClaim{{0x4d000000, 0x7f7fffff, pOne}, {0xcd000000, 0xff7fffff, pOne}}
	rangeClaims["Sincosf(x) = ±0, 1 for |x| ≥ 2^27"] = []rangeClaim{{0x4d000000, 0x7f7fffff, pZero<<32 | pOne}, {0xcd000000, 0xff7fffff, nZero<<32 | pOne}}
}
