package kernel

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cudafp/cudafp/internal/f16"
)

// ElemType is the element type of a buffer argument, as the --arg syntax
// names it.
type ElemType uint8

// The element types. F16 and BF16 buffers hold bit patterns.
const (
	ElemF32 ElemType = iota
	ElemF64
	ElemF16
	ElemBF16
	ElemS8
	ElemU8
	ElemS16
	ElemU16
	ElemS32
	ElemU32
	ElemS64
	ElemU64
)

var elemNames = [...]string{"f32", "f64", "f16", "bf16", "s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64"}
var elemSizes = [...]int{4, 8, 2, 2, 1, 1, 2, 2, 4, 4, 8, 8}

// dtypes are the NumPy dtypes of the element types; bfloat16, which NumPy
// lacks, is stored as its bit patterns (<u2).
var elemDtypes = [...]string{"<f4", "<f8", "<f2", "<u2", "|i1", "|u1", "<i2", "<u2", "<i4", "<u4", "<i8", "<u8"}

// String returns the type's --arg name ("f32", "bf16", …).
func (t ElemType) String() string {
	if int(t) < len(elemNames) {
		return elemNames[t]
	}
	return fmt.Sprintf("ElemType(%d)", uint8(t))
}

// Size returns the size of one element in bytes.
func (t ElemType) Size() int { return elemSizes[t] }

// ParseElemType returns the element type of an --arg type name.
func ParseElemType(s string) (ElemType, bool) {
	for i, n := range elemNames {
		if n == s {
			return ElemType(i), true
		}
	}
	return 0, false
}

// ArgSpec is one kernel argument in the syntax of cudafp run's --arg (and
// of gpu/kernels/runner.cu, which ran the corpus on the device):
//
//	@PATH.npy          a buffer from a NumPy file; the dtype is the element
//	                   type (<f4 <f8 <f2 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8)
//	bf16:@PATH.npy     a bfloat16 buffer from a <u2 file of bit patterns
//	f16:@PATH.npy      a half buffer from a <u2 file of bit patterns (or <f2)
//	zeros:TYPE:COUNT   COUNT zero elements of TYPE (f32 f64 f16 bf16 s8 u8
//	                   s16 u16 s32 u32 s64 u64)
//	s32:V u32:V s64:V u64:V
//	                   an integer scalar: decimal, or 0x and hex digits (the
//	                   bit pattern at that width)
//	f32:V f64:V f16:V  a float scalar: 0x and hex digits is the bit pattern
//	                   (f32:0x3f400000 is 0.75); a decimal (inf and nan
//	                   included) is rounded to nearest even once; a decimal
//	                   NaN is the type's canonical NaN (0x7fffffff,
//	                   0xfff8000000000000, 0x7fff)
//
// A buffer's contents after a launch are written back (WriteNPY) with the
// dtype and shape it came with: <u2 for bf16:@ and for f16:@ of a <u2
// file, <f2 for zeros:f16, <u2 for zeros:bf16, (COUNT,) for zeros.
type ArgSpec struct {
	Text   string   // the --arg as given
	Buffer bool     // a buffer (else a scalar)
	Type   ElemType // a buffer's element type
	Data   []byte   // a buffer's initial contents (little-endian elements), or a scalar's bytes
	Shape  []int    // a buffer's shape
	Dtype  string   // a buffer's NumPy dtype, as it is written back
}

// ArgError is a malformed --arg.
type ArgError struct {
	Arg string
	Msg string
}

func (e *ArgError) Error() string { return fmt.Sprintf("--arg %q: %s", e.Arg, e.Msg) }

// ParseArg parses one --arg; dir resolves a relative @PATH. A file that
// cannot be read or is not a NumPy array of a supported dtype is an error
// naming it.
func ParseArg(s, dir string) (*ArgSpec, error) {
	bad := func(format string, a ...any) (*ArgSpec, error) {
		return nil, &ArgError{Arg: s, Msg: fmt.Sprintf(format, a...)}
	}
	prefix, rest, hasPrefix := strings.Cut(s, ":")
	switch {
	case strings.HasPrefix(s, "@"):
		return loadArg(s, s[1:], dir, 0, false)
	case hasPrefix && (prefix == "bf16" || prefix == "f16") && strings.HasPrefix(rest, "@"):
		t := ElemBF16
		if prefix == "f16" {
			t = ElemF16
		}
		return loadArg(s, rest[1:], dir, t, true)
	case hasPrefix && prefix == "zeros":
		tn, cnt, ok := strings.Cut(rest, ":")
		if !ok {
			return bad("want zeros:TYPE:COUNT")
		}
		t, ok := ParseElemType(tn)
		if !ok {
			return bad("unknown type %q (want one of %s)", tn, strings.Join(elemNames[:], " "))
		}
		n, err := strconv.ParseUint(cnt, 10, 31)
		if err != nil {
			return bad("count %q: want a decimal count below 2^31", cnt)
		}
		return &ArgSpec{Text: s, Buffer: true, Type: t, Data: make([]byte, int(n)*t.Size()),
			Shape: []int{int(n)}, Dtype: elemDtypes[t]}, nil
	case hasPrefix:
		b, err := parseScalar(prefix, rest)
		if err != nil {
			return bad("%v", err)
		}
		return &ArgSpec{Text: s, Data: b}, nil
	}
	return bad("want @FILE.npy, bf16:@FILE.npy, f16:@FILE.npy, zeros:TYPE:COUNT or TYPE:VALUE")
}

