package kernel

import (
	"path/filepath"
	"regexp"
	"testing"
)

// sassFunctions splits a cuobjdump -sass listing into its functions'
// instruction opcodes (the base name before the first dot), by mangled
// name.
func sassFunctions(listing string) map[string][]string {
	fn := regexp.MustCompile(`(?m)^\s+Function : (\S+)\s*$`)
	ins := regexp.MustCompile(`(?m)^\s+/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)`)
	out := map[string][]string{}
	locs := fn.FindAllStringSubmatchIndex(listing, -1)
	for i, l := range locs {
		end := len(listing)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := listing[l[2]:l[3]]
		for _, m := range ins.FindAllStringSubmatch(listing[l[1]:end], -1) {
			out[name] = append(out[name], m[1])
		}
	}
	return out
}

// TestContractionMatchesSASS checks the contraction pass against what ptxas
// did, where the SASS shows it: in every corpus kernel under every flag set
// whose float32 and float64 arithmetic is only add, sub, mul, fma (no
// instruction ptxas expands into multiplies and adds of its own: division,
// square root, reciprocal, MUFU forms, conversions, abs, neg, min, max,
// calls), the multiplies, adds and fmas left after the pass must be the
// FMUL, FADD and FFMA (DMUL, DADD, DFMA) the SASS holds. Elsewhere the
// corpus test's outputs judge the pass.
func TestContractionMatchesSASS(t *testing.T) {
	cases := readManifest(t)
	srcs := map[string]bool{}
	for _, c := range cases {
		srcs[c.Src] = true
	}
	checked, fused := 0, 0
	for _, fs := range flagSets {
		for s := range srcs {
			base := filepath.Join(corpusDir, "device", fs, s)
			m, err := Load(base+".ptx.xz", readXZ(t, base+".ptx.xz"))
			if err != nil {
				t.Fatal(err)
			}
			sass := sassFunctions(string(readXZ(t, base+".sass.xz")))
			for _, name := range m.Kernels() {
				k, err := m.Kernel(name)
				if err != nil {
					t.Errorf("%s/%s %s: %v", fs, s, name, err)
					continue
				}
				ops, ok := sass[name]
				if !ok {
					t.Errorf("%s/%s: %s is not in the SASS listing", fs, s, name)
					continue
				}
				for _, ty := range []struct {
					t      ptype
					prefix string
				}{{tyF32, "F"}, {tyF64, "D"}} {
					var mul, add, fma, nf int
					expands := false
					for i := range k.code {
						in := &k.code[i]
						if in.t != ty.t && !(in.op == opCall) {
							continue
						}
						switch in.op {
						case opMul:
							mul++
						case opAdd, opSub:
							add++
						case opFma:
							fma++
							if in.mod&mFused != 0 {
								nf++
							}
						case opMov, opLd, opSt, opSetp, opSelp, opNop, opSet, opPack, opUnpack, opAtom, opRed, opShfl, opTestp:
						default:
							expands = true
						}
					}
					if expands || mul+add+fma == 0 {
						continue
					}
					var smul, sadd, sfma int
					for _, op := range ops {
						switch op {
						case ty.prefix + "MUL":
							smul++
						case ty.prefix + "ADD":
							sadd++
						case ty.prefix + "FMA":
							sfma++
						}
					}
					checked++
					fused += nf
					if mul != smul || add != sadd || fma != sfma {
						t.Errorf("%s/%s %s (%s): after contraction %d mul, %d add/sub, %d fma (%d fused); the SASS has %d %sMUL, %d %sADD, %d %sFMA",
							fs, s, name, ty.prefix, mul, add, fma, nf, smul, ty.prefix, sadd, ty.prefix, sfma, ty.prefix)
					}
				}
			}
		}
	}
	if checked == 0 || fused == 0 {
		t.Fatalf("%d kernels checked, %d fused adds among them: the check sees nothing", checked, fused)
	}
	t.Logf("%d (kernel, flag set, type) combinations checked against the SASS, %d fused adds among them", checked, fused)
}
