package golden

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
)

// File is one golden file: the device's results for one function under one
// flag set.
type File struct {
	Path       string
	Format     int      // 2, or 16 for a function of the 16-bit catalog (spec.All16)
	Provenance []string // the '#' lines, without the '#'
	Func       *spec.Func
	FlagSet    string   // "default", "ftz", …
	Flags      fp.Flags // the flag set's value
	Grid       []uint64 // special-value axis
	Special    []uint64 // outputs at the grid points
	Special2   []uint64 // second results of a pair-wide function (spec.Func.PairWide) at the grid points; nil otherwise
	Exhaustive bool     // inputs are all 2^32 encodings
	Shown      []spec.Args
	Recorded   []uint64 // outputs at RecordedInput(k)
	Recorded2  []uint64 // second results of a pair-wide function at RecordedInput(k); nil otherwise
	BlockSize  uint64
	Hashes     [spec.Blocks]uint64
	SubHashes  []uint64 // exhaustive functions: hashes of the sub-blocks spec.QuickSubBlocks (spec.QuickRows16), in order
	Table      []uint64 // a table-shaped 16-bit function: the outputs for the arguments 0 … 65535
	SameAs     string   // format 16: the flag set whose file holds the same data ("same FLAGSET"); Load copies it
	TableRef   string   // format 16: the flag set whose file holds the same table ("table 65536 same FLAGSET"); Load copies it
}

// RecordedInput returns the arguments of recorded output k.
func (f *File) RecordedInput(k int) spec.Args {
	if f.Format == 16 {
		if f.Exhaustive {
			return input16(f.Func, uint64(spec.SampleInput(uint64(k))))
		}
		return f.Func.Input16(uint64(k))
	}
	if f.Exhaustive {
		return spec.Args{uint64(spec.SampleInput(uint64(k)))}
	}
	return f.Func.Input(uint64(k))
}

// FlagSetByName returns the captured flag set with the given Name.
func FlagSetByName(name string) (fp.Flags, bool) {
	for _, fl := range spec.FlagSets {
		if fl.Name() == name {
			return fl, true
		}
	}
	return fp.Flags{}, false
}

// Load reads and checks one golden file (gzip-compressed if its name ends
// in .gz).
func Load(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var r io.Reader = fh
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(fh)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		defer zr.Close()
		r = zr
	}
	f, err := Parse(r, path)
	if err != nil {
		return nil, err
	}
	if err := f.resolveSame(path); err != nil {
		return nil, err
	}
	return f, nil
}

// LoadDir loads every golden file under root (<flagset>/<id>.txt.gz), sorted
// by flag set order and catalog order. Folders not named after a flag set
// (f64probe: a device probe's output, not a catalog capture) are not read.
func LoadDir(root string) ([]*File, error) { return LoadDirSelect(root, nil) }

// LoadDirSelect is LoadDir reading only the files whose function ID and flag
// set name keep accepts (all when keep is nil), decided from the file name
// before it is opened; the files are parsed on all cores. It fails when root
// has no golden files at all, not when keep rejects every one.
func LoadDirSelect(root string, keep func(id, flagSet string) bool) ([]*File, error) {
	var paths []string
	found := false
	for _, fl := range spec.FlagSets {
		p, err := filepath.Glob(filepath.Join(root, fl.Name(), "*.txt.gz"))
		if err != nil {
			return nil, err
		}
		found = found || len(p) > 0
		for _, path := range p {
			if keep == nil || keep(strings.TrimSuffix(filepath.Base(path), ".txt.gz"), fl.Name()) {
				paths = append(paths, path)
			}
		}
	}
	if !found {
		return nil, fmt.Errorf("%s: no golden files (want <flagset>/<id>.txt.gz)", root)
	}
	files := make([]*File, len(paths))
	errs := make([]error, len(paths))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(paths)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(paths); i = int(next.Add(1) - 1) {
				files[i], errs[i] = Load(paths[i])
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err // the first in path order, as a sequential load reports
		}
	}
	SortFiles(files)
	return files, nil
}

