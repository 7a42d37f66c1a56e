package fp

import (
	"errors"
	"strings"
)

// Flags is the set of nvcc options that change float32 results. The zero
// value is nvcc's default: -ftz=false -prec-div=true -prec-sqrt=true
// -fmad=true. Each field is named after its deviation from that default, so
// Flags{} is ready to use; Flags is comparable and can key a map.
type Flags struct {
	FTZ        bool // -ftz=true: flush subnormal inputs and results to sign-preserving zero (.ftz forms)
	ApproxDiv  bool // -prec-div=false: x/y is div.full.f32, 1.0f/x is rcp.approx.f32
	ApproxSqrt bool // -prec-sqrt=false: sqrtf is sqrt.approx.f32
	NoFMAD     bool // -fmad=false: no contraction of a multiply and an add into one fma (library code included)
	FastLib    bool // the library-to-intrinsic swaps of -use_fast_math (expf → __expf, x/y → __fdividef, …)
}

// FastMath is what nvcc's -use_fast_math implies (nvcc --help): -ftz=true
// -prec-div=false -prec-sqrt=false -fmad=true, plus the substitution of
// twelve library functions by intrinsics (x/y, sinf, cosf, tanf, sincosf,
// logf, log2f, log10f, expf, exp10f, powf, tanhf).
var FastMath = Flags{FTZ: true, ApproxDiv: true, ApproxSqrt: true, FastLib: true}

// String returns the flags in nvcc's spelling, shortest form first:
// "" for the default, "-use_fast_math" for FastMath, otherwise the
// deviations from the default in the order -use_fast_math, -ftz, -prec-div,
// -prec-sqrt, -fmad ("-ftz=true -prec-div=false").
func (f Flags) String() string {
	var parts []string
	implied := Flags{}
	if f.FastLib {
		parts = append(parts, "-use_fast_math")
		implied = FastMath
	}
	add := func(got, imp bool, on, off string) {
		if got != imp {
			if got {
				parts = append(parts, on)
			} else {
				parts = append(parts, off)
			}
		}
	}
	add(f.FTZ, implied.FTZ, "-ftz=true", "-ftz=false")
	add(f.ApproxDiv, implied.ApproxDiv, "-prec-div=false", "-prec-div=true")
	add(f.ApproxSqrt, implied.ApproxSqrt, "-prec-sqrt=false", "-prec-sqrt=true")
	add(f.NoFMAD, implied.NoFMAD, "-fmad=false", "-fmad=true")
	return strings.Join(parts, " ")
}

// Name returns a short identifier for file names and report columns:
// "default", "fast", "ftz", "precdiv0", "precsqrt0", "fmad0", or the
// non-default parts joined by '+' ("ftz+fmad0"; "fast+fmad0").
func (f Flags) Name() string {
	var parts []string
	implied := Flags{}
	if f.FastLib {
		parts = append(parts, "fast")
		implied = FastMath
	}
	add := func(got, imp bool, on, off string) {
		if got != imp {
			if got {
				parts = append(parts, on)
			} else {
				parts = append(parts, off)
			}
		}
	}
	add(f.FTZ, implied.FTZ, "ftz", "noftz")
	add(f.ApproxDiv, implied.ApproxDiv, "precdiv0", "precdiv1")
	add(f.ApproxSqrt, implied.ApproxSqrt, "precsqrt0", "precsqrt1")
	add(f.NoFMAD, implied.NoFMAD, "fmad0", "fmad1")
	if len(parts) == 0 {
		return "default"
	}
	return strings.Join(parts, "+")
}

// ErrFlag is wrapped by every error ParseFlags returns.
var ErrFlag = errors.New("bad nvcc flag")

// accepted is shown to the user when a flag is not recognised.
const accepted = "accepted: -ftz=true|false, -prec-div=true|false, -prec-sqrt=true|false, -fmad=true|false, -use_fast_math (each also with --, and -ftz true with a space)"

// ParseFlags reads nvcc options from a command-line string such as
// "-ftz=true --prec-div=false" or "-use_fast_math". Options may start with
// one or two dashes, and a value may follow '=' or a space. Explicit
// settings override what -use_fast_math implies, whatever their order; a
// setting given twice takes its last value. The empty string is the default.
func ParseFlags(s string) (Flags, error) {
	var f Flags
	var explicit [4]*bool // ftz, prec-div, prec-sqrt, fmad as given
	fields := strings.Fields(s)
	for i := 0; i < len(fields); i++ {
		arg := fields[i]
		name, ok := strings.CutPrefix(arg, "--")
		if !ok {
			name, ok = strings.CutPrefix(arg, "-")
		}
		if !ok || name == "" {
			return Flags{}, flagError(arg, "not an option")
		}
		name, value, hasValue := strings.Cut(name, "=")
		name = strings.ReplaceAll(name, "_", "-")
		if name == "use-fast-math" {
			if hasValue {
				return Flags{}, flagError(arg, "-use_fast_math takes no value")
			}
			f.FastLib = true
			continue
		}
		slot := map[string]int{"ftz": 0, "prec-div": 1, "prec-sqrt": 2, "fmad": 3}
		k, known := slot[name]
		if !known {
			return Flags{}, flagError(arg, "unknown option")
		}
		if !hasValue {
			if i+1 == len(fields) {
				return Flags{}, flagError(arg, "missing value true or false")
			}
			i++
			value = fields[i]
		}
		var b bool
		switch value {
		case "true":
			b = true
		case "false":
			b = false
		default:
			return Flags{}, flagError(arg, "value must be true or false")
		}
		explicit[k] = &b
	}
	if f.FastLib {
		f = FastMath
	}
	if p := explicit[0]; p != nil {
		f.FTZ = *p
	}
	if p := explicit[1]; p != nil {
		f.ApproxDiv = !*p
	}
	if p := explicit[2]; p != nil {
		f.ApproxSqrt = !*p
	}
	if p := explicit[3]; p != nil {
		f.NoFMAD = !*p
	}
	return f, nil
}

// FlagError reports an option ParseFlags could not read.
type FlagError struct {
	Arg string
	Why string
}

func (e *FlagError) Error() string {
	return "nvcc flag " + e.Arg + ": " + e.Why + " (" + accepted + ")"
}

// Unwrap makes errors.Is(err, ErrFlag) true.
func (e *FlagError) Unwrap() error { return ErrFlag }

func flagError(arg, why string) error { return &FlagError{Arg: arg, Why: why} }
