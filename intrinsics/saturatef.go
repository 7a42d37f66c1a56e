package intrinsics

import "github.com/cudafp/cudafp/ptx"

// Saturatef clamps x to [+0, 1]. It emulates __saturatef, which nvcc compiles
// to cvt.sat.f32.f32 (cvt.ftz.sat.f32.f32 with -ftz=true; FADD.SAT of +0 and
// x in SASS).
//
// Special cases are (in order):
//
//	Saturatef(NaN) = +0
//	Saturatef(x) = +0 for x ≤ 0, -0 and -Inf included
//	Saturatef(x) = 1 for x ≥ 1, +Inf included
//	Saturatef(x) = x for 0 < x < 1, positive subnormals included (+0 with FTZ)
//
// Accuracy: exact, and bit-exact with the device. Documented (libdevice
// User's Guide, __nv_saturatef): "Clamps the input argument to [+0.0, 1.0]:
// 0 if x < 0, 1 if x > 1, x otherwise; NaN returns 0."
//
// Flags: with Target.FTZ (-ftz=true) a subnormal input is read as the zero
// of its sign, so a positive subnormal gives +0.
func Saturatef(x float32) float32 { return Target{}.Saturatef(x) }

// Saturatef is __saturatef compiled for t: with t.FTZ it is the -ftz=true
// build; see the function Saturatef.
func (t Target) Saturatef(x float32) float32 { return fromBits(ptx.CvtSat(bits(x), t.FTZ)) }
