package golden

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cudafp/cudafp/internal/spec"
)

// TableSize is the number of outputs of a table-shaped function of the
// 16-bit catalog: one per 16-bit argument.
const TableSize = 1 << 16

// tableLine is the number of table outputs per "t" or "d" line.
const tableLine = 64

// Hashed32 reports whether f's capture hashes all 2^32 indices: a unary
// function of a 32-bit argument, or a pairs-shaped 16-bit function.
func Hashed32(f *spec.Func) bool {
	return f.Exhaustive() || f.In16() && f.Shape() == spec.ShapePairs
}

// subStarts returns the first inputs of the sub-blocks hashed for the
// quick tier of a hashed32 function: spec.QuickSubBlocks, or the rows
// spec.QuickRows16 of a pairs-shaped 16-bit function.
func subStarts(f *spec.Func) []uint64 {
	var out []uint64
	if f.In16() && f.Shape() == spec.ShapePairs {
		for _, x := range spec.QuickRows16(f.In[0]) {
			out = append(out, uint64(x)<<16)
		}
		return out
	}
	for _, sb := range spec.QuickSubBlocks {
		out = append(out, uint64(sb)<<16)
	}
	return out
}

// input16 returns the arguments of index or generated input i of a
// function of the 16-bit catalog (see Parse16's hashes).
func input16(f *spec.Func, i uint64) spec.Args {
	switch f.Shape() {
	case spec.ShapePairs:
		return f.PairIndexArgs(uint32(i))
	case spec.ShapeWide32:
		return spec.Args{i}
	}
	return f.Input16(i)
}

func (p *parser) parse16() error {
	f := p.f
	f.Format = 16
	fs, err := p.expect("func", 1)
	if err != nil {
		return err
	}
	fn, ok := spec.Lookup16(fs[0])
	if !ok || fn.ID != fs[0] {
		return p.errorf("function %q is not in the 16-bit catalog", fs[0])
	}
	f.Func = fn
	if fs, err = p.expect("flagset", 1); err != nil {
		return err
	}
	fl, ok := FlagSetByName(fs[0])
	if !ok || !fn.Captured(fl) {
		return p.errorf("%s is not captured under flag set %q", fn.ID, fs[0])
	}
	f.FlagSet, f.Flags = fs[0], fl
	if fs, err = p.expect("types", 3); err != nil {
		return err
	}
	if want := typesOf(fn); strings.Join(fs, " ") != want {
		return p.errorf("types %q, the catalog says %q", strings.Join(fs, " "), want)
	}
	if fs, err = p.expect("shape", 1); err != nil {
		return err
	}
	shape := fn.Shape()
	if fs[0] != shape.String() {
		return p.errorf("shape %s, the catalog says %s", fs[0], shape)
	}
	if fs, err = p.next(); err != nil {
		return err
	}
	if fs[0] == "same" {
		fl, ok := FlagSetByName(fs[len(fs)-1])
		if len(fs) != 2 || !ok || fs[1] == f.FlagSet || !fn.Captured(fl) {
			return p.errorf("want same FLAGSET, another captured flag set")
		}
		f.SameAs = fs[1]
		return p.end()
	}
	p.pending = fs

	// Special grid.
	if fs, err = p.expect("grid", -1); err != nil {
		return err
	}
	axis := fn.Grid()
	if n, err := p.int(fs[0]); err != nil || n != len(axis) || len(fs)-1 != n {
		return p.errorf("grid of %d values, the catalog has %d", len(fs)-1, len(axis))
	}
	w := fn.In[0].Lane().Digits()
	for j, s := range fs[1:] {
		v, err := p.hex(s, w)
		if err != nil {
			return err
		}
		if v != axis[j] {
			return p.errorf("grid value %d is %s, the catalog has %0*x", j, s, w, axis[j])
		}
	}
	f.Grid = axis
	if fs, err = p.expect("special", 1); err != nil {
		return err
	}
	if points, err := p.int(fs[0]); err != nil || points != fn.Grid16Len() {
		return p.errorf("special %s, want %d grid points", fs[0], fn.Grid16Len())
	}
	ow := fn.Out[0].Digits()
	if f.Special, _, err = p.block("s", fn.Grid16Len(), ow); err != nil {
		return err
	}

	if shape == spec.ShapeTable {
		if err := p.table(ow); err != nil {
			return err
		}
		return p.end()
	}

	// Inputs.
	if fs, err = p.expect("inputs", 4); err != nil {
		return err
	}
	f.Exhaustive = Hashed32(fn)
	wantInputs := fmt.Sprintf("generated %d seed %016x", spec.GenCount, spec.GenSeed)
	if f.Exhaustive {
		wantInputs = fmt.Sprintf("exhaustive %d sample-seed %016x", uint64(1)<<32, spec.SampleSeed)
	}
	if got := strings.Join(fs, " "); got != wantInputs {
		return p.errorf("inputs %q, want %q", got, wantInputs)
	}
	if err := p.shown(fn.In); err != nil {
		return err
	}
	if fs, err = p.expect("recorded", 1); err != nil {
		return err
	}
	want := spec.Recorded
	if f.Exhaustive {
		want = spec.SampleCount
	}
	if count, err := p.int(fs[0]); err != nil || count != want {
		return p.errorf("recorded %s, want %d", fs[0], want)
	}
	if f.Recorded, _, err = p.block("o", want, ow); err != nil {
		return err
	}
	if err := p.hashes(); err != nil {
		return err
	}
	return p.end()
}

