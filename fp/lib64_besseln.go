package fp

import (
	"math"

	"github.com/cudafp/cudafp/rounding"
)

// CUDA's double Bessel functions of integer order (issue 18): jn and yn
// follow kernels jn_ and yn_ of gpu/ref/funcs64/*.ptx.xz (CUDA 13.0.88,
// sm_90) in host float64 arithmetic, as lib64_bessel.go; the PTX unrolls
// the recurrences four times, here they run one step a turn, which performs
// the same operations in the same order.
//
// Algorithm (libdevice): jn(n, x) is NaN for n < 0, j0(x) for n = 0 and
// j1(x) for n = 1 (inlined copies of those kernels). For |x| > n − 1 it
// runs the forward recurrence J_{k+1} = (k·(2/x))·J_k − J_{k−1} (one fma a
// step, 2/x one div.rn) from j0(|x|) and j1(x); otherwise Miller's backward
// recurrence from the even order m = n + ⌊√(60n)⌋ rounded down to even
// (int32 arithmetic, which wraps for huge n as the PTX's does), with b_m =
// 1, b_{m+1} = 0, rescaling the four running values by
// 0x1.203af9ee75616p-50 (≈ 1e-15) when the new one, rounded to float32
// (cvt.rn.f32.f64), exceeds 1e15 in magnitude, and normalises b_n by b_0 +
// 2·(b_2 + b_4 + …). The float32 rounding of the rescaling test is the
// only float32 operation: its .ftz forms under -ftz=true and
// -use_fast_math decide no comparison with 1e15 differently, so those
// flags change no result; -fmad=false changes the inlined j0 and j1.
//
// A NaN that an invalid operation creates (∞ − ∞, 0/0 of the
// normalisation) is the device's default NaN 0xfff8000000000000: the
// kernels return it explicitly, as the host's default NaN differs between
// ports.

// Constants of jn_ (PTX immediates).
const (
	jnRescaleAt64 = 0x1.c6bf52634p+49     // 1e15
	jnRescale64   = 0x1.203af9ee75616p-50 // ≈ 1e-15
)

// Jn returns the Bessel function of the first kind of order n, J_n(x), as
// CUDA's jn computes it under fl.
//
// Special cases are:
//
//	Jn(n, x) = NaN (0xfff8000000000000) for n < 0
//	Jn(0, x) = J0(x), Jn(1, x) = J1(x)
//	Jn(n, NaN) = NaN: x quieted, sign and payload kept, for n ≥ 2
//	Jn(n, ±0) = NaN (0xfff8000000000000) for n ≥ 2 (0/0 in the normalisation)
//	Jn(n, x) = NaN (0xfff8000000000000) for n ≥ 2 and x ≠ 0 so small that the backward recurrence overflows (∞ − ∞): Jn(2, 2^-128), Jn(128, 2^-48)
//	Jn(n, ±Inf) = ±0 for n ≥ 2
//
// Accuracy: bit-exact with the H100's jn (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "For n = 128, the maximum absolute
// error is 5 x 10-12".
//
// Flags: -fmad=false changes the result (through J0 and J1);
// -ftz=true and -use_fast_math do not (see lib64_besseln.go). The
// recurrences take about n + √(60n) steps.
func (fl Flags) Jn(n int32, x float64) float64 {
	switch {
	case n == 0:
		return fl.J0(x)
	case n == 1:
		return fl.J1(x)
	case n < 0:
		return math.Float64frombits(devNaN64)
	}
	if x != x {
		// 2/x, and every value after it, is x quieted.
		return quiet64(x)
	}
	a := math.Abs(x)
	tox := 2 / x // div.rn.f64: the host's division is the same IEEE operation
	var r float64
	if a > float64(n)-1 {
		r = jnForward64(n, tox, fl.J0(a), fl.J1(x))
	} else {
		r = jnBackward64(n, tox)
	}
	if r != r {
		return math.Float64frombits(devNaN64)
	}
	return r
}

