package spec_test

import (
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// ref16 is the oracle's value of the bound 16-bit function f on in, from
// its ID alone (type prefix, operation, mode suffix), or false for an ID
// the test does not know.
func ref16(f *spec.Func, in *spec.Args, fl fp.Flags) (uint64, bool) {
	o := oracle.F16
	pfx, op, _ := strings.Cut(f.ID, "_")
	tn := "half"
	if pfx == "bf16" {
		o, tn = oracle.BF16, "bfloat16"
	}
	mode := rounding.RN
	for sfx, m := range map[string]rounding.Mode{"_rn": rounding.RN, "_rz": rounding.RZ, "_ru": rounding.RU, "_rd": rounding.RD} {
		if s, ok := strings.CutSuffix(op, sfx); ok && strings.Contains(op, "2") { // conversions; not __hadd_rn
			op, mode = s, m
		}
	}
	x, y, z := uint16(in[0]), uint16(in[1]), uint16(in[2])
	rn := rounding.RN
	sat := func(u uint16) uint64 { return uint64(o.Sat16(u)) }
	switch op {
	case "hadd", "hadd_rn", "op_add":
		return uint64(o.Add16(x, y, rn, false)), true
	case "hsub", "hsub_rn", "op_sub":
		return uint64(o.Add16(x, y^0x8000, rn, false)), true
	case "hmul", "hmul_rn", "op_mul":
		return uint64(o.Mul16(x, y, rn, false)), true
	case "hadd_sat":
		return sat(o.Add16(x, y, rn, false)), true
	case "hsub_sat":
		return sat(o.Add16(x, y^0x8000, rn, false)), true
	case "hmul_sat":
		return sat(o.Mul16(x, y, rn, false)), true
	case "hfma":
		return uint64(o.Fma16(x, y, z, rn, false)), true
	case "op_madd", "op_msub":
		if op == "op_msub" {
			z ^= 0x8000
		}
		if fl.NoFMAD {
			return uint64(o.Add16(o.Mul16(x, y, rn, false), z, rn, false)), true
		}
		return uint64(o.Fma16(x, y, z, rn, false)), true
	case "hfma_sat":
		return sat(o.Fma16(x, y, z, rn, false)), true
	case "hfma_relu":
		return uint64(o.Relu16(o.Fma16(x, y, z, rn, false))), true
	case "float2" + tn, "cast_from_float":
		return uint64(o.FromF32(uint32(in[0]), mode)), true
	case "double2" + tn, "cast_from_double":
		return uint64(o.FromF64(in[0], rn)), true
	case tn + "2float":
		return uint64(o.ToF32(x)), true
	case "cast_to_double":
		return oracle.F32ToF64(o.ToF32(x), fl.FTZ), true
	case "hneg", "op_neg", "habs": // the SASS: HADD2 −x + −0 (binary16), HFMA2 −0·0 + −x (bfloat16)
		v := x ^ 0x8000
		if op == "habs" {
			v = x &^ 0x8000
		}
		if pfx == "bf16" {
			return uint64(o.Fma16(0x8000, 0, v, rn, false)), true
		}
		return uint64(o.Add16(v, 0x8000, rn, false)), true
	case "hmin", "hmax", "hmin_nan", "hmax_nan":
		return uint64(o.MinMax16(x, y, strings.HasPrefix(op, "hmin"), strings.HasSuffix(op, "_nan"))), true
	case "heq", "hne", "hlt", "hle", "hgt", "hge", "hequ", "hneu", "hltu", "hleu", "hgtu", "hgeu":
		c, ordered := o.Cmp16(x, y)
		rel := map[string]bool{"eq": c == 0, "ne": c != 0, "lt": c < 0, "le": c <= 0, "gt": c > 0, "ge": c >= 0}
		r := rel[strings.TrimSuffix(op[1:], "u")]
		if !ordered {
			r = strings.HasSuffix(op, "u")
		}
		if r {
			return 1, true
		}
		return 0, true
	case "hisnan":
		if o.IsNaN(x) {
			return 1, true
		}
		return 0, true
	case "hisinf":
		if o.IsNaN(x) || !o.Value16(x).IsInf() {
			return 0, true
		}
		if x&0x8000 != 0 {
			return uint64(uint32(0xffffffff)), true // int32 -1
		}
		return 1, true
	case tn + "_as_short", tn + "_as_ushort":
		return uint64(x), true
	case "hrint", "htrunc", "hceil", "hfloor":
		m := map[string]rounding.Mode{"hrint": rounding.RN, "htrunc": rounding.RZ, "hceil": rounding.RU, "hfloor": rounding.RD}[op]
		return uint64(o.RoundInt16(x, m)), true
	}
	// The square root, reciprocal, exponentials and logarithms
	// (fp/half_math.go) are correctly rounded on every input (fp's
	// TestHalfMathCR), so the oracle's correct rounding is their reference.
	if ref, ok := map[string]*oracle.Func{"hsqrt": oracle.Sqrt, "hrsqrt": oracle.Rsqrt, "hrcp": oracle.Rcp,
		"hexp": oracle.Exp, "hexp2": oracle.Exp2, "hexp10": oracle.Exp10,
		"hlog": oracle.Log, "hlog2": oracle.Log2, "hlog10": oracle.Log10}[op]; ok {
		return uint64(ref.Round16(o, o.ToF32(x), 0, rn)), true
	}
	// The sine, cosine, hyperbolic tangent and division (fp/half_trig.go,
	// fp/half_div.go) are correctly rounded except under -use_fast_math,
	// which this test does not use (fp's TestHalfTrigCR). htanh_approx is
	// tanh.approx.{f16,bf16}, whose model ptx checks against the device's
	// whole tables (TestTanhApprox16): the binding must call it.
	if ref, ok := map[string]*oracle.Func{"hsin": oracle.Sin, "hcos": oracle.Cos, "htanh": oracle.Tanh}[op]; ok && !fl.FastLib {
		return uint64(ref.Round16(o, o.ToF32(x), 0, rn)), true
	}
	switch op {
	case "hdiv", "op_div":
		return uint64(oracle.Div.Round16(o, o.ToF32(x), o.ToF32(y), rn)), true
	case "htanh_approx":
		if pfx == "bf16" {
			return uint64(ptx.TanhApproxBF16(x)), true
		}
		return uint64(ptx.TanhApproxF16(x)), true
	}
	ints := map[string]struct {
		n      uint
		signed bool
	}{"int": {32, true}, "uint": {32, false}, "short": {16, true}, "ushort": {16, false}, "ll": {64, true}, "ull": {64, false}}
	if it, ok := strings.CutPrefix(op, tn+"2"); ok {
		if d, ok := ints[it]; ok {
			return o.ToInt(x, mode, d.n, d.signed), true
		}
	}
	if it, ok := strings.CutSuffix(op, "2"+tn); ok {
		if d, ok := ints[it]; ok {
			v := new(big.Int).SetUint64(in[0] & (1<<d.n - 1 | -(uint64(d.n) >> 6)))
			if d.signed && in[0]>>(d.n-1)&1 == 1 {
				v.Sub(v, new(big.Int).Lsh(big.NewInt(1), d.n))
			}
			return uint64(o.FromInt(v, mode)), true
		}
	}
	return 0, false
}

// TestImpl16 checks every bound 16-bit function on generated arguments:
// a scalar one against the oracle's reference of its ID, a vector one
// against its scalar lane function on each lane.
func TestImpl16(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewSource(int64(seed)))
	n := 1000
	bound, checked := 0, 0
	for _, f := range spec.All16() {
		if !f.Implemented() {
			continue
		}
		bound++
		for _, fl := range []fp.Flags{{}, {FTZ: true}, {NoFMAD: true}} {
			k, _ := f.Impl(fl)
			for range n {
				var in spec.Args
				for j, ty := range f.In {
					in[j] = r.Uint64() >> (64 - ty.Bits())
					if r.Intn(4) == 0 && ty.Bits() > 16 { // small magnitudes
						in[j] >>= r.Intn(ty.Bits())
					}
				}
				got := k(&in)
				if lane := f.Lane(); lane != "" {
					lf, ok := spec.Lookup16(lane)
					if !ok || !lf.Implemented() {
						t.Fatalf("%s: lane function %q not bound", f.ID, lane)
					}
					lk, _ := lf.Impl(fl)
					var want uint64
					for sh := 0; sh < 32; sh += 16 {
						var li spec.Args
						for j := range f.In {
							li[j] = in[j] >> sh & 0xffff
						}
						want |= lk(&li) << sh
					}
					if got != want {
						t.Fatalf("%s(%#x) = %#x, lanes of %s give %#x", f.ID, in[:len(f.In)], got, lane, want)
					}
					checked++
					continue
				}
				want, ok := ref16(f, &in, fl)
				if !ok {
					t.Fatalf("%s is bound but the test has no reference for it", f.ID)
				}
				if got != want {
					t.Fatalf("%s(%#x) flags %v = %#x, oracle %#x", f.ID, in[:len(f.In)], fl, got, want)
				}
				checked++
			}
		}
	}
	t.Logf("%d of %d 16-bit functions bound; %d checks", bound, len(spec.All16()), checked)
	if bound == 0 {
		t.Fatal("no 16-bit function bound")
	}
}
