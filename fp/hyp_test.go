package fp_test

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
)

// Tests of sinhf, coshf, expm1f, cbrtf, rcbrtf, hypotf, rhypotf, norm3df and
// rnorm3df. They join the package's shared tables (special cases, fuzz
// targets, device classes) from here.

func init() {
	for id, f := range map[string]func(fp.Flags, float32) float32{
		"sinhf": fp.Flags.Sinhf, "coshf": fp.Flags.Coshf, "expm1f": fp.Flags.Expm1f,
		"cbrtf": fp.Flags.Cbrtf, "rcbrtf": fp.Flags.Rcbrtf,
	} {
		unaryFuncs[id] = f
		// The emulation reads -ftz only: -fmad=false respells mul/add as
		// mul.rn/add.rn with no contraction to undo (fp/sinh.go, cbrt.go),
		// and no other flag reaches the PTX.
		deviceClasses = append(deviceClasses, struct {
			id    string
			reads fp.Flags
		}{id, fp.Flags{FTZ: true}})
	}
	binaryFuncs["hypotf"] = fp.Flags.Hypotf
	binaryFuncs["rhypotf"] = fp.Flags.Rhypotf
	ternaryFuncs["norm3df"] = fp.Flags.Norm3df
	ternaryFuncs["rnorm3df"] = fp.Flags.Rnorm3df
	for _, id := range []string{"hypotf", "rhypotf", "norm3df", "rnorm3df"} {
		nanKeeps[id] = true // +Inf (+0 for the reciprocals) when another argument is ±Inf
	}
	specialCases = append(specialCases, hypSpecialCases...)
}

const (
	pInf  = f32.InfBits
	nInf  = f32.NegInfBits
	one   = f32.OneBits
	nOne  = f32.NegOneBits
	nZero = f32.NegZeroBits
)

// hypSpecialCases has the rows of the doc comments' special-case tables, in
// their order.
var hypSpecialCases = []scRow{
	{"sinhf", def, []uint32{pInf}, pInf, "sinh(+Inf) = +Inf"},
	{"sinhf", def, []uint32{nInf}, nInf, "sinh(-Inf) = -Inf"},
	{"sinhf", def, []uint32{0x7fc00000}, nan, "sinh(NaN) = canonical NaN"},
	{"sinhf", def, []uint32{0}, 0, "sinh(+0) = +0"},
	{"sinhf", def, []uint32{nZero}, nZero, "sinh(-0) = -0"},
	{"sinhf", def, []uint32{0x807fffff}, 0x807fffff, "sinh(x) = x for subnormal x"},
	{"sinhf", ftz, []uint32{0x807fffff}, nZero, "-ftz=true: sinh(subnormal) = ±0"},
	{"sinhf", def, []uint32{0xc2fc0000}, nInf, "sinh(-126) = -Inf"},
	{"sinhf", fast, []uint32{0x42b17218}, 0x7f000002, "sinh(0x1.62e43p+06) is finite"},

	{"coshf", def, []uint32{nInf}, pInf, "cosh(-Inf) = +Inf"},
	{"coshf", def, []uint32{0xffc00001}, nan, "cosh(NaN) = canonical NaN"},
	{"coshf", def, []uint32{nZero}, one, "cosh(-0) = 1"},
	{"coshf", def, []uint32{0x00000001}, one, "cosh(subnormal) = 1"},
	{"coshf", fmd0, []uint32{0xc2fc0000}, pInf, "cosh(-126) = +Inf"},

	{"expm1f", def, []uint32{pInf}, pInf, "expm1(+Inf) = +Inf"},
	{"expm1f", def, []uint32{nInf}, nOne, "expm1(-Inf) = -1"},
	{"expm1f", def, []uint32{0x7f800001}, nan, "expm1(sNaN) = canonical NaN"},
	{"expm1f", def, []uint32{nZero}, nZero, "expm1(-0) = -0"},
	{"expm1f", def, []uint32{0x00000001}, 0x00000001, "expm1(x) = x for subnormal x"},
	{"expm1f", ftz, []uint32{0x00000001}, 0, "-ftz=true: expm1(subnormal) = +0"},
	{"expm1f", def, []uint32{0x42b17218}, pInf, "expm1(0x1.62e43p+06) = +Inf"},
	{"expm1f", def, []uint32{0x42b17217}, 0x7f7fff84, "expm1(0x1.62e42ep+06) is finite"},
	{"expm1f", def, []uint32{0xc2b17218}, nOne, "expm1(x) = -1 for x ≤ -0x1.0fb6b6p+04"},

	{"cbrtf", def, []uint32{nZero}, nZero, "cbrt(-0) = -0"},
	{"cbrtf", def, []uint32{nInf}, nInf, "cbrt(-Inf) = -Inf"},
	{"cbrtf", def, []uint32{0x7fc00000}, nan, "cbrt(NaN) = canonical NaN"},
	{"cbrtf", ftz, []uint32{0x807fffff}, nZero, "-ftz=true: cbrt(subnormal) = ±0"},
	{"cbrtf", def, []uint32{0x00400000}, 0x2a4b2ff5, "cbrt(2^-127) kept by default"},
	{"cbrtf", def, []uint32{0x40800000}, 0x3fcb2ff5, "cbrt(4)"},

	{"rcbrtf", def, []uint32{nZero}, nInf, "rcbrt(-0) = -Inf"},
	{"rcbrtf", def, []uint32{pInf}, 0, "rcbrt(+Inf) = +0"},
	{"rcbrtf", def, []uint32{0xffc00001}, nan, "rcbrt(NaN) = canonical NaN"},
	{"rcbrtf", ftz, []uint32{0x00000001}, pInf, "-ftz=true: rcbrt(subnormal) = +Inf"},

	{"hypotf", def, []uint32{pInf, 0x7fc00000}, pInf, "hypot(+Inf, NaN) = +Inf"},
	{"hypotf", def, []uint32{0xffc00001, nInf}, pInf, "hypot(NaN, -Inf) = +Inf"},
	{"hypotf", def, []uint32{0x7fc00000, 0x3f800000}, nan, "hypot(NaN, 1) = canonical NaN"},
	{"hypotf", def, []uint32{0xc0400000, nZero}, 0x40400000, "hypot(-3, -0) = 3"},
	{"hypotf", def, []uint32{0, 0x807fffff}, 0x007fffff, "hypot(0, subnormal) = |subnormal|"},
	{"hypotf", ftz, []uint32{0, 0x807fffff}, 0, "-ftz=true: subnormals read as 0"},
	{"hypotf", def, []uint32{0x00800000, 0x00400000}, 0x008f1bbd, "hypot(2^-126, 2^-127) with sqrt.rn"},
	{"hypotf", ps0, []uint32{0x00800000, 0x00400000}, 0x008f1bbc, "-prec-sqrt=false: sqrt.approx"},

	{"rhypotf", def, []uint32{nInf, 0x7fc00000}, 0, "rhypot(-Inf, NaN) = +0"},
	{"rhypotf", def, []uint32{0x7fc00000, 0x3f800000}, nan, "rhypot(NaN, 1) = canonical NaN"},
	{"rhypotf", def, []uint32{nZero, 0}, pInf, "rhypot(-0, +0) = +Inf"},

	{"norm3df", def, []uint32{nInf, 0x7fffffff, one}, pInf, "norm3(-Inf, NaN, 1) = +Inf"},
	{"norm3df", def, []uint32{0x7fffffff, one, one}, nan, "norm3(NaN, 1, 1) = canonical NaN"},
	{"norm3df", def, []uint32{0, 0xff7fffff, nZero}, 0x7f7fffff, "norm3(0, -max, -0) = max"},
	{"norm3df", def, []uint32{0x00000001, 0, 0}, 0x00000001, "norm3(2^-149, 0, 0) = 2^-149"},
	{"norm3df", ftz, []uint32{0x00000001, 0, 0}, 0, "-ftz=true: subnormals read as 0"},

	{"rnorm3df", def, []uint32{0x7fffffff, pInf, one}, 0, "rnorm3(NaN, +Inf, 1) = +0"},
	{"rnorm3df", def, []uint32{one, 0x7fffffff, one}, nan, "rnorm3(1, NaN, 1) = canonical NaN"},
	{"rnorm3df", def, []uint32{nZero, 0, nZero}, pInf, "rnorm3(-0, 0, -0) = +Inf"},
}

