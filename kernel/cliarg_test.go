package kernel

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/internal/f16"
)

// TestParseArgScalars checks the scalar forms against Go's own encodings
// (strconv's correctly rounded decimals, internal/f16's reading of a half).
func TestParseArgScalars(t *testing.T) {
	le := func(b []byte) uint64 {
		var x [8]byte
		copy(x[:], b)
		return binary.LittleEndian.Uint64(x[:])
	}
	h01, _ := f16.Parse("0.1")
	for _, c := range []struct {
		arg  string
		want uint64
		size int
	}{
		{"s32:-5", uint64(uint32(0xfffffffb)), 4},
		{"s32:0xfffffffb", 0xfffffffb, 4},
		{"u32:4000000000", 4000000000, 4},
		{"s64:-1", math.MaxUint64, 8},
		{"u64:0x9e3779b97f4a7c15", 0x9e3779b97f4a7c15, 8},
		{"f32:0.75", uint64(math.Float32bits(0.75)), 4},
		{"f32:0x3f400000", 0x3f400000, 4},
		{"f32:0.1", uint64(math.Float32bits(0.1)), 4},
		{"f32:1e39", uint64(math.Float32bits(float32(math.Inf(1)))), 4},
		{"f32:nan", 0x7fffffff, 4},
		{"f64:0.1", math.Float64bits(0.1), 8},
		{"f64:nan", 0xfff8000000000000, 8},
		{"f16:0.1", uint64(h01), 2},
		{"f16:0xc100", 0xc100, 2},
		{"f16:nan", 0x7fff, 2},
		{"f16:70000", 0x7c00, 2},
	} {
		a, err := ParseArg(c.arg, ".")
		if err != nil {
			t.Errorf("%s: %v", c.arg, err)
			continue
		}
		if a.Buffer || len(a.Data) != c.size || le(a.Data) != c.want {
			t.Errorf("%s: buffer %v, %d bytes %#x; want a %d-byte scalar %#x", c.arg, a.Buffer, len(a.Data), le(a.Data), c.size, c.want)
		}
	}
}

// TestParseArgBuffers checks zeros: and @FILE forms, and that a buffer
// written back reads as it came (dtype, shape, data).
func TestParseArgBuffers(t *testing.T) {
	a, err := ParseArg("zeros:f16:10", ".")
	if err != nil || !a.Buffer || a.Type != ElemF16 || len(a.Data) != 20 || a.Dtype != "<f2" || len(a.Shape) != 1 || a.Shape[0] != 10 {
		t.Fatalf("zeros:f16:10 = %+v, %v", a, err)
	}
	dir := t.TempDir()
	data := make([]byte, 2*3*4)
	for i := range data {
		data[i] = byte(i * 7)
	}
	for _, dt := range []string{"<f4", "<i4", "<u4"} {
		p := filepath.Join(dir, "m.npy")
		if err := WriteNPY(p, dt, []int{2, 3}, data); err != nil {
			t.Fatal(err)
		}
		b, err := ParseArg("@m.npy", dir)
		if err != nil {
			t.Fatal(err)
		}
		if b.Dtype != dt || len(b.Shape) != 2 || b.Shape[0] != 2 || b.Shape[1] != 3 || string(b.Data) != string(data) {
			t.Errorf("%s round trip: %s %v %x", dt, b.Dtype, b.Shape, b.Data)
		}
	}
	p := filepath.Join(dir, "h.npy")
	if err := WriteNPY(p, "<f2", []int{12}, data); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"@h.npy", "f16:@h.npy"} {
		b, err := ParseArg(arg, dir)
		if err != nil || b.Type != ElemF16 || b.Dtype != "<f2" || string(b.Data) != string(data) {
			t.Errorf("%s: %+v, %v", arg, b, err)
		}
	}
	if _, err := ParseArg("bf16:@h.npy", dir); err == nil || !strings.Contains(err.Error(), "want <u2") {
		t.Errorf("bf16:@ of a <f2 file: %v", err)
	}
}

// TestParseArgErrors checks that each malformed --arg is an *ArgError
// naming the problem.
func TestParseArgErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "junk.npy"), []byte("not numpy"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ arg, msg string }{
		{"zeros:f32", "zeros:TYPE:COUNT"},
		{"zeros:q32:4", "unknown type"},
		{"zeros:f32:-1", "count"},
		{"s32:1.5", "signed integer"},
		{"s32:4294967296", "signed integer"},
		{"u32:0x1ffffffff", "32-bit pattern"},
		{"f32:abc", "not a decimal"},
		{"f16:1e", "not a decimal"},
		{"q8:1", "unknown scalar type"},
		{"@missing.npy", "no such file"},
		{"@junk.npy", "not a NumPy array"},
		{"plain", "want @FILE.npy"},
	} {
		_, err := ParseArg(c.arg, dir)
		if _, ok := err.(*ArgError); !ok || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ParseArg(%q) = %v; want an *ArgError with %q", c.arg, err, c.msg)
		}
	}
}

// TestParseDim3 checks launch dimensions.
func TestParseDim3(t *testing.T) {
	for s, want := range map[string]Dim3{"7": {7, 1, 1}, "4,3": {4, 3, 1}, "2,3,4": {2, 3, 4}} {
		if d, err := ParseDim3(s); err != nil || d != want {
			t.Errorf("ParseDim3(%q) = %v, %v", s, d, err)
		}
	}
	for _, s := range []string{"", "0", "1,2,3,4", "x", "-1"} {
		if _, err := ParseDim3(s); err == nil {
			t.Errorf("ParseDim3(%q) succeeded", s)
		}
	}
}
