package fp_test

import (
	"fmt"
	"math"

	"github.com/cudafp/cudafp/fp"
)

// powf(0.5, 2) is exact under nvcc's default flags; -use_fast_math replaces
// it by __powf = ex2(2·lg2(0.5)), one ulp above (both results as the H100
// computes them: testdata/golden/{default,fast}/powf).
func ExampleFlags_Powf() {
	x, y := float32(0.5), float32(2)
	for _, fl := range []fp.Flags{{}, fp.FastMath} {
		r := fl.Powf(x, y)
		fmt.Printf("%-14s powf(%x, %x) = %#08x %x\n", fl.Name(), x, y, math.Float32bits(r), r)
	}
	// Output:
	// default        powf(0x1p-01, 0x1p+01) = 0x3e800000 0x1p-02
	// fast           powf(0x1p-01, 0x1p+01) = 0x3e800001 0x1.000002p-02
}

// x*y-z is one fused multiply-add under -fmad=true (ptxas contracts nvcc's
// mul.f32 and sub.f32) and two roundings under -fmad=false.
func ExampleFlags_MulSub() {
	x, y, z := math.Float32frombits(0x3f800001), float32(1.5), float32(1) // x = 1+2^-23
	for _, fl := range []fp.Flags{{}, {NoFMAD: true}} {
		r := fl.MulSub(x, y, z)
		fmt.Printf("%-8s %#08x %x\n", fl.Name(), math.Float32bits(r), r)
	}
	// Output:
	// default  0x3f000003 0x1.000006p-01
	// fmad0    0x3f000004 0x1.000008p-01
}

// expf(-1) under -use_fast_math is __expf, ex2.approx of -1·log2(e)
// rounded: one ulp below the library's result (both as the H100 computes
// them: testdata/golden/{default,fast}/expf).
func ExampleExpf() {
	x := float32(-1)
	fmt.Printf("%#08x\n", math.Float32bits(fp.Expf(x)))
	fmt.Printf("%#08x\n", math.Float32bits(fp.FastMath.Expf(x)))
	// Output:
	// 0x3ebc5ab3
	// 0x3ebc5ab2
}

// x*y+z on double is one fma.rn.f64 under nvcc's default flags and two
// roundings with -fmad=false: (1+2^-52)² − (1+2^-51) is 2^-104 exactly,
// which the separately rounded product loses.
func ExampleFlags_MulAdd64() {
	x, z := 0x1.0000000000001p+00, -0x1.0000000000002p+00
	fmt.Printf("%x\n", fp.MulAdd64(x, x, z))
	fmt.Printf("%x\n", fp.Flags{NoFMAD: true}.MulAdd64(x, x, z))
	// Output:
	// 0x1p-104
	// 0x0p+00
}
