package fp

import "github.com/cudafp/cudafp/intrinsics"

// Under -use_fast_math nvcc replaces sinf, cosf, tanf, sincosf and tanhf by
// the intrinsics __sinf, __cosf, __tanf, __sincosf and __tanhf (the PTX of
// the fast build is sin.approx.ftz.f32, cos.approx.ftz.f32, their quotient
// by div.approx.ftz.f32, and tanh.approx.f32). These are the intrinsics as
// compiled with the same -ftz setting.

func (fl Flags) fastSinf(x float32) float32 { return intrinsics.Target{FTZ: fl.FTZ}.Sinf(x) }
func (fl Flags) fastCosf(x float32) float32 { return intrinsics.Target{FTZ: fl.FTZ}.Cosf(x) }
func (fl Flags) fastTanf(x float32) float32 { return intrinsics.Target{FTZ: fl.FTZ}.Tanf(x) }
func (fl Flags) fastSincosf(x float32) (s, c float32) {
	return intrinsics.Target{FTZ: fl.FTZ}.Sincosf(x)
}
func (fl Flags) fastTanhf(x float32) float32 { return intrinsics.Target{FTZ: fl.FTZ}.Tanhf(x) }