// SortFiles orders files by catalog position, then flag set order.
func SortFiles(files []*File) {
	pos := map[string]int{}
	for i, f := range append(slices.Clip(spec.All()), spec.All16()...) {
		pos[f.ID] = i
	}
	set := map[string]int{}
	for i, fl := range spec.FlagSets {
		set[fl.Name()] = i
	}
	sort.SliceStable(files, func(i, j int) bool {
		a, b := files[i], files[j]
		if pos[a.Func.ID] != pos[b.Func.ID] {
			return pos[a.Func.ID] < pos[b.Func.ID]
		}
		return set[a.FlagSet] < set[b.FlagSet]
	})
}

// ErrFormat is wrapped by every error Parse returns for bad content.
var ErrFormat = errors.New("malformed golden file")

type parser struct {
	sc      *bufio.Scanner
	name    string
	line    int
	f       *File
	pending []string // a line read ahead (unread)
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %w: %s", p.name, p.line, ErrFormat, fmt.Sprintf(format, args...))
}

// next returns the fields of the next data line, collecting provenance.
func (p *parser) next() ([]string, error) {
	if fs := p.pending; fs != nil {
		p.pending = nil
		return fs, nil
	}
	for p.sc.Scan() {
		p.line++
		t := p.sc.Text()
		if strings.HasPrefix(t, "#") {
			p.f.Provenance = append(p.f.Provenance, strings.TrimSpace(strings.TrimPrefix(t, "#")))
			continue
		}
		if t == "" {
			return nil, p.errorf("empty line")
		}
		return strings.Split(t, " "), nil
	}
	if err := p.sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", p.name, p.line, err)
	}
	p.line++
	return nil, p.errorf("unexpected end of file (truncated?)")
}

// expect reads a line whose first field is key with n more fields (n < 0: any).
func (p *parser) expect(key string, n int) ([]string, error) {
	fs, err := p.next()
	if err != nil {
		return nil, err
	}
	if fs[0] != key {
		return nil, p.errorf("want a %q line, got %q", key, fs[0])
	}
	if n >= 0 && len(fs)-1 != n {
		return nil, p.errorf("%q line has %d fields, want %d", key, len(fs)-1, n)
	}
	return fs[1:], nil
}

func (p *parser) hex(s string, width int) (uint64, error) {
	if len(s) != width {
		return 0, p.errorf("%q: want %d hex digits", s, width)
	}
	v, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		return 0, p.errorf("%q: bad hex", s)
	}
	return v, nil
}

func (p *parser) int(s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		return 0, p.errorf("%q: want a count", s)
	}
	return v, nil
}

func width(t spec.Type) int {
	if t.Wide() {
		return 16
	}
	return 8
}

// Parse reads a golden file from r; name is used in errors.
func Parse(r io.Reader, name string) (*File, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	p := &parser{sc: sc, name: name, f: &File{Path: name}}
	if err := p.parse(); err != nil {
		return nil, err
	}
	return p.f, nil
}

