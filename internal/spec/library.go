package spec

import (
	"math"
	"strconv"
)

const pi = math.Pi

// math2 returns 2^e for a fractional exponent of a documented bound (2^-21.41).
func math2(e float64) float64 { return math.Exp2(e) }

type libEntry struct {
	name  string
	in    []Type // nil: one float
	array bool   // Func.Array
	out   []Type // nil: one float
	expr  string // for two results: a statement writing r0 and r1
	fam   Family
	sens  Sens
	ref   string
	bound Bound
}

func std(n float64) Bound {
	if n == 0 {
		return cr("0 ulp (correctly rounded)", srcGuideStd)
	}
	return ulps(n, formatULP(n), srcGuideStd)
}

func formatULP(n float64) string {
	return "maximum ulp error " + strconv.FormatFloat(n, 'g', -1, 64) + " (full range)"
}

const (
	fz   = SensFTZ
	fzm  = SensFTZ | SensFMAD
	fzml = SensFTZ | SensFMAD | SensFastLib
)

// normfBound is the documented accuracy of normf and rnormf: none.
var normfBound = noBound("An error bound cannot be provided because a fast algorithm is used with accuracy loss due to round-off", srcGuideStd)

var besselBound = Bound{Text: "9 ulp for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6", Source: srcGuideStd, ULP: 9, Abs: 2.2e-6, AbsLo: -8, AbsHi: 8, AbsOutside: true}

