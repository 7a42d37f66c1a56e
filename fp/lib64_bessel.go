package fp

import (
	"math"
)

// CUDA's double Bessel functions of the first and second kind of orders 0
// and 1 (issue 18): j0, j1, y0 and y1 follow kernels j0_, j1_, y0_ and y1_
// of gpu/ref/funcs64/*.ptx.xz (CUDA 13.0.88, sm_90), one Go statement per
// PTX instruction, in host float64 arithmetic (math.FMA for fma.rn.f64, a
// lone product or sum in float64(...) so that no port fuses it).
//
// Algorithm (libdevice): for |x| up to the third zero of the function
// (j0, j1), one polynomial per interval between two zeros, in x − z around
// the zero z of the interval, z split into two doubles (z = zh + zl,
// subtracted in two add.f64 steps); j1 takes a polynomial in |x| below its
// first zero. Beyond, Hankel's asymptotic form: with w = 1/|x| (rcp.approx
// refined by Newton, rcp64Newton) and w², J(x) ≈ √(2/(π|x|))·P(w²)·cos(θ −
// φ), θ = |x| + Q(w²)·w, where √(2/(π|x|)) is rsqrt.approx.f64 times √(2/π)
// (0x1.9884533d43651p-1), and φ = π/4 (j0) or 3π/4 (j1). θ is reduced by
// π/2 as sin and cos reduce their argument (besselTrigReduce64: Cody–Waite in
// three fmas, Payne–Hanek from 2^31 on), q·π/2 − φ (q the quadrant mod 4) is
// added to the remainder r as fma(q, π/2, r − φ), and the sum, below 2π in
// magnitude, is reduced again and fed to cos's polynomials (trig64Quadrant).
//
// Flags: -fmad=true (the default) contracts q·π/2 + (r − φ) into that fma;
// -fmad=false computes the product and the sum apart (mul.rn, add.rn), so
// the results differ. ptxas fuses no other mul.f64 or add.f64 of these
// kernels (no product feeds an add). -ftz=true and -use_fast_math leave
// the PTX of j0 and j1 as it is.

// mufuNaN64 is the NaN that rcp.approx.ftz.f64 returns for a NaN operand.
const mufuNaN64 = 0x7fffffff00000000

// devNaN64 is the NaN immediate of the kernels' domain tests (y0_, y1_).
const devNaN64 = 0xfff8000000000000

// The shared constants of the asymptotic forms (PTX immediates).
const (
	besselSqrt2OverPi64 = 0x1.9884533d43651p-1 // √(2/π)
)

// besselTrigReduce64 returns q and r with x = q·π/2 + r as CUDA's double sin
// and cos reduce x (trig64Reduce: Cody–Waite, Payne–Hanek from |x| ≥ 2^31),
// and for ±Inf and NaN q = 0 and r = x (a NaN quieted), as the kernels'
// inlined reduction gives them.
func besselTrigReduce64(x float64) (int32, float64) {
	switch {
	case math.IsInf(x, 0):
		return 0, x
	case x != x:
		return 0, x + x
	}
	r, q := trig64Reduce(x)
	return int32(q), r
}

// besselCos64 returns cos(θ − φ) as kernels j0_, j1_, y0_ and y1_ compute
// it, with shift = −φ: θ reduced by π/2 to (q, r), u = q&3·π/2 + (r +
// shift) (one fma under -fmad=true, a product and two sums under
// -fmad=false), and cos(u) from u's own reduction (u = ±Inf, impossible
// for a finite θ, gives NaN as the kernel's u·0).
func besselCos64(theta, shift float64, noFMAD bool) float64 {
	q, r := besselTrigReduce64(theta)
	k := float64(q & 3)
	var u float64
	if noFMAD {
		u = float64(r+shift) + float64(k*trig64Pio2Hi)
	} else {
		u = math.FMA(k, trig64Pio2Hi, float64(r+shift))
	}
	var q2 int32
	if math.IsInf(u, 0) {
		r = float64(u * 0)
	} else {
		q2, r = besselTrigReduce64(u)
	}
	return trig64Quadrant(r, uint32(q2+1))
}

