package fp

import "github.com/cudafp/cudafp/ptx"

// The tangent polynomial: tan r ≈ r + r³·(t5 + r²·(t4 + … + r²·t0)).
const (
	tanC0 uint32 = 0x3c190000 // 0x1.32p-7
	tanC1 uint32 = 0x3b560000 // 0x1.acp-9
	tanC2 uint32 = 0x3cc70000 // 0x1.8ep-6
	tanC3 uint32 = 0x3d5b0000 // 0x1.b6p-5
	tanC4 uint32 = 0x3e089438 // 0x1.11287p-3
	tanC5 uint32 = 0x3eaaaa88 // 0x1.55551p-2
	// tanKeep is the one |r| for which the kernel keeps r itself instead of
	// the polynomial (setp.eq.f32 in tanf_).
	tanKeep uint32 = 0x3a00b43c // 0x1.016878p-11
)

// tanfBits is the tanf_ kernel: the polynomial for tan r, and in odd
// quadrants -1/tan r with rcp.approx.ftz.f32 (.ftz in every flag set).
func tanfBits(ux uint32, ftz bool) uint32 {
	r, q := trigReduce(ux, ftz)
	x2 := mulRN(r, r, ftz)
	p := fmaRN(tanC0, x2, tanC1, ftz)
	p = fmaRN(p, x2, tanC2, ftz)
	p = fmaRN(p, x2, tanC3, ftz)
	p = fmaRN(p, x2, tanC4, ftz)
	p = fmaRN(p, x2, tanC5, ftz)
	t := mulRN(x2, r, ftz)
	y := r
	if ptx.Abs(r, ftz) != tanKeep {
		y = fmaRN(p, t, r, ftz)
	}
	if q&1 != 0 {
		y = ptx.RcpApprox(ptx.Neg(y, ftz), true)
	}
	return y
}
