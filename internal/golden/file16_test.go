package golden_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
)

// synthesize16 writes a raw file of format 16 as gpu/harness16.cu does, with
// outputs from k: the grid, the whole table or the recorded outputs and the
// hash blocks of the quick tier (the others are left 0). FORMAT TEST ONLY.
func synthesize16(f *spec.Func, flagset string, k spec.Kernel) string {
	var b strings.Builder
	b.WriteString("# FORMAT TEST ONLY: synthesized by internal/golden/file16_test.go, not captured on a device\n")
	var in []string
	for _, t := range f.In {
		in = append(in, t.String())
	}
	fmt.Fprintf(&b, "format 16\nfunc %s\nflagset %s\ntypes %s -> %s\nshape %s\n", f.ID, flagset, strings.Join(in, ","), f.Out[0], f.Shape())
	axis := f.Grid()
	fmt.Fprintf(&b, "grid %d", len(axis))
	for _, v := range axis {
		fmt.Fprintf(&b, " %0*x", f.In[0].Lane().Digits(), v)
	}
	ow := f.Out[0].Digits()
	block := func(key string, n, per int, in func(int) spec.Args) {
		for i := 0; i < n; i += per {
			fmt.Fprintf(&b, "%s %d", key, i)
			for j := i; j < min(i+per, n); j++ {
				a := in(j)
				fmt.Fprintf(&b, " %0*x", ow, k(&a))
			}
			b.WriteByte('\n')
		}
	}
	fmt.Fprintf(&b, "\nspecial %d\n", f.Grid16Len())
	block("s", f.Grid16Len(), 16, f.Grid16Point)
	if f.Shape() == spec.ShapeTable {
		fmt.Fprintf(&b, "table %d\n", golden.TableSize)
		block("t", golden.TableSize, 64, func(i int) spec.Args { return spec.Args{uint64(i)} })
		b.WriteString("end\n")
		return b.String()
	}
	file := &golden.File{Func: f, Format: 16, Exhaustive: f.Shape() == spec.ShapePairs || f.Shape() == spec.ShapeWide32}
	count, size := spec.Recorded, uint64(spec.GenBlockSize)
	if file.Exhaustive {
		count, size = spec.SampleCount, spec.ExhBlockSize
		fmt.Fprintf(&b, "inputs exhaustive %d sample-seed %016x\n", uint64(1)<<32, spec.SampleSeed)
	} else {
		fmt.Fprintf(&b, "inputs generated %d seed %016x\n", spec.GenCount, spec.GenSeed)
	}
	for i := range spec.GenShown {
		a := file.RecordedInput(i)
		fmt.Fprintf(&b, "g %d", i)
		for j, t := range f.In {
			fmt.Fprintf(&b, " %0*x", t.Digits(), a[j])
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "recorded %d\n", count)
	block("o", count, 16, file.RecordedInput)
	var hashes [spec.Blocks]uint64
	if !file.Exhaustive {
		for _, blk := range golden.QuickBlocks() {
			for i := uint64(blk) * size; i < uint64(blk+1)*size; i++ {
				a := f.Input16(i)
				hashes[blk] += spec.ElemHash(i, k(&a), f.WideOut())
			}
		}
	}
	fmt.Fprintf(&b, "hashes %d %d\n", spec.Blocks, size)
	for i, h := range hashes {
		fmt.Fprintf(&b, "h %d %016x\n", i, h)
	}
	if file.Exhaustive {
		fmt.Fprintf(&b, "subhashes 16 %d\n", spec.SubBlockSize)
		var starts []uint64
		if f.Shape() == spec.ShapePairs {
			for _, x := range spec.QuickRows16(f.In[0]) {
				starts = append(starts, uint64(x)<<16)
			}
		} else {
			for _, sb := range spec.QuickSubBlocks {
				starts = append(starts, uint64(sb)<<16)
			}
		}
		for _, start := range starts {
			var h uint64
			for i := start; i < start+spec.SubBlockSize; i++ {
				a := f.PairIndexArgs(uint32(i))
				if f.Shape() == spec.ShapeWide32 {
					a = spec.Args{i}
				}
				h += spec.ElemHash(i, k(&a), f.WideOut())
			}
			fmt.Fprintf(&b, "u %08x %016x\n", start, h)
		}
	}
	b.WriteString("end\n")
	return b.String()
}

func stub16(t *testing.T, id string) (*spec.Func, spec.Kernel) {
	t.Helper()
	f, ok := spec.Lookup16(id)
	if !ok {
		t.Fatalf("%s: not in the 16-bit catalog", id)
	}
	k, _ := golden.StubKernel16(f, fp.Flags{})
	return f, k
}

func gunzip(t *testing.T, path string) string {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// FORMAT TEST, NOT DEVICE EVIDENCE. TestPack16 writes raw files of a table
// function under three flag sets (two with the same data, one with another)
// and of a function of each other shape, packs them (golden.Pack16) and
// checks: the repeated data is stored once and referenced ("same
// default"), the tables delta-coded; Load resolves the reference; Verify finds every file
// bit-exact against the kernel that wrote it, all 65,536 table outputs
// explicit, and the changed outputs of the other table and its grid; a second
// pack writes the same bytes.
func TestPack16(t *testing.T) {
	raw, out := t.TempDir(), t.TempDir()
	write := func(flagset, id, text string) {
		t.Helper()
		dir := filepath.Join(raw, flagset)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, id+".txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tf, tk := stub16(t, "f16_hexp")
	other := func(in *spec.Args) uint64 { return tk(in) ^ 1 }
	write("default", tf.ID, synthesize16(tf, "default", tk))
	write("ftz", tf.ID, synthesize16(tf, "ftz", tk))
	write("fmad0", tf.ID, synthesize16(tf, "fmad0", other))
	pf, pk := stub16(t, "bf16_hmax_nan")
	write("default", pf.ID, synthesize16(pf, "default", pk))
	gf, gk := stub16(t, "bf16_hfma2_relu")
	write("default", gf.ID, synthesize16(gf, "default", gk))
	wf, wk := stub16(t, "bf16_float2bfloat16_rz")
	write("default", wf.ID, synthesize16(wf, "default", wk))
	lf, lk := stub16(t, "f16_ll2half_rd")
	write("default", lf.ID, synthesize16(lf, "default", lk))
	n, err := golden.Pack16(raw, out)
	if err != nil || n != 7 {
		t.Fatalf("Pack16: %d files, %v", n, err)
	}
	for fs, want := range map[string]string{"default": "table 65536 delta\n", "ftz": "shape table\nsame default\nend\n", "fmad0": "table 65536 delta\n"} {
		if text := gunzip(t, filepath.Join(out, fs, tf.ID+".txt.gz")); !strings.Contains(text, want) || !strings.Contains(text, "\nflagset "+fs+"\n") {
			t.Errorf("%s: packed file lacks %q", fs, want)
		}
	}
	files, err := golden.LoadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 7 {
		t.Fatalf("LoadDir: %d files", len(files))
	}
	for _, r := range golden.Verify(context.Background(), files, golden.Options{Tier: golden.Quick, Impl: golden.StubKernel16}) {
		want := uint64(0)
		if r.ID == tf.ID && r.FlagSet == "fmad0" {
			want = uint64(golden.TableSize + tf.Grid16Len()) // the grid is written with the other kernel too
		}
		if r.Mismatches != want || !r.Implemented {
			t.Errorf("%s %s: %d mismatches, want %d", r.ID, r.FlagSet, r.Mismatches, want)
		}
		explicit := r.File.Func.Grid16Len()
		switch r.File.Func.Shape() {
		case spec.ShapeTable:
			explicit += golden.TableSize
		case spec.ShapePairs, spec.ShapeWide32:
			explicit += spec.SampleCount
		default:
			explicit += spec.Recorded
		}
		if r.ExplicitInputs != explicit || r.HashesChecked != map[bool]int{true: 0, false: 16}[r.File.Func.Shape() == spec.ShapeTable] {
			t.Errorf("%s %s: %d explicit inputs (want %d), %d hashes", r.ID, r.FlagSet, r.ExplicitInputs, explicit, r.HashesChecked)
		}
		t.Logf("%s %s: %d inputs, %d explicit, %d hashes, %d mismatches", r.ID, r.FlagSet, r.Inputs, r.ExplicitInputs, r.HashesChecked, r.Mismatches)
	}
	// A changed recorded output and a changed row hash of the pairs file are found.
	lines := strings.Split(synthesize16(pf, "default", pk), "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "o 32 "):
			fs := strings.Fields(l)
			fs[3] = map[bool]string{true: "0001", false: "0000"}[fs[3] == "0000"]
			lines[i] = strings.Join(fs, " ")
		case strings.HasPrefix(l, "u 3f800000 "):
			lines[i] = "u 3f800000 0123456789abcdef"
		}
	}
	bad, err := golden.Parse(strings.NewReader(strings.Join(lines, "\n")), "bad.txt")
	if err != nil {
		t.Fatal(err)
	}
	r := golden.Verify(context.Background(), []*golden.File{bad}, golden.Options{Tier: golden.Quick, Impl: golden.StubKernel16})[0]
	if r.Mismatches != 2 || len(r.BadSpans) != 1 || r.BadSpans[0].First != 0x3f800000 || len(r.First) != 1 || r.First[0].Where != "recorded" {
		t.Errorf("corrupted %s: %d mismatches %v %+v, want recorded output 33 and the row of 0x3f80", pf.ID, r.Mismatches, r.BadSpans, r.First)
	}

	again := t.TempDir()
	if _, err := golden.Pack16(raw, again); err != nil {
		t.Fatal(err)
	}
	// Packing the packed files again changes nothing.
	repacked := t.TempDir()
	if n, err := golden.Pack16(out, repacked); err != nil || n != 7 {
		t.Fatalf("Pack16 of packed files: %d, %v", n, err)
	}
	for _, p := range []string{"default/f16_hexp.txt.gz", "ftz/f16_hexp.txt.gz", "fmad0/f16_hexp.txt.gz", "default/bf16_hmax_nan.txt.gz"} {
		a, _ := os.ReadFile(filepath.Join(out, p))
		b, _ := os.ReadFile(filepath.Join(repacked, p))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: packing it again changed it", p)
		}
	}
	for _, p := range []string{"default/f16_hexp.txt.gz", "ftz/f16_hexp.txt.gz", "default/bf16_hfma2_relu.txt.gz"} {
		a, _ := os.ReadFile(filepath.Join(out, p))
		b, _ := os.ReadFile(filepath.Join(again, p))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: a second pack wrote other bytes", p)
		}
	}
}

