package intrinsics_test

import (
	"fmt"
	"math"

	"github.com/cudafp/cudafp/intrinsics"
)

func init() {
	handSpecials = append(handSpecials,
		specialFunc{name: "Fdividef", id: "i_fdividef", in: 2, fn: f2(intrinsics.Target.Fdividef), rows: []specialRow{
			{"Fdividef(x, NaN) = Fdividef(NaN, y) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN, pOne), both(cNaN, pOne, qNaN), both(cNaN, nNaN, pZero), both(cNaN, pInf, sNaN)}},
			{"Fdividef(±0, ±0) = NaN (canonical 0x7fffffff); with FTZ a subnormal y counts as a zero", []specialCase{both(cNaN, pZero, pZero), both(cNaN, nZero, pZero), cz(pZero, cNaN, pZero, 0x00400000)}},
			{"Fdividef(±Inf, y) = NaN (canonical 0x7fffffff) for |y| > 2^126, ±Inf included", []specialCase{both(cNaN, pInf, 0x7e800001), both(cNaN, nInf, pInf), both(cNaN, pInf, pMax), both(cNaN, pInf, 0xfe800001)}},
			{"Fdividef(x, y) = ±0 for finite x and |y| > 2^126 (1/y is flushed to zero), signed with the XOR of the signs", []specialCase{both(pZero, pOne, 0x7e800001), both(pZero, pMax, pMax), both(nZero, pOne, nInf), both(nZero, pMax, 0xfe800001)}},
			{"Fdividef(x, ±0) = ±Inf for x ≠ 0 not NaN, signed with the XOR of the signs", []specialCase{both(pInf, pOne, pZero), both(nInf, pOne, nZero), both(pInf, nInf, nZero), both(pInf, pMax, pZero)}},
			{"Fdividef(±0, y) = ±0 for y ≠ 0 not NaN, signed with the XOR of the signs", []specialCase{both(pZero, pZero, pOne), both(nZero, pZero, nInf), both(pZero, pZero, pMax), both(nZero, pZero, 0xbf000000)}},
		}},
	)
	handBench = append(handBench,
		benchFunc{"Fdividef", "i_fdividef", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Fdividef(b2f(uint32(a[0])), b2f(uint32(a[1]))))
			}
			return s
		}},
	)
}

// __fdividef is x·(1/y) with an approximate reciprocal, so even 3/15 is
// not the float nearest 1/5, which the correctly rounded FdivRN returns. For
// 2^126 < |y| < 2^128 the reciprocal is below 2^-126 and flushed to zero, so
// the quotient is 0 where FdivRN gives 1.
func ExampleFdividef() {
	fmt.Printf("Fdividef(3, 15) = %#08x %v\n", math.Float32bits(intrinsics.Fdividef(3, 15)), intrinsics.Fdividef(3, 15))
	fmt.Printf("FdivRN(3, 15)   = %#08x %v\n", math.Float32bits(intrinsics.FdivRN(3, 15)), intrinsics.FdivRN(3, 15))
	x := float32(0x1p127)
	fmt.Printf("Fdividef(2^127, 2^127) = %v\n", intrinsics.Fdividef(x, x))
	fmt.Printf("FdivRN(2^127, 2^127)   = %v\n", intrinsics.FdivRN(x, x))
	// Output:
	// Fdividef(3, 15) = 0x3e4cccce 0.20000002
	// FdivRN(3, 15)   = 0x3e4ccccd 0.2
	// Fdividef(2^127, 2^127) = 0
	// FdivRN(2^127, 2^127)   = 1
}
