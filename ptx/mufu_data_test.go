package ptx_test

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
)

// mufuDataset is one file of testdata/mufu: the results of a raw MUFU
// instruction (the .ftz form) on a dense input range, captured on the H100
// by gpu/mufu_dump.cu (its table of Dataset; gen_mufu_tables.go has the
// same table). Element i has input base+i, or real(start+i)·2^scale for the
// grid dataset.
type mufuDataset struct {
	name        string
	fn          func(uint32, bool) uint32
	fnName      string
	grid        bool
	start       int64
	scale       int
	base, count uint32
}

var mufuDatasets = []mufuDataset{
	{"ex2", ptx.Ex2Approx, "Ex2Approx", true, -1 << 23, -23, 0, 1 << 24},
	{"rcp", ptx.RcpApprox, "RcpApprox", false, 0, 0, 0x3f800000, 1 << 23},
	{"rsqrt", ptx.RsqrtApprox, "RsqrtApprox", false, 0, 0, 0x3f800000, 1 << 24},
	{"sqrt", ptx.SqrtApprox, "SqrtApprox", false, 0, 0, 0x3f800000, 1 << 24},
	{"lg2_e0", ptx.Lg2Approx, "Lg2Approx", false, 0, 0, 0x3f800000, 1 << 23},
	{"lg2_em1", ptx.Lg2Approx, "Lg2Approx", false, 0, 0, 0x3f000000, 1 << 23},
	{"lg2_e1", ptx.Lg2Approx, "Lg2Approx", false, 0, 0, 0x40000000, 1 << 23},
	{"lg2_e64", ptx.Lg2Approx, "Lg2Approx", false, 0, 0, 0x5f800000, 1 << 23},
	{"lg2_em126", ptx.Lg2Approx, "Lg2Approx", false, 0, 0, 0x00800000, 1 << 23},
}

func (d *mufuDataset) input(i uint32) uint32 {
	if !d.grid {
		return d.base + i
	}
	m := d.start + int64(i)
	var s uint32
	if m < 0 {
		s, m = f32.SignMask, -m
	}
	if m == 0 {
		return s
	}
	e := bits.Len64(uint64(m)) - 1
	return s | uint32(e+d.scale+f32.Bias)<<f32.FracBits | uint32(m)<<(f32.FracBits-e)&f32.FracMask
}

// readMufuData decodes testdata/mufu/<name>.d2v.gz: the second differences
// of the results as zigzag LEB128 varints (testdata/mufu/README.md).
func readMufuData(name string, count uint32) ([]uint32, error) {
	path := filepath.Join("testdata", "mufu", name+".d2v.gz")
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	br := bufio.NewReaderSize(zr, 1<<16)
	out := make([]uint32, count)
	var p1, p2 uint32
	for i := range out {
		z, err := binary.ReadUvarint(br)
		if err != nil {
			return nil, fmt.Errorf("%s: element %d: %w", path, i, err)
		}
		o := (uint32(z>>1) ^ -uint32(z&1)) + 2*p1 - p2
		out[i] = o
		p2, p1 = p1, o
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%s: more than %d elements", path, count)
	}
	return out, nil
}

// TestMufuDeviceData compares the .ftz forms with every committed device
// result of testdata/mufu (about 10^8, a few seconds).
func TestMufuDeviceData(t *testing.T) {
	for _, d := range mufuDatasets {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			want, err := readMufuData(d.name, d.count)
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for i, w := range want {
				x := d.input(uint32(i))
				if got := d.fn(x, true); got != w {
					if bad < 10 {
						t.Errorf("%s(%s, ftz=true) = %s, device %s", d.fnName, fmtBits(x), fmtBits(got), fmtBits(w))
					}
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("%s: %d of %d results differ from the device", d.name, bad, len(want))
			}
		})
	}
}

// fmtBits formats an encoding as bits [hex float].
func fmtBits(u uint32) string { return f32.FormatBits(u) + " [" + f32.FormatHex(u) + "]" }
