package fp_test

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
)

// gammaDeviceFuncs are the functions of TestGammaDevice: lgammaf, tgammaf
// and the modified Bessel functions. Their emulation reads FTZ alone:
// -use_fast_math swaps none of them (fast.ptx is ftz.ptx's text for them),
// -prec-div and -prec-sqrt leave their PTX unchanged, and -fmad=false only
// respells mul.f32, add.f32 and sub.f32 as .rn forms that ptxas does not
// fuse in the default build either (gamma.go, besseli.go).
var gammaDeviceFuncs = []string{"lgammaf", "tgammaf", "cyl_bessel_i0f", "cyl_bessel_i1f"}

// TestGammaDevice proves the functions of gammaDeviceFuncs against the
// device as TestInvDevice does: the two FTZ classes of the six flag sets,
// and with CUDAFP_EXHAUSTIVE=1 every input of each class's representative.
func TestGammaDevice(t *testing.T) { checkFTZClassesOnDevice(t, gammaDeviceFuncs) }

// The special-case rows of the doc comments of Lgammaf, Tgammaf,
// CylBesselI0f and CylBesselI1f, in their order, on the FamMisc special
// grid (TestSpecialCasesOnDevice checks each against the device).
var gammaSpecialCases = []scRow{
	{"lgammaf", def, []uint32{0x7f800000}, 0x7f800000, "lgammaf(+Inf) = +Inf"},
	{"lgammaf", def, []uint32{0xff800000}, 0x7f800000, "lgammaf(-Inf) = +Inf"},
	{"lgammaf", def, []uint32{0x7fc00000}, nan, "lgammaf(NaN) = canonical NaN"},
	{"lgammaf", def, []uint32{0x00000000}, 0x7f800000, "lgammaf(+0) = +Inf"},
	{"lgammaf", def, []uint32{0x80000000}, 0x7f800000, "lgammaf(-0) = +Inf"},
	{"lgammaf", def, []uint32{0xbf800000}, 0x7f800000, "lgammaf(-1) = +Inf (a pole)"},
	{"lgammaf", def, []uint32{0xc0000000}, 0x7f800000, "lgammaf(-2) = +Inf (a pole)"},
	{"lgammaf", def, []uint32{0x3f800000}, 0x00000000, "lgammaf(1) = +0"},
	{"lgammaf", def, []uint32{0x40000000}, 0x00000000, "lgammaf(2) = +0"},
	{"lgammaf", def, []uint32{0x00000001}, 0x42ce8ed0, "lgammaf(0x1p-149) = -log(0x1p-149) rounded by default"},
	{"lgammaf", ftz, []uint32{0x00000001}, 0x7f800000, "-ftz=true reads 0x1p-149 as +0: +Inf"},

	{"tgammaf", def, []uint32{0x7f800000}, 0x7f800000, "tgammaf(+Inf) = +Inf"},
	{"tgammaf", def, []uint32{0xff800000}, nan, "tgammaf(-Inf) = NaN"},
	{"tgammaf", def, []uint32{0x7fc00000}, nan, "tgammaf(NaN) = canonical NaN"},
	{"tgammaf", def, []uint32{0x00000000}, 0x7f800000, "tgammaf(+0) = +Inf"},
	{"tgammaf", def, []uint32{0x80000000}, 0xff800000, "tgammaf(-0) = -Inf"},
	{"tgammaf", def, []uint32{0xbf800000}, nan, "tgammaf(-1) = NaN"},
	{"tgammaf", def, []uint32{0xc0400000}, nan, "tgammaf(-3) = NaN"},
	{"tgammaf", def, []uint32{0xc2c80000}, nan, "tgammaf(-100) = NaN"},
	{"tgammaf", def, []uint32{0x40400000}, 0x40000000, "tgammaf(3) = 2"},
	{"tgammaf", def, []uint32{0x42c80000}, 0x7f800000, "tgammaf(100) = +Inf"},
	{"tgammaf", def, []uint32{0x00000001}, 0x7f800000, "tgammaf(0x1p-149) = +Inf"},
	{"tgammaf", ftz, []uint32{0x80000001}, 0xff800000, "-ftz=true reads -0x1p-149 as -0: -Inf"},

	{"cyl_bessel_i0f", def, []uint32{0x00000000}, 0x3f800000, "cyl_bessel_i0f(+0) = 1"},
	{"cyl_bessel_i0f", def, []uint32{0x80000000}, 0x3f800000, "cyl_bessel_i0f(-0) = 1"},
	{"cyl_bessel_i0f", def, []uint32{0x00000001}, 0x3f800000, "cyl_bessel_i0f(0x1p-149) = 1"},
	{"cyl_bessel_i0f", def, []uint32{0x7f800000}, 0x7f800000, "cyl_bessel_i0f(+Inf) = +Inf"},
	{"cyl_bessel_i0f", def, []uint32{0xff800000}, 0x7f800000, "cyl_bessel_i0f(-Inf) = +Inf"},
	{"cyl_bessel_i0f", def, []uint32{0x7fc00000}, nan, "cyl_bessel_i0f(NaN) = canonical NaN"},
	{"cyl_bessel_i0f", def, []uint32{0xc2c80000}, 0x7f800000, "cyl_bessel_i0f(-100) = +Inf"},

	{"cyl_bessel_i1f", def, []uint32{0x00000000}, 0x00000000, "cyl_bessel_i1f(+0) = +0"},
	{"cyl_bessel_i1f", def, []uint32{0x80000000}, 0x80000000, "cyl_bessel_i1f(-0) = -0"},
	{"cyl_bessel_i1f", def, []uint32{0x80000001}, 0x80000000, "cyl_bessel_i1f(-0x1p-149): x/2 ties to even, -0"},
	{"cyl_bessel_i1f", ftz, []uint32{0x80000001}, 0x80000000, "-ftz=true reads -0x1p-149 as -0"},
	{"cyl_bessel_i1f", def, []uint32{0x7f800000}, 0x7f800000, "cyl_bessel_i1f(+Inf) = +Inf"},
	{"cyl_bessel_i1f", def, []uint32{0xff800000}, 0xff800000, "cyl_bessel_i1f(-Inf) = -Inf"},
	{"cyl_bessel_i1f", def, []uint32{0x7fc00000}, nan, "cyl_bessel_i1f(NaN) = canonical NaN"},
	{"cyl_bessel_i1f", def, []uint32{0xc2c80000}, 0xff800000, "cyl_bessel_i1f(-100) = -Inf"},
}

