package spec

import "github.com/cudafp/cudafp/fp"

// OrderedKernel is f's kernel of package rounding's ordered operations
// under fl and orders o, even for zero orders (where ImplOrdered returns
// Impl's kernel).
func OrderedKernel(f *Func, fl fp.Flags, o NaNOrders) (Kernel, bool) {
	b, ok := ordered[f.ID]
	if !ok {
		return nil, false
	}
	return b(f.Sens.Effective(fl), o), true
}
