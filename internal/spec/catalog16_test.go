package spec

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/cudafp/cudafp/fp"
)

// TestCatalog16MatchesFuncs16 checks that the 16-bit catalog holds exactly
// the kernels of gpu/ref/funcs16.cu, whose PTX and SASS are the reference.
func TestCatalog16MatchesFuncs16(t *testing.T) {
	src, err := os.ReadFile("../../gpu/ref/funcs16.cu")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range regexp.MustCompile(`__global__ void (\w+)\(`).FindAllSubmatch(src, -1) {
		want = append(want, string(m[1]))
	}
	var got []string
	names := map[string]bool{}
	for _, f := range All16() {
		got = append(got, f.ID)
		if names[f.Name] {
			t.Errorf("name %s twice", f.Name)
		}
		names[f.Name] = true
		if _, ok := Lookup(f.ID); ok {
			t.Errorf("%s: ID also in the float32/double catalog", f.ID)
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("catalog16 has %d IDs, funcs16.cu %d kernels\ncatalog: %v\nfuncs16: %v", len(got), len(want), got, want)
	}
}

// TestCatalog16Shapes checks the shape, grid and names of a few entries.
func TestCatalog16Shapes(t *testing.T) {
	for _, c := range []struct {
		id, name string
		shape    Shape
		grid     int
	}{
		{"f16_hexp", "f16:hexp", ShapeTable, 54},
		{"bf16_hexp", "bf16:hexp", ShapeTable, 64},
		{"f16_hadd", "f16:__hadd", ShapePairs, 54 * 54},
		{"bf16_hfma_relu", "bf16:__hfma_relu", ShapeTriples, 16 * 16 * 16},
		{"f16_op_madd", "f16:x*y+z", ShapeTriples, 4096},
		{"f16_float2half_rn", "__float2half_rn", ShapeWide32, 0},
		{"bf16_double2bfloat16", "__double2bfloat16", ShapeGen64, 0},
		{"f16_ll2half_rz", "__ll2half_rz", ShapeGen64, 0},
		{"f16_short2half_rd", "__short2half_rd", ShapeTable, 0},
		{"f16_h2exp", "f16:h2exp", ShapePairs, 54 * 54},
		{"bf16_hadd2", "bf16:__hadd2", ShapePairs, 64 * 64},
		{"f16_cast_from_double", "(__half)(double)x", ShapeGen64, 0},
		{"bf16_heq", "bf16:__heq", ShapePairs, 64 * 64},
	} {
		f, ok := Lookup16(c.name)
		if !ok {
			t.Errorf("%s: not found", c.name)
			continue
		}
		if f.ID != c.id || f.Shape() != c.shape {
			t.Errorf("%s: ID %s shape %v, want %s %v", c.name, f.ID, f.Shape(), c.id, c.shape)
		}
		if c.grid != 0 && f.Grid16Len() != c.grid {
			t.Errorf("%s: %d grid points, want %d", c.name, f.Grid16Len(), c.grid)
		}
	}
}

// TestLaneKernel binds stand-in kernels to __hadd, hexp and __hfma of half
// (the real bindings and lane functions, if any, restored at the end) and checks that the
// vector forms __hadd2, h2exp and __hfma2 apply them lane by lane on the
// capture's arguments.
func TestLaneKernel(t *testing.T) {
	saved := map[string]binding{}
	savedLanes := map[string]func(fp.Flags) func(x, y, z uint16) uint16{}
	for _, id := range []string{"f16_hadd", "f16_hexp", "f16_hfma"} {
		if b, ok := bindings[id]; ok {
			saved[id] = b
			delete(bindings, id)
		}
		if l, ok := lanes16[id]; ok {
			savedLanes[id] = l
			delete(lanes16, id)
		}
	}
	defer func() {
		for id, b := range saved {
			bindings[id] = b
		}
		for id, l := range savedLanes {
			lanes16[id] = l
		}
	}()
	bindH2("f16_hadd", func(fp.Flags) func(x, y uint16) uint16 { return func(x, y uint16) uint16 { return x*3 + y } })
	bindH1("f16_hexp", func(fp.Flags) func(x uint16) uint16 { return func(x uint16) uint16 { return ^x } })
	bindH3("f16_hfma", func(fp.Flags) func(x, y, z uint16) uint16 { return func(x, y, z uint16) uint16 { return x*y - z } })
	defer func() {
		for _, id := range []string{"f16_hadd", "f16_hexp", "f16_hfma"} {
			delete(bindings, id)
			delete(lanes16, id)
		}
	}()
	for _, c := range []struct {
		id   string
		want func(in Args) uint64
	}{
		// pair index i = x<<16 | y: lane 0 computes f(x, y), lane 1 f(y, x)
		{"f16_hadd2", func(in Args) uint64 {
			x, y := uint16(in[0]), uint16(in[0]>>16)
			return uint64(x*3+y) | uint64(y*3+x)<<16
		}},
		{"f16_h2exp", func(in Args) uint64 { return uint64(^uint32(in[0])) }},
		{"f16_hfma2", func(in Args) uint64 {
			lane := func(s uint) uint64 {
				x, y, z := uint16(in[0]>>s), uint16(in[1]>>s), uint16(in[2]>>s)
				return uint64(x*y-z) << s
			}
			return lane(0) | lane(16)
		}},
	} {
		f, _ := Lookup16(c.id)
		k, ok := f.Impl(fp.Flags{})
		if !ok || !f.Implemented() {
			t.Fatalf("%s: no lane kernel", c.id)
		}
		for i := range uint64(1000) {
			in := f.Input16(i)
			if f.Shape() == ShapePairs {
				in = f.PairIndexArgs(uint32(Draw(1, i)))
			}
			if got, want := k(&in), c.want(in); got != want {
				t.Fatalf("%s%x = %08x, want %08x", c.id, in[:3], got, want)
			}
		}
	}
	for _, f := range All16() {
		if _, bound := bindings[f.Lane()]; f.Lane() != "" && !bound && f.Implemented() {
			t.Errorf("%s implemented without a binding of %s", f.ID, f.Lane())
		}
	}
}

// TestGen16Strata checks the strata of the generated triples (gen16) of
// both formats on 8,000 inputs each: what each stratum promises.
func TestGen16Strata(t *testing.T) {
	for _, id := range []string{"f16_hfma", "bf16_hfma"} {
		f, _ := Lookup16(id)
		ft := formatOf16(f.In[0])
		counts := map[uint64]int{}
		for i := range uint64(8000) {
			in := f.Input16(i)
			x, y, z := uint16(in[0]), uint16(in[1]), uint16(in[2])
			ex, ey, ez := exp16(ft, x), exp16(ft, y), exp16(ft, z)
			inner := func(e int32) bool { return e > 0 && e < ft.emask-1 } // not clamped by withExp16
			ok := true
			switch s := i & 7; s {
			case 1:
				ok = ey == ex && ez == ex
			case 2:
				d := int32(ft.mant) + 2
				ok = !inner(ey) || abs(ey-ex) <= d
				ok = ok && (!inner(ez) || abs(ez-ex) <= d)
			case 4:
				ok = x>>15 != z>>15 && abs(int32(x&0x7fff)-int32(z&0x7fff)) <= 4 && abs(int32(y)-int32(ft.one)) <= 4
			case 5:
				ok = ex >= 1 && ex <= ft.emask-1 && (!inner(ey) || abs(ex+ey-ft.bias-(ft.emask-1)) <= 2)
			case 6:
				ok = ez <= 2 && (!inner(ey) || ex+ey-ft.bias <= 1)
			case 7:
				ok = !inner(ez) || abs(ez-(ex+ey-ft.bias)) <= int32(ft.mant)+2
			}
			if !ok {
				t.Fatalf("%s input %d (stratum %d): %04x %04x %04x", id, i, i&7, x, y, z)
			}
			counts[i&7]++
		}
		if len(counts) != 8 {
			t.Errorf("%s: %d strata", id, len(counts))
		}
	}
}

func abs(v int32) int32 { return max(v, -v) }
