package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of the 16-bit square root, reciprocal, exponential and
// logarithm functions (hsqrt hrsqrt hrcp hexp hexp2 hexp10 hlog hlog2
// hlog10 of both types) to package fp's kernels (fp/half_math.go); the
// h2* forms follow from these through laneKernel. Each receives the
// effective flags: only bfloat16's hexp, hexp10, hlog and hlog10 read any
// (-ftz and -fmad, Func.Sens).

func init() {
	for id, m := range map[string]func(fp.Flags, uint16) uint16{
		"f16_hsqrt": fp.Flags.HsqrtF16, "bf16_hsqrt": fp.Flags.HsqrtBF16,
		"f16_hrsqrt": fp.Flags.HrsqrtF16, "bf16_hrsqrt": fp.Flags.HrsqrtBF16,
		"f16_hrcp": fp.Flags.HrcpF16, "bf16_hrcp": fp.Flags.HrcpBF16,
		"f16_hexp": fp.Flags.HexpF16, "bf16_hexp": fp.Flags.HexpBF16,
		"f16_hexp2": fp.Flags.Hexp2F16, "bf16_hexp2": fp.Flags.Hexp2BF16,
		"f16_hexp10": fp.Flags.Hexp10F16, "bf16_hexp10": fp.Flags.Hexp10BF16,
		"f16_hlog": fp.Flags.HlogF16, "bf16_hlog": fp.Flags.HlogBF16,
		"f16_hlog2": fp.Flags.Hlog2F16, "bf16_hlog2": fp.Flags.Hlog2BF16,
		"f16_hlog10": fp.Flags.Hlog10F16, "bf16_hlog10": fp.Flags.Hlog10BF16,
	} {
		bindH1(id, func(fl fp.Flags) func(x uint16) uint16 {
			return func(x uint16) uint16 { return m(fl, x) }
		})
	}
}
