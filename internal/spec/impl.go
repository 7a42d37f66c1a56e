package spec

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// MaxArgs is the most argument words of a catalogued function: normf's
// count and the eight elements of its array (MaxArray).
const MaxArgs = 1 + MaxArray

// MaxArray is the most array elements the catalog passes to an array
// function (normf, rnormf): the device captures dims 1 to MaxArray.
const MaxArray = 8

// Args is one argument tuple: argument j is the encoding of f.In[j] in the
// low bits of word j; the words past the arity (and, for an array function,
// past its count) are 0.
type Args [MaxArgs]uint64

// Kernel evaluates a function on bit patterns (an argument tuple, see
// Args); the result is packed as in the golden files (one 32-bit result in
// the low half; a 64-bit result whole; two results as first<<32 | second).
type Kernel func(in *Args) uint64

// Impl returns f's Go implementation under flags fl, and whether one exists.
// Flags f ignores (Sens) do not matter.
func (f *Func) Impl(fl fp.Flags) (Kernel, bool) {
	b, ok := bindings[f.ID]
	if !ok {
		if f.lane != "" {
			return laneKernel(f, fl)
		}
		return nil, false
	}
	return b(f.Sens.Effective(fl)), true
}

// Implemented reports whether f has a Go implementation.
func (f *Func) Implemented() bool {
	_, ok := bindings[f.ID]
	if !ok && f.lane != "" {
		_, ok = bindings[f.lane]
	}
	return ok
}

// Unary32 returns f's implementation under fl as a function of one 32-bit
// encoding to one 32-bit result, the fast path of exhaustive sweeps; ok is
// false when f is not implemented or has another shape.
func (f *Func) Unary32(fl fp.Flags) (fn func(uint32) uint32, ok bool) {
	if !f.Exhaustive() || f.WideOut() {
		return nil, false
	}
	if u, ok := unary32[f.ID]; ok {
		return u(f.Sens.Effective(fl)), true
	}
	k, ok := f.Impl(fl)
	if !ok {
		return nil, false
	}
	return func(x uint32) uint32 {
		in := Args{uint64(x)}
		return uint32(k(&in))
	}, true
}

// DirectUnary32 is Unary32 for the functions registered with a direct
// 32-bit form only; ok is false for the others, whose Unary32 wraps the
// Kernel and allocates its argument array on every call (the Kernel is an
// indirect call, so the array escapes). A loop over many inputs calls the
// Kernel itself with one reused Args instead.
func (f *Func) DirectUnary32(fl fp.Flags) (fn func(uint32) uint32, ok bool) {
	u, ok := unary32[f.ID]
	if !ok || !f.Exhaustive() || f.WideOut() {
		return nil, false
	}
	return u(f.Sens.Effective(fl)), true
}

// Run32 is DirectUnary32 on a run of consecutive inputs: run(x0, out) sets
// out[i] to the result for input x0 + i (wrapping past 2^32 − 1). For the
// float32 methods (bindF32) its loop calls the method itself, one indirect
// call per input fewer than a loop calling DirectUnary32's function; the
// exhaustive sweeps and the golden hashes use it. ok is false where
// DirectUnary32's is.
func (f *Func) Run32(fl fp.Flags) (run func(x0 uint32, out []uint32), ok bool) {
	r, ok := runs32[f.ID]
	if !ok || !f.Exhaustive() || f.WideOut() {
		return nil, false
	}
	return r(f.Sens.Effective(fl)), true
}

// A binding maps (effective) flags to a kernel.
type binding func(fp.Flags) Kernel

var (
	bindings = map[string]binding{}
	unary32  = map[string]func(fp.Flags) func(uint32) uint32{}
	runs32   = map[string]func(fp.Flags) func(x0 uint32, out []uint32){}
)

// bind registers the implementation of catalog entry id; it panics on an
// unknown or doubly bound ID (a programming error caught by every test).
func bind(id string, b binding) {
	if _, ok := Lookup(id); !ok && !in16(id) {
		panic("spec: binding for unknown function " + id)
	}
	if _, dup := bindings[id]; dup {
		panic("spec: function bound twice: " + id)
	}
	bindings[id] = b
}