// TestParse16Rejects checks that malformed format-16 files are rejected with
// the file and line.
func TestParse16Rejects(t *testing.T) {
	f, k := stub16(t, "bf16_hexp")
	good := synthesize16(f, "default", k)
	if _, err := golden.Parse(strings.NewReader(good), "good.txt"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, from, to string }{
		{"shape", "shape table", "shape pairs"},
		{"types", "types bf16 -> bf16", "types f16 -> f16"},
		{"table size", "table 65536", "table 65535"},
		{"self reference", "shape table\n", "shape table\nsame default\nend\n"},
		{"table form", "table 65536\n", "table 65536 same\n"},
		{"short table line", "\nt 64 ", "\nt 64 0000 "},
		{"grid", "grid 64 0000 0001", "grid 64 0000 0002"},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		if bad == good {
			t.Fatalf("%s: %q not in the file", c.name, c.from)
		}
		_, err := golden.Parse(strings.NewReader(bad), "bad.txt")
		if !errors.Is(err, golden.ErrFormat) || !strings.Contains(err.Error(), "bad.txt:") {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// A truncated table.
	cut := good[:strings.Index(good, "\nt 1024 ")+1] + "end\n"
	if _, err := golden.Parse(strings.NewReader(cut), "cut.txt"); !errors.Is(err, golden.ErrFormat) {
		t.Errorf("truncated table: %v", err)
	}
}

// TestTableSame reads the packing of harness adcecc1 (the captured
// testdata/golden16: a table equal to an earlier flag set's written as
// "table 65536 same FLAGSET") and repacks it with file-level references.
func TestTableSame(t *testing.T) {
	f, k := stub16(t, "bf16_hrcp")
	raw, old, out := t.TempDir(), t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(raw, "default"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(raw, "default", f.ID+".txt"), []byte(synthesize16(f, "default", k)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := golden.Pack16(raw, old); err != nil {
		t.Fatal(err)
	}
	def := gunzip(t, filepath.Join(old, "default", f.ID+".txt.gz"))
	i, j := strings.Index(def, "table 65536 delta\n"), strings.Index(def, "end\n")
	ftz := strings.Replace(def[:i], "flagset default\n", "flagset ftz\n", 1) + "table 65536 same default\n" + def[j:]
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(ftz))
	zw.Close()
	if err := os.MkdirAll(filepath.Join(old, "ftz"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(old, "ftz", f.ID+".txt.gz"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := golden.Load(filepath.Join(old, "ftz", f.ID+".txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if a.TableRef != "default" || len(a.Table) != golden.TableSize {
		t.Fatalf("table same default: ref %q, %d outputs", a.TableRef, len(a.Table))
	}
	if n, err := golden.Pack16(old, out); err != nil || n != 2 {
		t.Fatalf("Pack16: %d, %v", n, err)
	}
	if text := gunzip(t, filepath.Join(out, "ftz", f.ID+".txt.gz")); !strings.HasSuffix(text, "\nshape table\nsame default\nend\n") {
		t.Errorf("repacked ftz file ends %q", text[max(0, len(text)-60):])
	}
	files, err := golden.LoadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range golden.Verify(context.Background(), files, golden.Options{Impl: golden.StubKernel16}) {
		if !r.OK() || r.ExplicitInputs != golden.TableSize+f.Grid16Len() {
			t.Errorf("%s %s: %d mismatches, %d explicit", r.ID, r.FlagSet, r.Mismatches, r.ExplicitInputs)
		}
	}
}