// besselAsym64 returns √(2/(πa))·P(w²)·cos(θ − φ), θ = a + Q(w²)·w, w =
// 1/a, for a = |x| beyond the last polynomial interval, a finite: the
// asymptotic branch of kernels j0_, j1_, y0_ and y1_.
func besselAsym64(a float64, p, q []float64, shift float64, noFMAD bool) float64 {
	if a != a {
		// rcp.approx.ftz.f64 of a NaN is the NaN 0x7fffffff00000000; in
		// PTX's operand order the Newton step's fma(−a, rcp, 1) returns
		// it over a's NaN, and every later operation carries it to the
		// result (the special grid's golden data; swapped operands give a
		// quieted: internal/spec's ordered kernels).
		return math.Float64frombits(mufuNaN64)
	}
	w := rcp64Newton(a)
	w2 := float64(w * w)
	theta := math.FMA(horner64(w2, q), w, a)
	c := besselCos64(theta, shift, noFMAD)
	// rsqrt.approx.f64: ptxas expands it into MUFU.RSQ64H and the Newton
	// step of rsqrt64Newton (a ≥ 10 here, away from its slow path).
	amp := float64(horner64(w2, p) * float64(rsqrt64Newton(a)*besselSqrt2OverPi64))
	return float64(amp * c)
}

// besselZero64 returns d·P(d), d = (a + zh) + zl, for the interval around
// one zero of kernels j0_, j1_, y0_ and y1_: zh and zl are the PTX's two
// add.f64 immediates (the zero z ≈ −zh − zl, split so that d keeps its
// relative accuracy near z), then Horner's scheme and one product.
func besselZero64(a, zh, zl float64, c []float64) float64 {
	d := float64(float64(a+zh) + zl)
	return float64(d * horner64(d, c))
}

