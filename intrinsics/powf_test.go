package intrinsics_test

import (
	"fmt"
	"math"

	"github.com/cudafp/cudafp/intrinsics"
)

func init() {
	handSpecials = append(handSpecials,
		specialFunc{name: "Powf", id: "i_powf", in: 2, fn: f2(intrinsics.Target.Powf), rows: []specialRow{
			{"Powf(x, NaN) = Powf(NaN, y) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN, pOne), both(cNaN, pOne, qNaN), both(cNaN, nNaN, pZero), both(cNaN, pInf, sNaN)}},
			{"Powf(x, y) = NaN for x < 0, -Inf included (with FTZ a negative subnormal x reads as -0)", []specialCase{both(cNaN, nOne, pOne), both(cNaN, nInf, pZero), both(cNaN, nOne, 0x40000000), cz(cNaN, pInf, 0x807fffff, nOne)}},
			{"Powf(±0, ±0) = NaN; with FTZ a subnormal x or y counts as a zero", []specialCase{both(cNaN, pZero, pZero), both(cNaN, nZero, nZero), cz(pZero, cNaN, pZero, pMinSub), cz(pOne, cNaN, pMinSub, pZero)}},
			{"Powf(±0, y) = +0 for y > 0 and +Inf for y < 0", []specialCase{both(pZero, pZero, pOne), both(pZero, nZero, pInf), both(pInf, pZero, nOne), both(pInf, nZero, nInf)}},
			{"Powf(1, ±Inf) = NaN, and Powf(1, y) = 1 for finite y", []specialCase{both(cNaN, pOne, pInf), both(cNaN, pOne, nInf), both(pOne, pOne, pMax), both(pOne, pOne, nZero)}},
			{"Powf(+Inf, ±0) = NaN, and Powf(x, ±0) = 1 for finite x > 0", []specialCase{both(cNaN, pInf, pZero), both(cNaN, pInf, nZero), both(pOne, 0x40000000, pZero), both(pOne, pMax, nZero)}},
			{"Powf(+Inf, y) = +Inf for y > 0 and +0 for y < 0", []specialCase{both(pInf, pInf, pHalf), both(pInf, pInf, pInf), both(pZero, pInf, nOne), both(pZero, pInf, nInf)}},
			{"Powf(x, +Inf) = +Inf for x > 1 and +0 for 0 < x < 1", []specialCase{both(pInf, 0x40000000, pInf), both(pInf, pMax, pInf), both(pZero, pHalf, pInf)}},
			{"Powf(x, -Inf) = +0 for x > 1 and +Inf for 0 < x < 1", []specialCase{both(pZero, 0x40000000, nInf), both(pInf, pHalf, nInf)}},
		}},
	)
	handBench = append(handBench,
		benchFunc{"Powf", "i_powf", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Powf(b2f(uint32(a[0])), b2f(uint32(a[1]))))
			}
			return s
		}},
	)
}

// __powf computes 2^(y·log2(x)) with the approximate lg2 and ex2 of the
// special function unit, so even 10² is not exact. The correctly rounded
// 10² is 100, the exact product FmulRN(10, 10).
func ExamplePowf() {
	p := intrinsics.Powf(10, 2)
	cr := intrinsics.FmulRN(10, 10)
	fmt.Printf("Powf(10, 2)    = %#08x %v\n", math.Float32bits(p), p)
	fmt.Printf("FmulRN(10, 10) = %#08x %v\n", math.Float32bits(cr), cr)
	// Output:
	// Powf(10, 2)    = 0x42c7ffff 99.99999
	// FmulRN(10, 10) = 0x42c80000 100
}
