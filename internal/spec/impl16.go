package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of the 16-bit catalog (catalog16.go). An implementation is
// registered under the entry's ID ("f16_hadd", "bf16_float2bfloat16_rz")
// with bindKernel, or with the helpers below for the common shapes; the
// Kernel sees each 16-bit argument's encoding in the low 16 bits of its
// word (a vector's lane 0 in bits 0-15, lane 1 in 16-31) and returns the
// result's encoding in the low bits (a bool as 0 or 1). A vector function
// (Func.Lane) needs no binding of its own: once its scalar form is bound,
// Impl applies that to each lane. The flags a binding receives are the
// effective ones (Func.Sens: -ftz and -fmad for the functions whose PTX
// reads them, gpu/ref/README.md), for example
//
//	bindH2("f16_hadd", func(fp.Flags) func(x, y uint16) uint16 { return rounding.AddF16 })
//	bindKernel("f16_float2half_rz", func(fp.Flags) Kernel {
//		return func(in *Args) uint64 { return uint64(rounding.F32ToF16(uint32(in[0]), rounding.RZ)) }
//	})
//
// (the Go names are the implementer's).

// bindH1, bindH2 and bindH3 register a function of one, two or three 16-bit
// encodings to a 16-bit encoding, given per flag set.
func bindH1(id string, fn func(fp.Flags) func(x uint16) uint16) {
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return uint64(g(uint16(in[0]))) }
	})
}

func bindH2(id string, fn func(fp.Flags) func(x, y uint16) uint16) {
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return uint64(g(uint16(in[0]), uint16(in[1]))) }
	})
}

func bindH3(id string, fn func(fp.Flags) func(x, y, z uint16) uint16) {
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return uint64(g(uint16(in[0]), uint16(in[1]), uint16(in[2]))) }
	})
}

// laneKernel returns the kernel of vector function f under fl from its
// scalar form's binding: the scalar kernel on lane 0 and on lane 1 of every
// argument, the results packed lane 0 low.
func laneKernel(f *Func, fl fp.Flags) (Kernel, bool) {
	s, ok := Lookup16(f.lane)
	if !ok {
		return nil, false
	}
	b, ok := bindings[s.ID]
	if !ok {
		return nil, false
	}
	k := b(s.Sens.Effective(fl))
	n := len(f.In)
	return func(in *Args) uint64 {
		var lo, hi Args
		for j := range n {
			lo[j], hi[j] = in[j]&0xffff, in[j]>>16&0xffff
		}
		return k(&lo)&0xffff | (k(&hi)&0xffff)<<16
	}, true
}