// Jn returns jn(n, x) under nvcc's default flags (Flags{}.Jn).
func Jn(n int32, x float64) float64 { return Flags{}.Jn(n, x) }

// jnForward64 is jn_'s forward recurrence from J0 = j0 and J1 = j1.
func jnForward64(n int32, tox, j0, j1 float64) float64 {
	prev, cur := j0, j1
	for k := int32(1); k < n; k++ {
		prev, cur = cur, math.FMA(float64(tox*float64(k)), cur, -prev)
	}
	return cur
}

// jnBackward64 is jn_'s backward recurrence (Miller's algorithm) for
// |x| ≤ n − 1, NaN included, with tox = 2/x.
func jnBackward64(n int32, tox float64) float64 {
	s := math.Sqrt(float64(n * 60)) // mul.lo.s32, cvt.rn.f64.s32, sqrt.rn.f64
	m := (n + rounding.F64ToI32(math.Float64bits(s), rounding.RZ)) &^ 1
	var prev, ans, sum float64 // b_{k+1}, b_n, b_0 + 2·Σb_{2i}
	cur, next := 1.0, 1.0
	for k := m; k >= 1; k-- {
		next = math.FMA(float64(tox*float64(k)), cur, -prev)
		if !(math.Abs(float64(float32(next))) <= jnRescaleAt64) {
			next = float64(next * jnRescale64)
			cur = float64(cur * jnRescale64)
			ans = float64(ans * jnRescale64)
			sum = float64(sum * jnRescale64)
		}
		prev, cur = cur, next
		if k-1 == n {
			ans = next
		}
		if k&1 != 0 {
			sum = math.FMA(next, 2, sum)
		}
	}
	return ans / (sum - next)
}

// Yn returns the Bessel function of the second kind of order n, Y_n(x), as
// CUDA's yn computes it under fl.
//
// Special cases are (n ≥ 2 unless stated):
//
//	Yn(0, x) = Y0(x), Yn(1, x) = Y1(x)
//	Yn(n, x) = NaN (0xfff8000000000000) for n < 0, for x < 0 and for a NaN x
//	Yn(n, x) = RN(-(2/π)/x) for 0 ≤ x < 0x0.730d67819e8d2p-1022: Yn(n, +0) = -Inf, Yn(n, -0) = +Inf
//	Yn(n, +Inf) = +0
//	Yn(n, x) = -Inf where the recurrence gives NaN
//
// Accuracy: bit-exact with the H100's yn (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "For |x| > 1.5n, the maximum absolute
// error is 5 x 10-12".
//
// Flags: -fmad=false changes the result (through Y0 and Y1); -ftz=true and
// -use_fast_math do not. The recurrence takes n − 1 steps.
func (fl Flags) Yn(n int32, x float64) float64 {
	// The kernel computes y1 and y0 first, and again (inlined) for the
	// orders 1 and 0.
	y1, y0 := fl.Y1(x), fl.Y0(x)
	switch {
	case n == 0:
		return y0
	case n == 1:
		return y1
	case n < 0 || !(x >= 0): // setp.lt.s32, setp.ltu.f64
		return math.Float64frombits(devNaN64)
	case x < 0x0.730d67819e8d2p-1022: // |x|, x ≥ 0 or -0 here
		return -trig64TwoOverPi / x // div.rn.f64
	}
	tox := 2 / x // div.rn.f64
	prev, cur := y0, y1
	for k := int32(1); k < n; k++ {
		prev, cur = cur, math.FMA(float64(tox*float64(k)), cur, -prev)
	}
	if !(math.Abs(cur) <= math.Inf(1)) {
		return math.Inf(-1)
	}
	return cur
}

// Yn returns yn(n, x) under nvcc's default flags (Flags{}.Yn).
func Yn(n int32, x float64) float64 { return Flags{}.Yn(n, x) }