func (p *parser) parse() error {
	f := p.f
	fs, err := p.expect("format", 1)
	if err != nil {
		return err
	}
	if fs[0] == "16" {
		return p.parse16()
	}
	if fs[0] != "2" {
		return p.errorf("format %s, this reader knows formats 2 and 16", fs[0])
	}
	f.Format = 2
	if fs, err = p.expect("func", 1); err != nil {
		return err
	}
	fn, ok := spec.Lookup(fs[0])
	if !ok || fn.ID != fs[0] {
		return p.errorf("function %q is not in the catalog", fs[0])
	}
	f.Func = fn
	if fs, err = p.expect("flagset", 1); err != nil {
		return err
	}
	fl, ok := FlagSetByName(fs[0])
	if !ok {
		return p.errorf("unknown flag set %q", fs[0])
	}
	if !fn.Captured(fl) {
		return p.errorf("%s is not captured under flag set %s", fn.ID, fs[0])
	}
	f.FlagSet, f.Flags = fs[0], fl
	if fs, err = p.expect("types", 3); err != nil {
		return err
	}
	if want := typesOf(fn); strings.Join(fs, " ") != want {
		return p.errorf("types %q, the catalog says %q", strings.Join(fs, " "), want)
	}

	// Special grid.
	if fs, err = p.expect("grid", -1); err != nil {
		return err
	}
	axis := fn.Grid()
	n, err := p.int(fs[0])
	if err != nil {
		return err
	}
	if n != len(axis) || len(fs)-1 != n {
		return p.errorf("grid of %d values, the catalog has %d", len(fs)-1, len(axis))
	}
	w := 8 // one axis for every argument: 16 digits when one of them is 64 bits wide
	for _, t := range fn.In {
		w = max(w, width(t))
	}
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
	points, err := p.int(fs[0])
	if err != nil {
		return err
	}
	if points != fn.GridLen() {
		return p.errorf("special %d, want %d grid points", points, fn.GridLen())
	}
	ow := 8
	switch {
	case fn.PairWide():
		ow = 32
	case fn.WideOut():
		ow = 16
	}
	if f.Special, f.Special2, err = p.block("s", points, ow); err != nil {
		return err
	}

	// Inputs.
	if fs, err = p.expect("inputs", 4); err != nil {
		return err
	}
	f.Exhaustive = fn.Exhaustive()
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
	count, err := p.int(fs[0])
	if err != nil {
		return err
	}
	want := spec.Recorded
	if f.Exhaustive {
		want = spec.SampleCount
	}
	if count != want {
		return p.errorf("recorded %d, want %d", count, want)
	}
	if f.Recorded, f.Recorded2, err = p.block("o", count, ow); err != nil {
		return err
	}

	// Hashes.
	if fs, err = p.expect("hashes", 2); err != nil {
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
		if f.SubHashes, err = p.subHashes(subStarts(fn)); err != nil {
			return err
		}
	}
	return p.end()
}

// subHashes reads the sub-block hashes of an exhaustive function, which
// must name the sub-blocks starting at starts (subStarts) in order.
func (p *parser) subHashes(starts []uint64) ([]uint64, error) {
	fs, err := p.expect("subhashes", 2)
	if err != nil {
		return nil, err
	}
	n := len(starts)
	if fs[0] != strconv.Itoa(n) || fs[1] != strconv.Itoa(spec.SubBlockSize) {
		return nil, p.errorf("subhashes %s %s, want %d %d", fs[0], fs[1], n, spec.SubBlockSize)
	}
	out := make([]uint64, n)
	for k, sb := range starts {
		if fs, err = p.expect("u", 2); err != nil {
			return nil, err
		}
		start, err := p.hex(fs[0], 8)
		if err != nil {
			return nil, err
		}
		if start != sb {
			return nil, p.errorf("sub-block %s, want %08x (sub-block %d)", fs[0], sb, k)
		}
		if out[k], err = p.hex(fs[1], 16); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// block reads count values of w hex digits in lines "<key> <k> v…" of 16
// values each. A value of 32 digits (a pair-wide function's two results)
// goes to out (the first 16) and out2 (the last 16); out2 is nil otherwise.
func (p *parser) block(key string, count, w int) (out, out2 []uint64, err error) {
	out = make([]uint64, 0, count)
	if w == 32 {
		out2 = make([]uint64, 0, count)
	}
	for len(out) < count {
		fs, err := p.expect(key, -1)
		if err != nil {
			return nil, nil, err
		}
		want := min(16, count-len(out))
		if len(fs) != 1+want || fs[0] != strconv.Itoa(len(out)) {
			return nil, nil, p.errorf("want %s %d with %d values", key, len(out), want)
		}
		for _, s := range fs[1:] {
			if w == 32 {
				if len(s) != 32 {
					return nil, nil, p.errorf("%q: want 32 hex digits (two results)", s)
				}
				a, err := p.hex(s[:16], 16)
				if err != nil {
					return nil, nil, err
				}
				b, err := p.hex(s[16:], 16)
				if err != nil {
					return nil, nil, err
				}
				out, out2 = append(out, a), append(out2, b)
				continue
			}
			v, err := p.hex(s, w)
			if err != nil {
				return nil, nil, err
			}
			out = append(out, v)
		}
	}
	return out, out2, nil
}

func typesOf(f *spec.Func) string {
	var in, out []string
	for _, t := range f.In {
		in = append(in, t.String())
	}
	for _, t := range f.Out {
		out = append(out, t.String())
	}
	return strings.Join(in, ",") + " -> " + strings.Join(out, ",")
}