// table reads a table section: "table 65536" and the raw outputs of
// harness16 ("t <k>", 64 values of w digits), "table 65536 delta" and the
// packed outputs ("d <k>", 64 zigzag-coded differences), or "table 65536
// same <flagset>" (the packing of harness adcecc1: the table of that flag
// set's file; Load copies it).
func (p *parser) table(w int) error {
	fs, err := p.expect("table", -1)
	if err != nil {
		return err
	}
	if fs[0] != strconv.Itoa(TableSize) {
		return p.errorf("table %s, want %d outputs", fs[0], TableSize)
	}
	if len(fs) == 3 && fs[1] == "same" {
		fl, ok := FlagSetByName(fs[2])
		if !ok || fs[2] == p.f.FlagSet || !p.f.Func.Captured(fl) {
			return p.errorf("table same as %q: not another captured flag set", fs[2])
		}
		p.f.TableRef = fs[2]
		return nil
	}
	if len(fs) > 2 || len(fs) == 2 && fs[1] != "delta" {
		return p.errorf("want table %d [delta | same FLAGSET]", TableSize)
	}
	delta := len(fs) == 2
	key := "t"
	if delta {
		key = "d"
	}
	p.f.Table = make([]uint64, 0, TableSize)
	var prev uint64
	for len(p.f.Table) < TableSize {
		fs, err := p.expect(key, tableLine+1)
		if err != nil {
			return err
		}
		if fs[0] != strconv.Itoa(len(p.f.Table)) {
			return p.errorf("want %s %d", key, len(p.f.Table))
		}
		for _, s := range fs[1:] {
			if !delta {
				v, err := p.hex(s, w)
				if err != nil {
					return err
				}
				p.f.Table = append(p.f.Table, v)
				continue
			}
			z, err := strconv.ParseUint(s, 16, 64)
			if err != nil || s != strconv.FormatUint(z, 16) {
				return p.errorf("%q: want a difference in hex without leading zeros", s)
			}
			prev += uint64(int64(z>>1) ^ -int64(z&1))
			if w < 16 && prev>>(4*w) != 0 || w == 1 && prev > 1 {
				return p.errorf("table output %d out of range", len(p.f.Table))
			}
			p.f.Table = append(p.f.Table, prev)
		}
	}
	return nil
}

// shown reads the first spec.GenShown recorded inputs and checks them
// against Go's.
func (p *parser) shown(in []spec.Type) error {
	for k := range spec.GenShown {
		fs, err := p.expect("g", -1)
		if err != nil {
			return err
		}
		if len(fs) != 1+len(in) || fs[0] != strconv.Itoa(k) {
			return p.errorf("want g %d with %d arguments", k, len(in))
		}
		var got spec.Args
		for j, t := range in {
			w := width(t)
			if p.f.Format == 16 {
				w = t.Digits()
			}
			if got[j], err = p.hex(fs[1+j], w); err != nil {
				return err
			}
		}
		want := p.f.RecordedInput(k)
		if got != want {
			return p.errorf("input %d is %x on the device but %x in Go: the generators disagree", k, got[:len(in)], want[:len(in)])
		}
		p.f.Shown = append(p.f.Shown, got)
	}
	return nil
}

