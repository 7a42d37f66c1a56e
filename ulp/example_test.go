package ulp_test

import (
	"context"
	"fmt"
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

func ExampleRef() {
	x := math.Float32bits(1)
	for _, m := range rounding.Modes {
		fmt.Printf("exp(1) %v = %s\n", m, f32.Format(ulp.Exp.Round(x, m)))
	}
	v := ulp.Exp.Value(x)
	fmt.Printf("exp(1) ≈ %x (double-double high part)\n", v.Hi)
	// Output:
	// exp(1) RN = 0x402df854 [0x1.5bf0a8p+01 2.7182817]
	// exp(1) RZ = 0x402df854 [0x1.5bf0a8p+01 2.7182817]
	// exp(1) RU = 0x402df855 [0x1.5bf0aap+01 2.718282]
	// exp(1) RD = 0x402df854 [0x1.5bf0a8p+01 2.7182817]
	// exp(1) ≈ 0x1.5bf0a8b145769p+01 (double-double high part)
}

func ExampleDist() {
	exact := ulp.Exp.Round(math.Float32bits(1), rounding.RN)
	approx := math.Float32bits(float32(2.7182817))
	fmt.Println(ulp.Dist(approx, exact), ulp.Dist(0x80000000, 0x00000000), ulp.Dist(0x7fffffff, 0x3f800000))
	// Output:
	// 0 0 4294967295
}

func ExampleErr() {
	v := ulp.Exp.Value(math.Float32bits(1))
	fmt.Printf("%.6f %.6f\n", ulp.Err(0x402df854, v), ulp.Err(0x402df855, v))
	// Output:
	// 0.346233 0.653767
}

func ExampleSampled() {
	powf := ulp.Binary(func(x, y uint32) uint32 {
		return math.Float32bits(float32(math.Pow(float64(math.Float32frombits(x)), float64(math.Float32frombits(y)))))
	})
	gen := ulp.InRange(1, ulp.Range{Lo: math.Float32bits(0x1p-10), Hi: math.Float32bits(16)}, ulp.Range{Lo: math.Float32bits(-40), Hi: math.Float32bits(40)})
	res, err := ulp.Sampled(context.Background(), powf, ulp.Pow, gen, 1<<16, "x ∈ [2^-10, 16], y ∈ [−40, 40]", ulp.Options{Func: "float32(math.Pow)", Quiet: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.N, res.MaxDist, res.CR == res.N, res.Fallbacks)
	// Output:
	// 65536 0 true 0
}
