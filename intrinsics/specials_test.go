package intrinsics_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/intrinsics"
)

// A specialFunc is one intrinsic's "Special cases are:" table: the rows of
// its doc comment, in the same order and with the same words, each with test
// instances. fn evaluates the intrinsic on argument encodings and returns
// the result packed as in spec.Kernel.
type specialFunc struct {
	name    string // Go name
	id      string // catalog ID
	in      int    // arity
	wideOut bool
	fn      func(t intrinsics.Target, a [3]uint64) uint64
	rows    []specialRow
}

type specialRow struct {
	doc   string // the doc comment's row, verbatim
	cases []specialCase
}

// A specialCase is one instance of a row: the arguments' encodings, the
// result in the default build (want) and under -ftz=true (ftz).
type specialCase struct {
	args      [3]uint64
	want, ftz uint64
	builds    builds
}

type builds uint8

const (
	bothBuilds  builds = iota
	defaultOnly        // the row speaks of the default build only (a subnormal argument that FTZ reads as zero)
	ftzOnly            // the row speaks of the -ftz=true build only
)

var (
	builds2 = []struct {
		name string
		t    intrinsics.Target
	}{{"default", intrinsics.Target{}}, {"ftz", intrinsics.Target{FTZ: true}}}
)

// allSpecials returns the special-case tables of every intrinsic: the
// generated ones (specials_gen_test.go) and the hand-written ones of the
// approximate intrinsics.
func allSpecials() []specialFunc {
	return slices.Concat(generatedSpecials, handSpecials)
}

// goldenRoot is the device's golden data (testdata/golden).
var goldenRoot = filepath.Join("..", "testdata", "golden")

var (
	goldenMu    sync.Mutex
	goldenCache = map[string]*golden.File{}
)

// goldenFile loads the device's golden file of catalog entry id under the
// flag set named build ("default" or "ftz"), or returns nil when id has no
// golden data at all yet (a function catalogued after the last capture,
// listed by noGoldenYet); a missing file of a captured function fails.
func goldenFile(t *testing.T, id, build string) *golden.File {
	t.Helper()
	goldenMu.Lock()
	defer goldenMu.Unlock()
	key := build + "/" + id
	if f, ok := goldenCache[key]; ok {
		return f
	}
	f, err := golden.Load(filepath.Join(goldenRoot, build, id+".txt.gz"))
	if err != nil {
		if !noGoldenYet(id) {
			t.Fatal(err)
		}
		f = nil
	}
	goldenCache[key] = f
	return f
}

// noGoldenYet reports whether no flag set has a golden file of id: the
// function awaits its first device capture.
func noGoldenYet(id string) bool {
	for _, fl := range spec.FlagSets {
		if _, err := os.Stat(filepath.Join(goldenRoot, fl.Name(), id+".txt.gz")); err == nil {
			return false
		}
	}
	return true
}

// deviceAt returns the device's result at args if args is a point of the
// golden file's special grid (never when f is nil: no golden data yet).
func deviceAt(f *golden.File, args [3]uint64) (uint64, bool) {
	if f == nil {
		return 0, false
	}
	n := len(f.Grid)
	k := 0
	for i := range f.Func.Arity() {
		j := slices.Index(f.Grid, args[i])
		if j < 0 {
			return 0, false
		}
		k = k*n + j
	}
	return f.Special[k], true
}

// call formats name(args) with each argument as bits and value.
func call(sf specialFunc, args [3]uint64) string {
	f, ok := spec.Lookup(sf.id)
	if !ok {
		return sf.name + "(?)"
	}
	var as []string
	for i, t := range f.In {
		as = append(as, golden.FormatIn(t, args[i]))
	}
	return sf.name + "(" + strings.Join(as, ", ") + ")"
}

