package intrinsics_test

import (
	"fmt"
	"math"

	"github.com/cudafp/cudafp/intrinsics"
)

// __fmul_rz truncates the exact product where the correctly rounded
// (round-to-nearest) product rounds up: (1.5 + 2^-23)² = 2.25 + 3·2^-23 +
// 2^-46 lies 1.5 ulps (and a little) above 2.25.
func ExampleFmulRZ() {
	x := float32(0x1.800002p+00) // 1.5 + 2^-23
	rz := intrinsics.FmulRZ(x, x)
	rn := intrinsics.FmulRN(x, x) // the correctly rounded product
	fmt.Printf("FmulRZ: %#08x %x\n", math.Float32bits(rz), rz)
	fmt.Printf("FmulRN: %#08x %x\n", math.Float32bits(rn), rn)
	// Output:
	// FmulRZ: 0x40100001 0x1.200002p+01
	// FmulRN: 0x40100002 0x1.200004p+01
}

// __float2uint_rn rounds ties to even and saturates: a negative value gives
// 0 and a value of 2^32 or more gives MaxUint32, where the exact nearest
// integer lies outside the uint32 range; a NaN gives 0.
func ExampleFloat2UintRN() {
	for _, x := range []float32{2.5, 3.5, -1, 0x1p32, float32(math.NaN())} {
		exact := "none" // the nearest integer, ties to even: exact, as float64 holds every float32 integer
		if !math.IsNaN(float64(x)) {
			exact = fmt.Sprintf("%.0f", math.RoundToEven(float64(x)))
		}
		fmt.Printf("x = %-13v Float2UintRN = %-10d nearest integer = %s\n", x, intrinsics.Float2UintRN(x), exact)
	}
	// Output:
	// x = 2.5           Float2UintRN = 2          nearest integer = 2
	// x = 3.5           Float2UintRN = 4          nearest integer = 4
	// x = -1            Float2UintRN = 0          nearest integer = -1
	// x = 4.2949673e+09 Float2UintRN = 4294967295 nearest integer = 4294967296
	// x = NaN           Float2UintRN = 0          nearest integer = none
}

// With -ftz=true the IEEE intrinsics read subnormal inputs as zeros: a
// Target carries the option.
func ExampleTarget() {
	x := float32(0x1p-130) // subnormal
	fmt.Printf("%x\n", intrinsics.FmulRN(x, 2))
	fmt.Printf("%x\n", intrinsics.Target{FTZ: true}.FmulRN(x, 2))
	// Output:
	// 0x1p-129
	// 0x0p+00
}

// __dadd_rz truncates the exact sum where the correctly rounded sum rounds
// up: 1 + (2^-53 + 2^-105) lies just above the midpoint between 1 and
// 1 + 2^-52. The double intrinsics keep NaN payloads: __dadd_rn propagates
// y's NaN, quieted.
func ExampleDaddRZ() {
	x, y := 1.0, 0x1.0000000000001p-53
	fmt.Printf("DaddRZ: %#016x %x\n", math.Float64bits(intrinsics.DaddRZ(x, y)), intrinsics.DaddRZ(x, y))
	fmt.Printf("DaddRN: %#016x %x\n", math.Float64bits(intrinsics.DaddRN(x, y)), intrinsics.DaddRN(x, y))
	nan := math.Float64frombits(0x7ff0000000000001) // a signalling NaN with payload 1
	fmt.Printf("DaddRN(1, NaN): %#016x\n", math.Float64bits(intrinsics.DaddRN(1, nan)))
	// Output:
	// DaddRZ: 0x3ff0000000000000 0x1p+00
	// DaddRN: 0x3ff0000000000001 0x1.0000000000001p+00
	// DaddRN(1, NaN): 0x7ff8000000000001
}

// The conversions from double round in their mode and saturate; a NaN
// gives 1 << 31 for a 32-bit destination (PTX cvt from a .f64 source).
func ExampleDouble2IntRN() {
	for _, x := range []float64{2.5, -3.5, 0x1p40, math.NaN()} {
		fmt.Printf("%-14v RN %-11d RD %d\n", x, intrinsics.Double2IntRN(x), intrinsics.Double2IntRD(x))
	}
	// Output:
	// 2.5            RN 2           RD 2
	// -3.5           RN -4          RD -4
	// 1.099511627776e+12 RN 2147483647  RD 2147483647
	// NaN            RN -2147483648 RD -2147483648
}

// __hiloint2double and __double2hiint, __double2loint reinterpret the two
// words of a double.
func ExampleHiloint2Double() {
	x := intrinsics.Hiloint2Double(0x3ff00000, 1)
	fmt.Printf("%x %#08x %#08x\n", x, uint32(intrinsics.Double2hiint(x)), uint32(intrinsics.Double2loint(x)))
	// Output:
	// 0x1.0000000000001p+00 0x3ff00000 0x00000001
}