// The float32 bindings take a method expression, m(r, x, …), and the
// receiver r that the flags select: the flags themselves (flagsOf, for
// package fp's methods) or an intrinsics.Target (target). A kernel, a
// Unary32 function or a Run32 loop then makes one indirect call per input,
// to the method itself; a method value (fl.Expf) would add a call of the
// wrapper the compiler makes for it, a closure over it a third.

// flagsOf is the receiver of package fp's methods: the flags themselves.
func flagsOf(fl fp.Flags) fp.Flags { return fl }

// bindF32 registers a float32 → float32 method m of receiver recv(fl).
func bindF32[R any](id string, recv func(fp.Flags) R, m func(R, float32) float32) {
	bind(id, func(fl fp.Flags) Kernel {
		r := recv(fl)
		return func(in *Args) uint64 {
			a := in[0]
			return uint64(math.Float32bits(m(r, math.Float32frombits(uint32(a)))))
		}
	})
	unary32[id] = func(fl fp.Flags) func(uint32) uint32 {
		r := recv(fl)
		return func(x uint32) uint32 { return math.Float32bits(m(r, math.Float32frombits(x))) }
	}
	runs32[id] = func(fl fp.Flags) func(x0 uint32, out []uint32) {
		r := recv(fl)
		return func(x0 uint32, out []uint32) {
			for i := range out {
				out[i] = math.Float32bits(m(r, math.Float32frombits(x0+uint32(i))))
			}
		}
	}
}

// bindBits32 registers a function on one 32-bit encoding given per flag set.
func bindBits32(id string, fn func(fp.Flags) func(uint32) uint32) {
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 {
			a := in[0]
			return uint64(g(uint32(a)))
		}
	})
	unary32[id] = fn
	runs32[id] = func(fl fp.Flags) func(x0 uint32, out []uint32) {
		g := fn(fl)
		return func(x0 uint32, out []uint32) {
			for i := range out {
				out[i] = g(x0 + uint32(i))
			}
		}
	}
}

// bindF32x2 registers a method m of two floats of receiver recv(fl).
func bindF32x2[R any](id string, recv func(fp.Flags) R, m func(R, float32, float32) float32) {
	bind(id, func(fl fp.Flags) Kernel {
		r := recv(fl)
		return func(in *Args) uint64 {
			a, b := in[0], in[1]
			return uint64(math.Float32bits(m(r, math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b)))))
		}
	})
}

// bindF32x3 registers a method m of three floats of receiver recv(fl).
func bindF32x3[R any](id string, recv func(fp.Flags) R, m func(R, float32, float32, float32) float32) {
	bind(id, func(fl fp.Flags) Kernel {
		r := recv(fl)
		return func(in *Args) uint64 {
			a, b, c := in[0], in[1], in[2]
			return uint64(math.Float32bits(m(r, math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b)), math.Float32frombits(uint32(c)))))
		}
	})
}

// bindKernel registers a kernel given directly on bit patterns.
func bindKernel(id string, fn func(fp.Flags) Kernel) { bind(id, fn) }

// bindF32x4 registers a method m of four floats of package fp.
func bindF32x4(id string, m func(fp.Flags, float32, float32, float32, float32) float32) {
	bind(id, func(fl fp.Flags) Kernel {
		return func(in *Args) uint64 {
			return uint64(math.Float32bits(m(fl, math.Float32frombits(uint32(in[0])), math.Float32frombits(uint32(in[1])),
				math.Float32frombits(uint32(in[2])), math.Float32frombits(uint32(in[3])))))
		}
	})
}

// ArrayLen returns the number of elements an array function (Func.Array)
// reads from in: the count in[0] as an int, clamped to [0, MaxArray] (the
// catalog generates counts 1 to MaxArray only).
func ArrayLen(in *Args) int {
	d := int32(uint32(in[0]))
	return int(max(0, min(d, MaxArray)))
}

// loadArray decodes the elements of an array function's tuple into a and
// returns the ArrayLen(in) of them that the function reads.
func loadArray(in *Args, a *[MaxArray]float32) []float32 {
	n := ArrayLen(in)
	for j := range n {
		a[j] = math.Float32frombits(uint32(in[1+j]))
	}
	return a[:n]
}

func in16(id string) bool {
	f, ok := Lookup16(id)
	return ok && f.ID == id
}
