package cudafp_test

import (
	"fmt"
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// layers is the layer table of DESIGN.md: each package may import only the
// module's packages listed above it, plus the third-party modules on its own
// line. DO NOT CHANGE THIS DATA TO FIX BUILDS: change the import instead, or
// change DESIGN.md first and say why.
var layers = []struct {
	pkg        string
	thirdParty []string
}{
	{"internal/f32", nil},
	{"internal/f64", nil},
	{"internal/f16", nil},
	{"internal/bf16", nil},
	{"internal/fgen", nil},
	{"internal/testflag", []string{"github.com/leanovate/gopter"}}, // imported by tests only: the seeded properties
	{"rounding", nil},
	{"internal/oracle", []string{"github.com/ALTree/bigfloat"}},
	{"ptx", nil},
	{"intrinsics", nil},
	{"fp", nil},
	{"internal/spec", nil},
	{"internal/golden", nil},
	// internal/kcorpus: the kernel corpus's manifest, device outputs and .xz
	// files, read by kernel's tests and bench --kernels.
	{"internal/kcorpus", []string{"github.com/ulikunitz/xz"}},
	{"kernel", []string{"codeberg.org/sbinet/npyio"}}, // .npy files of cudafp run's --arg buffers
	{"ulp", []string{"gonum.org/v1/gonum", "github.com/schollz/progressbar/v3", "golang.org/x/term"}},
	{"bench", []string{"github.com/ALTree/bigfloat"}},
	{"reports", []string{"gonum.org/v1/plot", "gonum.org/v1/gonum"}},
	{"cmd/cudafp", []string{"github.com/spf13/cobra", "github.com/spf13/pflag", "golang.org/x/term", "github.com/schollz/progressbar/v3"}},
}

// forbidden lists, per package, what it must never reach, directly or not.
var forbidden = []struct {
	pkgs []string
	deps []string
	why  string
}{
	{
		[]string{"internal/f32", "internal/f64", "internal/f16", "internal/bf16", "rounding", "ptx", "intrinsics", "fp", "kernel"},
		[]string{"math/big", "github.com/ALTree/bigfloat", "internal/oracle"},
		"emulation never links the oracle or arbitrary precision",
	},
	{
		[]string{"internal/f32", "internal/f64", "internal/f16", "internal/bf16"},
		[]string{"fmt", "reflect"},
		"the hot leaf stays allocation- and reflection-free",
	},
	{
		[]string{"internal/oracle"},
		[]string{"ptx", "intrinsics", "fp", "internal/spec"},
		"the oracle is independent of what it judges",
	},
}

const module = "github.com/cudafp/cudafp"

type listedPackage struct {
	ImportPath string
	Imports    []string // direct imports of the non-test files
	Deps       []string // module packages reached transitively, and every import they make
}

// listPackages reads the module's packages with go/build, in process, so that
// the test cache sees every file it read and reruns the test when one changes.
func listPackages(t *testing.T) []listedPackage {
	t.Helper()
	direct := map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if base := d.Name(); path != "." && (base == "testdata" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
			return filepath.SkipDir
		}
		bp, err := build.Default.ImportDir(path, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		} else if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		ip := module
		if path != "." {
			ip = module + "/" + filepath.ToSlash(path)
		}
		direct[ip] = bp.Imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []listedPackage
	for ip, imps := range direct {
		seen := map[string]bool{}
		var walk func(string)
		walk = func(p string) {
			for _, imp := range direct[p] {
				if !seen[imp] {
					seen[imp] = true
					walk(imp)
				}
			}
		}
		walk(ip)
		deps := make([]string, 0, len(seen))
		for d := range seen {
			deps = append(deps, d)
		}
		slices.Sort(deps)
		pkgs = append(pkgs, listedPackage{ImportPath: ip, Imports: imps, Deps: deps})
	}
	slices.SortFunc(pkgs, func(a, b listedPackage) int { return strings.Compare(a.ImportPath, b.ImportPath) })
	return pkgs
}

func rel(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	r, ok := strings.CutPrefix(path, module+"/")
	return r, ok
}

func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func TestLayers(t *testing.T) {
	rank := map[string]int{}
	for i, l := range layers {
		rank[l.pkg] = i
	}
	for _, p := range listPackages(t) {
		name, _ := rel(p.ImportPath)
		if name == "." {
			if len(p.Imports) != 0 {
				t.Errorf("the root package is documentation only; it imports %v", p.Imports)
			}
			continue
		}
		r, ok := rank[name]
		if !ok {
			t.Errorf("package %s is not in the layer table of deps_test.go (and DESIGN.md)", name)
			continue
		}
		for _, imp := range p.Imports {
			switch dep, inModule := rel(imp); {
			case inModule:
				if dr, ok := rank[dep]; !ok || dr >= r {
					t.Errorf("%s imports %s, which is not above it in the layer table", name, dep)
				}
			case isStd(imp):
			default:
				if !slices.ContainsFunc(layers[r].thirdParty, func(m string) bool { return imp == m || strings.HasPrefix(imp, m+"/") }) {
					t.Errorf("%s imports %s, a third-party module not allowed on its line of the layer table", name, imp)
				}
			}
		}
	}
}

func TestForbiddenDependencies(t *testing.T) {
	for _, p := range listPackages(t) {
		name, _ := rel(p.ImportPath)
		for _, rule := range forbidden {
			if !slices.Contains(rule.pkgs, name) {
				continue
			}
			for _, d := range p.Deps {
				dn, inModule := rel(d)
				if !inModule {
					dn = d
				}
				if slices.Contains(rule.deps, dn) || slices.ContainsFunc(rule.deps, func(f string) bool { return strings.HasPrefix(d, f+"/") }) {
					t.Errorf("%s depends on %s: %s", name, dn, rule.why)
				}
			}
		}
	}
}
