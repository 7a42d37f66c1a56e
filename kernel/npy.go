package kernel

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"strings"

	"codeberg.org/sbinet/npyio"
	"codeberg.org/sbinet/npyio/npy"
)

// NPYArray is the content of a NumPy .npy file: its dtype ("<f4", …),
// shape (C order) and little-endian element bytes.
type NPYArray struct {
	Dtype string
	Shape []int
	Data  []byte
}

// ReadNPY reads a .npy file (format 1.0 to 3.0, C order, little-endian or
// one-byte elements). The header is parsed by codeberg.org/sbinet/npyio;
// the data, which follows it, is kept as bytes, so that dtypes npyio does
// not decode (<f2) read as well.
func ReadNPY(path string) (*NPYArray, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := npy.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: not a NumPy array file: %v", path, err)
	}
	h := r.Header
	h.Descr.Type = strings.Trim(h.Descr.Type, "'\"")
	if h.Descr.Fortran {
		return nil, fmt.Errorf("%s: Fortran order is not supported", path)
	}
	var off int
	switch {
	case len(b) >= 10 && h.Major == 1:
		off = 10 + int(binary.LittleEndian.Uint16(b[8:]))
	case len(b) >= 12 && (h.Major == 2 || h.Major == 3):
		off = 12 + int(binary.LittleEndian.Uint32(b[8:]))
	default:
		return nil, fmt.Errorf("%s: NumPy format %d.%d is not supported", path, h.Major, h.Minor)
	}
	size := 0
	switch h.Descr.Type {
	case "|i1", "|u1", "<i1", "<u1", "|b1":
		size = 1
	case "<f2", "<i2", "<u2":
		size = 2
	case "<f4", "<i4", "<u4":
		size = 4
	case "<f8", "<i8", "<u8":
		size = 8
	default:
		return nil, fmt.Errorf("%s: dtype %s is not supported", path, h.Descr.Type)
	}
	n := 1
	for _, d := range h.Descr.Shape {
		if d < 0 || n > 0 && d > (1<<40)/n {
			return nil, fmt.Errorf("%s: shape %v", path, h.Descr.Shape)
		}
		n *= d
	}
	if off > len(b) || len(b)-off != n*size {
		return nil, fmt.Errorf("%s: %d data bytes, shape %v of %s needs %d", path, len(b)-max(0, min(off, len(b))), h.Descr.Shape, h.Descr.Type, n*size)
	}
	return &NPYArray{Dtype: h.Descr.Type, Shape: append([]int(nil), h.Descr.Shape...), Data: b[off:]}, nil
}

// WriteNPY writes data (little-endian elements of dtype) as a .npy file of
// the given shape, through npyio. npyio has no float16: a <f2 array is
// written as <u2, the same bits, and its header's dtype set to <f2 (the
// same length, so the header stays valid).
func WriteNPY(path, dtype string, shape []int, data []byte) error {
	n := 1
	for _, d := range shape {
		n *= d
	}
	var buf bytes.Buffer
	var err error
	switch dtype {
	case "<f4":
		err = writeTyped[float32](&buf, data, n, 4)
	case "<f8":
		err = writeTyped[float64](&buf, data, n, 8)
	case "<f2", "<u2":
		err = writeTyped[uint16](&buf, data, n, 2)
	case "<i2":
		err = writeTyped[int16](&buf, data, n, 2)
	case "|i1", "<i1":
		err = writeTyped[int8](&buf, data, n, 1)
	case "|u1", "<u1":
		err = writeTyped[uint8](&buf, data, n, 1)
	case "<i4":
		err = writeTyped[int32](&buf, data, n, 4)
	case "<u4":
		err = writeTyped[uint32](&buf, data, n, 4)
	case "<i8":
		err = writeTyped[int64](&buf, data, n, 8)
	case "<u8":
		err = writeTyped[uint64](&buf, data, n, 8)
	default:
		return fmt.Errorf("%s: dtype %s is not supported", path, dtype)
	}
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	out := buf.Bytes()
	if dtype == "<f2" {
		i := bytes.Index(out, []byte("'<u2'"))
		if i < 0 {
			return fmt.Errorf("%s: npyio wrote no '<u2' dtype", path)
		}
		copy(out[i:], "'<f2'")
	}
	if len(shape) != 1 {
		// npyio writes a slice as 1-D: restate the shape in the header.
		out, err = reshape(out, shape)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
	}
	return os.WriteFile(path, out, 0o644)
}

// writeTyped writes n elements of data as a []T through npyio.
func writeTyped[T int8 | uint8 | int16 | uint16 | int32 | uint32 | int64 | uint64 | float32 | float64](w *bytes.Buffer, data []byte, n, size int) error {
	if len(data) != n*size {
		return fmt.Errorf("%d bytes for %d elements of %d bytes", len(data), n, size)
	}
	v := make([]T, n)
	if err := binary.Read(bytes.NewReader(data), binary.LittleEndian, v); err != nil {
		return err
	}
	return npyio.Write(w, v)
}

// reshape replaces the 1-D shape of a .npy file written by npyio with
// shape, padding the header to npyio's alignment.
func reshape(f []byte, shape []int) ([]byte, error) {
	r, err := npy.NewReader(bytes.NewReader(f))
	if err != nil {
		return nil, err
	}
	r.Header.Descr.Type = strings.Trim(r.Header.Descr.Type, "'\"")
	var off int
	switch r.Header.Major {
	case 1:
		off = 10 + int(binary.LittleEndian.Uint16(f[8:]))
	default:
		off = 12 + int(binary.LittleEndian.Uint32(f[8:]))
	}
	dims := ""
	for i, d := range shape {
		if i > 0 {
			dims += ", "
		}
		dims += fmt.Sprint(d)
	}
	if len(shape) == 1 {
		dims += ","
	}
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", r.Header.Descr.Type, dims)
	pre := 10
	if r.Header.Major != 1 {
		pre = 12
	}
	hl := len(dict) + 1
	hl += (64 - (pre+hl)%64) % 64
	hdr := make([]byte, 0, pre+hl)
	hdr = append(hdr, f[:8]...)
	if pre == 10 {
		hdr = binary.LittleEndian.AppendUint16(hdr, uint16(hl))
	} else {
		hdr = binary.LittleEndian.AppendUint32(hdr, uint32(hl))
	}
	hdr = append(hdr, dict...)
	for len(hdr) < pre+hl-1 {
		hdr = append(hdr, ' ')
	}
	hdr = append(hdr, '\n')
	return append(hdr, f[off:]...), nil
}
