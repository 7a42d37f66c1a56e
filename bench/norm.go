package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// Benchmark bindings of norm4df, rnorm4df, normf and rnormf: the emulation
// as a user calls it (fp.Flags.Norm4df(x, y, z, w), fp.Flags.Normf(a) on a
// slice), the native Go route (float64 sums of squares), and the inputs of
// the array functions laid out as one flat slice, so that no call
// allocates.

func init() {
	for id, m := range map[string]func(fp.Flags, float32, float32, float32, float32) float32{
		"norm4df": fp.Flags.Norm4df, "rnorm4df": fp.Flags.Rnorm4df,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop4(m, fl, decode(in[0], argF32), decode(in[1], argF32), decode(in[2], argF32), decode(in[3], argF32), packF32)
		}
	}
	for id, m := range map[string]func(fp.Flags, []float32) float32{
		"normf": fp.Flags.Normf, "rnormf": fp.Flags.Rnormf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			flat, off := arrays(in, argF32)
			out := make([]float32, len(off)-1)
			return runner{run: func() {
				for i := range out {
					out[i] = m(fl, flat[off[i]:off[i+1]])
				}
			}, result: func(i int) uint64 { return packF32(out[i]) }}
		}
	}

	// The float64 squares are exact and their sum rounds at most three
	// (array: seven) times: the route is what a user writes, not a
	// correctly rounded one. Each product is converted before it is added,
	// so that no port fuses it into an FMA.
	natives["norm4"] = nat4("float32(math.Sqrt(x*x + y*y + z*z + w*w)) in float64", func(xs, ys, zs, ws, out []float32) {
		ys, zs, ws, out = ys[:len(xs)], zs[:len(xs)], ws[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			a, b, c, d := float64(x), float64(ys[i]), float64(zs[i]), float64(ws[i])
			out[i] = float32(math.Sqrt(float64(a*a) + float64(b*b) + float64(c*c) + float64(d*d)))
		}
	})
	natives["rnorm4"] = nat4("float32(1 / math.Sqrt(x*x + y*y + z*z + w*w)) in float64", func(xs, ys, zs, ws, out []float32) {
		ys, zs, ws, out = ys[:len(xs)], zs[:len(xs)], ws[:len(xs)], out[:len(xs)]
		for i, x := range xs {
			a, b, c, d := float64(x), float64(ys[i]), float64(zs[i]), float64(ws[i])
			out[i] = float32(1 / math.Sqrt(float64(a*a)+float64(b*b)+float64(c*c)+float64(d*d)))
		}
	})
	natives["norm"] = natArray("float32(math.Sqrt(Σ a[i]*a[i])) in float64", func(a []float32) float32 {
		s := 0.0
		for _, v := range a {
			s += float64(float64(v) * float64(v))
		}
		return float32(math.Sqrt(s))
	})
	natives["rnorm"] = natArray("float32(1 / math.Sqrt(Σ a[i]*a[i])) in float64", func(a []float32) float32 {
		s := 0.0
		for _, v := range a {
			s += float64(float64(v) * float64(v))
		}
		return float32(1 / math.Sqrt(s))
	})
}

func loop4[R, A, Z any](m func(R, A, A, A, A) Z, r R, xs, ys, zs, ws []A, pack func(Z) uint64) runner {
	out := make([]Z, len(xs))
	return runner{
		run: func() {
			out, ys, zs, ws := out[:len(xs)], ys[:len(xs)], zs[:len(xs)], ws[:len(xs)]
			for i, x := range xs {
				out[i] = m(r, x, ys[i], zs[i], ws[i])
			}
		},
		result: func(i int) uint64 { return pack(out[i]) },
	}
}

func nat4(expr string, loop func(xs, ys, zs, ws, out []float32)) native {
	return native{expr: expr, bind: func(in columns) runner {
		xs, ys, zs, ws := decode(in[0], argF32), decode(in[1], argF32), decode(in[2], argF32), decode(in[3], argF32)
		out := make([]float32, len(xs))
		return runner{run: func() { loop(xs, ys, zs, ws, out) }, result: func(i int) uint64 { return packF32(out[i]) }}
	}}
}

// natArray is a native route of an array function: f on each input's
// elements.
func natArray(expr string, f func(a []float32) float32) native {
	return native{expr: expr, bind: func(in columns) runner {
		flat, off := arrays(in, argF32)
		out := make([]float32, len(off)-1)
		return runner{run: func() {
			for i := range out {
				out[i] = f(flat[off[i]:off[i+1]])
			}
		}, result: func(i int) uint64 { return packF32(out[i]) }}
	}}
}

// arrays lays the array arguments of in (column 0 the counts, columns 1…
// the elements) out in one slice: input i's elements are flat[off[i]:off[i+1]].
func arrays[A any](in columns, arg func(uint64) A) (flat []A, off []int) {
	off = make([]int, 1, len(in[0])+1)
	for i := range in[0] {
		a := spec.Args{in[0][i]}
		d := spec.ArrayLen(&a)
		for j := range d {
			flat = append(flat, arg(in[1+j][i]))
		}
		off = append(off, len(flat))
	}
	return flat, off
}

// refRunnerN evaluates a reference of four arguments or of an array
// (ulp.Ref.RoundN) on in, correctly rounded in mode m.
func refRunnerN(r *ulp.Ref, f *spec.Func, m rounding.Mode, in columns) runner {
	var flat []uint32
	var off []int
	if f.Array {
		flat, off = arrays(in, argU32)
	} else {
		off = make([]int, len(in[0])+1)
		for i := range in[0] {
			for j := range f.Arity() {
				flat = append(flat, uint32(in[j][i]))
			}
			off[i+1] = len(flat)
		}
	}
	out := make([]uint32, len(off)-1)
	return runner{run: func() {
		for i := range out {
			out[i] = r.RoundN(flat[off[i]:off[i+1]], m)
		}
	}, result: func(i int) uint64 { return uint64(out[i]) }}
}
