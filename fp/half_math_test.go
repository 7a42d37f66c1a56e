package fp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// The 16-bit square root, reciprocal, exponentials and logarithms
// (half_math.go) against the oracle's correct rounding of the exact
// function (oracle.Func.Round16). internal/golden's TestDevice checks them
// against the device on every input.

// halfMath lists the functions by catalog ID, each with its reference.
var halfMath = []struct {
	id  string
	ref *oracle.Func
	fm  oracle.Format16
	f   func(fp.Flags, uint16) uint16
	pkg func(uint16) uint16
}{
	{"f16_hsqrt", oracle.Sqrt, oracle.F16, fp.Flags.HsqrtF16, fp.HsqrtF16},
	{"bf16_hsqrt", oracle.Sqrt, oracle.BF16, fp.Flags.HsqrtBF16, fp.HsqrtBF16},
	{"f16_hrsqrt", oracle.Rsqrt, oracle.F16, fp.Flags.HrsqrtF16, fp.HrsqrtF16},
	{"bf16_hrsqrt", oracle.Rsqrt, oracle.BF16, fp.Flags.HrsqrtBF16, fp.HrsqrtBF16},
	{"f16_hrcp", oracle.Rcp, oracle.F16, fp.Flags.HrcpF16, fp.HrcpF16},
	{"bf16_hrcp", oracle.Rcp, oracle.BF16, fp.Flags.HrcpBF16, fp.HrcpBF16},
	{"f16_hexp", oracle.Exp, oracle.F16, fp.Flags.HexpF16, fp.HexpF16},
	{"bf16_hexp", oracle.Exp, oracle.BF16, fp.Flags.HexpBF16, fp.HexpBF16},
	{"f16_hexp2", oracle.Exp2, oracle.F16, fp.Flags.Hexp2F16, fp.Hexp2F16},
	{"bf16_hexp2", oracle.Exp2, oracle.BF16, fp.Flags.Hexp2BF16, fp.Hexp2BF16},
	{"f16_hexp10", oracle.Exp10, oracle.F16, fp.Flags.Hexp10F16, fp.Hexp10F16},
	{"bf16_hexp10", oracle.Exp10, oracle.BF16, fp.Flags.Hexp10BF16, fp.Hexp10BF16},
	{"f16_hlog", oracle.Log, oracle.F16, fp.Flags.HlogF16, fp.HlogF16},
	{"bf16_hlog", oracle.Log, oracle.BF16, fp.Flags.HlogBF16, fp.HlogBF16},
	{"f16_hlog2", oracle.Log2, oracle.F16, fp.Flags.Hlog2F16, fp.Hlog2F16},
	{"bf16_hlog2", oracle.Log2, oracle.BF16, fp.Flags.Hlog2BF16, fp.Hlog2BF16},
	{"f16_hlog10", oracle.Log10, oracle.F16, fp.Flags.Hlog10F16, fp.Hlog10F16},
	{"bf16_hlog10", oracle.Log10, oracle.BF16, fp.Flags.Hlog10BF16, fp.Hlog10BF16},
}

// halfMathCheck returns "" when the function of c gives the correctly
// rounded result at x (NaN16 for a NaN) under every captured flag set, and
// its package-level form the Flags{} method's result, else a description.
func halfMathCheck(id string, ref *oracle.Func, fm oracle.Format16, f func(fp.Flags, uint16) uint16, pkg func(uint16) uint16, x uint16) string {
	var bad []string
	want := ref.Round16(fm, fm.ToF32(x), 0, rounding.RN)
	for _, fl := range spec.FlagSets {
		if got := f(fl, x); got != want {
			bad = append(bad, fmt.Sprintf("[%s] %s(%#04x) = %#04x, correctly rounded %#04x", fl.Name(), id, x, got, want))
		}
	}
	if got, def := pkg(x), f(fp.Flags{}, x); got != def {
		bad = append(bad, fmt.Sprintf("fp package-level %s(%#04x) = %#04x, Flags{} %#04x", id, x, got, def))
	}
	return strings.Join(bad, "; ")
}