// The polynomials of j0_ and j1_ (PTX immediates, Horner's order):
// amplitude P and phase Q of the asymptotic form in w², and one polynomial
// per interval around a zero.
var (
	j0AmpP64 = [...]float64{
		-0x1.115cb8c11a9dcp+14,
		0x1.927467a655012p+10,
		-0x1.751787e247bd4p+6,
		0x1.704c4e5fc36b2p+2,
		-0x1.15b747a2fd531p-1,
		0x1.a7feacf6cb79bp-4,
		-0x1.fffffeddcf548p-5,
		0x1.fffffffffc9e5p-1,
	}
	j0PhaseQ64 = [...]float64{
		-0x1.602fe1c34685ep+21,
		0x1.ecd4523b12b84p+17,
		-0x1.7a2fc1972f05ap+13,
		0x1.eba131f7e5bebp+8,
		-0x1.73b92e6e7cc7dp+4,
		0x1.a31bee63a2f08p+0,
		-0x1.ad320104d5d05p-3,
		0x1.0aaaa9c76d07ep-4,
		-0x1.ffffffffdacecp-4,
	}
	j0Zero164 = [...]float64{
		-0x1.0d18564c48c61p-51,
		-0x1.cf8f9a8c294bcp-48,
		0x1.fab983cae498bp-44,
		0x1.cd7c018579b88p-40,
		-0x1.bdd2342d64fddp-36,
		-0x1.5c2d9416b1e2bp-32,
		0x1.2951d73174dd5p-28,
		0x1.7ff99802caeb5p-25,
		-0x1.1cce305c4c9f7p-21,
		-0x1.232c77e29e1bbp-18,
		0x1.6ed3b9f0ef757p-15,
		0x1.15382ba096a62p-12,
		-0x1.1f992590d1ae4p-9,
		-0x1.1bb1cbe1a465fp-7,
		0x1.cfae864368d84p-5,
		0x1.ba1deea0294a3p-4,
		-0x1.09cdb3655128p-1,
	}
	j0Zero264 = [...]float64{
		0x1.cb0a8f126b343p-52,
		0x1.83fd1f333eb61p-48,
		-0x1.100e33e3fb413p-43,
		-0x1.846076d004627p-40,
		0x1.e2f1d4f90720dp-36,
		0x1.1d03b1e4a119bp-32,
		-0x1.41d72b1b3bce9p-28,
		-0x1.2da37ce2a9ef8p-25,
		0x1.32e6d9974f763p-21,
		0x1.ad77d744a1879p-19,
		-0x1.863f481a37337p-15,
		-0x1.6f641f418f0f4p-13,
		0x1.27e31fe9a969ep-9,
		0x1.2f7ffe9025628p-8,
		-0x1.b2150cb41e8bfp-5,
		-0x1.f8f72e7a848dep-6,
		0x1.5c6e60a097823p-2,
	}
	j0Zero364 = [...]float64{
		-0x1.db7ffcf659e24p-52,
		-0x1.4b3a71aaac629p-48,
		0x1.17ec150ecdce7p-43,
		0x1.438f5ea1d10b2p-40,
		-0x1.edae7ec2c9e87p-36,
		-0x1.cadd2c4b91f58p-33,
		0x1.4582c8ee12204p-28,
		0x1.ceda451dd20f8p-26,
		-0x1.30e8cc3165e2fp-21,
		-0x1.3324842bb1a2ep-19,
		0x1.7800bc54fbddbp-15,
		0x1.d79605276949ap-14,
		-0x1.0e0d60385a629p-9,
		-0x1.48e63600d82f3p-9,
		0x1.68b984ec6493ap-5,
		0x1.00f7fcf183e0bp-6,
		-0x1.15f7977a772d4p-2,
	}
	j1PhaseQ64 = [...]float64{
		-0x1.da26b212fdc9ap+25,
		0x1.a30ac6857beep+22,
		-0x1.764222ad7c91p+18,
		0x1.eb02e0c306857p+13,
		-0x1.351859fa2b23bp+9,
		0x1.e65a07af51f42p+4,
		-0x1.2f2b817f77a57p+1,
		0x1.7bcc34da069fdp-2,
		-0x1.4fffff8a44463p-3,
		0x1.7ffffffff5cd7p-2,
	}
	j1Small64 = [...]float64{
		0x1.20e4adcde2ad3p-47,
		-0x1.dd167a0dc3f55p-43,
		0x1.503f5a491e487p-42,
		0x1.1f29940c2403ap-35,
		0x1.4cf9302eacdefp-39,
		-0x1.84a53dbbca436p-28,
		0x1.779bee4f63bccp-38,
		0x1.6c160e414f3fp-21,
		0x1.f3d2f12430699p-39,
		-0x1.c71c72c0ced04p-15,
		0x1.59bca506f1128p-41,
		0x1.5555555506982p-9,
		0x1.5ba0b425f1bfbp-46,
		-0x1.0000000000065p-4,
		0x1.729a7253fb679p-55,
		0x1p-1,
	}
	j1Zero164 = [...]float64{
		-0x1.8d3cdbb60175ep-48,
		0x1.1011a1df02dadp-43,
		0x1.6013ac1e5e222p-40,
		-0x1.ec315d96d5f03p-36,
		-0x1.03be1b4b57207p-32,
		0x1.45695f8b660f7p-28,
		0x1.17069fcfcfff4p-25,
		-0x1.33825c36745ebp-21,
		-0x1.9799d4f90931bp-19,
		0x1.83a06e2f7df13p-15,
		0x1.6e4c2d53a7cf6p-13,
		-0x1.24b3409957b1cp-9,
		-0x1.537544c3325dfp-8,
		0x1.b589d1da138e2p-5,
		0x1.ae8a39f51ad13p-5,
		-0x1.9c6cf582cbf7fp-2,
	}
	j1Zero264 = [...]float64{
		0x1.3eb867515fad6p-48,
		-0x1.0e8363db649a9p-43,
		-0x1.3b7dd4a6608fbp-40,
		0x1.ec5e01482c75p-36,
		0x1.c62bb9e882103p-33,
		-0x1.4462eed732a23p-28,
		-0x1.d48dcad7dc59bp-26,
		0x1.3026df29167e9p-21,
		0x1.4255b0119666cp-19,
		-0x1.796a751b32693p-15,
		-0x1.07358bbdba284p-13,
		0x1.13fbc7d6927b1p-9,
		0x1.9a4b292e3dd75p-9,
		-0x1.80c83bdeee4fbp-5,
		-0x1.5e70dc60362bfp-6,
		0x1.33518b3874e8ap-2,
	}
	j1AmpP64 = [...]float64{
		0x1.d02ea3f2f6751p+13,
		-0x1.9c06322a3f8bep+10,
		0x1.b89354da77324p+6,
		-0x1.e352294653188p+2,
		0x1.9bc7db16bd7a7p-1,
		-0x1.8bfe1c3a4f741p-3,
		0x1.7fffff0d00be2p-3,
		0x1.00000000068ccp+0,
	}
)

