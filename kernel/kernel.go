package kernel

import (
	"fmt"
	"sort"
	"sync"
)

// Reserved slots of every kernel: register 0 is a scratch sink.
const (
	regCarry = 0 // the carry flag of add.cc/addc (per lane)
	regBase  = 1
)

type kconst struct {
	slot int32 // slot base (register × 32)
	kind uint8
	val  uint64
	gidx int // ckSym of a module global: its index in Module.globals
}

type copyOp struct{ src, dst, size int }

type kcall struct {
	target int32
	in     []copyOp
	out    []copyOp
	ret    int32 // pc after the call
}

type kfunc struct {
	fn      *function
	codeOff int
	regOff  int32
}

// Kernel is an .entry function linked with the .funcs it calls into one flat
// instruction array. It is safe for concurrent launches.
type Kernel struct {
	mod        *Module
	name       string
	entry      *function
	code       []inst
	nregs      int32
	consts     []kconst
	calls      []kcall
	funcs      []kfunc
	params     []*variable
	paramOffs  []int
	paramSize  int // kernel parameters
	threadPar  int // per-thread param space: kernel parameters, then call parameters
	localSize  int
	sharedSize int // static shared memory; dynamic shared memory starts here
	dynAlign   int
	pool       sync.Pool // *block of finished launches
	image      []uint64  // initial registers of a warp
	// globalAtomics: an atom or red may reach global memory (a .global or
	// generic address), so the order of blocks can show in the results.
	globalAtomics bool
}

// Name returns the kernel's (mangled) name.
func (k *Kernel) Name() string { return k.name }

// NumParams returns the number of the kernel's parameters.
func (k *Kernel) NumParams() int { return len(k.params) }

// Kernels returns the names of the module's .entry functions in source order.
func (m *Module) Kernels() []string {
	var s []string
	for _, f := range m.funcs {
		if f.entry && f.defined {
			s = append(s, f.name)
		}
	}
	return s
}

