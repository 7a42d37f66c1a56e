package fp

import "github.com/cudafp/cudafp/ptx"

// HalfRawF16 is the binary16 kernel of hexp, hexp10, hlog, hlog2 or hlog10
// (by CUDA name) without its corrections, and HalfCorrF16 the values each
// correction compares (the argument's, or hlog2's result's), for
// TestHalfMathCorrections.
func HalfRawF16(name string, x uint16) uint16 {
	switch name {
	case "hexp":
		return from32(exp16(x, false, log2eF16, false), false)
	case "hexp10":
		return from32(exp16(x, false, log2of10, false), false)
	case "hlog":
		return log16(x, false, ln2F32, false)
	case "hlog2":
		return mufu16(x, false, ptx.Lg2Approx)
	case "hlog10":
		return log16(x, false, log10of2, false)
	}
	panic("HalfRawF16: " + name)
}

var HalfCorrF16 = map[string][]corr16{
	"hexp": hexpCorrF16[:], "hexp10": hexp10CorrF16[:], "hlog": hlogCorrF16[:], "hlog2": hlog2CorrF16[:], "hlog10": hlog10CorrF16[:],
}

// Spc returns the value a correction compares.
func (c corr16) Spc() uint16 { return c.spc }

// Apply is apply.
func (c corr16) Apply(v, r uint16) uint16 { return c.apply(v, r) }

// Fma is fma.
func (c corr16) Fma(p, r uint16) uint16 { return c.fma(p, r) }
