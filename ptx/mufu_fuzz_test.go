package ptx_test

import (
	"sync"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

var mufuUnaryOps = []struct {
	name string
	fn   func(uint32, bool) uint32
	// wrapped reports whether the non-ftz form's fix-up code engages for x
	// (instr.sass); elsewhere both forms are the same MUFU operation.
	wrapped func(x uint32) bool
}{
	{"Ex2Approx", ptx.Ex2Approx, func(x uint32) bool { return x > 0xc2fc0000 && x <= f32.NegInfBits }}, // x < -126
	{"Lg2Approx", ptx.Lg2Approx, f32.IsSubnormal},
	{"RcpApprox", ptx.RcpApprox, func(x uint32) bool {
		a := x & f32.AbsMask
		return f32.IsSubnormal(x) || a > 0x7e800000 && a <= f32.InfBits // |x| > 2^126
	}},
	{"RsqrtApprox", ptx.RsqrtApprox, f32.IsSubnormal},
	{"SqrtApprox", ptx.SqrtApprox, f32.IsSubnormal},
}

// checkUnaryInvariants checks what holds for every input of the MUFU forms.
func checkUnaryInvariants(t *testing.T, x uint32) {
	t.Helper()
	for _, op := range mufuUnaryOps {
		rf := op.fn(x, true)
		r := op.fn(x, false)
		switch {
		case f32.IsNaN(x) && (rf != nan || r != nan):
			t.Errorf("%s(%s) = %s (ftz), %s: want the canonical NaN", op.name, fmtBits(x), fmtBits(rf), fmtBits(r))
		case f32.IsSubnormal(rf):
			t.Errorf("%s(%s, ftz=true) = %s: the MUFU flushes subnormal results", op.name, fmtBits(x), fmtBits(rf))
		case !op.wrapped(x) && r != rf:
			t.Errorf("%s(%s) = %s, ftz form %s: the forms differ only where ptxas's fix-up engages", op.name, fmtBits(x), fmtBits(r), fmtBits(rf))
		}
		if f32.IsNaN(x) {
			continue
		}
		neg := x&f32.SignMask != 0
		for _, v := range []uint32{r, rf} {
			var ok bool
			switch op.name {
			case "Ex2Approx":
				ok = v&f32.SignMask == 0 && !f32.IsNaN(v)
			case "RcpApprox":
				ok = v&f32.SignMask == x&f32.SignMask
			case "Lg2Approx":
				ok = !neg || f32.IsNaN(v) || v == f32.NegInfBits
			case "RsqrtApprox", "SqrtApprox":
				ok = !neg || f32.IsNaN(v) || v&f32.SignMask != 0 && !f32.IsNormal(x)
			}
			if !ok {
				t.Errorf("%s(%s) = %s: wrong sign or class", op.name, fmtBits(x), fmtBits(v))
			}
		}
	}
}

var rcpDevice = sync.OnceValues(func() ([]uint32, error) { return readMufuData("rcp", 1<<23) })

// rcpFromDevice predicts rcp.approx.ftz.f32 of a normal x whose result is
// normal from the device's results on [1, 2): the unit's result scales
// exactly with the exponent (checked on the device by the golden data).
func rcpFromDevice(t *testing.T, x uint32) (uint32, bool) {
	dev, err := rcpDevice()
	if err != nil {
		t.Fatal(err)
	}
	if !f32.IsNormal(x) {
		return 0, false
	}
	m := dev[x&f32.FracMask] // rcp of the significand, in (1/2, 1]
	rexp := int32(m>>f32.FracBits) - (int32(x>>f32.FracBits&0xff) - f32.Bias)
	if rexp <= 0 {
		return 0, false
	}
	return x&f32.SignMask | uint32(rexp)<<f32.FracBits | m&f32.FracMask, true
}

func FuzzMufuUnary(f *testing.F) {
	for _, fc := range mufuSpecialCases {
		for _, c := range fc.cases {
			f.Add(c.x)
		}
	}
	f.Fuzz(func(t *testing.T, x uint32) {
		checkUnaryInvariants(t, x)
	})
}

func FuzzRcpApprox(f *testing.F) {
	for _, c := range mufuSpecialCases[2].cases {
		f.Add(c.x)
	}
	f.Add(uint32(0x3fc00000))
	f.Add(uint32(0x7e7fffff))
	f.Fuzz(func(t *testing.T, x uint32) {
		if want, ok := rcpFromDevice(t, x); ok {
			if got := ptx.RcpApprox(x, true); got != want {
				t.Errorf("RcpApprox(%s, ftz=true) = %s, device %s", fmtBits(x), fmtBits(got), fmtBits(want))
			}
		}
		checkUnaryInvariants(t, x)
	})
}

func FuzzMufuDiv(f *testing.F) {
	for _, fc := range mufuDivSpecialCases {
		for _, c := range fc.cases {
			f.Add(c.x, c.y)
		}
	}
	f.Fuzz(func(t *testing.T, x, y uint32) {
		for _, ftz := range both {
			a, d := ptx.DivApprox(x, y, ftz), ptx.DivFull(x, y, ftz)
			for _, v := range []uint32{a, d} {
				switch {
				case (f32.IsNaN(x) || f32.IsNaN(y)) && v != nan:
					t.Errorf("%s / %s = %s (ftz=%v): want the canonical NaN", fmtBits(x), fmtBits(y), fmtBits(v), ftz)
				case !f32.IsNaN(v) && v&f32.SignMask != (x^y)&f32.SignMask:
					t.Errorf("%s / %s = %s (ftz=%v): wrong sign", fmtBits(x), fmtBits(y), fmtBits(v), ftz)
				case ftz && f32.IsSubnormal(v):
					t.Errorf("%s / %s = %s (ftz): subnormal result", fmtBits(x), fmtBits(y), fmtBits(v))
				}
			}
			// Between 2^-126 and 2^126 both divisions are x·MUFU.RCP(y).
			if ay := y & f32.AbsMask; ay >= f32.MinNormalBits && ay <= 0x7e800000 {
				want := rounding.Mul32(x, ptx.RcpApprox(y, true), rounding.RN, ftz)
				if a != want || d != want {
					t.Errorf("DivApprox, DivFull(%s, %s, ftz=%v) = %s, %s, want x·rcp(y) = %s", fmtBits(x), fmtBits(y), ftz, fmtBits(a), fmtBits(d), fmtBits(want))
				}
			}
		}
	})
}
