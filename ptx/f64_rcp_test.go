package ptx

import "testing"

// TestRcpApproxFTZF64Device checks the model against the H100's
// MUFU.RCP64H tables: every high word of [1, 2) and the special rows of
// every exponent, both signs.
func TestRcpApproxFTZF64Device(t *testing.T) {
	const form = "rcp.approx.ftz.f64"
	tab := mufu64Table(t, form)
	bad := 0
	for m, want := range tab {
		in := uint64(0x3ff<<20|m) << 32
		if got := RcpApproxFTZF64(in); got != uint64(want)<<32 {
			if bad++; bad <= 10 {
				t.Errorf("RcpApproxFTZF64(%#016x) = %#016x, device %#016x", in, got, uint64(want)<<32)
			}
		}
	}
	p := loadMufu64Probe(t, form)
	for _, s := range p.specials {
		if got := RcpApproxFTZF64(s[0]); got != s[1] {
			if bad++; bad <= 20 {
				t.Errorf("RcpApproxFTZF64(%#016x) = %#016x, device %#016x", s[0], got, s[1])
			}
		}
	}
	if bad != 0 {
		t.Errorf("%d mismatches of %d", bad, len(tab)+len(p.specials))
	}
}

// TestRsqrtApproxFTZF64Device checks the model against the H100's
// MUFU.RSQ64H tables: every high word of [1, 2) and [1/2, 1) and the
// special rows of every exponent, both signs.
func TestRsqrtApproxFTZF64Device(t *testing.T) {
	const form = "rsqrt.approx.ftz.f64"
	tab := mufu64Table(t, form)
	bad := 0
	for i, want := range tab {
		in := uint64([]uint32{0x3ff, 0x3fe}[i>>20]<<20|uint32(i)&0xfffff) << 32
		if got := RsqrtApproxFTZF64(in); got != uint64(want)<<32 {
			if bad++; bad <= 10 {
				t.Errorf("RsqrtApproxFTZF64(%#016x) = %#016x, device %#016x", in, got, uint64(want)<<32)
			}
		}
	}
	p := loadMufu64Probe(t, form)
	for _, s := range p.specials {
		if got := RsqrtApproxFTZF64(s[0]); got != s[1] {
			if bad++; bad <= 20 {
				t.Errorf("RsqrtApproxFTZF64(%#016x) = %#016x, device %#016x", s[0], got, s[1])
			}
		}
	}
	if bad != 0 {
		t.Errorf("%d mismatches of %d", bad, len(tab)+len(p.specials))
	}
}

// TestRsqrtApproxF64Device checks rsqrt.approx.f64 against the H100's
// special rows (every exponent, both signs, with several low words).
func TestRsqrtApproxF64Device(t *testing.T) {
	p := loadMufu64Probe(t, "rsqrt.approx.f64")
	bad := 0
	for _, s := range p.specials {
		if got := RsqrtApproxF64(s[0]); got != s[1] {
			if bad++; bad <= 20 {
				t.Errorf("RsqrtApproxF64(%#016x) = %#016x, device %#016x", s[0], got, s[1])
			}
		}
	}
	if bad != 0 {
		t.Errorf("%d mismatches of %d", bad, len(p.specials))
	}
}
