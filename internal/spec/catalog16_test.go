package spec

import (
	"os"
	"regexp"
	"slices"
	"testing"
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
