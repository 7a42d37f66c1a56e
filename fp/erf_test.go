package fp_test

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
)

// erfFuncs are the functions of erf_api.go by catalog ID.
var erfFuncs = map[string]func(fp.Flags, float32) float32{
	"erff": fp.Flags.Erff, "erfcf": fp.Flags.Erfcf, "erfcxf": fp.Flags.Erfcxf,
	"erfinvf": fp.Flags.Erfinvf, "erfcinvf": fp.Flags.Erfcinvf,
	"normcdff": fp.Flags.Normcdff, "normcdfinvf": fp.Flags.Normcdfinvf,
}

// erfSpecialCases are the "Special cases are:" rows of erf_api.go's doc
// comments that lie on the device's special-value grid, in the same order,
// and the rows on subnormal inputs that -ftz=true changes.
var erfSpecialCases = []scRow{
	{"erff", def, []uint32{0x00000000}, 0x00000000, "erff(+0) = +0"},
	{"erff", def, []uint32{0x80000000}, 0x80000000, "erff(-0) = -0"},
	{"erff", def, []uint32{0x7f800000}, 0x3f800000, "erff(+Inf) = 1"},
	{"erff", def, []uint32{0xff800000}, 0xbf800000, "erff(-Inf) = -1"},
	{"erff", def, []uint32{0x7fc00000}, nan, "erff(NaN) = NaN"},
	{"erff", ftz, []uint32{0x80000001}, 0x80000000, "-ftz=true: erff(-0x1p-149) = -0"},

	{"erfcf", def, []uint32{0x00000000}, 0x3f800000, "erfcf(+0) = 1"},
	{"erfcf", def, []uint32{0x80000000}, 0x3f800000, "erfcf(-0) = 1"},
	{"erfcf", def, []uint32{0x7f800000}, 0x00000000, "erfcf(+Inf) = +0"},
	{"erfcf", def, []uint32{0xff800000}, 0x40000000, "erfcf(-Inf) = 2"},
	{"erfcf", def, []uint32{0x7fc00000}, nan, "erfcf(NaN) = NaN"},

	{"erfcxf", def, []uint32{0x00000000}, 0x3f800000, "erfcxf(+0) = 1"},
	{"erfcxf", def, []uint32{0x80000000}, 0x3f800000, "erfcxf(-0) = 1"},
	{"erfcxf", def, []uint32{0x7f800000}, 0x00000000, "erfcxf(+Inf) = +0"},
	{"erfcxf", def, []uint32{0xff800000}, 0x7f800000, "erfcxf(-Inf) = +Inf"},
	{"erfcxf", def, []uint32{0x7fc00000}, nan, "erfcxf(NaN) = NaN"},

	{"erfinvf", def, []uint32{0x00000000}, 0x00000000, "erfinvf(+0) = +0"},
	{"erfinvf", def, []uint32{0x80000000}, 0x80000000, "erfinvf(-0) = -0"},
	{"erfinvf", def, []uint32{0x3f800000}, 0x7f800000, "erfinvf(1) = +Inf"},
	{"erfinvf", def, []uint32{0xbf800000}, 0xff800000, "erfinvf(-1) = -Inf"},
	{"erfinvf", def, []uint32{0x3f800001}, nan, "erfinvf(x) = NaN for |x| > 1"},
	{"erfinvf", def, []uint32{0xff800000}, nan, "erfinvf(-Inf) = NaN"},
	{"erfinvf", def, []uint32{0x7fc00000}, nan, "erfinvf(NaN) = NaN"},
	{"erfinvf", def, []uint32{0x80000001}, 0x80000001, "erfinvf(-0x1p-149) = -0x1p-149 by default"},
	{"erfinvf", ftz, []uint32{0x80000001}, 0x80000000, "-ftz=true reads it as -0"},

	{"erfcinvf", def, []uint32{0x00000000}, 0x7f800000, "erfcinvf(+0) = +Inf"},
	{"erfcinvf", def, []uint32{0x80000000}, 0x7f800000, "erfcinvf(-0) = +Inf"},
	{"erfcinvf", def, []uint32{0x3f800000}, 0x00000000, "erfcinvf(1) = +0"},
	{"erfcinvf", def, []uint32{0x40000000}, 0xff800000, "erfcinvf(2) = -Inf"},
	{"erfcinvf", def, []uint32{0xbf800000}, nan, "erfcinvf(x) = NaN for x < -0"},
	{"erfcinvf", def, []uint32{0x7f800000}, nan, "erfcinvf(+Inf) = NaN"},
	{"erfcinvf", def, []uint32{0x7fc00000}, nan, "erfcinvf(NaN) = NaN"},
	{"erfcinvf", def, []uint32{0x80000001}, nan, "erfcinvf(-0x1p-149) = NaN by default"},
	{"erfcinvf", ftz, []uint32{0x80000001}, 0x7f800000, "-ftz=true reads it as -0: +Inf"},

	{"normcdff", def, []uint32{0x00000000}, 0x3f000000, "normcdff(+0) = 0.5"},
	{"normcdff", def, []uint32{0x80000000}, 0x3f000000, "normcdff(-0) = 0.5"},
	{"normcdff", def, []uint32{0x7f800000}, 0x3f800000, "normcdff(+Inf) = 1"},
	{"normcdff", def, []uint32{0xff800000}, 0x00000000, "normcdff(-Inf) = +0"},
	{"normcdff", def, []uint32{0x7fc00000}, nan, "normcdff(NaN) = NaN"},

	{"normcdfinvf", def, []uint32{0x00000000}, 0xff800000, "normcdfinvf(+0) = -Inf"},
	{"normcdfinvf", def, []uint32{0x80000000}, 0xff800000, "normcdfinvf(-0) = -Inf"},
	{"normcdfinvf", def, []uint32{0x3f000000}, 0x00000000, "normcdfinvf(0.5) = +0"},
	{"normcdfinvf", def, []uint32{0x3f800000}, 0x7f800000, "normcdfinvf(1) = +Inf"},
	{"normcdfinvf", def, []uint32{0xbf800000}, nan, "normcdfinvf(x) = NaN for x < -0"},
	{"normcdfinvf", def, []uint32{0x3f800001}, nan, "normcdfinvf(x) = NaN for x > 1"},
	{"normcdfinvf", def, []uint32{0x7fc00000}, nan, "normcdfinvf(NaN) = NaN"},
	{"normcdfinvf", def, []uint32{0x80000001}, nan, "normcdfinvf(-0x1p-149) = NaN by default"},
	{"normcdfinvf", ftz, []uint32{0x80000001}, 0xff800000, "-ftz=true reads it as -0: -Inf"},
}