func init() {
	unaryFuncs["lgammaf"] = fp.Flags.Lgammaf
	unaryFuncs["tgammaf"] = fp.Flags.Tgammaf
	unaryFuncs["cyl_bessel_i0f"] = fp.Flags.CylBesselI0f
	unaryFuncs["cyl_bessel_i1f"] = fp.Flags.CylBesselI1f
	specialCases = append(specialCases, gammaSpecialCases...)
}

// TestGammaDocRanges checks the overflow rows of the doc comments on the
// emulation (whose results the golden data verify on every input): the
// threshold is the first input with the result ±Inf, and every input from
// it to +Inf gives ±Inf (a stride of them, all in the exhaustive tier), under
// both FTZ settings.
func TestGammaDocRanges(t *testing.T) {
	stride := uint32(997)
	if testflag.Exhaustive() {
		stride = 1
	}
	for _, c := range []struct {
		name string
		f    func(fp.Flags, float32) float32
		odd  bool   // ±Inf with the sign of x
		inf  uint32 // the least x > 0 with f(x) = +Inf
	}{
		{"Lgammaf", fp.Flags.Lgammaf, false, 0x7c44af8e},
		{"Tgammaf", fp.Flags.Tgammaf, false, 0x420c2910},
		{"CylBesselI0f", fp.Flags.CylBesselI0f, false, 0x42b7cd32},
		{"CylBesselI1f", fp.Flags.CylBesselI1f, true, 0x42b7d002},
	} {
		for _, fl := range []fp.Flags{def, ftz} {
			f := func(u uint32) uint32 { return math.Float32bits(c.f(fl, math.Float32frombits(u))) }
			if f(c.inf-1) == f32.InfBits {
				t.Errorf("%s %s: %s is not the first input with +Inf", c.name, flagName(fl), f32.Format(c.inf))
			}
			for u := c.inf; u <= f32.InfBits && u >= c.inf; u += stride {
				if r := f(u); r != f32.InfBits {
					t.Fatalf("%s(%s) %s = %s, doc says +Inf", c.name, f32.Format(u), flagName(fl), f32.Format(r))
				}
				if c.name == "Tgammaf" || c.name == "Lgammaf" {
					continue
				}
				want := uint32(f32.InfBits)
				if c.odd {
					want = f32.NegInfBits
				}
				if r := f(u | f32.SignMask); r != want {
					t.Fatalf("%s(%s) %s = %s, doc says %s", c.name, f32.Format(u|f32.SignMask), flagName(fl), f32.Format(r), f32.Format(want))
				}
			}
		}
	}
	// Tgammaf(x) = ±0 for non-integers x < −41.1, with the sign of Γ(x):
	// (−1)^(⌊|x|⌋+1), + for an odd integer part trunc(x).
	for _, fl := range []fp.Flags{def, ftz} {
		for u := uint32(0xc2246667); u < 0xcb000000; u += stride {
			x := math.Float32frombits(u)
			tr := math.Trunc(float64(x))
			if tr == float64(x) {
				continue
			}
			want := uint32(f32.NegZeroBits)
			if int64(tr)%2 != 0 {
				want = f32.ZeroBits
			}
			if r := math.Float32bits(fl.Tgammaf(x)); r != want {
				t.Fatalf("Tgammaf(%s) %s = %s, doc says %s", f32.Format(u), flagName(fl), f32.Format(r), f32.Format(want))
			}
		}
	}
}
