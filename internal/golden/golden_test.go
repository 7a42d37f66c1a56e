package golden_test

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
)

const (
	root   = "../../testdata/golden"
	root16 = "../../testdata/golden16"
)

// TestDevice verifies every implemented function against the device's golden
// data: special grids and recorded outputs always, and the hash blocks of
// the quick spans of golden.Verify (all 256 blocks with CUDAFP_EXHAUSTIVE=1). Run one function
// with -run 'TestDevice/expf/'.
func TestDevice(t *testing.T) {
	files, err := golden.LoadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	// The 16-bit catalog's golden data, once captured (gpu/capture16.sh).
	if p, _ := filepath.Glob(filepath.Join(root16, "*", "*.txt.gz")); len(p) > 0 {
		more, err := golden.LoadDir(root16)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	} else {
		t.Logf("%s holds no golden files yet", root16)
	}
	tier := golden.Quick
	if testflag.Exhaustive() {
		tier = golden.Exhaustive
	}
	start := time.Now()
	// Verify per test so that -run selects functions; files of one function
	// share their hash computation.
	byFunc := map[string][]*golden.File{}
	var ids []string
	for _, f := range files {
		if _, ok := byFunc[f.Func.ID]; !ok {
			ids = append(ids, f.Func.ID)
		}
		byFunc[f.Func.ID] = append(byFunc[f.Func.ID], f)
	}
	var implemented, notImplemented, exact int
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			fs := byFunc[id]
			if !fs[0].Func.Implemented() {
				notImplemented += len(fs)
				return
			}
			for _, r := range golden.Verify(context.Background(), fs, golden.Options{Tier: tier}) {
				t.Run(r.FlagSet, func(t *testing.T) {
					implemented++
					if r.OK() {
						exact++
						return
					}
					t.Errorf("%s under %s: %d mismatches in %d inputs (spans %v)", r.Name, r.FlagSet, r.Mismatches, r.Inputs, r.BadSpans)
					for _, m := range r.First {
						t.Errorf("  %s %s(%s) = %s, device %s", m.Where, r.Name, strings.Join(m.Args, ", "), m.GotS, m.WantS)
					}
				})
			}
		})
	}
	t.Logf("%s tier: %d golden files bit-exact of %d implemented; %d files of functions not yet implemented; %v",
		map[golden.Tier]string{golden.Quick: "quick", golden.Exhaustive: "exhaustive"}[tier], exact, implemented, notImplemented, time.Since(start).Round(time.Millisecond))
	var waiting []string
	for _, f := range append(slices.Clip(spec.All()), spec.All16()...) {
		if _, ok := byFunc[f.ID]; !ok && f.Implemented() {
			waiting = append(waiting, f.ID)
		}
	}
	if len(waiting) > 0 {
		t.Logf("no golden data yet (catalogued after the last device capture) for %d implemented functions: %s", len(waiting), strings.Join(waiting, " "))
	}
}

// read returns the decompressed text of one golden file.
func read(t *testing.T, path string) string {
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

// TestLoadRejects corrupts a real file in several ways and checks that Parse
// names the line of the damage.
func TestLoadRejects(t *testing.T) {
	path := filepath.Join(root, "default", "i_fadd_rn.txt.gz")
	text := read(t, path)
	if _, err := golden.Parse(strings.NewReader(text), "ok"); err != nil {
		t.Fatalf("pristine file rejected: %v", err)
	}
	lines := strings.Split(text, "\n")
	lineOf := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i
			}
		}
		t.Fatalf("no line %q", prefix)
		return -1
	}
	replace := func(i int, with string) string {
		c := append([]string(nil), lines...)
		c[i] = with
		return strings.Join(c, "\n")
	}
	sLine := lineOf("s 16 ")
	hLine := lineOf("h 7 ")
	gLine := lineOf("g 3 ")
	for _, c := range []struct {
		name, text string
		line       int // 0-based index of the line the error must name
	}{
		{"truncated", strings.Join(lines[:hLine], "\n"), hLine},
		{"bad hex", replace(sLine, strings.Replace(lines[sLine], " ", " zz", 2)), sLine},
		{"short line", replace(sLine, lines[sLine][:len(lines[sLine])-9]), sLine},
		{"hash out of order", replace(hLine, "h 8 0000000000000000"), hLine},
		{"wrong function", replace(lineOf("func "), "func nosuchfunc"), lineOf("func ")},
		{"wrong flag set", replace(lineOf("flagset "), "flagset fast"), lineOf("flagset ")},
		{"wrong types", replace(lineOf("types "), "types f32,f32 -> f64"), lineOf("types ")},
		{"generator mismatch", replace(gLine, "g 3 00000000 00000000"), gLine},
		{"data after end", text + "x\n", len(lines) - 1},
	} {
		_, err := golden.Parse(strings.NewReader(c.text), "f.txt")
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !errors.Is(err, golden.ErrFormat) {
			t.Errorf("%s: error %v does not wrap ErrFormat", c.name, err)
		}
		if want := "f.txt:" + itoa(c.line+1) + ":"; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: error %q does not start with %q", c.name, err, want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestLoadCorruptGzip checks that a damaged compressed stream is an error.
func TestLoadCorruptGzip(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(root, "default", "expf.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)/2] ^= 0xff
	p := filepath.Join(t.TempDir(), "expf.txt.gz")
	if err := os.WriteFile(p, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := golden.Load(p); err == nil {
		t.Fatal("a corrupted gzip stream was accepted")
	}
}
