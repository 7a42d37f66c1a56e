package spec

import (
	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/ptx"
)

// Bindings of the PTX instruction forms (package ptx). Inline asm is not
// changed by nvcc flags: the .ftz modifier is part of the instruction.
func init() {
	unary := []struct {
		name string
		fn   func(x uint32, ftz bool) uint32
	}{
		{"ex2.approx", ptx.Ex2Approx},
		{"lg2.approx", ptx.Lg2Approx},
		{"sin.approx", ptx.SinApprox},
		{"cos.approx", ptx.CosApprox},
		{"rcp.approx", ptx.RcpApprox},
		{"rsqrt.approx", ptx.RsqrtApprox},
		{"sqrt.approx", ptx.SqrtApprox},
	}
	for _, u := range unary {
		for _, ftz := range []bool{false, true} {
			id := "ptx_" + underscore(u.name)
			if ftz {
				id += "_ftz"
			}
			fn, ftz := u.fn, ftz
			bindBits32(id+"_f32", func(fp.Flags) func(uint32) uint32 {
				return func(x uint32) uint32 { return fn(x, ftz) }
			})
		}
	}
	bindBits32("ptx_tanh_approx_f32", func(fp.Flags) func(uint32) uint32 { return ptx.TanhApprox })
	binary := []struct {
		name string
		fn   func(x, y uint32, ftz bool) uint32
	}{
		{"div.approx", ptx.DivApprox},
		{"div.full", ptx.DivFull},
	}
	for _, b := range binary {
		for _, ftz := range []bool{false, true} {
			id := "ptx_" + underscore(b.name)
			if ftz {
				id += "_ftz"
			}
			fn, ftz := b.fn, ftz
			bindKernel(id+"_f32", func(fp.Flags) Kernel {
				return func(in *Args) uint64 {
					a, b := in[0], in[1]
					return uint64(fn(uint32(a), uint32(b), ftz))
				}
			})
		}
	}
}
