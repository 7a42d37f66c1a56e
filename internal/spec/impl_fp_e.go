package spec

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Bindings of package fp's exact functions (roundf, the lrintf/lroundf
// family, logbf, ilogbf, frexpf, modff, fmodf, remainderf, remquof,
// nextafterf, ldexpf, scalbnf, scalblnf) to the catalog. Each binding
// receives the effective flags of the golden file it is checked against.
// Integer results are packed as in the golden files: an int in the low 32
// bits, a long long whole; two results as first<<32 | second.
func init() {
	bindF32("roundf", flagsOf, fp.Flags.Roundf)
	bindF32("nearbyintf", flagsOf, fp.Flags.Nearbyintf)
	bindF32("logbf", flagsOf, fp.Flags.Logbf)
	bindBits32("ilogbf", func(fl fp.Flags) func(uint32) uint32 {
		return func(x uint32) uint32 { return uint32(fl.Ilogbf(math.Float32frombits(x))) }
	})
	for id, m := range map[string]func(fp.Flags, float32) int64{
		"lrintf": fp.Flags.Lrintf, "llrintf": fp.Flags.Llrintf, "lroundf": fp.Flags.Lroundf, "llroundf": fp.Flags.Llroundf,
	} {
		bindKernel(id, func(fl fp.Flags) Kernel {
			return func(in *Args) uint64 {
				a := in[0]
				return uint64(m(fl, math.Float32frombits(uint32(a))))
			}
		})
	}
	bindKernel("frexpf", func(fl fp.Flags) Kernel {
		return func(in *Args) uint64 {
			a := in[0]
			f, e := fl.Frexpf(math.Float32frombits(uint32(a)))
			return uint64(math.Float32bits(f))<<32 | uint64(uint32(e))
		}
	})
	bindKernel("modff", func(fl fp.Flags) Kernel { return trigPair(fl.Modff) })
	bindF32x2("fmodf", flagsOf, fp.Flags.Fmodf)
	bindF32x2("remainderf", flagsOf, fp.Flags.Remainderf)
	bindF32x2("nextafterf", flagsOf, fp.Flags.Nextafterf)
	bindKernel("remquof", func(fl fp.Flags) Kernel {
		return func(in *Args) uint64 {
			a, b := in[0], in[1]
			r, q := fl.Remquof(math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b)))
			return uint64(math.Float32bits(r))<<32 | uint64(uint32(q))
		}
	})
	for id, m := range map[string]func(fp.Flags, float32, int32) float32{"ldexpf": fp.Flags.Ldexpf, "scalbnf": fp.Flags.Scalbnf} {
		bindKernel(id, func(fl fp.Flags) Kernel {
			return func(in *Args) uint64 {
				a, b := in[0], in[1]
				return uint64(math.Float32bits(m(fl, math.Float32frombits(uint32(a)), int32(uint32(b)))))
			}
		})
	}
	bindKernel("scalblnf", func(fl fp.Flags) Kernel {
		return func(in *Args) uint64 {
			a, b := in[0], in[1]
			return uint64(math.Float32bits(fl.Scalblnf(math.Float32frombits(uint32(a)), int64(b))))
		}
	})
}