// TestHalfMathCR checks that each function is correctly rounded (to
// nearest even: NVIDIA documents each as computed "in round-to-nearest-even
// mode", CUDA Math API 13.0, and gives no ulp bound) under every captured
// flag set: on random encodings (gopter, CUDAFP_SEED), or on all 65,536
// with CUDAFP_EXHAUSTIVE. The binary16 kernels' corrections (corr16) are
// what makes them so: without them they are not (TestHalfMathCorrections).
func TestHalfMathCR(t *testing.T) {
	if testflag.Exhaustive() {
		for _, c := range halfMath {
			for u := range 1 << 16 {
				if s := halfMathCheck(c.id, c.ref, c.fm, c.f, c.pkg, uint16(u)); s != "" {
					t.Fatal(s)
				}
			}
		}
		t.Logf("%d functions correctly rounded on all 65,536 encodings", len(halfMath))
		return
	}
	props := testflag.Properties(t, 1000, 100)
	gen := func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(uint16(p.Rng.Uint32()), gopter.NoShrinker)
	}
	for _, c := range halfMath {
		props.Property(c.id+" correctly rounded", prop.ForAll(func(x uint16) string {
			return halfMathCheck(c.id, c.ref, c.fm, c.f, c.pkg, x)
		}, gen))
	}
	props.TestingRun(t)
}

// TestHalfMathCorrections checks each correction of the binary16 kernels
// (the set.eq and fma.rn.f16 pairs after the rounding back): every input
// it fires on is misrounded by the kernel without corrections and
// correctly rounded with them, and it fires on at least one input.
func TestHalfMathCorrections(t *testing.T) {
	refs := map[string]*oracle.Func{"hexp": oracle.Exp, "hexp10": oracle.Exp10, "hlog": oracle.Log, "hlog2": oracle.Log2, "hlog10": oracle.Log10}
	full := map[string]func(uint16) uint16{"hexp": fp.HexpF16, "hexp10": fp.Hexp10F16, "hlog": fp.HlogF16, "hlog2": fp.Hlog2F16, "hlog10": fp.Hlog10F16}
	for name, cs := range fp.HalfCorrF16 {
		fired := make([]int, len(cs))
		for u := range 1 << 16 {
			x := uint16(u)
			raw := fp.HalfRawF16(name, x)
			r, hit := raw, false
			for i, c := range cs {
				v := x
				if name == "hlog2" { // compares the result so far
					v = r
				}
				if v == c.Spc() {
					fired[i]++
					hit = true
				}
				r = c.Apply(v, r)
			}
			if got := full[name](x); got != r {
				t.Fatalf("%s(%#04x) = %#04x, the kernel and its corrections %#04x", name, x, got, r)
			}
			if !hit {
				continue
			}
			cr := refs[name].Round16(oracle.F16, rounding.F16ToF32(x), 0, rounding.RN)
			if raw == cr {
				t.Errorf("%s(%#04x): the uncorrected kernel gives %#04x, already correctly rounded", name, x, raw)
			}
			if got := full[name](x); got != cr {
				t.Errorf("%s(%#04x) = %#04x, correctly rounded %#04x", name, x, got, cr)
			}
		}
		for i, n := range fired {
			if n == 0 {
				t.Errorf("%s: correction %d (%#04x) fires on no input", name, i, cs[i].Spc())
			}
		}
		t.Logf("%s: corrections fire on %v inputs", name, fired)
	}
}

// TestCorr16 checks the corrections' shortcut where set.eq gives +0
// against the fma.rn.f16 it stands for, on every r, for the ulp of each
// correction.
func TestCorr16(t *testing.T) {
	n := 0
	for name, cs := range fp.HalfCorrF16 {
		for _, c := range cs {
			v := c.Spc() ^ 1 // not the special value
			for u := range 1 << 16 {
				r := uint16(u)
				if got, want := c.Apply(v, r), c.Fma(0, r); got != want {
					t.Fatalf("%s correction %#04x: r = %#04x, p = +0: %#04x, fma.rn.f16 %#04x", name, c.Spc(), r, got, want)
				}
				if got, want := c.Apply(c.Spc(), r), c.Fma(0x3c00, r); got != want {
					t.Fatalf("%s correction %#04x: r = %#04x, p = 1: %#04x, fma.rn.f16 %#04x", name, c.Spc(), r, got, want)
				}
				n++
			}
		}
	}
	t.Logf("%d corrections checked", n)
}

