package spec

import (
	"testing"
)

// TestNewShapeInputs checks the tuples of the shapes of norm4df, normf and
// jnf: the grid's size and parts, the array grid's repeated and zeroed
// elements, and, over the first 2^16 generated inputs, that normf's counts
// cover 1…MaxArray with nothing past them, and jnf's orders cover
// [-10, 100] with the small ones ten times as frequent as those above 20.
func TestNewShapeInputs(t *testing.T) {
	norm4, _ := Lookup("norm4df")
	normf, _ := Lookup("normf")
	jnf, _ := Lookup("jnf")
	if got, want := norm4.GridLen(), len(ternarySpecials)*len(ternarySpecials)*len(ternarySpecials)*len(ternarySpecials); got != want {
		t.Errorf("norm4df: %d grid points, want %d", got, want)
	}
	if got, want := jnf.GridLen(), len(besselOrders)*(len(jnf.Grid())-len(besselOrders)); got != want {
		t.Errorf("jnf: %d grid points, want %d", got, want)
	}
	for k := range normf.GridLen() {
		in := normf.GridPoint(normf.Grid(), k)
		d := int(in[0])
		if d < 1 || d > MaxArray {
			t.Fatalf("normf grid point %d: count %d", k, d)
		}
		for j := 1; j < MaxArgs; j++ {
			want := uint64(0)
			if j <= d {
				want = in[1+(j-1)%GridElems]
			}
			if in[j] != want {
				t.Fatalf("normf grid point %d: %x: element %d is %#x, want %#x", k, in, j, in[j], want)
			}
		}
	}
	var dims [MaxArray + 1]int
	orders := map[int32]int{}
	for i := range uint64(1 << 16) {
		in := normf.Input(i)
		d := int(in[0])
		if d < 1 || d > MaxArray {
			t.Fatalf("normf input %d: count %d", i, d)
		}
		dims[d]++
		for j := 1 + d; j < MaxArgs; j++ {
			if in[j] != 0 {
				t.Fatalf("normf input %d: %x: word %d past the count is not 0", i, in, j)
			}
		}
		n := int32(uint32(jnf.Input(i)[0]))
		if n < -10 || n > 100 {
			t.Fatalf("jnf input %d: order %d", i, n)
		}
		orders[n]++
	}
	for d := 1; d <= MaxArray; d++ {
		if dims[d] < 1<<16/MaxArray*9/10 {
			t.Errorf("normf: count %d in %d of 2^16 inputs", d, dims[d])
		}
	}
	for _, n := range []int32{-10, 0, 5, 20, 21, 100} {
		if orders[n] == 0 {
			t.Errorf("jnf: order %d never generated", n)
		}
	}
	if orders[3] < 10*orders[50] {
		t.Errorf("jnf: order 3 in %d inputs, order 50 in %d: not weighted to small orders", orders[3], orders[50])
	}
}