// Bind returns the kernel argument of a: its scalar, or a new buffer of
// mem holding a copy of its data (then also returned as buf).
func (a *ArgSpec) Bind(mem *Memory) (arg Arg, buf *Buffer, err error) {
	if !a.Buffer {
		return scalar(a.Data), nil, nil
	}
	if buf, err = mem.Alloc(len(a.Data)); err != nil {
		return nil, nil, &ArgError{Arg: a.Text, Msg: err.Error()}
	}
	copy(buf.Bytes(), a.Data)
	return buf, buf, nil
}

// loadArg reads a buffer from the NumPy file path. With forced, its type
// is t (bf16: a <u2 file; f16: <u2 or <f2); otherwise the dtype decides.
func loadArg(s, path, dir string, t ElemType, forced bool) (*ArgSpec, error) {
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	arr, err := ReadNPY(path)
	if err != nil {
		return nil, &ArgError{Arg: s, Msg: err.Error()}
	}
	dt := arr.Dtype
	switch {
	case forced && (dt == "<u2" || dt == "<i2" || t == ElemF16 && dt == "<f2"):
	case forced:
		return nil, &ArgError{Arg: s, Msg: fmt.Sprintf("%s: dtype %s, want <u2 bit patterns for %s", path, dt, t)}
	default:
		var ok bool
		if t, ok = dtypeElem(dt); !ok {
			return nil, &ArgError{Arg: s, Msg: fmt.Sprintf("%s: dtype %s is not one of <f4 <f8 <f2 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8", path, dt)}
		}
	}
	return &ArgSpec{Text: s, Buffer: true, Type: t, Data: arr.Data, Shape: arr.Shape, Dtype: dt}, nil
}

// dtypeElem maps a NumPy dtype to its element type.
func dtypeElem(dt string) (ElemType, bool) {
	switch dt {
	case "<i1":
		dt = "|i1"
	case "<u1":
		dt = "|u1"
	}
	for i, d := range elemDtypes {
		if d == dt && ElemType(i) != ElemBF16 {
			return ElemType(i), true
		}
	}
	return 0, false
}

// parseScalar returns the little-endian bytes of a scalar TYPE:VALUE.
func parseScalar(typ, v string) ([]byte, error) {
	hex, isHex := strings.CutPrefix(strings.ToLower(v), "0x")
	bitsOf := func(width int) (uint64, error) {
		u, err := strconv.ParseUint(hex, 16, width)
		if err != nil {
			return 0, fmt.Errorf("%q is not a %d-bit pattern", v, width)
		}
		return u, nil
	}
	le := func(u uint64, n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(u >> (8 * i))
		}
		return b
	}
	switch typ {
	case "s32", "u32", "s64", "u64":
		width := 32
		if typ[1:] == "64" {
			width = 64
		}
		if isHex {
			u, err := bitsOf(width)
			return le(u, width/8), err
		}
		if typ[0] == 's' {
			n, err := strconv.ParseInt(v, 10, width)
			if err != nil {
				return nil, fmt.Errorf("%q is not a %d-bit signed integer", v, width)
			}
			return le(uint64(n), width/8), nil
		}
		n, err := strconv.ParseUint(v, 10, width)
		if err != nil {
			return nil, fmt.Errorf("%q is not a %d-bit unsigned integer", v, width)
		}
		return le(n, width/8), nil
	case "f32":
		if isHex {
			u, err := bitsOf(32)
			return le(u, 4), err
		}
		f, err := strconv.ParseFloat(v, 32)
		if err != nil && !isRange(err) {
			return nil, fmt.Errorf("%q is not a decimal number", v)
		}
		b := math.Float32bits(float32(f))
		if f != f {
			b = 0x7fffffff
		}
		return le(uint64(b), 4), nil
	case "f64":
		if isHex {
			u, err := bitsOf(64)
			return le(u, 8), err
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil && !isRange(err) {
			return nil, fmt.Errorf("%q is not a decimal number", v)
		}
		b := math.Float64bits(f)
		if f != f {
			b = 0xfff8000000000000
		}
		return le(b, 8), nil
	case "f16":
		if isHex {
			u, err := bitsOf(16)
			return le(u, 2), err
		}
		h, err := f16.Parse(v) // rounded once, as cudafp eval reads a half
		if err != nil {
			return nil, fmt.Errorf("%q is not a decimal number", v)
		}
		if h&0x7fff > 0x7c00 {
			h = 0x7fff // a decimal NaN: the canonical one
		}
		return le(uint64(h), 2), nil
	}
	return nil, fmt.Errorf("unknown scalar type %q (want s32 u32 s64 u64 f32 f64 f16)", typ)
}

// isRange reports a ParseFloat range error, whose result (±Inf or ±0) is
// the correctly rounded one.
func isRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// ParseDim3 parses a launch dimension X[,Y[,Z]] (missing ones are 1; each
// at least 1).
func ParseDim3(s string) (Dim3, error) {
	d := Dim3{1, 1, 1}
	parts := strings.Split(s, ",")
	if len(parts) > 3 {
		return d, fmt.Errorf("dimension %q: want X[,Y[,Z]]", s)
	}
	for i, p := range parts {
		v, err := strconv.ParseUint(strings.TrimSpace(p), 10, 32)
		if err != nil || v == 0 {
			return d, fmt.Errorf("dimension %q: want positive integers X[,Y[,Z]]", s)
		}
		switch i {
		case 0:
			d.X = uint32(v)
		case 1:
			d.Y = uint32(v)
		default:
			d.Z = uint32(v)
		}
	}
	return d, nil
}