// J0 returns the Bessel function of the first kind of order 0, J0(x), as
// CUDA's j0 computes it under fl.
//
// Special cases are:
//
//	J0(±Inf) = +0
//	J0(NaN) = NaN (0x7fffffff00000000, whatever the NaN; x quieted where ptxas swapped the operands: internal/spec's ordered kernels)
//	J0(±0) = 0x1.ffffffffffffep-01 (1 − 2^-52: the polynomial's value)
//
// Accuracy: bit-exact with the H100's j0 (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "7 for |x| < 8, otherwise, the maximum
// absolute error is 5 x 10-12".
//
// Flags: -fmad=false changes the result (the phase's fma; see
// lib64_bessel.go); -ftz=true and -use_fast_math do not.
func (fl Flags) J0(x float64) float64 {
	a := math.Abs(x)
	switch {
	case a <= 0x1.fb319f277bbe5p+1:
		return besselZero64(a, -0x1.33d152e971b4p+1, 0x1.0f539d7da258ep-53, j0Zero164[:])
	case a <= 0x1.c58fd1a62f5ecp+2:
		return besselZero64(a, -0x1.6148f5b2c2e45p+2, -0x1.75054cd60a517p-54, j0Zero264[:])
	case a <= 0x1.471fcb6a7a8cp+3:
		return besselZero64(a, -0x1.14eb56cccdecap+3, 0x1.51970714c7c25p-52, j0Zero364[:])
	case math.IsInf(a, 0):
		return 0
	}
	return besselAsym64(a, j0AmpP64[:], j0PhaseQ64[:], -0x1.921fb54442d18p-1, fl.NoFMAD)
}

// J0 returns j0(x) under nvcc's default flags (Flags{}.J0).
func J0(x float64) float64 { return Flags{}.J0(x) }

// J1 returns the Bessel function of the first kind of order 1, J1(x), as
// CUDA's j1 computes it under fl.
//
// Special cases are:
//
//	J1(±Inf) = ±0
//	J1(NaN) = NaN (0x7fffffff00000000, whatever the NaN; x quieted where ptxas swapped the operands: internal/spec's ordered kernels)
//	J1(x) = x/2 for |x| < 0x1.4484bfeebc2ap-100, ±0 included
//
// Accuracy: bit-exact with the H100's j1 (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "7 for |x| < 8, otherwise, the maximum
// absolute error is 5 x 10-12".
//
// Flags: -fmad=false changes the result (see lib64_bessel.go);
// -ftz=true and -use_fast_math do not.
func (fl Flags) J1(x float64) float64 {
	a := math.Abs(x)
	var r float64
	switch {
	case a <= 0x1.353aabad7b784p+1:
		r = float64(a * horner64(a, j1Small64[:]))
	case a <= 0x1.5b1d0574614eap+2:
		r = besselZero64(a, -0x1.ea75575af6f09p+1, 0x1.60155a9d1b256p-53, j1Zero164[:])
	case a <= 0x1.13065e54c1aa9p+3:
		r = besselZero64(a, -0x1.c0ff5f3b4725p+2, 0x1.b226d9d243827p-54, j1Zero264[:])
	case math.IsInf(a, 0):
		r = 0
	default:
		r = besselAsym64(a, j1AmpP64[:], j1PhaseQ64[:], -0x1.2d97c7f3321d2p+1, fl.NoFMAD)
	}
	if x < 0 {
		r = -r
	}
	if a < 0x1.4484bfeebc2ap-100 {
		return float64(x * 0.5)
	}
	return r
}

