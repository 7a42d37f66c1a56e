package kernel

import (
	"strings"

	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// mods are the dotted modifiers of one opcode, classified.
type mods struct {
	types []ptype
	space uint8
	vec   uint8
	words []string
}

var simpleMods = map[string]uint32{
	"ftz": mFTZ, "sat": mSat, "approx": mApprox, "full": mFull, "hi": mHi, "lo": mLo, "wide": mWide,
	"cc": mCC, "uni": mUni, "sync": mSync, "relu": mRelu, "NaN": mNaN, "xorsign": mXorsign, "abs": mAbs,
	"volatile": mVolatile,
}

// ignoredMods change nothing in this model: caching hints, memory-ordering
// semantics and scopes (accesses are sequential per block), .aligned.
var ignoredMods = map[string]bool{
	"nc": true, "ca": true, "cg": true, "cs": true, "lu": true, "cv": true, "wb": true, "wt": true,
	"weak": true, "relaxed": true, "acquire": true, "release": true, "acq_rel": true, "sc": true, "mmio": true,
	"cta": true, "gpu": true, "sys": true, "cluster": true, "aligned": true, "noftz": false,
}

var rndMods = map[string]rounding.Mode{"rn": rounding.RN, "rz": rounding.RZ, "rm": rounding.RD, "rp": rounding.RU}
var irndMods = map[string]rounding.Mode{"rni": rounding.RN, "rzi": rounding.RZ, "rmi": rounding.RD, "rpi": rounding.RU}

var floatCmp = map[string]ptx.Cmp{
	"eq": ptx.EQ, "ne": ptx.NE, "lt": ptx.LT, "le": ptx.LE, "gt": ptx.GT, "ge": ptx.GE,
	"equ": ptx.EQU, "neu": ptx.NEU, "ltu": ptx.LTU, "leu": ptx.LEU, "gtu": ptx.GTU, "geu": ptx.GEU,
	"num": ptx.NUM, "nan": ptx.NAN,
}

var intCmp = map[string]uint8{
	"eq": icEQ, "ne": icNE, "lt": icLT, "le": icLE, "gt": icGT, "ge": icGE,
	"lo": icLO, "ls": icLS, "hi": icHI, "hs": icHS,
}

var boolOps = map[string]uint8{"and": boolAnd, "or": boolOr, "xor": boolXor}

// Shuffle, vote, atomic, testp and bfe/prmt sub-operations (inst.sub).
const (
	shflUp uint8 = iota
	shflDown
	shflBfly
	shflIdx
)

const (
	voteAll uint8 = iota
	voteAny
	voteUni
	voteBallot
)

const (
	atomAdd uint8 = iota
	atomMin
	atomMax
	atomInc
	atomDec
	atomAnd
	atomOr
	atomXor
	atomExch
	atomCas
)

var atomOps = map[string]uint8{"add": atomAdd, "min": atomMin, "max": atomMax, "inc": atomInc, "dec": atomDec,
	"and": atomAnd, "or": atomOr, "xor": atomXor, "exch": atomExch, "cas": atomCas}

const (
	tpFinite uint8 = iota
	tpInfinite
	tpNumber
	tpNaN
	tpNormal
	tpSubnormal
)

var testpOps = map[string]uint8{"finite": tpFinite, "infinite": tpInfinite, "number": tpNumber,
	"notanumber": tpNaN, "normal": tpNormal, "subnormal": tpSubnormal}

var prmtModes = map[string]uint8{"f4e": 1, "b4e": 2, "rc8": 3, "ecl": 4, "ecr": 5, "rc16": 6}

func (p *parser) decode(in *inst, opc string, ops []opnd, split []int) error {
	parts := strings.Split(opc, ".")
	base := parts[0]
	var m mods
	hasRnd := false
	for _, w := range parts[1:] {
		if t, ok := typeNames[w]; ok {
			m.types = append(m.types, t)
			continue
		}
		if r, ok := rndMods[w]; ok && base != "shf" {
			in.rnd, hasRnd = r, true
			in.mod |= mRnd
			continue
		}
		if r, ok := irndMods[w]; ok {
			in.rnd, hasRnd = r, true
			in.mod |= mIRnd
			continue
		}
		if f, ok := simpleMods[w]; ok && !(w == "hi" || w == "lo") {
			in.mod |= f
			continue
		}
		sp := w
		if i := strings.Index(w, "::"); i >= 0 {
			sp = w[:i]
		}
		if s, ok := spaceNames["."+sp]; ok {
			m.space = s
			continue
		}
		switch w {
		case "v2":
			m.vec = 2
			continue
		case "v4":
			m.vec = 4
			continue
		}
		if ignoredMods[w] || strings.HasPrefix(w, "L1::") || strings.HasPrefix(w, "L2::") {
			continue
		}
		m.words = append(m.words, w)
	}
	_ = hasRnd
	in.space = m.space
	bad := func(msg string) error { return p.unsupported(int(in.line), opc, msg) }
	typ := func(n int) error {
		if len(m.types) != n {
			return bad("expected " + itoa(n) + " type modifier(s)")
		}
		in.t = m.types[0]
		if n > 1 {
			in.t2 = m.types[1]
		}
		return nil
	}
	words := func(allowed ...string) error {
		for _, w := range m.words {
			ok := false
			for _, a := range allowed {
				if w == a {
					ok = true
				}
			}
			if !ok {
				return bad("modifier ." + w)
			}
		}
		return nil
	}
	has := func(w string) bool {
		for _, x := range m.words {
			if x == w {
				return true
			}
		}
		return false
	}
	// operand helpers
	nops := func(n int) error {
		if len(ops) != n {
			return p.errf(int(in.line), "%s takes %d operands, found %d", opc, n, len(ops))
		}
		return nil
	}
	dst := func(k int) (int32, error) {
		if k >= len(ops) || ops[k].kind != oReg || ops[k].neg {
			return 0, p.errf(int(in.line), "%s: operand %d must be a register", opc, k+1)
		}
		return ops[k].reg, nil
	}
	src := func(k int) (int32, error) {
		if k >= len(ops) {
			return 0, p.errf(int(in.line), "%s: missing operand %d", opc, k+1)
		}
		o := ops[k]
		switch o.kind {
		case oReg:
			return o.reg, nil
		case oImm:
			return p.immSlot(o.imm), nil
		case oName:
			v := p.lookupVar(o.name)
			if v == nil {
				return 0, p.errf(o.line, "undeclared identifier %s", o.name)
			}
			if o.off != 0 {
				return 0, bad("symbol+offset as a value")
			}
			return p.symSlot(v), nil
		}
		return 0, p.errf(o.line, "%s: operand %d has the wrong form", opc, k+1)
	}
	// dsts: d operands then sources from index first.
	regs := func(nd, ns int) error {
		if err := nops(nd + ns); err != nil {
			return err
		}
		for i := 0; i < nd; i++ {
			r, err := dst(i)
			if err != nil {
				return err
			}
			in.d[i] = r
		}
		for i := 0; i < ns; i++ {
			r, err := src(nd + i)
			if err != nil {
				return err
			}
			if ops[nd+i].neg {
				in.mod |= mNeg0 << uint(i)
			}
			in.s[i] = r
		}
		in.nd, in.ns = uint8(nd), uint8(ns)
		return nil
	}
	addr := func(k int) error {
		if k >= len(ops) || ops[k].kind != oAddr {
			return p.errf(int(in.line), "%s: operand %d must be an address", opc, k+1)
		}
		in.abase, in.off = ops[k].reg, ops[k].off
		return nil
	}
	floatOnly := func() error {
		if !in.t.isFloat() {
			return bad("needs a floating-point type")
		}
		return nil
	}

	switch base {
	case "mov":
		in.op = opMov
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		if err := nops(2); err != nil {
			return err
		}
		if (ops[0].kind == oVec && len(ops[0].vec) < 2) || (ops[1].kind == oVec && len(ops[1].vec) < 2) {
			return p.errf(int(in.line), "%s: a vector operand needs 2 to 4 elements", opc)
		}
		if ops[0].kind == oVec {
			in.op = opUnpack
			in.vec = uint8(len(ops[0].vec))
			copy(in.d[:], ops[0].vec)
			r, err := src(1)
			in.s[0], in.nd, in.ns = r, in.vec, 1
			return err
		}
		if ops[1].kind == oVec {
			in.op = opPack
			in.vec = uint8(len(ops[1].vec))
			copy(in.s[:], ops[1].vec)
			r, err := dst(0)
			in.d[0], in.nd, in.ns = r, 1, in.vec
			return err
		}
		if ops[1].kind == oName && p.lookupVar(ops[1].name) == nil {
			return bad("address of a function or label")
		}
		return regs(1, 1)
	case "ld", "ldu":
		in.op = opLd
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		if err := nops(2); err != nil {
			return err
		}
		in.vec = 1
		if m.vec != 0 {
			in.vec = m.vec
			if ops[0].kind != oVec || len(ops[0].vec) != int(m.vec) {
				return p.errf(int(in.line), "%s: destination must be a vector of %d registers", opc, m.vec)
			}
			copy(in.d[:], ops[0].vec)
		} else {
			r, err := dst(0)
			if err != nil {
				return err
			}
			in.d[0] = r
		}
		if in.t == tyB128 {
			return bad(".b128")
		}
		in.nd = in.vec
		return addr(1)
	case "st":
		in.op = opSt
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		if err := nops(2); err != nil {
			return err
		}
		in.vec = 1
		if m.vec != 0 {
			in.vec = m.vec
			if ops[1].kind != oVec || len(ops[1].vec) != int(m.vec) {
				return p.errf(int(in.line), "%s: source must be a vector of %d registers", opc, m.vec)
			}
			copy(in.s[:], ops[1].vec)
		} else {
			r, err := src(1)
			if err != nil {
				return err
			}
			in.s[0] = r
		}
		if in.t == tyB128 {
			return bad(".b128")
		}
		in.ns = in.vec
		return addr(0)
	case "cvt":
		in.op = opCvt
		if err := typ(2); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		if len(ops) == 3 && (in.t == tyF16x2 || in.t == tyBF16x2) && in.t2 == tyF32 {
			return regs(1, 2)
		}
		return regs(1, 1)
	case "cvta":
		in.op = opCvta
		if err := typ(1); err != nil {
			return err
		}
		if err := words("to"); err != nil {
			return err
		}
		if has("to") {
			in.sub = 1
		}
		if m.space == spGeneric {
			return p.errf(int(in.line), "%s: missing state space", opc)
		}
		return regs(1, 1)
	case "add", "sub", "addc", "subc":
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		in.op = opAdd
		if base == "sub" || base == "subc" {
			in.op = opSub
		}
		if base == "addc" || base == "subc" {
			in.mod |= mCarry
		}
		if in.mod&(mCC|mCarry) != 0 {
			if in.t.isFloat() {
				return bad("carry on a float type")
			}
			if base == "sub" || base == "subc" {
				in.sub = 1
			}
			in.op = opAddc
		}
		return regs(1, 2)
	case "mul":
		in.op = opMul
		if err := typ(1); err != nil {
			return err
		}
		if err := p.hiLo(in, &m); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		return regs(1, 2)
	case "mad", "madc":
		in.op = opMad
		if err := typ(1); err != nil {
			return err
		}
		if err := p.hiLo(in, &m); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		if base == "madc" {
			in.mod |= mCarry
		}
		if in.mod&(mCC|mCarry) != 0 {
			in.op = opMadc
		}
		if in.t.isFloat() {
			in.op = opFma
		}
		return regs(1, 3)
	case "fma":
		in.op = opFma
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		if err := floatOnly(); err != nil {
			return err
		}
		return regs(1, 3)
	case "div", "rem":
		in.op = opDiv
		if base == "rem" {
			in.op = opRem
		}
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		return regs(1, 2)
	case "abs", "neg", "not", "cnot", "popc", "clz", "brev":
		in.op = map[string]opcode{"abs": opAbs, "neg": opNeg, "not": opNot, "cnot": opCnot, "popc": opPopc, "clz": opClz, "brev": opBrev}[base]
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		return regs(1, 1)
	case "min", "max":
		in.op = opMin
		if base == "max" {
			in.op = opMax
		}
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		if in.mod&(mXorsign|mAbs) != 0 {
			return bad("min/max .xorsign.abs")
		}
		if len(ops) != 3 {
			return bad("three-operand min/max")
		}
		return regs(1, 2)
	case "shl", "shr", "and", "or", "xor", "copysign":
		in.op = map[string]opcode{"shl": opShl, "shr": opShr, "and": opAnd, "or": opOr, "xor": opXor, "copysign": opCopysign}[base]
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		return regs(1, 2)
	case "bfe":
		in.op = opBfe
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		return regs(1, 3)
	case "bfi":
		in.op = opBfi
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		return regs(1, 4)
	case "prmt":
		in.op = opPrmt
		if err := typ(1); err != nil {
			return err
		}
		for _, w := range m.words {
			mode, ok := prmtModes[w]
			if !ok {
				return bad("modifier ." + w)
			}
			in.sub = mode
		}
		return regs(1, 3)
	case "shf":
		in.op = opShf
		if err := typ(1); err != nil {
			return err
		}
		if err := words("l", "r", "clamp", "wrap"); err != nil {
			return err
		}
		if has("r") {
			in.sub = 1
		}
		if has("clamp") {
			in.mod |= mClamp
		}
		return regs(1, 3)
	case "selp":
		in.op = opSelp
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		return regs(1, 3)
	case "slct":
		in.op = opSlct
		if err := typ(2); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		return regs(1, 3)
	case "setp", "set":
		in.op = opSetp
		if base == "set" {
			in.op = opSet
			if err := typ(2); err != nil {
				return err
			}
		} else if err := typ(1); err != nil {
			return err
		}
		ct := in.t
		if base == "set" {
			ct = in.t2
		}
		for _, w := range m.words {
			if b, ok := boolOps[w]; ok {
				in.bop = b
				continue
			}
			if ct.isFloat() {
				c, ok := floatCmp[w]
				if !ok {
					return bad("comparison ." + w)
				}
				in.sub = uint8(c)
			} else {
				c, ok := intCmp[w]
				if !ok {
					return bad("comparison ." + w)
				}
				in.sub = c
			}
		}
		if len(m.words) == 0 || len(m.words) == 1 && in.bop != boolNone {
			return p.errf(int(in.line), "%s: missing comparison", opc)
		}
		nd := 1
		if base == "setp" && len(split) == 1 && split[0] == 1 {
			nd = 2
		}
		ns := len(ops) - nd
		if ns == 3 && in.bop == boolNone || ns == 2 && in.bop != boolNone || ns < 2 || ns > 3 {
			return p.errf(int(in.line), "%s: bad operand count", opc)
		}
		if err := regs(nd, ns); err != nil {
			return err
		}
		return nil
	case "sqrt", "rsqrt", "rcp", "ex2", "lg2", "sin", "cos", "tanh":
		in.op = map[string]opcode{"sqrt": opSqrt, "rsqrt": opRsqrt, "rcp": opRcp, "ex2": opEx2, "lg2": opLg2, "sin": opSin, "cos": opCos, "tanh": opTanh}[base]
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		if err := floatOnly(); err != nil {
			return err
		}
		return regs(1, 1)
	case "testp":
		in.op = opTestp
		if err := typ(1); err != nil {
			return err
		}
		if len(m.words) != 1 {
			return bad("testp needs one class")
		}
		c, ok := testpOps[m.words[0]]
		if !ok {
			return bad("class ." + m.words[0])
		}
		in.sub = c
		return regs(1, 1)
	case "bra", "brx":
		if base == "brx" {
			return bad("indirect branch")
		}
		in.op = opBra
		if err := words(); err != nil {
			return err
		}
		if len(ops) != 1 || ops[0].kind != oName {
			return p.errf(int(in.line), "bra needs a label")
		}
		p.pend = append(p.pend, pendingBranch{pc: len(p.fn.code), label: ops[0].name, line: int(in.line)})
		return nil
	case "ret", "exit", "trap":
		in.op = map[string]opcode{"ret": opRet, "exit": opExit, "trap": opTrap}[base]
		if err := words(); err != nil {
			return err
		}
		return nops(0)
	case "call":
		in.op = opCall
		if err := words(); err != nil {
			return err
		}
		cs := callSite{pc: len(p.fn.code), line: int(in.line)}
		k := 0
		if k < len(ops) && ops[k].kind == oList {
			for _, n := range ops[k].list {
				v := p.lookupVar(n)
				if v == nil || v.space != spParam {
					return p.errf(int(in.line), "call: %s is not a .param variable", n)
				}
				cs.rets = append(cs.rets, v)
			}
			k++
		}
		if k >= len(ops) || ops[k].kind != oName {
			return p.errf(int(in.line), "call needs a function name")
		}
		cs.callee = ops[k].name
		if p.lookupVar(cs.callee) != nil {
			return bad("indirect call")
		}
		k++
		if k < len(ops) && ops[k].kind == oList {
			for _, n := range ops[k].list {
				v := p.lookupVar(n)
				if v == nil || v.space != spParam {
					return p.errf(int(in.line), "call: %s is not a .param variable", n)
				}
				cs.args = append(cs.args, v)
			}
			k++
		}
		if k != len(ops) {
			return bad("call with a prototype or target list")
		}
		in.tgt = int32(len(p.fn.calls))
		p.fn.calls = append(p.fn.calls, cs)
		return nil
	case "shfl":
		in.op = opShfl
		if in.mod&mSync == 0 {
			return bad("shfl without .sync")
		}
		if err := typ(1); err != nil {
			return err
		}
		modes := map[string]uint8{"up": shflUp, "down": shflDown, "bfly": shflBfly, "idx": shflIdx}
		if len(m.words) != 1 {
			return bad("shfl mode")
		}
		mode, ok := modes[m.words[0]]
		if !ok {
			return bad("shfl mode ." + m.words[0])
		}
		in.sub = mode
		nd := 1
		if len(split) == 1 && split[0] == 1 {
			nd = 2
		}
		return regs(nd, 4)
	case "vote":
		in.op = opVote
		if in.mod&mSync == 0 {
			return bad("vote without .sync")
		}
		if err := typ(1); err != nil {
			return err
		}
		modes := map[string]uint8{"all": voteAll, "any": voteAny, "uni": voteUni, "ballot": voteBallot}
		var mw []string
		for _, w := range m.words {
			if w != "" {
				mw = append(mw, w)
			}
		}
		mode, ok := uint8(0), false
		if len(mw) == 0 && in.mod&mUni != 0 {
			mode, ok = voteUni, true
		} else if len(mw) == 1 {
			mode, ok = modes[mw[0]]
		}
		if !ok {
			return bad("vote mode")
		}
		in.sub = mode
		return regs(1, 2)
	case "activemask":
		in.op = opActivemask
		if err := typ(1); err != nil {
			return err
		}
		return regs(1, 0)
	case "atom", "red":
		in.op = opAtom
		if base == "red" {
			in.op = opRed
		}
		if err := typ(1); err != nil {
			return err
		}
		var aw []string
		for _, w := range m.words {
			if w == "noftz" && (in.t == tyF16 || in.t == tyF16x2 || in.t == tyBF16 || in.t == tyBF16x2) {
				continue // the 16-bit float adds never flush
			}
			aw = append(aw, w)
		}
		if len(aw) != 1 {
			return bad("atomic operation")
		}
		a, ok := atomOps[aw[0]]
		if !ok {
			return bad("atomic operation ." + aw[0])
		}
		in.sub = a
		if m.vec != 0 {
			return bad("vector atomics")
		}
		if m.space != spGlobal && m.space != spShared && m.space != spGeneric {
			return bad("atomic state space")
		}
		if base == "red" {
			if err := nops(2); err != nil {
				return err
			}
			if err := addr(0); err != nil {
				return err
			}
			r, err := src(1)
			in.s[0], in.ns = r, 1
			return err
		}
		n := 3
		if a == atomCas {
			n = 4
		}
		if err := nops(n); err != nil {
			return err
		}
		r, err := dst(0)
		if err != nil {
			return err
		}
		in.d[0], in.nd = r, 1
		if err := addr(1); err != nil {
			return err
		}
		for i := 2; i < n; i++ {
			r, err := src(i)
			if err != nil {
				return err
			}
			in.s[i-2] = r
		}
		in.ns = uint8(n - 2)
		return nil
	case "bar", "barrier":
		in.op = opBar
		for _, w := range m.words {
			switch w {
			case "arrive", "red":
				return bad("bar." + w)
			case "warp":
				in.op = opNop // bar.warp.sync: the warp's threads are converged in this model
			}
		}
		if in.op == opBar {
			if len(ops) != 1 {
				return bad("barrier with a thread count")
			}
			if ops[0].kind != oImm {
				return bad("barrier id in a register")
			}
		}
		return nil
	case "lop3":
		in.op = opLop3
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		if len(ops) != 5 || ops[4].kind != oImm {
			return bad("lop3 form")
		}
		in.off = int64(ops[4].imm & 0xff)
		ops = ops[:4]
		return regs(1, 3)
	case "redux":
		in.op = opRedux
		if in.mod&mSync == 0 {
			return bad("redux without .sync")
		}
		if err := typ(1); err != nil {
			return err
		}
		if len(m.words) != 1 {
			return bad("redux operation")
		}
		a, ok := atomOps[m.words[0]]
		if !ok || a == atomInc || a == atomDec || a == atomExch || a == atomCas || in.t.isFloat() {
			return bad("redux operation ." + m.words[0])
		}
		in.sub = a
		return regs(1, 2)
	case "cp":
		switch {
		case strings.HasPrefix(opc, "cp.async.commit_group"), strings.HasPrefix(opc, "cp.async.wait_group"), strings.HasPrefix(opc, "cp.async.wait_all"):
			in.op = opNop
			return nil
		case strings.HasPrefix(opc, "cp.async.ca.") || strings.HasPrefix(opc, "cp.async.cg."):
			in.op = opCpAsync
			if len(ops) < 3 || len(ops) > 4 || ops[0].kind != oAddr || ops[1].kind != oAddr || ops[2].kind != oImm {
				return bad("cp.async form")
			}
			n := ops[2].imm
			if n != 4 && n != 8 && n != 16 {
				return bad("cp.async size")
			}
			in.abase, in.off = ops[0].reg, ops[0].off
			in.s[0], in.vec = ops[1].reg, uint8(n)
			in.tgt = int32(ops[1].off)
			in.ns = 1
			in.s[1] = p.immSlot(n)
			if len(ops) == 4 {
				r, err := src(3)
				if err != nil {
					return err
				}
				in.s[1] = r
			}
			in.ns = 2
			return nil
		}
		return bad("cp form")
	case "membar", "fence":
		in.op = opNop
		return nil
	case "nanosleep", "pmevent", "prefetch", "prefetchu":
		in.op = opNop // no effect on results in this model
		return nil
	case "bfind":
		in.op = opBfind
		if err := typ(1); err != nil {
			return err
		}
		if err := words("shiftamt"); err != nil {
			return err
		}
		if has("shiftamt") {
			in.sub = 1
		}
		return regs(1, 1)
	case "sad":
		in.op = opSad
		if err := typ(1); err != nil {
			return err
		}
		if err := words(); err != nil {
			return err
		}
		return regs(1, 3)
	}
	return bad("unknown opcode")
}

func (p *parser) hiLo(in *inst, m *mods) error {
	var w []string
	for _, x := range m.words {
		switch x {
		case "hi":
			in.mod |= mHi
		case "lo":
			in.mod |= mLo
		default:
			w = append(w, x)
		}
	}
	m.words = w
	return nil
}

func itoa(n int) string {
	if n >= 0 && n < 10 {
		return string(rune('0' + n))
	}
	return "many"
}