// Kernel returns the .entry function named name: its mangled name, or its
// demangled name without the parameter list ("reduce_sum<float>",
// "ns::kernel"). It fails with an *UnsupportedError if the kernel reaches
// an instruction or construct the interpreter does not execute.
func (m *Module) Kernel(name string) (*Kernel, error) {
	f := m.byName[name]
	if f == nil || !f.entry {
		f = nil
		var found []*function
		for _, g := range m.funcs {
			if g.entry && demangleBase(g.name) == name {
				found = append(found, g)
			}
		}
		if len(found) > 1 {
			return nil, fmt.Errorf("kernel name %q is ambiguous: %d kernels", name, len(found))
		}
		if len(found) == 1 {
			f = found[0]
		}
	}
	if f == nil || !f.defined {
		return nil, fmt.Errorf("%s: no kernel %q", m.file, name)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if k := m.kernels[f.name]; k != nil {
		return k, nil
	}
	k, err := m.link(f)
	if err == nil {
		m.kernels[f.name] = k
	}
	return k, err
}

func align(n, a int) int {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

// link lays out f and the functions it calls.
func (m *Module) link(entry *function) (*Kernel, error) {
	k := &Kernel{mod: m, name: entry.name, entry: entry, dynAlign: 16}
	// Reachable functions, no recursion.
	var order []*function
	state := map[*function]int{} // 1 visiting, 2 done
	var visit func(f *function, line int) error
	visit = func(f *function, line int) error {
		switch state[f] {
		case 1:
			return &UnsupportedError{File: m.file, Line: line, Msg: "recursive call of " + f.name}
		case 2:
			return nil
		}
		if f.bad != nil {
			return f.bad
		}
		if !f.defined {
			return &UnsupportedError{File: m.file, Line: line, Msg: "call of undefined function " + f.name}
		}
		state[f] = 1
		order = append(order, f)
		for _, cs := range f.calls {
			g := m.byName[cs.callee]
			if g == nil {
				return &ParseError{File: m.file, Line: cs.line, Msg: "call of undeclared function " + cs.callee}
			}
			if g.entry {
				return &UnsupportedError{File: m.file, Line: cs.line, Msg: "call of a kernel"}
			}
			if err := visit(g, cs.line); err != nil {
				return err
			}
		}
		state[f] = 2
		return nil
	}
	if err := visit(entry, entry.line); err != nil {
		return nil, err
	}
	// Param space: kernel parameters, then each function's formals, returns
	// and body .param variables.
	off := map[*variable]int{}
	p := 0
	for _, v := range entry.params {
		p = align(p, v.align)
		off[v] = p
		k.params = append(k.params, v)
		k.paramOffs = append(k.paramOffs, p)
		p += v.size
	}
	k.paramSize = p
	local, shared := 0, 0
	sharedOff := map[*variable]int{}
	var dyn []*variable
	placeShared := func(v *variable) {
		if _, ok := sharedOff[v]; ok {
			return
		}
		if v.extern {
			dyn = append(dyn, v)
			sharedOff[v] = -1
			if v.align > k.dynAlign {
				k.dynAlign = v.align
			}
			return
		}
		shared = align(shared, v.align)
		sharedOff[v] = shared
		shared += v.size
	}
	regs := int32(regBase)
	codeLen := 0
	for _, f := range order {
		k.funcs = append(k.funcs, kfunc{fn: f, codeOff: codeLen, regOff: regs})
		codeLen += len(f.code)
		regs += f.nregs
		if regs > maxRegs {
			return nil, &UnsupportedError{File: m.file, Line: f.line, Msg: "too many registers in the kernel and its callees"}
		}
		if f != entry {
			for _, v := range append(append([]*variable{}, f.params...), f.rets...) {
				p = align(p, v.align)
				off[v] = p
				p += v.size
			}
		}
		for _, v := range f.vars {
			switch v.space {
			case spParam:
				p = align(p, v.align)
				off[v] = p
				p += v.size
			case spLocal:
				local = align(local, v.align)
				off[v] = local
				local += v.size
			case spShared:
				placeShared(v)
			}
		}
		for _, c := range f.consts {
			if c.kind == ckSym && c.sym.space == spShared {
				placeShared(c.sym)
			}
		}
	}
	if local > maxLocal || shared > 228<<10 || p > 64<<10 {
		return nil, &UnsupportedError{File: m.file, Line: entry.line, Msg: "local, shared or parameter memory too large"}
	}
	k.threadPar = align(p, 8)
	k.localSize = align(local, 16)
	k.sharedSize = align(shared, 16)
	dynOff := align(shared, k.dynAlign)
	for _, v := range dyn {
		sharedOff[v] = dynOff
	}
	k.sharedSize = dynOff
	k.nregs = regs
	k.code = make([]inst, 0, codeLen)
	nf64 := 0
	fi := map[*function]int{}
	for i, kf := range k.funcs {
		fi[kf.fn] = i
	}
	for _, kf := range k.funcs {
		f := kf.fn
		rel := func(r int32) int32 { return (r + kf.regOff) * 32 }
		for _, c := range f.consts {
			kc := kconst{slot: rel(c.reg), kind: c.kind, val: c.val}
			if c.kind == ckSym {
				v := c.sym
				switch v.space {
				case spGlobal, spConst:
					kc.gidx = v.index
				case spShared:
					kc.kind, kc.val = ckImm, uint64(sharedOff[v])
				case spLocal:
					kc.kind, kc.val = ckImm, uint64(off[v])
				case spParam:
					o, ok := off[v]
					if !ok {
						return nil, &UnsupportedError{File: m.file, Line: f.line, Msg: "parameter " + v.name + " of another function"}
					}
					kc.kind, kc.val = ckImm, uint64(o)
				}
			}
			k.consts = append(k.consts, kc)
		}
		for _, in := range f.code {
			if in.guard >= 0 {
				in.guard = rel(in.guard)
			}
			for i := 0; i < 4; i++ {
				in.d[i] = rel(in.d[i])
				in.s[i] = rel(in.s[i])
			}
			in.abase = rel(in.abase)
			switch in.op {
			case opBra:
				in.tgt += int32(kf.codeOff)
			case opCall:
				cs := f.calls[in.tgt]
				g := m.byName[cs.callee]
				if len(cs.args) != len(g.params) || len(cs.rets) > len(g.rets) {
					return nil, &ParseError{File: m.file, Line: cs.line, Msg: fmt.Sprintf("call of %s with %d arguments and %d results; it takes %d and returns %d", g.name, len(cs.args), len(cs.rets), len(g.params), len(g.rets))}
				}
				kc := kcall{target: int32(k.funcs[fi[g]].codeOff), ret: int32(len(k.code) + 1)}
				for i, a := range cs.args {
					kc.in = append(kc.in, copyOp{src: off[a], dst: off[g.params[i]], size: min(a.size, g.params[i].size)})
				}
				for i, r := range cs.rets {
					kc.out = append(kc.out, copyOp{src: off[g.rets[i]], dst: off[r], size: min(r.size, g.rets[i].size)})
				}
				in.tgt = int32(len(k.calls))
				k.calls = append(k.calls, kc)
			case opRet:
				if f != entry {
					in.sub = 1 // return from a .func
				}
			}
			if in.t == tyF64 && (in.op == opAdd || in.op == opSub || in.op == opMul || in.op == opFma || in.op == opMad || in.op == opMin || in.op == opMax) {
				in.sub = uint8(min(nf64, 255))
				nf64++
			}
			k.code = append(k.code, in)
		}
	}
	// An entry that falls off its end exits.
	k.code = append(k.code, inst{op: opExit, guard: -1, line: -1})
	for i := range k.code {
		in := &k.code[i]
		in.fn = handlerOf(in)
		if (in.op == opAtom || in.op == opRed) && in.space != spShared {
			k.globalAtomics = true
		}
	}
	sort.SliceStable(k.consts, func(i, j int) bool { return k.consts[i].slot < k.consts[j].slot })
	// The register image a warp starts from: zeros, and the immediates in
	// all 32 lanes; the per-lane and per-launch constants stay in consts.
	k.image = make([]uint64, int(k.nregs)*32)
	rest := k.consts[:0:0]
	for _, c := range k.consts {
		if c.kind == ckImm || c.kind == ckZero {
			for l := 0; l < 32; l++ {
				k.image[int(c.slot)+l] = c.val
			}
			continue
		}
		rest = append(rest, c)
	}
	k.consts = rest
	return k, nil
}
