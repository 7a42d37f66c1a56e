package spec

import "testing"

func TestGoName(t *testing.T) {
	for _, c := range []struct{ cuda, goName string }{
		{"__fadd_rz", "FaddRZ"},
		{"__fmul_rn", "FmulRN"},
		{"__frsqrt_rn", "FrsqrtRN"},
		{"__fmaf_ieee_rd", "FmafIEEERD"},
		{"__fdividef", "Fdividef"},
		{"__expf", "Expf"},
		{"__exp10f", "Exp10f"},
		{"__float2int_rz", "Float2IntRZ"},
		{"__float2uint_rn", "Float2UintRN"},
		{"__float2ll_rd", "Float2LLRD"},
		{"__float2ull_ru", "Float2ULLRU"},
		{"__ll2float_rn", "LL2FloatRN"},
		{"__ull2float_rz", "ULL2FloatRZ"},
		{"__int2float_rd", "Int2FloatRD"},
		{"__double2float_rn", "Double2FloatRN"},
		{"__float_as_int", "FloatAsInt"},
		{"__uint_as_float", "UintAsFloat"},
		{"__saturatef", "Saturatef"},
		{"expf", "Expf"},
		{"cyl_bessel_i0f", "CylBesselI0f"},
		{"sincosf", "Sincosf"},
		{"__log2f", "Log2f"},
		{"exp2f", "Exp2f"},
		{"exp10f", "Exp10f"},
		{"ex2_approx", "Ex2Approx"},
	} {
		if got := GoName(c.cuda); got != c.goName {
			t.Errorf("GoName(%q) = %q, want %q", c.cuda, got, c.goName)
		}
		intrinsic := c.cuda[0] == '_'
		if got := CUDAName(c.goName, intrinsic); got != c.cuda {
			t.Errorf("CUDAName(%q) = %q, want %q", c.goName, got, c.cuda)
		}
	}
}

// TestGoNameRoundTrip checks the mapping on every catalogued intrinsic and
// library function.
func TestGoNameRoundTrip(t *testing.T) {
	for _, f := range All() {
		if f.Kind != Intrinsic && f.Kind != Library {
			continue
		}
		g := GoName(f.Name)
		if back := CUDAName(g, f.Kind == Intrinsic); back != f.Name {
			t.Errorf("%s → %s → %s", f.Name, g, back)
		}
	}
}
