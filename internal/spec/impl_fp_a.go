package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of package fp's operators and first standard functions (expf,
// logf, powf, sqrtf, … and the one-instruction functions) to the catalog.
// Each binding receives the effective flags of the golden file it is checked
// against and returns the function as compiled under them.
func init() {
	// C operators.
	bindF32x2("op_add", func(fl fp.Flags) func(x, y float32) float32 { return fl.Add })
	bindF32x2("op_sub", func(fl fp.Flags) func(x, y float32) float32 { return fl.Sub })
	bindF32x2("op_mul", func(fl fp.Flags) func(x, y float32) float32 { return fl.Mul })
	bindF32x3("op_madd", func(fl fp.Flags) func(x, y, z float32) float32 { return fl.MulAdd })
	bindF32x3("op_msub", func(fl fp.Flags) func(x, y, z float32) float32 { return fl.MulSub })
	bindF32x2("op_div", func(fl fp.Flags) func(x, y float32) float32 { return fl.Div })
	bindF32("op_rcp", func(fl fp.Flags) func(float32) float32 { return fl.Rcp })
	bindF32("op_rsqrt_expr", func(fl fp.Flags) func(float32) float32 { return fl.RcpSqrt })

	// Exponentials, logarithms, powf, roots.
	bindF32("expf", func(fl fp.Flags) func(float32) float32 { return fl.Expf })
	bindF32("exp2f", func(fl fp.Flags) func(float32) float32 { return fl.Exp2f })
	bindF32("exp10f", func(fl fp.Flags) func(float32) float32 { return fl.Exp10f })
	bindF32("logf", func(fl fp.Flags) func(float32) float32 { return fl.Logf })
	bindF32("log2f", func(fl fp.Flags) func(float32) float32 { return fl.Log2f })
	bindF32("log10f", func(fl fp.Flags) func(float32) float32 { return fl.Log10f })
	bindF32x2("powf", func(fl fp.Flags) func(x, y float32) float32 { return fl.Powf })
	bindF32("sqrtf", func(fl fp.Flags) func(float32) float32 { return fl.Sqrtf })
	bindF32("rsqrtf", func(fl fp.Flags) func(float32) float32 { return fl.Rsqrtf })

	// One-instruction library functions.
	bindF32("rintf", func(fl fp.Flags) func(float32) float32 { return fl.Rintf })
	bindF32("truncf", func(fl fp.Flags) func(float32) float32 { return fl.Truncf })
	bindF32("floorf", func(fl fp.Flags) func(float32) float32 { return fl.Floorf })
	bindF32("ceilf", func(fl fp.Flags) func(float32) float32 { return fl.Ceilf })
	bindF32("fabsf", func(fl fp.Flags) func(float32) float32 { return fl.Fabsf })
	bindF32x2("fminf", func(fl fp.Flags) func(x, y float32) float32 { return fl.Fminf })
	bindF32x2("fmaxf", func(fl fp.Flags) func(x, y float32) float32 { return fl.Fmaxf })
	bindF32x2("copysignf", func(fl fp.Flags) func(x, y float32) float32 { return fl.Copysignf })
	bindF32x2("fdimf", func(fl fp.Flags) func(x, y float32) float32 { return fl.Fdimf })
	bindF32x3("fmaf", func(fl fp.Flags) func(x, y, z float32) float32 { return fl.Fmaf })
	bindF32x2("fdividef", func(fl fp.Flags) func(x, y float32) float32 { return fl.Fdividef })
}
