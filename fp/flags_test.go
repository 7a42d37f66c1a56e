package fp_test

import (
	"errors"
	"testing"

	"github.com/cudafp/cudafp/fp"
)

func TestParseFlags(t *testing.T) {
	for _, c := range []struct {
		in   string
		want fp.Flags
	}{
		{"", fp.Flags{}},
		{"-ftz=true", fp.Flags{FTZ: true}},
		{"--ftz=true", fp.Flags{FTZ: true}},
		{"-ftz true", fp.Flags{FTZ: true}},
		{"-ftz=false", fp.Flags{}},
		{"-prec-div=false", fp.Flags{ApproxDiv: true}},
		{"--prec-div=false", fp.Flags{ApproxDiv: true}},
		{"-prec-sqrt=false", fp.Flags{ApproxSqrt: true}},
		{"-fmad=false", fp.Flags{NoFMAD: true}},
		{"-use_fast_math", fp.FastMath},
		{"--use_fast_math", fp.FastMath},
		{"-use-fast-math", fp.FastMath},
		{"-use_fast_math -ftz=false", fp.Flags{ApproxDiv: true, ApproxSqrt: true, FastLib: true}},
		{"-ftz=false -use_fast_math", fp.Flags{ApproxDiv: true, ApproxSqrt: true, FastLib: true}},
		{"-use_fast_math -fmad=false", fp.Flags{FTZ: true, ApproxDiv: true, ApproxSqrt: true, NoFMAD: true, FastLib: true}},
		{"-ftz=true -prec-div=false -prec-sqrt=false -fmad=false", fp.Flags{FTZ: true, ApproxDiv: true, ApproxSqrt: true, NoFMAD: true}},
		{"-ftz=true -ftz=false", fp.Flags{}},
	} {
		got, err := fp.ParseFlags(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseFlags(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"-O3", "ftz=true", "-ftz=yes", "-ftz", "-use_fast_math=true", "--", "-prec_div=maybe"} {
		if _, err := fp.ParseFlags(in); !errors.Is(err, fp.ErrFlag) {
			t.Errorf("ParseFlags(%q): err = %v, want ErrFlag", in, err)
		}
	}
}

// TestFastMathImplication checks FastMath against the implication list of
// nvcc --help: "--use_fast_math: Make use of fast math library. '--use_fast_math'
// implies '--ftz=true --prec-div=false --prec-sqrt=false --fmad=true'."
func TestFastMathImplication(t *testing.T) {
	implied, err := fp.ParseFlags("--ftz=true --prec-div=false --prec-sqrt=false --fmad=true")
	if err != nil {
		t.Fatal(err)
	}
	implied.FastLib = true
	if implied != fp.FastMath {
		t.Errorf("FastMath = %+v, want %+v", fp.FastMath, implied)
	}
}

func TestFlagsStringRoundTrip(t *testing.T) {
	for bits := 0; bits < 32; bits++ {
		f := fp.Flags{FTZ: bits&1 != 0, ApproxDiv: bits&2 != 0, ApproxSqrt: bits&4 != 0, NoFMAD: bits&8 != 0, FastLib: bits&16 != 0}
		got, err := fp.ParseFlags(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFlags(%q) = %+v, %v; want %+v", f.String(), got, err, f)
		}
	}
	for _, c := range []struct {
		f         fp.Flags
		str, name string
	}{
		{fp.Flags{}, "", "default"},
		{fp.FastMath, "-use_fast_math", "fast"},
		{fp.Flags{FTZ: true}, "-ftz=true", "ftz"},
		{fp.Flags{ApproxDiv: true}, "-prec-div=false", "precdiv0"},
		{fp.Flags{ApproxSqrt: true}, "-prec-sqrt=false", "precsqrt0"},
		{fp.Flags{NoFMAD: true}, "-fmad=false", "fmad0"},
		{fp.Flags{FTZ: true, NoFMAD: true}, "-ftz=true -fmad=false", "ftz+fmad0"},
	} {
		if c.f.String() != c.str || c.f.Name() != c.name {
			t.Errorf("%+v: String %q Name %q, want %q %q", c.f, c.f.String(), c.f.Name(), c.str, c.name)
		}
	}
}
