package bench

import "github.com/cudafp/cudafp/internal/spec"

// sub64 returns nonzero subnormal double encodings of either sign.
func sub64(r uint64) uint64 { return r&(1<<63) | (r>>12)%(1<<52-1) + 1 }

// classes64 returns the input classes of a binary64 function (spec.Func.D64):
// doubles of the usual domain, subnormal doubles, doubles beyond it
// (overflow, saturation), by family and argument types; integers for the
// conversions from them.
func classes64(f *spec.Func, cl func(string, ...argGen) class, special class) []class {
	switch f.Family {
	case spec.FamInt64D:
		return []class{cl(Normal, intBits(64)), cl(Small, smallInt(64, f.In[0] == spec.U64)), special}
	case spec.FamHalves:
		return []class{cl(Normal, intBits(32), intBits(32)), special}
	case spec.FamRound:
		return []class{
			cl(Normal, f64Exp(-4, 30)), // fractions and integers below 2^31
			cl(Subnormal, sub64),
			cl(Huge, f64Exp(31, 1023)), // saturating conversions, integral values
			special,
		}
	}
	if f.Family == spec.FamBessel { // jn, yn: an int order, as jnf's (bessel.go)
		return []class{
			cl(Normal, besselOrderArg, f64Exp(-20, 20)),
			cl(Subnormal, besselOrderArg, sub64),
			cl(Huge, besselOrderArg, f64Exp(100, 1023)),
			special,
		}
	}
	huge := map[spec.Family]argGen{
		spec.FamArith: f64Exp(1022, 1023), // sums overflow
		spec.FamMul:   f64Exp(500, 600),   // products overflow
		spec.FamFMA:   f64Exp(500, 600),
		spec.FamDiv:   f64Exp(1000, 1023), // quotients underflow
		spec.FamRoot:  f64Exp(1000, 1023),
	}[f.Family]
	if huge == nil {
		huge = f64Exp(100, 1023)
	}
	return []class{
		cl(Normal, same(f, f64Exp(-20, 20))...),
		cl(Subnormal, same(f, sub64)...),
		cl(Huge, same(f, huge)...),
		special,
	}
}
