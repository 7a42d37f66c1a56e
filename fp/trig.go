package fp

import "github.com/cudafp/cudafp/ptx"

// sinf, cosf, tanf and sincosf as nvcc (CUDA 13.0, sm_90) compiles them: the
// argument reduction of trig_reduce.go, then minimax polynomials evaluated
// with fma.rn (kernels sinf_, cosf_, tanf_, sincosf_ of
// ../shared/reference/ptx/*.ptx). -ftz=true turns every float instruction
// into its .ftz form; -fmad=false only spells two multiplications mul.rn
// instead of mul (nothing is contracted either way: the SASS of the default
// and -fmad=false builds is identical); -prec-div and -prec-sqrt do not
// touch these kernels; -use_fast_math replaces them by the intrinsics.

// The polynomial coefficients (PTX immediates). On [-π/4, π/4]:
// sin r ≈ r + r³·(s2 + r²·(s1 + r²·s0)),
// cos r ≈ 1 + r²·(c3 + r²·(c2 + r²·(c1 + r²·c0))).
const (
	sinC0 uint32 = 0xb94d4153 // -0x1.9a82a6p-13
	sinC1 uint32 = 0x3c0885e4 // 0x1.110bc8p-7
	sinC2 uint32 = 0xbe2aaaa8 // -0x1.55555p-3
	cosC0 uint32 = 0x37cbac00 // 0x1.9758p-16
	cosC1 uint32 = 0xbab607ed // -0x1.6c0fdap-10
	cosC2 uint32 = 0x3d2aaabb // 0x1.555576p-5
	cosC3 uint32 = 0xbeffffff // -0x1.fffffep-2

	oneBits    uint32 = 0x3f800000 // 1
	negOneBits uint32 = 0xbf800000 // -1
)

// sincosPoly returns sin r (odd = false) or cos r (odd = true) for the
// reduced argument r, negated by an fma with -1 when neg: the tail of the
// sinf_ and cosf_ kernels.
func sincosPoly(r uint32, odd, neg, ftz bool) uint32 {
	x2 := mulRN(r, r, ftz)
	f7, p, c1, c2 := r, sinC0, sinC1, sinC2
	if odd {
		f7, c1, c2 = oneBits, cosC2, cosC3
		p = fmaRN(cosC0, x2, cosC1, ftz)
	}
	p = fmaRN(p, x2, c1, ftz)
	p = fmaRN(p, x2, c2, ftz)
	t := x2 // fma.rn(x2, 1, +0) is x2 (x2 = r·r is never -0)
	if !odd {
		t = fmaRN(x2, r, 0, ftz)
	}
	y := fmaRN(p, t, f7, ftz)
	if neg {
		y = negRN(y, ftz)
	}
	return y
}

func sinfBits(ux uint32, ftz bool) uint32 {
	r, q := trigReduce(ux, ftz)
	return sincosPoly(r, q&1 != 0, q&2 != 0, ftz)
}

func cosfBits(ux uint32, ftz bool) uint32 {
	r, q := trigReduce(ux, ftz)
	q++
	return sincosPoly(r, q&1 != 0, q&2 != 0, ftz)
}

// sincosfBits is the sincosf_ kernel: both polynomials, then a selection
// and neg.f32 (not an fma with -1 as in sinf_ and cosf_).
func sincosfBits(ux uint32, ftz bool) (s, c uint32) {
	r, q := trigReduce(ux, ftz)
	x2 := mulRN(r, r, ftz)
	cp := fmaRN(cosC0, x2, cosC1, ftz)
	cp = fmaRN(cp, x2, cosC2, ftz)
	cp = fmaRN(cp, x2, cosC3, ftz)
	cp = fmaRN(cp, x2, oneBits, ftz)
	t := fmaRN(x2, r, 0, ftz)
	sp := fmaRN(sinC0, x2, sinC1, ftz)
	sp = fmaRN(sp, x2, sinC2, ftz)
	sp = fmaRN(sp, t, r, ftz)
	s, c = sp, cp
	if q&1 != 0 {
		s, c = cp, sp
	}
	if q&2 != 0 {
		s = ptx.Neg(s, ftz)
	}
	if (q+1)&2 != 0 {
		c = ptx.Neg(c, ftz)
	}
	return s, c
}
