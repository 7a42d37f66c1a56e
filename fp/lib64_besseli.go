package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
)

// CUDA's double modified Bessel functions of the first kind (issue 18):
// cyl_bessel_i0 and cyl_bessel_i1 follow kernels cyl_bessel_i0_ and
// cyl_bessel_i1_ of gpu/ref/funcs64/*.ptx.xz (CUDA 13.0.88, sm_90), one Go
// statement per PTX instruction, in host float64 arithmetic (the same IEEE
// binary64 operations as DFMA, DMUL and DADD; math.FMA for fma.rn.f64, a
// lone product in float64(...) so that no port fuses it). The SASS of both
// kernels has as many DFMA and DMUL as the PTX has fma and mul: ptxas fuses
// none of them, and -fmad=false (mul.rn and add.rn in place of mul and add)
// changes no result. -ftz=true and -use_fast_math give the float32 compares
// of the exponential's overflow test (on the high word of |x|/2, at least
// 0x1.6p+2 there, a normal float32) their .ftz forms: no result changes.
//
// Algorithm (libdevice): below a threshold (the high word of |x| below
// 0x402619fc, |x| < 0x1.619fcp+3 ≈ 11.05 for I0; 11 for I1), NaN and ±Inf
// included, a polynomial in s = x²: I0 = P(s) with P(0) = 1, I1 = x·(Q(s)·s)
// + x/2. From there to 2^125, I_n(|x|) = R(1/|x|)·rsqrt(|x|)·E·E with E =
// e^(|x|/2) (exp's reduction and polynomial, exp64Scale's scaling), so that
// the product overflows only where I_n does; 1/|x| and rsqrt(|x|) are
// rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 refined by Newton steps. I1
// copies the sign of x onto it.

// i0Small and i1Small are the small-argument polynomials in x², Horner's
// order (p = c0·s + c1, then p = p·s + c): PTX immediates.
var (
	i0Small64 = [...]float64{
		0x1.4d7f592957da6p-130,
		0x1.8c41d50ab516fp-122,
		0x1.95dda3f2c417bp-111,
		0x1.367189a01363ep-101,
		0x1.e90745678b866p-92,
		0x1.416d14fa3a4bdp-82,
		0x1.69d021fde720ep-73,
		0x1.5601014e9543p-64,
		0x1.0b313c032523p-55,
		0x1.522a42ffef89p-47,
		0x1.522a440809476p-39,
		0x1.02e85c07ba843p-31,
		0x1.23456789b9de8p-24,
		0x1.c71c71c71b63cp-18,
		0x1.c71c71c71c7c2p-12,
		0x1.ffffffffffffbp-7,
		0x1p-2,
		0x1p+0,
	}
	i1Small64 = [...]float64{
		0x1.68d52e367973fp-125,
		0x1.76b71c28918bp-117,
		0x1.8082fe6606acbp-106,
		0x1.0ec04908e2753p-96,
		0x1.8d983808a730dp-87,
		0x1.e21624af0555ap-78,
		0x1.f18024073231ep-69,
		0x1.ab810d07c53a4p-60,
		0x1.2c97677fab629p-51,
		0x1.522a42918d8a1p-43,
		0x1.27e4fb8f617fcp-35,
		0x1.845c8a0abd799p-28,
		0x1.6c16c16c369a2p-21,
		0x1.c71c71c71a4b2p-15,
		0x1.5555555555681p-9,
		0x1.ffffffffffff1p-5,
	}
)

// i0Large64 and i1Large64 are the large-argument polynomials R in 1/|x|.
var (
	i0Large64 = [...]float64{
		0x1.2f851fc237b1dp+32,
		0x1.fefdd4ff37461p+32,
		-0x1.a8a1907f57f7p+32,
		0x1.10b6852851c22p+31,
		-0x1.925fc57ccb35p+28,
		0x1.85261a7176974p+25,
		-0x1.06bfa24be44dbp+22,
		0x1.003cc0da58b08p+18,
		-0x1.6e73aa6a2c47ap+13,
		0x1.85e17bc10541ap+8,
		-0x1.16c6690365068p+3,
		0x1.934e08086004cp-2,
		0x1.6aa7c7d428943p-4,
		0x1.6eac2735a091ep-5,
		0x1.debaa90561e71p-6,
		0x1.cb94ddfd23f7p-6,
		0x1.9884533d30179p-5,
		0x1.9884533d43657p-2,
	}
	i1Large64 = [...]float64{
		0x1.8729da7e5a092p+30,
		-0x1.a9923a6810426p+33,
		0x1.15d3db3c5ffep+33,
		-0x1.4d2d89a3913c1p+31,
		0x1.dcdff9b080398p+28,
		-0x1.c5f2e01fb2ff9p+25,
		0x1.2fcfb5fd5415p+22,
		-0x1.26d4cd831fc06p+18,
		0x1.a49abc2cad407p+13,
		-0x1.bf09a8d0b4bcfp+8,
		0x1.3f8f8f6f2689p+3,
		-0x1.d6e31961ece73p-2,
		-0x1.bbdc121c5123bp-4,
		-0x1.d76aacf55fc53p-5,
		-0x1.4f1c4ff86494bp-5,
		-0x1.7efc0e3c7167ep-5,
		-0x1.32633e6decf48p-3,
		0x1.9884533d43649p-2,
	}
)

