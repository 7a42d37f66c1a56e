package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of package fp's operators and first standard functions (expf,
// logf, powf, sqrtf, … and the one-instruction functions) to the catalog.
// Each binding receives the effective flags of the golden file it is checked
// against and returns the function as compiled under them.
func init() {
	// C operators.
	bindF32x2("op_add", flagsOf, fp.Flags.Add)
	bindF32x2("op_sub", flagsOf, fp.Flags.Sub)
	bindF32x2("op_mul", flagsOf, fp.Flags.Mul)
	bindF32x3("op_madd", flagsOf, fp.Flags.MulAdd)
	bindF32x3("op_msub", flagsOf, fp.Flags.MulSub)
	bindF32x2("op_div", flagsOf, fp.Flags.Div)
	bindF32("op_rcp", flagsOf, fp.Flags.Rcp)
	bindF32("op_rsqrt_expr", flagsOf, fp.Flags.RcpSqrt)

	// Exponentials, logarithms, powf, roots.
	bindF32("expf", flagsOf, fp.Flags.Expf)
	bindF32("exp2f", flagsOf, fp.Flags.Exp2f)
	bindF32("exp10f", flagsOf, fp.Flags.Exp10f)
	bindF32("logf", flagsOf, fp.Flags.Logf)
	bindF32("log2f", flagsOf, fp.Flags.Log2f)
	bindF32("log10f", flagsOf, fp.Flags.Log10f)
	bindF32x2("powf", flagsOf, fp.Flags.Powf)
	bindF32("sqrtf", flagsOf, fp.Flags.Sqrtf)
	bindF32("rsqrtf", flagsOf, fp.Flags.Rsqrtf)

	// One-instruction library functions.
	bindF32("rintf", flagsOf, fp.Flags.Rintf)
	bindF32("truncf", flagsOf, fp.Flags.Truncf)
	bindF32("floorf", flagsOf, fp.Flags.Floorf)
	bindF32("ceilf", flagsOf, fp.Flags.Ceilf)
	bindF32("fabsf", flagsOf, fp.Flags.Fabsf)
	bindF32x2("fminf", flagsOf, fp.Flags.Fminf)
	bindF32x2("fmaxf", flagsOf, fp.Flags.Fmaxf)
	bindF32x2("copysignf", flagsOf, fp.Flags.Copysignf)
	bindF32x2("fdimf", flagsOf, fp.Flags.Fdimf)
	bindF32x3("fmaf", flagsOf, fp.Flags.Fmaf)
	bindF32x2("fdividef", flagsOf, fp.Flags.Fdividef)
}