// TestSpecialCases checks every row of every intrinsic's special-case table
// in both builds, and checks the row's claim against the device wherever its
// arguments lie on the golden special grid, so that no row rests on memory.
func TestSpecialCases(t *testing.T) {
	var rows, cases, onDevice int
	for _, sf := range allSpecials() {
		f, ok := spec.Lookup(sf.id)
		if !ok {
			t.Errorf("%s: no catalog entry %s", sf.name, sf.id)
			continue
		}
		if want := "intrinsics." + sf.name; f.Go != want {
			t.Errorf("%s: catalog names it %s", sf.name, f.Go)
		}
		for _, r := range sf.rows {
			rows++
			if len(r.cases) == 0 {
				t.Errorf("%s: row %q has no test instance", sf.name, r.doc)
			}
			for _, c := range r.cases {
				cases++
				for _, b := range builds2 {
					if b.t.FTZ && c.builds == defaultOnly || !b.t.FTZ && c.builds == ftzOnly {
						continue
					}
					want := c.want
					if b.t.FTZ {
						want = c.ftz
					}
					if got := sf.fn(b.t, c.args); got != want {
						t.Errorf("%s -ftz=%v = %s, want %s\n\trow: %s", call(sf, c.args), b.t.FTZ, golden.FormatOut(f, got), golden.FormatOut(f, want), r.doc)
					}
					if dev, ok := deviceAt(goldenFile(t, sf.id, b.name), c.args); ok {
						onDevice++
						if dev != want {
							t.Errorf("%s -ftz=%v: row claims %s, device computed %s\n\trow: %s", call(sf, c.args), b.t.FTZ, golden.FormatOut(f, want), golden.FormatOut(f, dev), r.doc)
						}
					}
				}
			}
		}
	}
	var waiting []string
	for _, sf := range allSpecials() {
		if noGoldenYet(sf.id) {
			waiting = append(waiting, sf.id)
		}
	}
	t.Logf("%d functions, %d rows, %d cases; %d (case, build) pairs confirmed on the device's special grid", len(allSpecials()), rows, cases, onDevice)
	if len(waiting) > 0 {
		t.Logf("no golden data yet for %d functions (their rows are checked against math/big and the f64 probe by TestSpecialCases64): %s", len(waiting), strings.Join(waiting, " "))
	}
}

// TestSpecialTablesCoverCatalog checks that every intrinsic of the catalog
// that this package implements has a special-case table, and that each
// table belongs to a different function.
func TestSpecialTablesCoverCatalog(t *testing.T) {
	have := map[string]bool{}
	for _, sf := range allSpecials() {
		if have[sf.id] {
			t.Errorf("%s: two special-case tables", sf.id)
		}
		have[sf.id] = true
	}
	for _, f := range spec.All() {
		if f.Kind != spec.Intrinsic || !f.Implemented() {
			continue
		}
		if !have[f.ID] {
			t.Errorf("%s (%s): implemented without a special-case table", f.Name, f.ID)
		}
	}
}

// A rangeClaim is the part of a special-case row that speaks of a whole
// range of inputs (Expf(x) = +Inf for x ≥ 0x1.62e43p+06): every encoding
// from lo to hi (inclusive, stepping by one encoding) gives want, in both
// builds. rangeClaims maps a row's doc text to its claims.
type rangeClaim struct {
	lo, hi uint32
	want   uint64
}

var rangeClaims = map[string][]rangeClaim{}

// TestRangeClaims checks the range claims of the special-case rows: every
// encoding of each range in the exhaustive tier, every 4099th one (and both
// ends) otherwise. Together with the exhaustive golden comparison this
// proves the row for every input.
func TestRangeClaims(t *testing.T) {
	stride := uint32(4099)
	if testflag.Exhaustive() {
		stride = 1
	}
	rows := map[string]specialFunc{}
	for _, sf := range allSpecials() {
		for _, r := range sf.rows {
			rows[r.doc] = sf
		}
	}
	for doc, claims := range rangeClaims {
		sf, ok := rows[doc]
		if !ok {
			t.Errorf("range claim for a row no table has: %q", doc)
			continue
		}
		f, _ := spec.Lookup(sf.id)
		for _, c := range claims {
			for _, b := range builds2 {
				bad := 0
				for u := c.lo; ; u += stride {
					if u > c.hi || u < c.lo { // past the end, or wrapped
						u = c.hi
					}
					args := [3]uint64{uint64(u)}
					if got := sf.fn(b.t, args); got != c.want {
						t.Errorf("%s -ftz=%v = %s, want %s\n\trow: %s", call(sf, args), b.t.FTZ, golden.FormatOut(f, got), golden.FormatOut(f, c.want), doc)
						if bad++; bad == 5 {
							break
						}
					}
					if u == c.hi {
						break
					}
				}
			}
		}
	}
}

// TestSpecialRowsMatchDocs checks that each special-case table has exactly
// the rows of its function's doc comment, in order: the indented lines after
// "Special cases are" in the comment of the package-level function.
func TestSpecialRowsMatchDocs(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string][]string{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Doc == nil {
				continue
			}
			var rows []string
			in := false
			for _, line := range strings.Split(fd.Doc.Text(), "\n") {
				switch {
				case strings.HasPrefix(line, "Special cases are"):
					in = true
				case in && strings.HasPrefix(line, "\t"):
					rows = append(rows, strings.TrimPrefix(line, "\t"))
				case in && len(rows) > 0:
					in = false
				}
			}
			docs[fd.Name.Name] = rows
		}
	}
	for _, sf := range allSpecials() {
		want, ok := docs[sf.name]
		if !ok {
			t.Errorf("%s: no documented package-level function", sf.name)
			continue
		}
		var got []string
		for _, r := range sf.rows {
			got = append(got, r.doc)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: test rows\n\t%s\ndoc rows\n\t%s", sf.name, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
	}
}