// libraryTable lists CUDA's single-precision standard functions captured on
// the device. Sens comes from comparing the PTX nvcc emits under each flag set
// with the default build (TestSensMatchesPTX).
var libraryTable = []libEntry{
	{name: "acosf", fam: FamMisc, sens: fzm, ref: "acos", bound: std(2)},
	{name: "acoshf", fam: FamMisc, sens: fzm, ref: "acosh", bound: std(4)},
	{name: "asinf", fam: FamMisc, sens: fzm, ref: "asin", bound: std(2)},
	{name: "asinhf", fam: FamMisc, sens: fzm, ref: "asinh", bound: std(3)},
	{name: "atanf", fam: FamMisc, sens: fzm, ref: "atan", bound: std(2)},
	{name: "atanhf", fam: FamMisc, sens: fzm, ref: "atanh", bound: std(3)},
	{name: "cbrtf", fam: FamRoot, sens: fzm, ref: "cbrt", bound: std(1)},
	{name: "ceilf", fam: FamRound, sens: fz, bound: std(0)},
	{name: "cosf", fam: FamTrig, sens: fzml, ref: "cos", bound: std(2)},
	{name: "coshf", fam: FamExp, sens: fzm, ref: "cosh", bound: std(2)},
	{name: "cospif", fam: FamTrig, sens: fzm, bound: std(1)},
	{name: "cyl_bessel_i0f", fam: FamMisc, sens: fzm, ref: "i0", bound: std(6)},
	{name: "cyl_bessel_i1f", fam: FamMisc, sens: fzm, ref: "i1", bound: std(6)},
	{name: "erfcf", fam: FamMisc, sens: fzm, ref: "erfc", bound: std(4)},
	{name: "erfcinvf", fam: FamMisc, sens: fzm, ref: "erfcinv", bound: std(4)},
	{name: "erfcxf", fam: FamMisc, sens: fzm, ref: "erfcx", bound: std(4)},
	{name: "erff", fam: FamMisc, sens: fzm, ref: "erf", bound: std(2)},
	{name: "erfinvf", fam: FamMisc, sens: fzm, ref: "erfinv", bound: std(2)},
	{name: "exp10f", fam: FamExp, sens: fzml, ref: "exp10", bound: std(2)},
	{name: "exp2f", fam: FamExp, sens: fz, ref: "exp2", bound: std(2)},
	{name: "expf", fam: FamExp, sens: fzml, ref: "exp", bound: std(2)},
	{name: "expm1f", fam: FamExp, sens: fzm, ref: "expm1", bound: std(1)},
	{name: "fabsf", fam: FamMisc, sens: fz, bound: std(0)},
	{name: "floorf", fam: FamRound, sens: fz, bound: std(0)},
	{name: "j0f", fam: FamMisc, sens: fzm, ref: "j0", bound: besselBound},
	{name: "j1f", fam: FamMisc, sens: fzm, ref: "j1", bound: besselBound},
	{name: "lgammaf", fam: FamMisc, sens: fzm, ref: "lgamma", bound: Bound{Text: "6 ulp outside interval -10.001 ... -2.264; larger inside", Source: srcGuideStd, ULP: 6, Unstated: [2]float64{-10.001, -2.264}}},
	{name: "log10f", fam: FamLog, sens: fzml, ref: "log10", bound: std(2)},
	{name: "log1pf", fam: FamLog, sens: fzm, ref: "log1p", bound: std(1)},
	{name: "log2f", fam: FamLog, sens: fzml, ref: "log2", bound: std(1)},
	{name: "logbf", fam: FamLog, sens: fzm, bound: std(0)},
	{name: "logf", fam: FamLog, sens: fzml, ref: "log", bound: std(1)},
	{name: "nearbyintf", fam: FamRound, bound: std(0)},
	{name: "normcdff", fam: FamMisc, sens: fzm, ref: "normcdf", bound: std(5)},
	{name: "normcdfinvf", fam: FamMisc, sens: fzm, ref: "normcdfinv", bound: std(5)},
	{name: "rcbrtf", fam: FamRoot, sens: fzm, ref: "rcbrt", bound: std(1)},
	{name: "rintf", fam: FamRound, bound: std(0)},
	{name: "roundf", fam: FamRound, sens: fz, bound: std(0)},
	{name: "rsqrtf", fam: FamRoot, sens: fz, ref: "rsqrt", bound: std(2)},
	{name: "sinf", fam: FamTrig, sens: fzml, ref: "sin", bound: std(2)},
	{name: "sinhf", fam: FamExp, sens: fzm, ref: "sinh", bound: std(3)},
	{name: "sinpif", fam: FamTrig, sens: fzm, bound: std(1)},
	{name: "sqrtf", fam: FamRoot, sens: SensFTZ | SensSqrt, ref: "sqrt", bound: Bound{Text: "0 ulp when compiled with -prec-sqrt=true; otherwise 1 ulp for compute capability ≥ 5.2", Source: srcGuideStd, ULP: 1}},
	{name: "tanf", fam: FamTrig, sens: fzml, ref: "tan", bound: std(4)},
	{name: "tanhf", fam: FamTanh, sens: fzml, ref: "tanh", bound: std(2)},
	{name: "tgammaf", fam: FamMisc, sens: fzm, ref: "tgamma", bound: std(5)},
	{name: "truncf", fam: FamRound, bound: std(0)},
	{name: "y0f", fam: FamMisc, sens: fzm, ref: "y0", bound: besselBound},
	{name: "y1f", fam: FamMisc, sens: fzm | SensDiv, ref: "y1", bound: besselBound},
	{name: "ilogbf", out: []Type{I32}, fam: FamMisc, sens: fz, bound: std(0)},
	{name: "lrintf", out: []Type{I64}, fam: FamRound, sens: fz, bound: std(0)},
	{name: "llrintf", out: []Type{I64}, fam: FamRound, sens: fz, bound: std(0)},
	{name: "lroundf", out: []Type{I64}, fam: FamRound, sens: fz, bound: std(0)},
	{name: "llroundf", out: []Type{I64}, fam: FamRound, sens: fz, bound: std(0)},
	{name: "sincosf", out: []Type{F32, F32}, expr: "sincosf(x,&r0,&r1)", fam: FamTrig, sens: fzml, ref: "sincos", bound: std(2)},
	{name: "sincospif", out: []Type{F32, F32}, expr: "sincospif(x,&r0,&r1)", fam: FamTrig, sens: fzm, bound: std(1)},
	{name: "frexpf", out: []Type{F32, I32}, expr: "r0=frexpf(x,&r1)", fam: FamMisc, sens: fzm, bound: std(0)},
	{name: "modff", out: []Type{F32, F32}, expr: "r0=modff(x,&r1)", fam: FamMisc, sens: fzm, bound: std(0)},
	{name: "remquof", in: f2, out: []Type{F32, I32}, expr: "r0=remquof(x,y,&r1)", fam: FamDiv, sens: fzm, bound: std(0)},
	{name: "ldexpf", in: []Type{F32, I32}, fam: FamScale, sens: fz, bound: std(0)},
	{name: "scalbnf", in: []Type{F32, I32}, fam: FamScale, sens: fz, bound: std(0)},
	{name: "scalblnf", in: []Type{F32, I64}, fam: FamScaleL, sens: fz, bound: std(0)},
	// binary
	{name: "atan2f", in: f2, fam: FamMisc, sens: fzm, ref: "atan2", bound: std(3)},
	{name: "copysignf", in: f2, fam: FamArith, bound: std(0)},
	{name: "fdimf", in: f2, fam: FamArith, sens: fz, bound: std(0)},
	{name: "fdividef", in: f2, fam: FamDiv, sens: SensFTZ | SensDiv | SensFastLib, ref: "div", bound: Bound{Text: "as x/y: 0 ulp with -prec-div=true, 2 ulp otherwise", Source: srcGuideStd, ULP: 2}},
	{name: "fmaxf", in: f2, fam: FamArith, sens: fz, bound: std(0)},
	{name: "fminf", in: f2, fam: FamArith, sens: fz, bound: std(0)},
	{name: "fmodf", in: f2, fam: FamDiv, sens: fzm, bound: std(0)},
	{name: "hypotf", in: f2, fam: FamMul, sens: fzm | SensSqrt, ref: "hypot", bound: std(3)},
	{name: "nextafterf", in: f2, fam: FamArith, sens: fzm, bound: std(0)},
	{name: "powf", in: f2, fam: FamPow, sens: fzml, ref: "pow", bound: std(4)},
	{name: "remainderf", in: f2, fam: FamDiv, sens: fzm, bound: std(0)},
	{name: "rhypotf", in: f2, fam: FamMul, sens: fzm, ref: "rhypot", bound: std(2)},
	// ternary
	{name: "fmaf", in: f3, fam: FamFMA, sens: fz, ref: "fma", bound: std(0)},
	{name: "norm3df", in: f3, fam: FamMul, sens: fzm | SensSqrt, ref: "norm3", bound: std(3)},
	{name: "rnorm3df", in: f3, fam: FamMul, sens: fzm, ref: "rnorm3", bound: std(2)},
	// four arguments
	{name: "norm4df", in: f4, fam: FamNorm, sens: fzm | SensSqrt, ref: "norm4", bound: std(3)},
	{name: "rnorm4df", in: f4, fam: FamNorm, sens: fzm, ref: "rnorm4", bound: std(2)},
	// an array: normf(dim, a)
	{name: "normf", in: fArr, array: true, fam: FamNorm, sens: fzm | SensSqrt, ref: "norm", bound: normfBound},
	{name: "rnormf", in: fArr, array: true, fam: FamNorm, sens: fzm, ref: "rnorm", bound: normfBound},
	// an int order and a float
	{name: "jnf", in: []Type{I32, F32}, fam: FamBessel, sens: fzm | SensDiv | SensSqrt, ref: "jn", bound: noBound("For n = 128, the maximum absolute error is 2.2 x 10^-6", srcGuideStd)},
	{name: "ynf", in: []Type{I32, F32}, fam: FamBessel, sens: fzm | SensDiv, ref: "yn", bound: noBound("ceil(2 + 2.5n) for abs(x) < n; otherwise, the maximum absolute error is 2.2 x 10^-6", srcGuideStd)},
}