// J1 returns j1(x) under nvcc's default flags (Flags{}.J1).
func J1(x float64) float64 { return Flags{}.J1(x) }

// The polynomials of y0_ and y1_ (PTX immediates, Horner's order), as
// those of j0_ and j1_; y0Small64 and y1Small64 are the regular parts R
// and S of the small-argument forms.
var (
	// %fd455 -> %fd470 8
	y0AmpP64 = [...]float64{
		-0x1.5e91e6ac3ad03p+13,
		0x1.3f56a049cdde7p+10,
		-0x1.572d39dfb8433p+6,
		0x1.6a6041caa59e5p+2,
		-0x1.155e3a049388p-1,
		0x1.a7fb92f417f7fp-4,
		-0x1.fffffb12e32f5p-5,
		0x1.ffffffffeced5p-1,
	}
	// %fd455 -> %fd489 10
	y0PhaseQ64 = [...]float64{
		0x1.a86a64be101dcp+25,
		-0x1.709c79aac5813p+22,
		0x1.42a31c980a287p+18,
		-0x1.9cbe68930485dp+13,
		0x1.f583e14e8a4e8p+8,
		-0x1.74a629c65068p+4,
		0x1.a32a7af17fae9p+0,
		-0x1.ad32497785cd6p-3,
		0x1.0aaaa9fb75f7bp-4,
		-0x1.ffffffffe320fp-4,
	}
	// %fd60 -> %fd77 9
	y0Small64 = [...]float64{
		0x1.efbd0a1b77c65p-55,
		-0x1.3098c51c18514p-46,
		0x1.23102d2f5f2f5p-38,
		-0x1.a5f2dee7d526ep-31,
		0x1.bb77e758b38afp-24,
		-0x1.3d1a206ec4f36p-17,
		0x1.183dcd3ed6294p-11,
		-0x1.03921cf04f123p-6,
		0x1.5db69d7753176p-3,
	}
	// %fd317 -> %fd364 24
	y0Zero164 = [...]float64{
		-0x1.1630132d75fc3p-15,
		0x1.d054b05d3c52dp-12,
		-0x1.6dac0b314b2e5p-9,
		0x1.6a5d1de76263fp-7,
		-0x1.fd16652824592p-6,
		0x1.0f69a9cc79fbdp-4,
		-0x1.cce40ef15583ep-4,
		0x1.446b11780e4fcp-3,
		-0x1.89ae7e19621f7p-3,
		0x1.acba1b38ef7b8p-3,
		-0x1.b4166a03bbfa5p-3,
		0x1.acca4d5d4889ap-3,
		-0x1.a1455932b9392p-3,
		0x1.96d8db8d844ecp-3,
		-0x1.8f7fb77522edfp-3,
		0x1.8c0926abc9abp-3,
		-0x1.8d35b8fea468cp-3,
		0x1.9424b8a0c8f94p-3,
		-0x1.a396a7f3403efp-3,
		0x1.c068086c37055p-3,
		-0x1.cf18e6a4c5c4ep-3,
		0x1.c3b1338af4239p-3,
		-0x1.f7e38a46d70dbp-2,
		0x1.c24371844b88ap-1,
	}
	// %fd366 -> %fd413 24
	y0Zero264 = [...]float64{
		-0x1.aea62ac8bda68p-50,
		-0x1.2434958151ac7p-50,
		0x1.1c24a40d33fe1p-46,
		0x1.37cd62fa08ca4p-45,
		-0x1.3902e0298c52ap-43,
		-0x1.ddaad11cab40fp-46,
		-0x1.209d9f06d7de4p-42,
		0x1.bb9f464468e1ap-39,
		-0x1.8f67b07d1b44p-37,
		0x1.7c8d60f9eaecfp-35,
		-0x1.9703405b49a8dp-33,
		0x1.a6b64e76417e4p-31,
		-0x1.f6b5afb2f1359p-29,
		0x1.4526b71c21ec1p-26,
		-0x1.776dbcbbc8e1dp-26,
		-0x1.3b211fc2df90ep-22,
		-0x1.486372e8562dcp-18,
		0x1.ab2c1fbc3a254p-15,
		0x1.99827653353b8p-13,
		-0x1.1e32bc4ed7084p-9,
		-0x1.c116fdc599a09p-8,
		0x1.df6d59bf50c77p-5,
		0x1.a09c92903680bp-5,
		-0x1.9c34256a12a0bp-2,
	}
	// %fd415 -> %fd446 16
	y0Zero364 = [...]float64{
		0x1.1cb3aba718b8ep-48,
		-0x1.f443bb4f53d75p-44,
		-0x1.70f737bd6a786p-40,
		0x1.f0e9a20459e14p-36,
		0x1.fa6b137d5e108p-33,
		-0x1.44296729fb7fap-28,
		-0x1.0a2813a80dfaap-25,
		0x1.34aa737a83eb4p-21,
		0x1.6a9227332d03cp-19,
		-0x1.8177e4f93c81ep-15,
		-0x1.26dd71e391775p-13,
		0x1.1d35e85fd7b22p-9,
		0x1.b2f14a955285cp-9,
		-0x1.8969c64cbf388p-5,
		-0x1.5aef611fc4d5ap-6,
		0x1.334cca0697a5ap-2,
	}
	// %fd446 -> %fd461 8
	y1AmpP64 = [...]float64{
		0x1.13db326ecebfep+14,
		-0x1.c26e89385d5b1p+10,
		0x1.c6ab923c6f55ep+6,
		-0x1.e61eaf3bd2fa1p+2,
		0x1.9bf15d9b97dd1p-1,
		-0x1.8bfecf93d7d19p-3,
		0x1.7fffff756aa6cp-3,
		0x1.0000000003646p+0,
	}
	// %fd446 -> %fd480 10
	y1PhaseQ64 = [...]float64{
		-0x1.43281a050209cp+26,
		0x1.024e99ba46e7bp+23,
		-0x1.a6875d7dfbd65p+18,
		0x1.032c041790233p+14,
		-0x1.39f895bc22946p+9,
		0x1.e77cc78ecd2d8p+4,
		-0x1.2f368d0117be9p+1,
		0x1.7bcc786009a25p-2,
		-0x1.4fffffc51bc7ap-3,
		0x1.7ffffffffb5eap-2,
	}
	// %fd314 -> %fd361 24
	y1Zero164 = [...]float64{
		-0x1.b87b0be2aa15p-29,
		0x1.833aae4d8b975p-27,
		-0x1.4e279b423e68fp-27,
		0x1.29dc6a747eb4fp-30,
		-0x1.1d15534496cd8p-25,
		0x1.eec8d48fecep-24,
		-0x1.d1180af70a134p-23,
		0x1.c8386a0ea1388p-22,
		-0x1.01a014e7f325p-20,
		0x1.1fb752010a32p-19,
		-0x1.3aa0aff4e332bp-18,
		0x1.584a6c77f67p-17,
		-0x1.794c520fc2ebbp-16,
		0x1.9d18d2d35cc71p-15,
		-0x1.c3fb7315c4599p-14,
		0x1.eea7adecce927p-13,
		-0x1.0b2d85257446fp-11,
		0x1.17ab4b1fe5d5bp-10,
		-0x1.5429dc6516c0dp-9,
		0x1.e671c7d0b090bp-8,
		-0x1.3a6dec36fb27cp-8,
		-0x1.0d2af4e931fd1p-5,
		-0x1.e56f82217b964p-4,
		0x1.0aa48442f014bp-1,
	}
	// %fd363 -> %fd404 21
	y1Zero264 = [...]float64{
		0x1.a3c76069f1d8cp-52,
		0x1.69a30996793e2p-51,
		-0x1.dd8432fe756e7p-50,
		-0x1.43158eee220f7p-46,
		0x1.8d44491230f5ap-45,
		-0x1.38842eaf4edbcp-43,
		0x1.4958dafbfaf5ap-40,
		-0x1.449a60e664848p-38,
		0x1.38bc8cd594a76p-39,
		-0x1.a798002141323p-32,
		0x1.80b4198956aaap-28,
		0x1.b62b5f21bacd4p-26,
		-0x1.255e729fb6aaep-21,
		-0x1.80618f6bae5aap-19,
		0x1.85b940f8e8d36p-15,
		0x1.337c7e10e14e8p-13,
		-0x1.1be6db99332cap-9,
		-0x1.10a329e2be9b8p-8,
		0x1.a15d92dfe3fcfp-5,
		0x1.00b9f8571c9bep-5,
		-0x1.5c7c556f0c19ap-2,
	}
	// %fd406 -> %fd437 16
	y1Zero364 = [...]float64{
		0x1.09ccc22945996p-52,
		-0x1.3515f67644276p-43,
		-0x1.2c5b978e9f5c7p-40,
		0x1.ec1151613913cp-36,
		0x1.9e38d13c4a824p-33,
		-0x1.41e75e1088eb5p-28,
		-0x1.a384ebb13cfe1p-26,
		0x1.2becb27f8c8f8p-21,
		0x1.176e72b989fd8p-19,
		-0x1.6f7bab102f822p-15,
		-0x1.b50d7e1d278e1p-14,
		0x1.07a678d60004fp-9,
		0x1.3ced2a2e69115p-9,
		-0x1.6395dfe49fcd4p-5,
		-0x1.02b3933cf21b1p-6,
		0x1.15f993fceab5cp-2,
	}
	// %fd293 -> %fd312 8
	y1Small64 = [...]float64{
		0x1.249f90687428cp-42,
		-0x1.f0b5b1fb7b95ep-35,
		0x1.32e589311fa14p-27,
		-0x1.0a780aa4a92e9p-20,
		0x1.2c7dbffcaec2bp-14,
		-0x1.835b97894ba4ap-9,
		0x1.bd3975c75b4a3p-5,
		-0x1.91866143cbc8ap-3,
	}
)

