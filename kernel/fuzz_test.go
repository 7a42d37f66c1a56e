package kernel

import (
	"os"
	"regexp"
	"testing"
)

// FuzzLoad checks that no input makes Load, Module.Kernel or Launch panic.
// Seeds: the tests' kernels and the first kernels of the reference PTX.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{shflSrc, sharedSrc, callSrc, loopSrc, barrierSrc, intSrc} {
		f.Add([]byte(header + s))
	}
	if b, err := os.ReadFile(refPTX("f32", "default")); err == nil {
		entries := regexp.MustCompile(`(?s)\.visible \.entry .*?\n}\n`).FindAll(b, 12)
		for _, e := range entries {
			f.Add(append([]byte(header), e...))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := Load("fuzz.ptx", src)
		if err != nil {
			return
		}
		for i, name := range m.Kernels() {
			if i == 2 {
				break
			}
			k, err := m.Kernel(name)
			if err != nil {
				continue
			}
			mem := NewMemory()
			args := make([]Arg, len(k.params))
			for j, v := range k.params {
				if v.size == 8 {
					b, _ := mem.Alloc(256)
					args[j] = b
				} else {
					args[j] = scalar(make([]byte, v.size))
				}
			}
			_ = Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{33, 1, 1}, MaxInstructions: 20000, Memory: mem}, args...)
		}
	})
}
