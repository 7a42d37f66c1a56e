package ptx_test

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/cudafp/cudafp/ptx"
)

// trigDataset is one file of testdata/mufu (README.md): results of
// sin.approx.ftz.f32, cos.approx.ftz.f32 or tanh.approx.f32 captured on the
// H100 by gpu/mufu_dump.cu; element i has input base + i·stride.
// gen_trig_tables.go has the same table.
type trigDataset struct {
	name         string
	fn           func(uint32) uint32
	fnName       string
	base, stride uint32
	count        uint32
}

var trigDatasets = []trigDataset{
	{"sin", func(x uint32) uint32 { return ptx.SinApprox(x, true) }, "SinApprox(x, true)", 0x3f000000, 16, 3 << 23 / 16},
	{"cos", func(x uint32) uint32 { return ptx.CosApprox(x, true) }, "CosApprox(x, true)", 0x3f000000, 16, 3 << 23 / 16},
	{"tanh", ptx.TanhApprox, "TanhApprox(x)", 0x3e800000, 1, 1 << 25},
	{"tanh_sparse", ptx.TanhApprox, "TanhApprox(x)", 0, 256, 1 << 23},
}

// readTrigData decodes testdata/mufu/<name>.d2v.gz: the second differences
// of the results as zigzag LEB128 varints (testdata/mufu/README.md).
func readTrigData(name string, count uint32) ([]uint32, error) {
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
		o := uint32(z>>1) ^ -uint32(z&1) + 2*p1 - p2
		out[i] = o
		p2, p1 = p1, o
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%s: more than %d elements", path, count)
	}
	return out, nil
}

// TestTrigDeviceData compares the models with every committed device result
// (about 45 million; sin and cos also in their non-ftz form, which ptxas
// compiles to the same SASS).
func TestTrigDeviceData(t *testing.T) {
	for _, d := range trigDatasets {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			want, err := readTrigData(d.name, d.count)
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for i, w := range want {
				x := d.base + uint32(i)*d.stride
				got := d.fn(x)
				if got != w {
					if bad < 10 {
						t.Errorf("%s with x = %s: got %s, device %s", d.fnName, trigFmt(x), trigFmt(got), trigFmt(w))
					}
					bad++
				}
				var other uint32
				switch d.name {
				case "sin":
					other = ptx.SinApprox(x, false)
				case "cos":
					other = ptx.CosApprox(x, false)
				default:
					continue
				}
				if other != w {
					if bad < 10 {
						t.Errorf("non-ftz form at x = %s: got %s, device (ftz form) %s", trigFmt(x), trigFmt(other), trigFmt(w))
					}
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("%d mismatches over %d device results", bad, len(want))
			}
		})
	}
}