// hashes reads the block hashes and, for a hashed32 function, the
// sub-block hashes.
func (p *parser) hashes() error {
	f := p.f
	fs, err := p.expect("hashes", 2)
	if err != nil {
		return err
	}
	bs := uint64(spec.GenBlockSize)
	if f.Exhaustive {
		bs = spec.ExhBlockSize
	}
	if fs[0] != strconv.Itoa(spec.Blocks) || fs[1] != strconv.FormatUint(bs, 10) {
		return p.errorf("hashes %s %s, want %d %d", fs[0], fs[1], spec.Blocks, bs)
	}
	f.BlockSize = bs
	for b := range spec.Blocks {
		if fs, err = p.expect("h", 2); err != nil {
			return err
		}
		if fs[0] != strconv.Itoa(b) {
			return p.errorf("hash %s out of order, want %d", fs[0], b)
		}
		if f.Hashes[b], err = p.hex(fs[1], 16); err != nil {
			return err
		}
	}
	if f.Exhaustive {
		if f.SubHashes, err = p.subHashes(subStarts(f.Func)); err != nil {
			return err
		}
	}
	return nil
}

// end reads the last line.
func (p *parser) end() error {
	if _, err := p.expect("end", 0); err != nil {
		return err
	}
	if p.sc.Scan() {
		p.line++
		return p.errorf("data after end")
	}
	return p.sc.Err()
}

// resolveSame loads the data of a file of path that refers to another
// flag set's ("same FLAGSET"): the file of the same name in the sibling
// folder FLAGSET, which must hold the data itself.
func (f *File) resolveSame(path string) error {
	if f.TableRef != "" {
		ref := filepath.Join(filepath.Dir(filepath.Dir(path)), f.TableRef, filepath.Base(path))
		g, err := Load(ref)
		if err != nil {
			return fmt.Errorf("%s: the table it refers to: %w", path, err)
		}
		if g.TableRef != "" || g.SameAs != "" || g.Func != f.Func {
			return fmt.Errorf("%s: refers to %s, which holds no table of its own", path, ref)
		}
		f.Table = g.Table
	}
	if f.SameAs == "" {
		return nil
	}
	ref := filepath.Join(filepath.Dir(filepath.Dir(path)), f.SameAs, filepath.Base(path))
	g, err := Load(ref)
	if err != nil {
		return fmt.Errorf("%s: the data it refers to: %w", path, err)
	}
	if g.SameAs != "" || g.TableRef != "" || g.Func != f.Func {
		return fmt.Errorf("%s: refers to %s, which holds no data of its own", path, ref)
	}
	f.Grid, f.Special, f.Table, f.Exhaustive, f.Shown = g.Grid, g.Special, g.Table, g.Exhaustive, g.Shown
	f.Recorded, f.BlockSize, f.Hashes, f.SubHashes = g.Recorded, g.BlockSize, g.Hashes, g.SubHashes
	return nil
}

// zigzag maps a difference of two table outputs (mod 2^64) to a small
// number: 0, -1, 1, -2, … → 0, 1, 2, 3, ….
func zigzag(d uint64) uint64 { return d<<1 ^ uint64(int64(d)>>63) }

