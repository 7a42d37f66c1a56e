package intrinsics_test

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/intrinsics"
	"github.com/cudafp/cudafp/rounding"
)

func init() {
	handSpecials = append(handSpecials,
		specialFunc{name: "FrsqrtRN", id: "i_frsqrt_rn", in: 1, fn: f1(intrinsics.Target.FrsqrtRN), rows: []specialRow{
			{"FrsqrtRN(NaN) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN), both(cNaN, nNaN), both(cNaN, sNaN)}},
			{"FrsqrtRN(±0) = ±Inf; with FTZ, FrsqrtRN(±subnormal) = ±Inf too", []specialCase{both(pInf, pZero), both(nInf, nZero), cz(0x64b504f3, pInf, pMinSub)}},
			{"FrsqrtRN(x) = NaN (canonical 0x7fffffff) for x < 0, -Inf included (a negative subnormal with FTZ reads as -0)",
				[]specialCase{both(cNaN, nOne), both(cNaN, nInf), both(cNaN, nMax), cz(cNaN, nInf, nMinSub)}},
			{"FrsqrtRN(+Inf) = +0", []specialCase{both(pZero, pInf)}},
			{"FrsqrtRN(4^k) = 2^-k exactly", []specialCase{both(pOne, pOne), both(pHalf, 0x40800000), both(0x20000000, 0x7e800000), both(0x4f800000, 0x1f800000)}},
		}},
	)
	handBench = append(handBench,
		benchFunc{"FrsqrtRN", "i_frsqrt_rn", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.FrsqrtRN(b2f(uint32(a[0]))))
			}
			return s
		}},
	)
	crChecks = append(crChecks, crCheck{"FrsqrtRN",
		func(t intrinsics.Target, x, _, _ uint32) uint64 { return f2b(t.FrsqrtRN(b2f(x))) },
		func(x, _, _ uint32, ftz bool) uint64 {
			if ftz {
				x = f32.FlushSubnormal(x)
			}
			return uint64(oracle.Rsqrt.Round(x, rounding.RN))
		}})
}
