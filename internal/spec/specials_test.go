package spec

import (
	"math"
	"testing"
)

// TestBesselZeros checks that each of besselZeros is a float32 nearest to
// a zero of its Bessel function: Go's math.J0/J1/Y0/Y1 change sign between
// the midpoints to its two float32 neighbours (their absolute error, near
// 1e-16, is far below the function's change over half an ulp there).
func TestBesselZeros(t *testing.T) {
	fs := []struct {
		name string
		f    func(float64) float64
	}{{"J0", math.J0}, {"J1", math.J1}, {"Y0", math.Y0}, {"Y1", math.Y1}}
	for k, z := range besselZeros {
		fn := fs[k/4]
		x := float64(math.Float32frombits(z))
		lo := (x + float64(math.Float32frombits(z-1))) / 2
		hi := (x + float64(math.Float32frombits(z+1))) / 2
		if (fn.f(lo) < 0) == (fn.f(hi) < 0) {
			t.Errorf("besselZeros[%d] = %#08x [%x]: %s(%x) and %s(%x) have the same sign", k, z, x, fn.name, lo, fn.name, hi)
		}
		if k%4 > 0 && z <= besselZeros[k-1] {
			t.Errorf("besselZeros[%d] = %#08x: the zeros of %s are not increasing", k, z, fn.name)
		}
	}
}