// horner64 returns c[0]·x^(n−1) + … + c[n−1] in Horner's scheme of fma.rn
// (p = fma(c[0], x, c[1]), then p = fma(p, x, c[i])), the chains of the
// double kernels.
func horner64(x float64, c []float64) float64 {
	p := c[0]
	for _, k := range c[1:] {
		p = math.FMA(p, x, k)
	}
	return p
}

// rcp64Newton returns 1/a as the double kernels refine rcp.approx.ftz.f64:
// e = 1 − a·r, r + r·(e + e²) in three fmas.
func rcp64Newton(a float64) float64 {
	r := math.Float64frombits(ptx.RcpApproxFTZF64(math.Float64bits(a)))
	e := math.FMA(-a, r, 1)
	e = math.FMA(e, e, e)
	return math.FMA(e, r, r)
}

// rsqrt64Newton returns 1/√a, a ≥ 2^-1022 finite, as the double kernels
// refine rsqrt.approx.ftz.f64 (and as ptxas expands rsqrt.approx.f64 for
// such an a): y·(1 + d/2 + 3d²/8), d = 1 − a·y², in three fmas and two
// products.
func rsqrt64Newton(a float64) float64 {
	y := math.Float64frombits(ptx.RsqrtApproxFTZF64(math.Float64bits(a)))
	d := math.FMA(a, -float64(y*y), 1)
	return math.FMA(math.FMA(0.375, d, 0.5), float64(d*y), y)
}

// besselILarge64 returns R(1/a)·rsqrt(a)·E·E, E = e^(a/2), for a = |x| in
// [11, 2^125): the large-argument branch shared by cyl_bessel_i0_ and
// cyl_bessel_i1_ (mul.rn in i1, mul in i0: the same product).
func besselILarge64(a float64, c []float64) float64 {
	h := float64(a * 0.5)
	t := math.FMA(h, exp64Log2e, exp64Shifter)
	k := int32(uint32(math.Float64bits(t)))
	kf := t - exp64Shifter
	r := math.FMA(kf, -exp64Ln2Hi, h)
	r = math.FMA(kf, -exp64Ln2Lo, r)
	e := exp64Scale(exp64Poly(r), k, h, hiAbs64(h), 0x4086232b, 0x40874800)
	w := rcp64Newton(a)
	p := float64(horner64(w, c) * rsqrt64Newton(a))
	return float64(e * float64(p*e))
}

// CylBesselI0 returns the regular modified cylindrical Bessel function of
// order 0, I0(x), as CUDA's cyl_bessel_i0 computes it under fl.
//
// Special cases are:
//
//	CylBesselI0(±Inf) = +Inf
//	CylBesselI0(NaN) = NaN: x quieted, sign and payload kept
//	CylBesselI0(±0) = 1
//	CylBesselI0(x) = +Inf for |x| ≥ 0x1.64fe5304e83e5p+09 (≈ 713.98691)
//
// Accuracy: bit-exact with the H100's cyl_bessel_i0 (sm_90, CUDA 13.0)
// under each of the six captured flag sets. Documented (CUDA C++
// Programming Guide 13.0, Mathematical Functions, Table 18): "6 (full
// range)".
//
// Flags: none changes the result (-fmad=false and -ftz=true change the
// PTX, not its results: see lib64_besseli.go).
func (fl Flags) CylBesselI0(x float64) float64 { return CylBesselI0(x) }

// CylBesselI0 returns cyl_bessel_i0(x) under nvcc's default flags
// (Flags{}.CylBesselI0).
func CylBesselI0(x float64) float64 {
	a := math.Abs(x)
	if uint32(math.Float64bits(a)>>32)-0x402619fc < 0x0799e604 {
		return besselILarge64(a, i0Large64[:])
	}
	if x != x {
		// x·x of |x|: the device returns a NaN x quieted with its own
		// sign (the golden data of every NaN input), which the host's
		// math.Abs would clear.
		return quiet64(x)
	}
	return horner64(float64(a*a), i0Small64[:])
}

// CylBesselI1 returns the regular modified cylindrical Bessel function of
// order 1, I1(x), as CUDA's cyl_bessel_i1 computes it under fl.
//
// Special cases are:
//
//	CylBesselI1(±Inf) = ±Inf
//	CylBesselI1(NaN) = NaN: x quieted, sign and payload kept
//	CylBesselI1(±0) = ±0
//	CylBesselI1(x) = ±Inf for |x| ≥ 0x1.64fe69ff9fec8p+09 (≈ 713.98761)
//
// Accuracy: bit-exact with the H100's cyl_bessel_i1 (sm_90, CUDA 13.0)
// under each of the six captured flag sets. Documented (CUDA C++
// Programming Guide 13.0, Mathematical Functions, Table 18): "6 (full
// range)".
//
// Flags: none changes the result (see lib64_besseli.go).
func (fl Flags) CylBesselI1(x float64) float64 { return CylBesselI1(x) }

// CylBesselI1 returns cyl_bessel_i1(x) under nvcc's default flags
// (Flags{}.CylBesselI1).
func CylBesselI1(x float64) float64 {
	a := math.Abs(x)
	if uint32(math.Float64bits(a)>>32)-0x40260000 < 0x079a0000 {
		return math.Copysign(besselILarge64(a, i1Large64[:]), x)
	}
	s := float64(x * x)
	q := float64(horner64(s, i1Small64[:]) * s)
	return math.FMA(x, q, float64(x*0.5))
}
