package ptx_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The non-.ftz forms are SASS sequences around the MUFU operation
// (instr.sass); the models compute their fix-ups in closed form. These
// tests write each sequence out with package rounding's FMUL and FADD and
// compare.

const rn = rounding.RN

// mufuSequences are the non-.ftz unary forms as their SASS sequences, for
// the inputs where the fix-up engages (mufuUnaryOps' wrapped).
var mufuSequences = []struct {
	name string
	fn   func(uint32, bool) uint32
	seq  func(x uint32) uint32
}{
	{"Ex2Approx", ptx.Ex2Approx, func(x uint32) uint32 { // FMUL x, 0.5; MUFU.EX2; FMUL r, r
		r := ptx.Ex2Approx(rounding.Mul32(x, 0x3f000000, rn, false), true)
		return rounding.Mul32(r, r, rn, false)
	}},
	{"Lg2Approx", ptx.Lg2Approx, func(x uint32) uint32 { // FMUL x, 0x1p24; MUFU.LG2; FADD r, -24
		return rounding.Add32(ptx.Lg2Approx(rounding.Mul32(x, 0x4b800000, rn, false), true), 0xc1c00000, rn, false)
	}},
	{"RcpApprox", ptx.RcpApprox, func(x uint32) uint32 { // FMUL x, s; MUFU.RCP; FMUL r, s
		s := uint32(0x4b800000) // 2^24 for subnormal x
		if x&f32.AbsMask > 0x7e800000 {
			s = 0x3e800000 // 1/4 for |x| > 2^126
		}
		return rounding.Mul32(s, ptx.RcpApprox(rounding.Mul32(x, s, rn, false), true), rn, false)
	}},
	{"RsqrtApprox", ptx.RsqrtApprox, func(x uint32) uint32 { // FMUL x, 0x1p24; MUFU.RSQ; FMUL r, 0x1p12
		return rounding.Mul32(ptx.RsqrtApprox(rounding.Mul32(x, 0x4b800000, rn, false), true), 0x45800000, rn, false)
	}},
	{"SqrtApprox", ptx.SqrtApprox, func(x uint32) uint32 { // FMUL x, 0x1p24; MUFU.SQRT; FMUL r, 0x1p-12
		return rounding.Mul32(ptx.SqrtApprox(rounding.Mul32(x, 0x4b800000, rn, false), true), 0x39800000, rn, false)
	}},
}

// TestMufuFixupSequences compares each non-.ftz unary form with its SASS
// sequence on every input where the fix-up engages: all subnormals of both
// signs, and the wrapped ranges of ex2 (x < -126) and rcp (|x| > 2^126):
// about 2^25 inputs per form, 2 s in all.
func TestMufuFixupSequences(t *testing.T) {
	for i, op := range mufuSequences {
		if mufuUnaryOps[i].name != op.name {
			t.Fatalf("mufuSequences[%d] is %s, mufuUnaryOps[%d] %s", i, op.name, i, mufuUnaryOps[i].name)
		}
		wrapped := mufuUnaryOps[i].wrapped
		t.Run(op.name, func(t *testing.T) {
			t.Parallel()
			n, bad := 0, 0
			for _, sign := range []uint32{0, f32.SignMask} {
				for a := uint32(1); a <= f32.InfBits; a++ {
					x := sign | a
					if !wrapped(x) {
						if a == f32.MinNormalBits {
							a = 0x7e800000 // skip the normal range up to rcp's wrapped one
						}
						continue
					}
					n++
					if got, want := op.fn(x, false), op.seq(x); got != want {
						if bad++; bad <= 10 {
							t.Errorf("%s(%s, ftz=false) = %s, SASS sequence %s", op.name, fmtBits(x), fmtBits(got), fmtBits(want))
						}
					}
				}
			}
			if n < 2*int(f32.MaxSubnormalBits) {
				t.Fatalf("%s: %d inputs checked, want every subnormal at least", op.name, n)
			}
			t.Logf("%s: %d inputs, %d mismatches", op.name, n, bad)
		})
	}
}

// divSequence is div.approx (full false) and div.full (full true) as the
// SASS sequences compute them (DivApprox's and DivFull's docs).
func divSequence(x, y uint32, ftz, full bool) uint32 {
	ay := y & f32.AbsMask
	huge := ay > 0x7e800000 && ay <= f32.InfBits // FSETP.GT |y|, 0x1p126
	tiny := ay < f32.MinNormalBits               // !FSETP.GEU |y|, 0x1p-126
	if huge && full {
		x = rounding.Mul32(x, 0x3e800000, rn, ftz)
		y = rounding.Mul32(y, 0x3e800000, rn, ftz)
	}
	if tiny && !ftz {
		x = rounding.Mul32(x, 0x4b800000, rn, false)
		y = rounding.Mul32(y, 0x4b800000, rn, false)
	}
	return rounding.Mul32(x, ptx.RcpApprox(y, true), rn, ftz)
}

// TestDivSequence compares the division forms with their SASS sequences on
// pairs from a fixed seed (CUDAFP_SEED), in strata: uniform bit patterns;
// normal operands of every exponent; quotients near the overflow and
// underflow thresholds, where the fused rounding takes its rare path.
func TestDivSequence(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	n := 1 << 20
	if testing.Short() {
		n = 1 << 16
	}
	normal := func(bexp uint32) uint32 { return r.Uint32()&(f32.SignMask|f32.FracMask) | bexp<<f32.FracBits }
	bad := 0
	for i := range n {
		var x, y uint32
		switch i % 4 {
		case 0:
			x, y = r.Uint32(), r.Uint32()
		case 1:
			x, y = normal(1+r.Uint32N(254)), normal(1+r.Uint32N(254))
		case 2: // quotient exponent near -126 (and the subnormal range below)
			by := 1 + r.Uint32N(252)
			bx := int32(by) - 127 - 24 + int32(r.Uint32N(28))
			x, y = normal(uint32(min(max(bx, 1), 254))), normal(by)
		case 3: // quotient exponent near 128
			by := 1 + r.Uint32N(252)
			bx := int32(by) + 125 + int32(r.Uint32N(4))
			x, y = normal(uint32(min(max(bx, 1), 254))), normal(by)
		}
		for _, ftz := range both {
			for _, full := range both {
				got := ptx.DivApprox(x, y, ftz)
				if full {
					got = ptx.DivFull(x, y, ftz)
				}
				if want := divSequence(x, y, ftz, full); got != want {
					if bad++; bad <= 10 {
						t.Errorf("div(%s, %s, ftz=%v, full=%v) = %s, SASS sequence %s", fmtBits(x), fmtBits(y), ftz, full, fmtBits(got), fmtBits(want))
					}
				}
			}
		}
	}
	t.Logf("%d pairs × 4 forms, %d mismatches", n, bad)
}
