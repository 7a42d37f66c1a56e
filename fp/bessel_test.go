package fp_test

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
)

// The special-case rows of J0f, J1f, Y0f and Y1f's doc comments, in the
// same order, appended to specialCases (special_test.go): every input lies
// on the catalog's special grid, so TestSpecialCasesOnDevice checks each
// expected value against the H100's output.
var besselSpecialCases = []scRow{
	{"j0f", def, []uint32{0x7f800000}, 0x00000000, "j0f(+Inf) = +0"},
	{"j0f", def, []uint32{0xff800000}, 0x00000000, "j0f(-Inf) = +0"},
	{"j0f", def, []uint32{0x7fc00000}, nan, "j0f(NaN) = NaN"},
	{"j0f", def, []uint32{0x00000000}, 0x3f800001, "j0f(+0) = 1 + 2^-23, the polynomial at 0"},
	{"j0f", def, []uint32{0x80000000}, 0x3f800001, "j0f(-0) = j0f(+0)"},
	{"j0f", ftz, []uint32{0x80000001}, 0x3f800001, "-ftz=true: j0f(-0x1p-149) = j0f(-0)"},

	{"j1f", def, []uint32{0x00000000}, 0x00000000, "j1f(+0) = +0"},
	{"j1f", def, []uint32{0x80000000}, 0x80000000, "j1f(-0) = -0"},
	{"j1f", def, []uint32{0x7f800000}, 0x00000000, "j1f(+Inf) = +0"},
	{"j1f", def, []uint32{0xff800000}, 0x80000000, "j1f(-Inf) = -0"},
	{"j1f", def, []uint32{0xffc00001}, nan, "j1f(NaN) = NaN"},
	{"j1f", def, []uint32{0x80000001}, 0x80000000, "j1f(-0x1p-149) underflows to -0, the sign of x"},
	{"j1f", ftz, []uint32{0x80000001}, 0x80000000, "-ftz=true reads -0x1p-149 as -0"},

	{"y0f", def, []uint32{0x00000000}, 0xff800000, "y0f(+0) = -Inf"},
	{"y0f", def, []uint32{0x80000000}, 0xff800000, "y0f(-0) = -Inf"},
	{"y0f", def, []uint32{0x7f800000}, 0x00000000, "y0f(+Inf) = +0"},
	{"y0f", def, []uint32{0xbf800000}, nan, "y0f(x) = NaN for x < 0"},
	{"y0f", def, []uint32{0xff800000}, nan, "y0f(-Inf) = NaN"},
	{"y0f", def, []uint32{0x7fffffff}, nan, "y0f(NaN) = NaN"},
	{"y0f", def, []uint32{0x80000001}, nan, "y0f(-0x1p-149) = NaN by default"},
	{"y0f", ftz, []uint32{0x80000001}, 0xff800000, "-ftz=true reads -0x1p-149 as -0: -Inf"},
	{"y0f", ftz, []uint32{0x007fffff}, 0xff800000, "-ftz=true reads a subnormal as +0: -Inf"},

	{"y1f", def, []uint32{0x00000000}, 0xff800000, "y1f(+0) = -Inf"},
	{"y1f", def, []uint32{0x80000000}, 0xff800000, "y1f(-0) = -Inf"},
	{"y1f", def, []uint32{0x00000001}, 0xff800000, "y1f(0x1p-149) = -(2/π)/x overflows to -Inf"},
	{"y1f", def, []uint32{0x7f800000}, 0x00000000, "y1f(+Inf) = +0"},
	{"y1f", def, []uint32{0xbf800000}, nan, "y1f(x) = NaN for x < 0"},
	{"y1f", def, []uint32{0xff800000}, nan, "y1f(-Inf) = NaN"},
	{"y1f", def, []uint32{0x7fc00000}, nan, "y1f(NaN) = NaN"},
	{"y1f", ftz, []uint32{0x007fffff}, 0xff800000, "-ftz=true reads a subnormal as +0: -Inf"},
}

