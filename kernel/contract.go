package kernel

// The contraction pass models ptxas fusing PTX multiplies and dependent
// adds into FFMA/DFMA/HFMA2. Rule (fitted to the SASS of the reference
// kernels and of testdata/kernels; not documented by NVIDIA):
//
// A mul.f32, mul.f64, mul.f16, mul.bf16 (or an x2 form) without a rounding
// modifier (.rn/.rz/.rm/.rp), .sat or .approx is a candidate when every
// instruction that reads the value it defines (up to the register's next
// definition in the block, or in the whole function for a register defined
// once) is an add or sub of the same type without a rounding modifier,
// reading it once, with the same guard, in the same basic block of the SASS
// (no label between, and no instruction splitsBlock names), with neither
// multiplicand written before the last reader. Where an add or sub reads two candidates, the one with fewer
// readers (on a tie, the first operand's) is absorbed there and the other
// stops being a candidate.
// Each remaining candidate is absorbed by all its readers, which become fma.rn
// with their own .ftz and .sat (the product computed once per reader):
//
//	a*b + c, c + a*b → fma.rn(a, b, c)
//	a*b - c          → fma.rn(a, b, -c)
//	c - a*b          → fma.rn(-a, b, c)
//
// and the multiply is dropped. The quotient of div.approx.f32 and div.full.f32
// counts as a product too (their last SASS step is FMUL x', MUFU.RCP(y')): its
// readers become ptx.DivApproxFMA or DivFullFMA (index3d in testdata/kernels
// under -prec-div=false), when the div and the add agree on .ftz.
// Negation is the operand's sign bit flipped (for
// binary64 rounding.NegOperand64, which leaves a NaN as it is, as DFMA's
// negation modifier does; for the 16-bit types as internal/spec's HFMA2
// x, y, −z). Load runs the pass unless LoadOptions.NoContract.

// splitsBlock reports an instruction that ends a basic block of the SASS
// ptxas makes: control flow, and the instructions that it compiles to a call
// of a subroutine (the IEEE-rounded div, rcp and sqrt of f32 and f64, 64-bit
// integer div and rem). Device evidence (testdata/kernels/device/*/*.sass.xz):
// one CALL.REL per such instruction; black_scholes's first option, whose
// multiplies and subtraction have the second option's div.rn.f32 between
// them, stays FMUL + FADD in the default build and is one FFMA under
// -prec-div=false, where that division is div.full.f32 (no call).
func splitsBlock(in *inst) bool {
	switch in.op {
	case opBra, opCall, opRet, opExit, opBar, opTrap:
		return true
	case opDiv, opRcp, opSqrt:
		if in.t == tyF32 || in.t == tyF64 {
			return in.mod&mRnd != 0 && in.mod&(mApprox|mFull) == 0
		}
		return in.op == opDiv && in.t.size() == 8
	case opRem:
		return in.t.size() == 8
	}
	return false
}

