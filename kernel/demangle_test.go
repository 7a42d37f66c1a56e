package kernel

import "testing"

// The want column is c++filt's output (GNU binutils) for each name.
var demangleCases = []struct{ in, want, base string }{
	{"_Z6kernelPfi", "kernel(float*, int)", "kernel"},
	{"_Z10reduce_sumIfEvPKT_PS0_i", "void reduce_sum<float>(float const*, float*, int)", "reduce_sum<float>"},
	{"_ZN2ns6kernelEPKdPdm", "ns::kernel(double const*, double*, unsigned long)", "ns::kernel"},
	{"_Z5saxpyifPKfPf", "saxpy(int, float, float const*, float*)", "saxpy"},
	{"_Z9transposeILi32ELi8EEvPfPKfii", "void transpose<32, 8>(float*, float const*, int, int)", "transpose<32, 8>"},
	{"_Z3fooIdEvT_S0_", "void foo<double>(double, double)", "foo<double>"},
	{"_Z4testP6__half", "test(__half*)", "test"},
	{"_Z6matmulIN3cub7KeyPairEEvPKT_", "void matmul<cub::KeyPair>(cub::KeyPair const*)", "matmul<cub::KeyPair>"},
	{"_ZN5outer5inner3runEv", "outer::inner::run()", "outer::inner::run"},
	{"_Z7kernel2PKcRKiPPv", "kernel2(char const*, int const&, void**)", "kernel2"},
	{"_Z4scanIjLj256EEvPT_S1_j", "void scan<unsigned int, 256u>(unsigned int*, unsigned int*, unsigned int)", "scan<unsigned int, 256u>"},
	{"_Z6reduceILb1EEvPfS0_", "void reduce<true>(float*, float*)", "reduce<true>"},
	{"_ZN4cuda3std4swapIiEEvRT_S3_", "void cuda::std::swap<int>(int&, int&)", "cuda::std::swap<int>"},
	{"_Z3addP13__nv_bfloat16S0_S0_", "add(__nv_bfloat16*, __nv_bfloat16*, __nv_bfloat16*)", "add"},
	{"_Z8templateIiLin5EEvv", "void template<int, -5>()", "template<int, -5>"},
	{"_Z1fv", "f()", "f"},
	{"_ZN3fooE", "foo", "foo"},
}

func TestDemangle(t *testing.T) {
	for _, c := range demangleCases {
		got, ok := Demangle(c.in)
		if !ok || got != c.want {
			t.Errorf("Demangle(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
		if b := demangleBase(c.in); b != c.base {
			t.Errorf("demangleBase(%q) = %q, want %q", c.in, b, c.base)
		}
	}
	// Names in the reference PTX are extern "C": not mangled.
	for _, s := range []string{"expf_", "i_fadd_rn", "__internal_trig_reduction_slowpathd", "_Z", "_Z3", "_Z3fooIT_E", "_Z1fS_"} {
		if got, ok := Demangle(s); ok {
			t.Errorf("Demangle(%q) = %q, want failure", s, got)
		}
	}
}
