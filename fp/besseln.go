package fp

import (
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels below are the PTX of kernels jnf_ and ynf_ in
// ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice, sm_90), one
// Go statement per PTX instruction (the loops are unrolled four times in
// the PTX; here they run one step a turn, which performs the same
// operations in the same order). With ftz every float instruction takes its
// .ftz form; every div.rn.f32 is div.full.f32 with -prec-div=false and
// under -use_fast_math, and jnf's sqrt.rn.f32 is sqrt.approx.f32 with
// -prec-sqrt=false and under -use_fast_math.
//
// Contraction: jnf's backward recurrence writes b·q − p as mul.f32 then
// sub.f32, which ptxas fuses into one FFMA b, q, -p (the SASS of the
// default build); with -fmad=false nvcc writes mul.rn and sub.rn (fmad0.ptx)
// and the product is rounded first. No other multiply of the two kernels
// feeds an add.
//
// Algorithm (libdevice): jnf(n, x) is NaN for n < 0, j0f(x) for n = 0 and
// j1f(x) for n = 1 (inlined copies of those kernels). For |x| > n (n + 1
// when n > 4) it runs the forward recurrence J_{k+1} = (2k/x)·J_k − J_{k−1}
// from j0f and j1f; otherwise Miller's backward recurrence from the even
// order m = n + ⌊√(40n)⌋ rounded down to even, with b_m = 1, b_{m+1} = 0,
// rescaling every value by 1e-15 when one exceeds 1e15 in magnitude, and
// normalises b_n by b_0 + 2·(b_2 + b_4 + …), the sum that equals 1 for the
// true J_k (J_0 + 2·ΣJ_{2k} = 1). ynf(n, x) runs the forward recurrence
// Y_{k+1} = (2k/x)·Y_k − Y_{k−1} from y0f and y1f, which ynf computes first;
// it is NaN for n < 0 and x < 0 (n ≥ 2), −1e9/x for x below 2^-126, and a
// NaN that the recurrence produces (−Inf·… + Inf) becomes −Inf.

// Constants of jnf and ynf (PTX immediates).
const (
	twoBits     uint32 = 0x40000000 // 2
	jnRescaleAt uint32 = 0x58635fa9 // 0x1.c6bf52p+49 ≈ 1e15
	jnRescale   uint32 = 0x26901d7d // 0x1.203afap-50 ≈ 1e-15
	ynTinyNum   uint32 = 0xce6e6b28 // -0x1.dcd65p+29 = -1e9
)

// jnf is kernel jnf_.
func jnf(n int32, x uint32, fl Flags) uint32 {
	ftz := fl.FTZ
	switch {
	case n == 0: // setp.eq.s32: j0f_ inlined
		return j0f(x, ftz)
	case n == 1: // setp.eq.s32: j1f_ inlined
		return j1f(x, ftz)
	case n < 0: // setp.lt.s32
		return 0x7fffffff
	}
	lim := n // setp.gt.s32 n > 4, selp.u32, add.s32
	if n > 4 {
		lim++
	}
	limF := ptx.CvtF32S32(lim, rounding.RN) // cvt.rn.f32.s32
	a := ptx.Abs(x, ftz)                    // abs.f32
	if ptx.Setp(ptx.GT, a, limF, ftz) {     // setp.gt.f32 |x| > n (+1)
		return jnForward(n, x, a, fl)
	}
	return jnBackward(n, x, fl)
}

// jnForward is jnf_'s forward recurrence from J0 and J1 (|x| above the
// order).
func jnForward(n int32, x, a uint32, fl Flags) uint32 {
	ftz := fl.FTZ
	tox := fl.libDiv(twoBits, x) // div.rn.f32 2/x
	cur := j1f(x, ftz)           // j1f_ inlined on x
	prev := j0Abs(a, ftz)        // j0f_ inlined on |x|
	for k := int32(1); k < n; k++ {
		t := mul(cur, cvtRNF32S32(k), ftz)           // cvt.rn.f32.s32, mul.f32 J_k·k
		next := fma(t, tox, ptx.Neg(prev, ftz), ftz) // neg.f32, fma.rn J_k·k·(2/x) − J_{k−1}
		prev, cur = cur, next
	}
	return cur
}

// jnBackward is jnf_'s backward recurrence (Miller's algorithm, |x| at most
// the order, NaN included).
func jnBackward(n int32, x uint32, fl Flags) uint32 {
	ftz := fl.FTZ
	r := fl.sqrt(ptx.CvtF32S32(n*40, rounding.RN))  // mul.lo.s32, cvt.rn.f32.s32, sqrt.rn.f32
	m := (n + ptx.CvtS32(r, rounding.RZ, ftz)) &^ 1 // cvt.rzi.s32.f32, add.s32, and.b32 -2
	var prev, sum, ans uint32                       // b_{j+1}, the normalising sum, b_n
	cur, next := uint32(oneBits), uint32(oneBits)
	for j := m; j > 0; j-- {
		jf := cvtRNF32S32(j)                                          // cvt.rn.f32.s32
		q := fl.libDiv(add(jf, jf, ftz), x)                           // add.f32, div.rn.f32 2j/x
		next = mulSub(cur, q, prev, ftz, !fl.NoFMAD)                  // mul.f32, sub.f32: FFMA b_j·q − b_{j+1}
		if !ptx.Setp(ptx.LEU, ptx.Abs(next, ftz), jnRescaleAt, ftz) { // abs.f32, setp.leu.f32
			next = mul(next, jnRescale, ftz) // mul.f32 ×4
			cur = mul(cur, jnRescale, ftz)
			ans = mul(ans, jnRescale, ftz)
			sum = mul(sum, jnRescale, ftz)
		}
		prev, cur = cur, next
		if j-1 == n { // setp.eq.s32, selp.f32
			ans = next
		}
		if j&1 != 0 { // fma.rn, selp.f32: the even orders j − 1, doubled
			sum = fma(next, twoBits, sum, ftz)
		}
	}
	return fl.libDiv(ans, sub(sum, next, ftz)) // sub.f32, div.rn.f32 b_n/(b_0 + 2·Σb_{2k})
}

// ynf is kernel ynf_.
func ynf(n int32, x uint32, fl Flags) uint32 {
	ftz := fl.FTZ
	y1 := y1f(x, fl)  // y1f_ inlined
	y0 := y0f(x, ftz) // y0f_ inlined
	switch {
	case n == 0: // setp.eq.s32: y0f_ inlined once more
		return y0
	case n == 1: // setp.eq.s32: y1f_ inlined once more
		return y1
	case n < 0 || ptx.Setp(ptx.LTU, x, 0, ftz): // setp.lt.s32, setp.ltu.f32 x < 0 or NaN, or.pred
		return 0x7fffffff
	}
	a := ptx.Abs(x, ftz)                   // abs.f32 (y1f_'s)
	if ptx.Setp(ptx.LT, a, twoM126, ftz) { // setp.lt.f32 |x| < 2^-126 (y1f_'s)
		return fl.libDiv(ynTinyNum, a) // div.rn.f32 −1e9/x
	}
	tox := fl.libDiv(twoBits, x) // div.rn.f32 2/x
	cur, prev := y1, y0
	for k := int32(1); k < n; k++ {
		t := mul(tox, cvtRNF32S32(k), ftz)           // cvt.rn.f32.s32, mul.f32 (2/x)·k
		next := fma(t, cur, ptx.Neg(prev, ftz), ftz) // neg.f32, fma.rn (2k/x)·Y_k − Y_{k−1}
		prev, cur = cur, next
	}
	if !ptx.Setp(ptx.LE, ptx.Abs(cur, ftz), infBits, ftz) { // abs.f32, setp.le.f32: NaN
		return ninfBits
	}
	return cur
}