// Y0 returns the Bessel function of the second kind of order 0, Y0(x), as
// CUDA's y0 computes it under fl.
//
// Special cases are:
//
//	Y0(+Inf) = +0
//	Y0(±0) = -Inf
//	Y0(x) = NaN (0xfff8000000000000) for x < 0, -Inf included
//	Y0(NaN) = NaN (0x7fffffff00000000, whatever the NaN; x quieted where ptxas swapped the operands: internal/spec's ordered kernels)
//
// Accuracy: bit-exact with the H100's y0 (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "7 for |x| < 8, otherwise, the maximum
// absolute error is 5 x 10-12".
//
// Flags: -fmad=false changes the result (the phase's fma, the logarithm's
// and the small-argument sum's); -ftz=true and -use_fast_math change only
// the logarithm's zero test, which no result reaches differently.
func (fl Flags) Y0(x float64) float64 {
	a := math.Abs(x)
	var r float64
	switch {
	case a <= 0x1.97f4a8f9d3f28p-1:
		// (2/π)·ln(a)·J0(a) + (a² − z²)·R(a²), z the first zero of Y0
		// (z² in two parts), ln and J0 the inlined kernels log_ and j0_.
		s := float64(a * a)
		d := float64(float64(s+-0x1.ba9674p-2) + 0x1.5a30c8p-30)
		reg := float64(d * horner64(s, y0Small64[:]))
		l := float64(log64Core(a, fl.FTZ, fl.NoFMAD) * trig64TwoOverPi)
		if fl.NoFMAD {
			r = reg + float64(l*fl.J0(a))
		} else {
			r = math.FMA(l, fl.J0(a), reg)
		}
	case a <= 0x1.0347c4ab37b18p+1:
		r = besselZero64(a, -0x1.c982eb8d417eap-1, -0x1.ea9d270347f83p-56, y0Zero164[:])
	case a <= 0x1.61663b5d9a628p+2:
		r = besselZero64(a, -0x1.fa9534d98569cp+1, 0x1.f06ae7804384ep-54, y0Zero264[:])
	case a <= 0x1.14ef30c0c06edp+3:
		r = besselZero64(a, -0x1.c581dc4e72103p+2, 0x1.9774a495f56cfp-54, y0Zero364[:])
	case math.IsInf(a, 0):
		r = 0
	default:
		r = besselAsym64(a, y0AmpP64[:], y0PhaseQ64[:], -0x1.2d97c7f3321d2p+1, fl.NoFMAD)
	}
	if x < 0 {
		return math.Float64frombits(devNaN64)
	}
	return r
}