func init() {
	specialCases = append(specialCases, besselSpecialCases...)
	for id, f := range map[string]func(fp.Flags, float32) float32{
		"j0f": fp.Flags.J0f, "j1f": fp.Flags.J1f, "y0f": fp.Flags.Y0f, "y1f": fp.Flags.Y1f,
	} {
		unaryFuncs[id] = f
	}
}

// TestBesselSubnormalY1 checks Y1f's subnormal row, −(2/π)/x: the quotient
// of the library's division under each flag that selects it, against
// fp.Flags.Div, which is the same instruction (div.rn.f32, div.full.f32).
func TestBesselSubnormalY1(t *testing.T) {
	for _, fl := range []fp.Flags{def, pd0} {
		for _, u := range []uint32{0x00000001, 0x00000002, 0x00400000, 0x007fffff} {
			x := math.Float32frombits(u)
			want := math.Float32bits(fl.Div(-0x1.45f306p-01, x))
			if got := math.Float32bits(fl.Y1f(x)); got != want {
				t.Errorf("Y1f(%s) %s = %s, want -(2/π)/x = %s", f32.Format(u), flagName(fl), f32.Format(got), f32.Format(want))
			}
		}
	}
}

// TestBesselSymmetry checks the symmetries of the doc comments on a stride
// of all encodings: J0f(-x) = J0f(x) for every x, J1f(-x) = -J1f(x) for
// every x that is not NaN (neg.f32 after the kernel's own sign handling),
// and Y0f, Y1f NaN for x < 0 (0x7fffffff), under each FTZ setting.
func TestBesselSymmetry(t *testing.T) {
	const stride = 4099 // prime; 2^31/4099 ≈ 524,000 magnitudes per flag set
	for _, fl := range []fp.Flags{def, ftz} {
		for u := uint32(0); u < 0x80000000; u += stride {
			x, nx := math.Float32frombits(u), math.Float32frombits(u|0x80000000)
			if a, b := math.Float32bits(fl.J0f(x)), math.Float32bits(fl.J0f(nx)); a != b {
				t.Fatalf("J0f(%s) = %s but J0f(-x) = %s %s", f32.Format(u), f32.Format(a), f32.Format(b), flagName(fl))
			}
			if f32.IsNaN(u) {
				continue
			}
			if a, b := math.Float32bits(fl.J1f(x)), math.Float32bits(fl.J1f(nx)); a^0x80000000 != b && !f32.IsNaN(a) {
				t.Fatalf("J1f(%s) = %s but J1f(-x) = %s %s", f32.Format(u), f32.Format(a), f32.Format(b), flagName(fl))
			}
			if fl.FTZ && u < 0x00800000 {
				continue // -x is read as -0
			}
			if u == 0 {
				continue
			}
			for _, f := range []func(fp.Flags, float32) float32{fp.Flags.Y0f, fp.Flags.Y1f} {
				if r := math.Float32bits(f(fl, nx)); r != nan {
					t.Fatalf("Y0f or Y1f(%s) = %s %s, want NaN", f32.Format(u|0x80000000), f32.Format(r), flagName(fl))
				}
			}
		}
	}
}

// TestBesselDevice proves j0f, j1f, y0f and y1f against the device under
// all six captured flag sets (checkDeviceClass, device_test.go): the flag
// sets fall into two classes by FTZ ({default, -prec-div=false,
// -prec-sqrt=false, -fmad=false} and {-ftz=true, -use_fast_math}), and
// y1f's into four, -prec-div=false (div.full.f32) splitting each.
func TestBesselDevice(t *testing.T) {
	for _, c := range []struct {
		id    string
		reads fp.Flags
	}{
		{"j0f", fp.Flags{FTZ: true}},
		{"j1f", fp.Flags{FTZ: true}},
		{"y0f", fp.Flags{FTZ: true}},
		{"y1f", fp.Flags{FTZ: true, ApproxDiv: true}},
	} {
		t.Run(c.id, func(t *testing.T) { checkDeviceClass(t, c.id, c.reads) })
	}
}
