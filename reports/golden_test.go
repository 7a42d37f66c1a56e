package reports

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/cudafp/cudafp/internal/spec"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// smallConfig is the fixed input of the renderer tests: a function of each
// shape (unary with an x-dependent bound, two results with absolute bounds,
// binary with a flag-dependent bound, a directed rounding mode, 32- and
// 64-bit integer arguments, an integer result, a float and an integer
// result, an exact binary function, a float and a long argument, double
// results and arguments), sampled thinly.
func smallConfig(t testing.TB) Config {
	t.Helper()
	var fs []*spec.Func
	for _, n := range []string{"__fadd_rz", "__expf", "__sincosf", "__int2float_rn", "__ll2float_rn", "__float2ll_rd", "x/y", "frexpf", "fmodf", "scalblnf", "__dadd_rd", "f64:x*y+z", "__double2ll_rn"} {
		f, ok := spec.Lookup(n)
		if !ok {
			t.Fatalf("no %s in the catalog", n)
		}
		fs = append(fs, f)
	}
	return Config{Funcs: fs, Samples: 1 << 12, Generated: 1 << 12}
}

const testProvenance = "commit test; go; os/arch; 2006-01-02T15:04:05Z"

var (
	smallOnce sync.Once
	smallRep  *Report
	smallErr  error
)

// smallReport runs smallConfig once per test binary.
func smallReport(t testing.TB) *Report {
	t.Helper()
	smallOnce.Do(func() {
		smallRep, smallErr = Run(context.Background(), smallConfig(t))
		if smallErr == nil {
			smallRep.Provenance = testProvenance
		}
	})
	if smallErr != nil {
		t.Fatal(smallErr)
	}
	return smallRep
}

func render(t testing.TB, r *Report, format string) []byte {
	t.Helper()
	for _, row := range r.Rows {
		row.Seconds = 0 // timing, not a result: TestRowSeconds checks it
	}
	var buf bytes.Buffer
	var err error
	switch format {
	case "md":
		err = r.WriteMarkdown(&buf)
	case "csv":
		err = r.WriteCSV(&buf)
	case "json":
		err = r.WriteJSON(&buf)
	case "html":
		err = r.WriteHTML(&buf)
	default:
		t.Fatalf("format %q", format)
	}
	if err != nil {
		t.Fatalf("render %s: %v", format, err)
	}
	return buf.Bytes()
}

// TestGolden compares the renderers' output on smallConfig with
// testdata/small.{md,csv,json,html}; go test ./reports -run Golden -update
// rewrites them.
func TestGolden(t *testing.T) {
	r := smallReport(t)
	for _, format := range []string{"md", "csv", "json", "html"} {
		got := render(t, r, format)
		path := filepath.Join("testdata", "small."+format)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./reports -run Golden -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s (go test ./reports -run Golden -update rewrites it):\n%s", format, path, firstDiff(got, want))
		}
	}
}

// firstDiff shows the first line where a and b differ.
func firstDiff(a, b []byte) string {
	al, bl := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y []byte
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if !bytes.Equal(x, y) {
			const n = 300
			if len(x) > n {
				x = x[:n]
			}
			if len(y) > n {
				y = y[:n]
			}
			return "line " + strconv.Itoa(i+1) + ":\n got: " + string(x) + "\nwant: " + string(y)
		}
	}
	return "(no line differs)"
}

// TestReadJSONRoundTrip reads the JSON back and renders the same bytes in
// every format.
func TestReadJSONRoundTrip(t *testing.T) {
	r := smallReport(t)
	back, err := ReadJSON(render(t, r, "json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"md", "csv", "json", "html"} {
		if got, want := render(t, back, format), render(t, r, format); !bytes.Equal(got, want) {
			t.Errorf("%s after a JSON round trip:\n%s", format, firstDiff(got, want))
		}
	}
}