// Pack16 packs the golden files of gpu/harness16.cu under src — raw
// (<flagset>/<id>.txt, as the harness writes them) or packed already
// (<flagset>/<id>.txt.gz, any form Load reads) — into out/<flagset>/<id>.txt.gz.
// A file whose data (all after its "types" and "shape" lines) equals the same
// function's under an earlier flag set of spec.FlagSets keeps its
// provenance and header and says "same <flagset>" instead; the others keep
// every line, but a whole table is delta-coded ("table 65536 delta", lines
// "d <k>" of 64 zigzag-coded differences in hex). Each file is
// gzip-compressed (the same bytes for the same data) and read back with
// Load, so that a file the catalog or the Go generators disagree with is
// an error. Packing packed files again gives the same bytes. It returns the
// number of files written.
func Pack16(src, out string) (int, error) {
	canon := map[string]map[string]string{} // function ID → flag set → packed data
	n := 0
	for _, fl := range spec.FlagSets {
		var paths []string
		for _, pat := range []string{"*.txt", "*.txt.gz"} {
			p, err := filepath.Glob(filepath.Join(src, fl.Name(), pat))
			if err != nil {
				return n, err
			}
			paths = append(paths, p...)
		}
		slices.Sort(paths)
		for _, path := range paths {
			f, err := Load(path)
			if err != nil {
				return n, err
			}
			if f.Format != 16 || f.FlagSet != fl.Name() {
				return n, fmt.Errorf("%s: not a format-16 file of flag set %s", path, fl.Name())
			}
			text, err := readText(path)
			if err != nil {
				return n, err
			}
			head, data, ok := strings.Cut(text, "\nflagset "+fl.Name()+"\n")
			types, rest, ok2 := strings.Cut(data, "\nshape "+f.Func.Shape().String()+"\n")
			if !ok || !ok2 {
				return n, fmt.Errorf("%s: no flagset or shape line", path)
			}
			id := f.Func.ID
			if canon[id] == nil {
				canon[id] = map[string]string{}
			}
			var body string
			if f.SameAs != "" {
				if body = canon[id][f.SameAs]; body == "" {
					return n, fmt.Errorf("%s: refers to flag set %s, not packed before it", path, f.SameAs)
				}
			} else {
				var b bytes.Buffer
				packLines(&b, rest, f.Table)
				body = b.String()
			}
			canon[id][fl.Name()] = body
			var b bytes.Buffer
			fmt.Fprintf(&b, "%s\nflagset %s\n%s\nshape %s\n", head, fl.Name(), types, f.Func.Shape())
			same := ""
			for _, e := range spec.FlagSets[:slices.Index(spec.FlagSets, fl)] {
				if d, ok := canon[id][e.Name()]; ok && d == body {
					same = e.Name()
					break
				}
			}
			if same != "" {
				fmt.Fprintf(&b, "same %s\nend\n", same)
			} else {
				b.WriteString(body)
			}
			dst := filepath.Join(out, fl.Name(), strings.TrimSuffix(filepath.Base(path), ".gz")+".gz")
			if err := writeGzip(dst, b.Bytes()); err != nil {
				return n, err
			}
			g, err := Load(dst)
			if err != nil {
				return n, err
			}
			if !slices.Equal(g.Table, f.Table) || !slices.Equal(g.Special, f.Special) || !slices.Equal(g.Recorded, f.Recorded) || g.Hashes != f.Hashes || !slices.Equal(g.SubHashes, f.SubHashes) {
				return n, fmt.Errorf("%s: does not read back as %s", dst, path)
			}
			n++
		}
	}
	return n, nil
}

// readText returns a file's text, decompressed if its name ends in .gz.
func readText(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil || !strings.HasSuffix(path, ".gz") {
		return string(b), err
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	t, err := io.ReadAll(zr)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return string(t), nil
}

// packLines writes the data lines of a file, its table (Load's, in any
// form) delta-coded.
func packLines(b *bytes.Buffer, data string, table []uint64) {
	for _, line := range strings.SplitAfter(data, "\n") {
		switch {
		case strings.HasPrefix(line, "t "), strings.HasPrefix(line, "d "):
			continue
		case strings.HasPrefix(line, "table "):
			fmt.Fprintf(b, "table %d delta\n", TableSize)
			var prev uint64
			for k := 0; k < TableSize; k += tableLine {
				fmt.Fprintf(b, "d %d", k)
				for _, v := range table[k : k+tableLine] {
					fmt.Fprintf(b, " %x", zigzag(v-prev))
					prev = v
				}
				b.WriteByte('\n')
			}
			continue
		}
		b.WriteString(line)
	}
}

// writeGzip writes data gzip-compressed (no name, no time: the same bytes
// for the same data) to path, creating its folder.
func writeGzip(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(data); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
