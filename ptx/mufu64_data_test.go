package ptx

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The H100's double-precision approximations (testdata/golden/mufu64, written
// by gpu/probe_mufu64.cu): the data their models (issue 18) will be checked
// against. These tests check the data itself: the two device kernels that
// wrote it (the mantissa tables and the special-value rows) agree, and what
// the models may rely on holds.

const mufu64Dir = "../testdata/golden/mufu64"

// mufu64Table decodes F.hi.delta.gz: the result high words of the operands
// e<<52 | m<<32 for the 2^20 high mantissas m of each tabulated exponent, as
// the first high word and then int32 differences.
func mufu64Table(t *testing.T, form string) []uint32 {
	t.Helper()
	b := readGzip(t, filepath.Join(mufu64Dir, form+".hi.delta.gz"))
	if len(b)%4 != 0 || len(b) < 4 {
		t.Fatalf("%s: %d bytes", form, len(b))
	}
	hi := make([]uint32, len(b)/4)
	hi[0] = binary.LittleEndian.Uint32(b)
	for i := 1; i < len(hi); i++ {
		hi[i] = hi[i-1] + binary.LittleEndian.Uint32(b[4*i:])
	}
	return hi
}

func readGzip(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

// mufu64Probe is one F.txt: the low-word sensitivity counts, the 3×256
// block hashes and the special rows.
type mufu64Probe struct {
	differing [3]uint64
	hashes    [3][256]uint64
	specials  [][2]uint64
}

func loadMufu64Probe(t *testing.T, form string) *mufu64Probe {
	t.Helper()
	path := filepath.Join(mufu64Dir, form+".txt.gz")
	p := &mufu64Probe{}
	sc := bufio.NewScanner(strings.NewReader(string(readGzip(t, path))))
	mode, line, nh := -1, 0, [3]int{}
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		bad := func(err error) { t.Fatalf("%s:%d: %v: %q", path, line, err, sc.Text()) }
		switch {
		case len(f) == 2 && f[0] == "form":
			if f[1] != form {
				bad(fmt.Errorf("form %s, want %s", f[1], form))
			}
		case len(f) == 4 && f[0] == "hashes":
			mode = int(f[1][len(f[1])-1] - '0')
			if mode < 0 || mode > 2 || f[2] != "differing" {
				bad(fmt.Errorf("bad hashes line"))
			}
			n, err := strconv.ParseUint(f[3], 10, 64)
			if err != nil {
				bad(err)
			}
			p.differing[mode] = n
		case len(f) == 3 && f[0] == "h":
			b, err1 := strconv.Atoi(f[1])
			h, err2 := strconv.ParseUint(f[2], 16, 64)
			if err1 != nil || err2 != nil || mode < 0 || b != nh[mode] || b > 255 {
				bad(fmt.Errorf("bad hash line"))
			}
			p.hashes[mode][b] = h
			nh[mode]++
		case len(f) == 2 && f[0] == "specials":
		case len(f) == 3 && f[0] == "s":
			in, err1 := strconv.ParseUint(f[1], 16, 64)
			out, err2 := strconv.ParseUint(f[2], 16, 64)
			if err1 != nil || err2 != nil {
				bad(fmt.Errorf("bad special row"))
			}
			p.specials = append(p.specials, [2]uint64{in, out})
		default:
			bad(fmt.Errorf("unknown line"))
		}
	}
	if nh != [3]int{256, 256, 256} || len(p.specials) != 4096*6 {
		t.Fatalf("%s: %v hashes, %d special rows; want 3×256 and %d", path, nh, len(p.specials), 4096*6)
	}
	return p
}

// TestMufu64Data checks that the mantissa tables and the special rows, two
// kernels' output, agree on every operand both cover, and that the .ftz
// forms (MUFU.RCP64H, MUFU.RSQ64H alone) read only the operand's high word
// and return a zero low word, while rsqrt.approx.f64 (MUFU.RSQ64H and a
// Newton step in double) reads the low word too.
func TestMufu64Data(t *testing.T) {
	for _, c := range []struct {
		form string
		exps []uint64 // the tabulated exponents, in table order
		ftz  bool
	}{
		{"rcp.approx.ftz.f64", []uint64{0x3ff}, true},
		{"rsqrt.approx.ftz.f64", []uint64{0x3ff, 0x3fe}, true},
		{"rsqrt.approx.f64", nil, false},
	} {
		p := loadMufu64Probe(t, c.form)
		if c.ftz != (p.differing[1] == 0 && p.differing[2] == 0) {
			t.Errorf("%s: %d and %d high words whose result changes with the low word", c.form, p.differing[1], p.differing[2])
		}
		if p.differing[0] != 0 {
			t.Errorf("%s: low word 0 against itself differs at %d high words", c.form, p.differing[0])
		}
		if c.exps == nil {
			continue
		}
		tab := mufu64Table(t, c.form)
		if len(tab) != len(c.exps)<<20 {
			t.Fatalf("%s: %d table entries, want %d", c.form, len(tab), len(c.exps)<<20)
		}
		checked := 0
		for _, s := range p.specials {
			in, out := s[0], s[1]
			for k, e := range c.exps {
				if in&(1<<63) != 0 || in>>52 != e {
					continue
				}
				want := uint64(tab[k<<20|int(in>>32&0xfffff)]) << 32
				if out != want {
					t.Errorf("%s(%#016x) = %#016x in the special rows, %#016x in the table", c.form, in, out, want)
				}
				checked++
			}
		}
		if checked != 6*len(c.exps) {
			t.Errorf("%s: %d special rows on the tabulated exponents, want %d", c.form, checked, 6*len(c.exps))
		}
	}
}
