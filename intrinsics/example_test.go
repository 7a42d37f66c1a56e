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