// markContractions applies the rule to f's code in place.
func markContractions(f *function) {
	code := f.code
	if len(code) == 0 {
		return
	}
	// Basic blocks: a label starts one, a control instruction ends one.
	block := make([]int32, len(code))
	leader := make([]bool, len(code)+1)
	for _, pc := range f.labels {
		if pc >= 0 && pc <= len(code) {
			leader[pc] = true
		}
	}
	b := int32(0)
	for i := range code {
		if leader[i] {
			b++
		}
		block[i] = b
		if splitsBlock(&code[i]) {
			b++
		}
	}
	uses := make([]int32, f.nregs)
	ndefs := make([]int32, f.nregs)
	for i := range code {
		forEachUse(&code[i], func(r int32) {
			if r >= 0 && int(r) < len(uses) {
				uses[r]++
			}
		})
		in := &code[i]
		for k := 0; k < int(in.nd) && k < len(in.d); k++ {
			if r := in.d[k]; r >= 0 && int(r) < len(ndefs) {
				ndefs[r]++
			}
		}
	}
	// Candidates: each multiply all of whose readers can absorb it.
	type cand struct {
		pc    int
		users []int
		alive bool
	}
	byReg := map[int32]*cand{}
	var cands []*cand
	for i := range code {
		mul := &code[i]
		quot := mul.op == opDiv && mul.t == tyF32 && mul.mod&(mApprox|mFull) != 0 && mul.mod&mSat == 0
		if !quot && (mul.op != opMul || !mul.t.isFloat() || mul.mod&(mRnd|mSat|mApprox) != 0) || mul.nd != 1 {
			continue
		}
		d := mul.d[0]
		if d < 0 || int(d) >= len(uses) || uses[d] == 0 || mul.s[0] == d || mul.s[1] == d {
			continue
		}
		c := &cand{pc: i, alive: true}
		ok, closed := true, false
		for j := i + 1; j < len(code) && block[j] == block[i]; j++ {
			in := &code[j]
			reads := 0
			forEachUse(in, func(r int32) {
				if r == d {
					reads++
				}
			})
			if reads > 0 {
				if reads != 1 || (in.op != opAdd && in.op != opSub) || in.t != mul.t || in.mod&mRnd != 0 ||
					quot && in.mod&mFTZ != mul.mod&mFTZ ||
					in.guard != mul.guard || in.gneg != mul.gneg || in.ns != 2 || (in.s[0] != d && in.s[1] != d) {
					ok = false
					break
				}
				c.users = append(c.users, j)
			}
			if writes(in, d) {
				closed = true // later reads see another definition
				break
			}
			if ndefs[d] == 1 && len(c.users) == int(uses[d]) {
				closed = true // every reader found
				break
			}
			if writes(in, mul.s[0]) || writes(in, mul.s[1]) {
				break
			}
		}
		if !ok || !closed || len(c.users) == 0 {
			continue
		}
		byReg[d] = c
		cands = append(cands, c)
	}
	// An add of two candidates absorbs one: the one with fewer readers,
	// else its first operand's. The other is no candidate any more (it
	// stays a multiply, so it is an addend here and absorbed nowhere).
	for i := range code {
		in := &code[i]
		if in.op != opAdd && in.op != opSub {
			continue
		}
		c0, c1 := byReg[in.s[0]], byReg[in.s[1]]
		if c0 == nil || c1 == nil || !c0.alive || !c1.alive || c0 == c1 {
			continue
		}
		if len(c1.users) < len(c0.users) {
			c0.alive = false
		} else {
			c1.alive = false
		}
	}
	for _, c := range cands {
		if !c.alive {
			continue
		}
		mul := &code[c.pc]
		for _, j := range c.users {
			fuse(mul, &code[j])
		}
		mul.op = opNop
		mul.nd, mul.ns = 0, 0
	}
}

func fuse(mul, add *inst) {
	a, b := mul.s[0], mul.s[1]
	var c int32
	switch {
	case add.s[0] == mul.d[0]: // a*b ± c
		c = add.s[1]
		if add.op == opSub {
			add.mod |= mFuseNC
		}
	default: // c + a*b, c - a*b
		c = add.s[0]
		if add.op == opSub {
			add.mod |= mFuseNB
		}
	}
	add.op = opFma
	add.rnd = 0 // rounding.RN
	add.s = [4]int32{a, b, c, 0}
	add.ns = 3
	add.mod |= mFused
	if mul.op == opDiv { // the quotient's final multiply: a/b ± c
		add.mod |= mFuseDiv | mul.mod&(mApprox|mFull)
	}
}

// forEachUse calls fn for every register slot in that in reads.
func forEachUse(in *inst, fn func(int32)) {
	if in.guard >= 0 {
		fn(in.guard)
	}
	switch in.op {
	case opLd, opSt, opAtom, opRed, opCpAsync:
		fn(in.abase)
	}
	for k := 0; k < int(in.ns) && k < len(in.s); k++ {
		fn(in.s[k])
	}
}

func writes(in *inst, r int32) bool {
	for k := 0; k < int(in.nd) && k < len(in.d); k++ {
		if in.d[k] == r {
			return true
		}
	}
	return false
}
