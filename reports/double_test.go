package reports

import (
	"strings"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// TestObserveIntULPBound checks the bound check of a double result against
// its correctly rounded result: under an ulp bound only a distance above it
// is outside the bound (max dist and its input recorded); under a correctly
// rounded bound every inexact result is.
func TestObserveIntULPBound(t *testing.T) {
	dist := func(in ulp.Input) uint64 { return uint64(in.X) } // the test's distance: X
	for _, c := range []struct {
		bound            spec.Bound
		over, ulpN       uint64
		maxDist, argDist uint32
		firstOver        uint32
	}{
		{spec.Bound{ULP: 2}, 2, 5, 7, 7, 3},
		{spec.Bound{CR: true}, 4, 0, 0, 0, 1},
	} {
		p := &probe{chk: &check{b: c.bound}, ex: newExtra(), dist: dist, axis: Axis{Type: spec.F64}}
		for _, x := range []uint32{0, 1, 2, 7, 3} { // distances; 0 is an exact result
			got := uint32(0)
			if x != 0 {
				got = 1
			}
			p.observeInt(ulp.Input{X: x}, got)
		}
		ex := p.ex
		if ex.Over != c.over || ex.ULPN != c.ulpN || ex.MaxDist != c.maxDist || ex.ArgMaxDist.X != c.argDist || ex.IntMaxDist != 7 {
			t.Errorf("bound %+v: over %d, ulpN %d, max dist %d at %d, int max dist %d; want %d, %d, %d at %d, 7",
				c.bound, ex.Over, ex.ULPN, ex.MaxDist, ex.ArgMaxDist.X, ex.IntMaxDist, c.over, c.ulpN, c.maxDist, c.argDist)
		}
		if ex.ArgOver.X != c.firstOver {
			t.Errorf("bound %+v: first input over the bound %d, want %d", c.bound, ex.ArgOver.X, c.firstOver)
		}
	}
}

// TestDoubleSection checks that a report restricted to the double type
// lists every double library function of the catalog in its double
// section, the implemented ones measured and the others "not implemented".
func TestDoubleSection(t *testing.T) {
	var lib []*spec.Func
	for _, f := range spec.All() {
		if isDoubleLibrary(f) {
			lib = append(lib, f)
		}
	}
	rep, _, err := plan(Config{Type: TypeF64, Flags: []fp.Flags{spec.Default}})
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rep.Rows {
		f, _ := spec.Lookup(row.ID)
		if !isBinary64Row(f) {
			t.Errorf("--type f64 measures %s", row.Function)
		}
	}
	es := rep.doubleSection()
	if len(es) != len(lib) {
		t.Fatalf("double section: %d functions, catalog %d", len(es), len(lib))
	}
	var b strings.Builder
	rep.writeDoubleMarkdown(&b, map[string]int{})
	for i, e := range es {
		if e.f != lib[i] {
			t.Fatalf("double section entry %d is %s, catalog %s", i, e.f.Name, lib[i].Name)
		}
		switch impl := e.f.Implemented(); {
		case impl && e.rows == nil:
			t.Errorf("%s: implemented but not measured (%s)", e.f.Name, e.reason)
		case !impl && e.reason != reasonNotImplemented:
			t.Errorf("%s: not implemented, listed with %q", e.f.Name, e.reason)
		case !impl && !strings.Contains(b.String(), "| "+mdCode(e.f.Name)+" | | | | | | | "):
			t.Errorf("%s: no \"not implemented\" row in the Markdown", e.f.Name)
		}
	}
}