// TestErfSpecialCases checks erfSpecialCases on the emulation and on the
// device's output at the same inputs (every row is on the special grid).
func TestErfSpecialCases(t *testing.T) {
	for _, r := range erfSpecialCases {
		x := math.Float32frombits(r.in[0])
		if got := math.Float32bits(erfFuncs[r.id](r.fl, x)); got != r.want {
			t.Errorf("%s %s: %s(%s) = %s, want %s", r.why, flagName(r.fl), r.id, args(r.in), f32.Format(got), f32.Format(r.want))
		}
		dev, ok := deviceAt(t, r.id, r.fl, r.in)
		if !ok {
			t.Errorf("%s %s: %s(%s) is not on the device's special grid", r.why, flagName(r.fl), r.id, args(r.in))
		} else if dev != r.want {
			t.Errorf("%s %s: table says %s(%s) = %s, device %s", r.why, flagName(r.fl), r.id, args(r.in), f32.Format(r.want), f32.Format(dev))
		}
	}
}

// TestErfDocRanges checks the range rows of erf_api.go's doc comments on
// the emulation, whose results the golden data verify on every input: each
// range [lo, hi] of encodings gives want throughout and lo−1 does not
// (every input in the exhaustive tier, a stride of them otherwise).
func TestErfDocRanges(t *testing.T) {
	stride := uint32(9973) // quick tier: ~1 s on 2 cores
	if testflag.Exhaustive() {
		stride = 1
	}
	for _, c := range []struct {
		id     string
		fl     fp.Flags
		lo, hi uint32
		want   uint32
	}{
		{"erff", def, 0x407a807f, f32.InfBits, 0x3f800000},          // x ≥ 0x1.f500fep+01: 1
		{"erff", def, 0xc07a807f, f32.NegInfBits, 0xbf800000},       // x ≤ -0x1.f500fep+01: -1
		{"erfcf", def, 0x4120e149, f32.InfBits, f32.ZeroBits},       // x > 0x1.41c29p+03: +0
		{"erfcf", ftz, 0x41131ce0, f32.InfBits, f32.ZeroBits},       // -ftz=true: x ≥ 0x1.2639cp+03
		{"erfcxf", def, 0xc1161e5f, f32.NegInfBits, f32.InfBits},    // x ≤ -0x1.2c3cbep+03: +Inf
		{"erfcxf", ftz, 0x7e106ebc, f32.InfBits, f32.ZeroBits},      // -ftz=true: x ≥ 0x1.20dd78p+125
		{"normcdff", def, 0x40ad7081, f32.InfBits, 0x3f800000},      // x ≥ 0x1.5ae102p+02: 1
		{"normcdff", def, 0xc16246b5, f32.NegInfBits, f32.ZeroBits}, // x ≤ -0x1.c48d6ap+03: +0
		{"normcdff", ftz, 0xc14f3302, f32.NegInfBits, f32.ZeroBits}, // -ftz=true: x ≤ -0x1.9e6604p+03
	} {
		f := func(u uint32) uint32 { return math.Float32bits(erfFuncs[c.id](c.fl, math.Float32frombits(u))) }
		if f(c.lo-1) == c.want {
			t.Errorf("%s %s: %s is not the first input of the range giving %s", c.id, flagName(c.fl), f32.Format(c.lo), f32.Format(c.want))
		}
		for u := c.lo; u <= c.hi && u >= c.lo; u += stride {
			if r := f(u); r != c.want {
				t.Fatalf("%s(%s) %s = %s, doc says %s", c.id, f32.Format(u), flagName(c.fl), f32.Format(r), f32.Format(c.want))
			}
		}
		if r := f(c.hi); r != c.want {
			t.Errorf("%s(%s) %s = %s, doc says %s", c.id, f32.Format(c.hi), flagName(c.fl), f32.Format(r), f32.Format(c.want))
		}
	}
}

// TestErfDevice proves the error functions and the normal distribution
// against the device under all six captured flag sets, as TestInvDevice
// does. The emulation reads FTZ alone, and erfcxf also -fmad (its one
// contracted pair), so the flag sets fall into two classes by FTZ, and
// erfcxf's -fmad=false build into a third.
func TestErfDevice(t *testing.T) {
	for _, id := range []string{"erff", "erfcf", "erfcxf", "erfinvf", "erfcinvf", "normcdff", "normcdfinvf"} {
		t.Run(id, func(t *testing.T) {
			checkDeviceClasses(t, id, func(fl fp.Flags) fp.Flags {
				if id == "erfcxf" {
					return fp.Flags{FTZ: fl.FTZ, NoFMAD: fl.NoFMAD}
				}
				return fp.Flags{FTZ: fl.FTZ}
			})
		})
	}
}
