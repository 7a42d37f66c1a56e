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

// TestRcpHiFTZF64 checks the branch-free datapath against the model
// RcpApproxFTZF64: every high word of both signs with the biased exponents
// at the ends of its range and around 1 (log's m+1 has 0x3ff and 0x400),
// and the fractions 0, 1 and all ones of every exponent in its range.
func TestRcpHiFTZF64(t *testing.T) {
	bad := 0
	check := func(h uint32) {
		want := RcpApproxFTZF64(uint64(h) << 32)
		if got := RcpHiFTZF64(h); uint64(got)<<32 != want {
			if bad++; bad <= 10 {
				t.Errorf("RcpHiFTZF64(%#08x) = %#08x, RcpApproxFTZF64 %#016x", h, got, want)
			}
		}
	}
	for _, e := range []uint32{1, 2, 0x3fe, 0x3ff, 0x400, 0x401, 2043, 2044} {
		for f := range uint32(1 << 20) {
			check(e<<20 | f)
			check(1<<31 | e<<20 | f)
		}
	}
	for e := uint32(1); e <= 2044; e++ {
		for _, f := range []uint32{0, 1, 0xfffff} {
			check(e<<20 | f)
			check(1<<31 | e<<20 | f)
		}
	}
}