// Y0 returns y0(x) under nvcc's default flags (Flags{}.Y0).
func Y0(x float64) float64 { return Flags{}.Y0(x) }

// Y1 returns the Bessel function of the second kind of order 1, Y1(x), as
// CUDA's y1 computes it under fl.
//
// Special cases are:
//
//	Y1(+Inf) = +0
//	Y1(±0) = -Inf
//	Y1(x) = NaN (0xfff8000000000000) for x < 0, -Inf included
//	Y1(NaN) = NaN (0x7fffffff00000000, whatever the NaN; x quieted where ptxas swapped the operands: internal/spec's ordered kernels)
//	Y1(x) = RN(-(2/π)/x) for 0 < x < 0x0.730d67819e8d2p-1022
//
// Accuracy: bit-exact with the H100's y1 (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "7 for |x| < 8, otherwise, the maximum
// absolute error is 5 x 10-12".
//
// Flags: -fmad=false changes the result (as for Y0); -ftz=true and
// -use_fast_math do not.
func (fl Flags) Y1(x float64) float64 {
	a := math.Abs(x)
	var r float64
	switch {
	case a < 0x0.730d67819e8d2p-1022:
		// div.rn.f64: the host's division is the same IEEE operation.
		r = -trig64TwoOverPi / a
	case a <= 0x1.4c6f208132576p+0:
		// (2/π)·(J1(a)·ln(a) − 1/a) + a·S(a²), J1 and ln the inlined
		// kernels j1_ and log_, 1/a rcp.rn.f64 (the host's division).
		s := float64(a * a)
		rc := 1 / a
		j, l := fl.J1(a), log64Core(a, fl.FTZ, fl.NoFMAD)
		var t float64
		if fl.NoFMAD {
			t = float64(j*l) - rc
		} else {
			t = math.FMA(j, l, -rc)
		}
		t = float64(t * trig64TwoOverPi)
		p := horner64(s, y1Small64[:])
		if fl.NoFMAD {
			r = float64(a*p) + t
		} else {
			r = math.FMA(a, p, t)
		}
	case a <= 0x1.9b510ec2adc83p+1:
		r = besselZero64(a, -0x1.193bed4dff243p+1, 0x1.bd1e50d219bfdp-55, y1Zero164[:])
	case a <= 0x1.c0d26d5a541cbp+2:
		r = besselZero64(a, -0x1.5b7fe4e87b02ep+2, -0x1.dfe7bac228e8cp-52, y1Zero264[:])
	case a <= 0x1.2585c739acdddp+3:
		r = besselZero64(a, -0x1.13127ae6169b4p+3, -0x1.479cc068d9046p-52, y1Zero364[:])
	case math.IsInf(a, 0):
		r = 0
	default:
		r = besselAsym64(a, y1AmpP64[:], y1PhaseQ64[:], -0x1.f6a7a2955385ep+1, fl.NoFMAD)
	}
	switch {
	case x == 0:
		return math.Inf(-1)
	case x < 0:
		return math.Float64frombits(devNaN64)
	}
	return r
}

// Y1 returns y1(x) under nvcc's default flags (Flags{}.Y1).
func Y1(x float64) float64 { return Flags{}.Y1(x) }
