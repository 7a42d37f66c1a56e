// Command fgen writes the encoding leaves of cudafp's four formats,
// internal/f32 (binary32), internal/f64 (binary64), internal/f16
// (binary16) and internal/bf16 (bfloat16), from one template
// (template.go): fields, classes, named bit patterns, the ordered key,
// next up/down, formatting and parsing, with each format's widths
// substituted (DESIGN.md, "Types and names"). The 16-bit leaves, which
// strconv cannot parse or print, also get their rounding from float64 and
// a generated test. Run by go:generate in each package:
//
//	go run ../fgen -format f16
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"math"
	"os"
	"strconv"
	"text/template"
)

// spec is one format's parameters, the template's data.
type spec struct {
	Pkg      string // package name
	Name     string // "binary16"
	CType    string // CUDA's type, for the docs
	TextName string // the format's name in error messages: float32, float64, binary16, bfloat16
	FracBits int
	ExpBits  int
	Width    int  // encoding bits
	Native   bool // strconv reads and writes the format (binary32, binary64)
	NaNName  string
	NaNDoc   string // the NaN constant's doc comment
	NaN      uint64 // its value

	// Derived by fill.
	U                              string // encoding type
	SignShift, BitsLen, BitsLast   int
	HexDigits                      int
	BiasValue, Emin, Dmin, MaxBexp int
	MaxUlpExp                      int
	C                              consts // constants, spelled in hex
	V                              values // values, spelled as hex floats
}

type consts struct {
	HiddenBit, SignMask, ExpMask, FracMask, AbsMask              string
	Zero, NegZero, One, NegOne, Inf, NegInf                      string
	MaxFinite, MinNormal, MaxSubnormal, MinSubnormal, Quiet, NaN string
}

type values struct {
	MaxFinite, MinNormal, MaxSubnormal, MinSubnormal string
	OneHalfBits                                      string // the bit pattern of 1.5
}

var specs = map[string]spec{
	"f32": {
		Pkg: "f32", Name: "binary32", CType: "float", TextName: "float32", FracBits: 23, ExpBits: 8, Width: 32, Native: true,
		NaNName: "CanonicalNaNBits", NaN: 0x7fffffff,
		NaNDoc: `	// CanonicalNaNBits is the NaN that every NVIDIA float32 arithmetic
	// instruction returns (cuda-facts.md §6, checked against the device by
	// the golden data of every operation).`,
	},
	"f64": {
		Pkg: "f64", Name: "binary64", CType: "double", TextName: "float64", FracBits: 52, ExpBits: 11, Width: 64, Native: true,
		NaNName: "DefaultNaNBits", NaN: 0x7fffffffffffffff,
		NaNDoc: `	// DefaultNaNBits is the NaN Parse returns for "nan": all payload bits
	// set, the binary64 analogue of float32's canonical 0x7fffffff. What
	// the device's binary64 arithmetic returns for a NaN result is decided
	// in rounding/cuda.go, not here.`,
	},
	"f16": {
		Pkg: "f16", Name: "binary16", CType: "__half", TextName: "binary16", FracBits: 10, ExpBits: 5, Width: 16,
		NaNName: "CanonicalNaNBits", NaN: 0x7fff,
		NaNDoc: `	// CanonicalNaNBits is the NaN Parse returns for "nan", the binary16
	// analogue of float32's 0x7fffffff: an assumption until the 16-bit
	// golden data (rounding/cuda.go).`,
	},
	"bf16": {
		Pkg: "bf16", Name: "bfloat16", CType: "__nv_bfloat16", TextName: "bfloat16", FracBits: 7, ExpBits: 8, Width: 16,
		NaNName: "CanonicalNaNBits", NaN: 0x7fff,
		NaNDoc: `	// CanonicalNaNBits is the NaN Parse returns for "nan", the bfloat16
	// analogue of float32's 0x7fffffff: an assumption until the 16-bit
	// golden data (rounding/cuda.go).`,
	},
}

func main() {
	name := flag.String("format", "", "format to write: f32, f64, f16 or bf16")
	flag.Parse()
	s, ok := specs[*name]
	if !ok {
		log.Fatalf("fgen: -format %q: want f32, f64, f16 or bf16", *name)
	}
	s.fill()
	files := map[string]string{"zformat.go": codeTemplate}
	if !s.Native {
		files["zformat_test.go"] = testTemplate
	}
	for file, tmpl := range files {
		if err := write(file, tmpl, s); err != nil {
			log.Fatal(err)
		}
	}
}

// fill derives the constants and their spellings from the widths.
func (s *spec) fill() {
	s.U = fmt.Sprintf("uint%d", s.Width)
	s.SignShift = s.Width - 1
	s.HexDigits = s.Width / 4
	s.BitsLen = 2 + s.HexDigits
	s.BitsLast = s.BitsLen - 1
	s.BiasValue = 1<<(s.ExpBits-1) - 1
	s.Emin = 1 - s.BiasValue
	s.Dmin = s.Emin - s.FracBits
	s.MaxBexp = 1<<s.ExpBits - 1
	s.MaxUlpExp = s.BiasValue - s.FracBits
	hex := func(v uint64) string { return fmt.Sprintf("0x%0*x", s.HexDigits, v) }
	sign := uint64(1) << s.SignShift
	hidden := uint64(1) << s.FracBits
	inf := uint64(s.MaxBexp) << s.FracBits
	one := uint64(s.BiasValue) << s.FracBits
	s.C = consts{
		HiddenBit: hex(hidden), SignMask: hex(sign), ExpMask: hex(inf), FracMask: hex(hidden - 1), AbsMask: hex(sign - 1),
		Zero: hex(0), NegZero: hex(sign), One: hex(one), NegOne: hex(sign | one), Inf: hex(inf), NegInf: hex(sign | inf),
		MaxFinite: hex(inf - 1), MinNormal: hex(hidden), MaxSubnormal: hex(hidden - 1), MinSubnormal: hex(1),
		Quiet: hex(hidden >> 1), NaN: hex(s.NaN),
	}
	x := func(f float64) string { return strconv.FormatFloat(f, 'x', -1, 64) }
	s.V = values{
		MaxFinite:    x((2 - math.Ldexp(1, -s.FracBits)) * math.Ldexp(1, s.BiasValue)),
		MinNormal:    x(math.Ldexp(1, s.Emin)),
		MaxSubnormal: x(math.Ldexp(1, s.Emin) - math.Ldexp(1, s.Dmin)),
		MinSubnormal: x(math.Ldexp(1, s.Dmin)),
		OneHalfBits:  hex(one | hidden>>1),
	}
}

func write(file, text string, s spec) error {
	t, err := template.New(file).Parse(text)
	if err != nil {
		return fmt.Errorf("fgen: %s: %w", file, err)
	}
	var b bytes.Buffer
	b.WriteString("// Code generated by internal/fgen from its template; DO NOT EDIT.\n\n")
	if err := t.Execute(&b, s); err != nil {
		return fmt.Errorf("fgen: %s: %w", file, err)
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("fgen: %s: gofmt: %w\n%s", file, err, b.Bytes())
	}
	return os.WriteFile(file, src, 0o644)
}