// TestHypDocRanges checks the overflow rows of sinhf's, coshf's and
// expm1f's doc comments, and expm1f's saturation to -1, on the emulation
// (which the golden data verify on every input): every input of each range
// in the exhaustive tier, a stride of them otherwise.
func TestHypDocRanges(t *testing.T) {
	stride := uint32(997)
	if testflag.Exhaustive() {
		stride = 1
	}
	for _, c := range []struct {
		id       string
		f        func(fp.Flags, float32) float32
		from     uint32 // the first x ≥ 0 (or ≤ −0 for a negative want) of the range
		want     uint32
		negative bool // the range is x ≤ −from; also checked on -from for odd or even functions
	}{
		{"sinhf", fp.Flags.Sinhf, 0x42b2d4fd, pInf, false},
		{"coshf", fp.Flags.Coshf, 0x42b2d4fd, pInf, false},
		{"expm1f", fp.Flags.Expm1f, 0x42b17218, pInf, false},
		{"expm1f", fp.Flags.Expm1f, 0xc187db5b, nOne, true},
	} {
		for _, fl := range []fp.Flags{def, ftz} {
			f := func(u uint32) uint32 { return math.Float32bits(c.f(fl, math.Float32frombits(u))) }
			if f(c.from-1) == c.want {
				t.Errorf("%s %s: the threshold %s is not the first", c.id, flagName(fl), f32.Format(c.from))
			}
			end := f32.InfBits
			if c.negative {
				end = f32.NegInfBits
			}
			for u := c.from; u <= end && u >= c.from; u += stride {
				want := c.want
				if c.id == "sinhf" && u == f32.InfBits {
					want = pInf
				}
				if r := f(u); r != want {
					t.Fatalf("%s(%s) %s = %s, doc says %s", c.id, f32.Format(u), flagName(fl), f32.Format(r), f32.Format(want))
				}
				if c.id != "expm1f" { // sinhf is odd, coshf even
					w := want
					if c.id == "sinhf" {
						w = nInf
					}
					if r := f(u | f32.SignMask); r != w {
						t.Fatalf("%s(%s) %s = %s, doc says %s", c.id, f32.Format(u|f32.SignMask), flagName(fl), f32.Format(r), f32.Format(w))
					}
				}
			}
		}
	}
}