// TestHalfMathSpecials checks the special-case tables of the doc comments
// (half_math.go), each threshold with the encoding on either side, under
// every captured flag set.
func TestHalfMathSpecials(t *testing.T) {
	type sc struct{ x, want uint16 }
	// The IEEE cases of every function of a family, by format: zero, one,
	// Inf and NaN encodings.
	type fmt16 struct{ one, inf, nan uint16 }
	formats := map[string]fmt16{"f16": {0x3c00, 0x7c00, 0x7fff}, "bf16": {0x3f80, 0x7f80, 0x7fff}}
	common := func(id string) []sc {
		f := formats[strings.SplitN(id, "_", 2)[0]]
		ninf := f.inf | 0x8000
		nans := []uint16{f.inf + 1, 0x7fff, 0xffff, f.inf | 0x8000 + 1}
		var cs []sc
		for _, n := range nans {
			cs = append(cs, sc{n, 0x7fff})
		}
		switch strings.SplitN(id, "_", 2)[1] {
		case "hsqrt":
			cs = append(cs, sc{0, 0}, sc{0x8000, 0x8000}, sc{f.inf, f.inf}, sc{ninf, 0x7fff}, sc{f.one | 0x8000, 0x7fff}, sc{f.one, f.one})
		case "hrsqrt":
			cs = append(cs, sc{0, f.inf}, sc{0x8000, ninf}, sc{f.inf, 0}, sc{ninf, 0x7fff}, sc{f.one | 0x8000, 0x7fff}, sc{f.one, f.one})
		case "hrcp":
			cs = append(cs, sc{0, f.inf}, sc{0x8000, ninf}, sc{f.inf, 0}, sc{ninf, 0x8000}, sc{f.one | 0x8000, f.one | 0x8000})
		case "hexp", "hexp2", "hexp10":
			cs = append(cs, sc{0, f.one}, sc{0x8000, f.one}, sc{f.inf, f.inf}, sc{ninf, 0})
		case "hlog", "hlog2", "hlog10":
			cs = append(cs, sc{0, ninf}, sc{0x8000, ninf}, sc{f.one, 0}, sc{f.inf, f.inf}, sc{ninf, 0x7fff}, sc{f.one | 0x8000, 0x7fff})
		}
		return cs
	}
	// The thresholds: the first encoding of a range and its neighbour
	// outside it (whose result is finite and nonzero).
	edges := map[string][]sc{
		"f16_hexp":    {{0x498c, 0x7c00}, {0xcc56, 0}},
		"bf16_hexp":   {{0x42b2, 0x7f80}, {0xc2ba, 0}},
		"f16_hexp2":   {{0x4c00, 0x7c00}, {0xce40, 0}},
		"bf16_hexp2":  {{0x4300, 0x7f80}, {0xc306, 0}},
		"f16_hexp10":  {{0x44d1, 0x7c00}, {0xc787, 0}},
		"bf16_hexp10": {{0x421b, 0x7f80}, {0xc222, 0}},
		"f16_hrcp":    {{0x0100, 0x7c00}, {0x8100, 0xfc00}},
		"bf16_hrcp":   {{0x0020, 0x7f80}, {0x8020, 0xff80}},
	}
	n := 0
	for _, c := range halfMath {
		cs := common(c.id)
		for _, e := range edges[c.id] {
			cs = append(cs, e)
			// The neighbour outside the range: toward zero for the
			// exponentials (x ≥ t, x ≤ −t), away from it for hrcp (|x| ≤ t).
			nb := e.x - 1
			if strings.HasSuffix(c.id, "hrcp") {
				nb = e.x + 1
			}
			out := c.f(fp.Flags{}, nb)
			if out == e.want || out&0x7fff == 0 || out&0x7fff >= formats[strings.SplitN(c.id, "_", 2)[0]].inf {
				t.Errorf("%s(%#04x) = %#04x: the range of %#04x starts elsewhere", c.id, nb, out, e.want)
			}
		}
		for _, s := range cs {
			for _, fl := range spec.FlagSets {
				if got := c.f(fl, s.x); got != s.want {
					t.Errorf("[%s] %s(%#04x) = %#04x, want %#04x", fl.Name(), c.id, s.x, got, s.want)
				}
				n++
			}
		}
	}
	t.Logf("%d special cases", n)
}
