package kernel

import (
	"os"
	"path/filepath"
	"testing"
)

// readPTX reads a reference PTX file, decompressing .xz (readXZ).
func readPTX(t testing.TB, path string) []byte {
	t.Helper()
	if filepath.Ext(path) == ".xz" {
		return readXZ(t, path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLoadReference loads every reference PTX file and links every kernel.
func TestLoadReference(t *testing.T) {
	files, _ := filepath.Glob("../../shared/reference/ptx/*.ptx")
	x, _ := filepath.Glob("../gpu/ref/funcs*/*.ptx.xz")
	files = append(files, x...)
	for _, f := range files {
		src := readPTX(t, f)
		m, err := Load(f, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		ok, bad := 0, 0
		for _, name := range m.Kernels() {
			if _, err := m.Kernel(name); err != nil {
				bad++
				t.Errorf("%s: %v", name, err)
			} else {
				ok++
			}
		}
		t.Logf("%s: %d kernels linked, %d unsupported", f, ok, bad)
	}
}
