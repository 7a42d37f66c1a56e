package kernel

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// variable is a declared state-space variable: a module-level .global,
// .const or .shared variable, a function's .local/.shared/.param variable, or a
// parameter of an .entry or .func.
type variable struct {
	name   string
	space  uint8
	align  int
	size   int
	init   []byte
	extern bool // extern .shared: dynamic shared memory sized at launch
	fn     *function
	index  int // position in its owner's list
}

// Constant slot kinds.
const (
	ckImm     uint8 = iota // the value
	ckSpecial              // special register val
	ckSym                  // address of sym in its state space
	ckZero                 // 0 (address base of an absolute address)
)

type cslot struct {
	kind uint8
	val  uint64
	sym  *variable
	reg  int32 // function-local register index
}

type callSite struct {
	pc     int
	callee string
	args   []*variable
	rets   []*variable
	line   int
}

type pendingBranch struct {
	pc    int
	label string
	line  int
}

// function is one parsed .entry or .func. Register operands of code are
// function-local register indices until a kernel links it.
type function struct {
	name    string
	entry   bool
	line    int
	params  []*variable
	rets    []*variable
	vars    []*variable // .local, .shared and .param variables declared in the body
	code    []inst
	nregs   int32
	consts  []cslot
	calls   []callSite
	labels  map[string]int
	bad     *UnsupportedError // first unsupported construct
	defined bool
}

// Module is a parsed PTX module.
type Module struct {
	file    string
	funcs   []*function
	byName  map[string]*function
	globals []*variable
	gByName map[string]*variable
	mu      sync.Mutex
	kernels map[string]*Kernel // linked kernels, by name
}

type parser struct {
	file  string
	toks  []token
	pos   int
	mod   *Module
	fn    *function
	scope []map[string]int32     // register names
	vscop []map[string]*variable // variable names
	pend  []pendingBranch
	immC  map[uint64]int32
	spC   [numSpecial]int32
	zero  int32
	sink  int32
	gsize int
}

// Limits of this implementation.
const (
	maxRegs  = 1 << 16 // registers (with immediates) of a function, and of a linked kernel
	maxVar   = 1 << 24 // bytes of one variable
	maxLocal = 512 << 10
)

// Load parses PTX text. name is used in error messages. It fails with a
// *ParseError on malformed text; an instruction the interpreter does not
// execute does not fail Load but makes the kernels that reach it fail in
// Module.Kernel with an *UnsupportedError.
func Load(name string, src []byte) (*Module, error) {
	return LoadWith(name, src, LoadOptions{})
}

// LoadOptions tune Load.
type LoadOptions struct {
	// NoContract turns the contraction pass (contract.go) off: every
	// mul and add then executes as written. Use it for PTX that ptxas
	// compiles with --fmad=false (nvcc -fmad=false passes it on).
	NoContract bool
}

// LoadWith is Load with options.
func LoadWith(name string, src []byte, opt LoadOptions) (*Module, error) {
	p := &parser{file: name, toks: lex(src)}
	p.mod = &Module{file: name, byName: map[string]*function{}, gByName: map[string]*variable{}, kernels: map[string]*Kernel{}}
	if err := p.module(); err != nil {
		return nil, err
	}
	if !opt.NoContract {
		for _, f := range p.mod.funcs {
			markContractions(f)
		}
	}
	return p.mod, nil
}

func (p *parser) errf(line int, format string, args ...any) error {
	return &ParseError{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) peek() token { return p.toks[p.pos] }

func (p *parser) next() token {
	t := p.toks[p.pos]
	if p.pos < len(p.toks)-1 {
		p.pos++
	}
	return t
}

func (p *parser) is(text string) bool {
	t := p.toks[p.pos]
	return (t.kind == tPunct || t.kind == tIdent) && t.text == text
}

func (p *parser) expect(text string) error {
	t := p.next()
	if t.text != text || t.kind == tString || t.kind == tEOF && text != "" {
		return p.errf(t.line, "expected %q, found %q", text, t.text)
	}
	return nil
}

// skipLine skips the rest of the current line (for directives without ';').
func (p *parser) skipLine(line int) {
	for p.peek().kind != tEOF && p.peek().line == line {
		p.next()
	}
}

func (p *parser) module() error {
	for {
		t := p.peek()
		switch {
		case t.kind == tEOF:
			for _, f := range p.mod.funcs {
				if !f.defined && f.bad == nil {
					f.bad = &UnsupportedError{File: p.file, Line: f.line, Msg: "function " + f.name + " is declared but not defined"}
				}
			}
			return nil
		case t.text == ".version" || t.text == ".target" || t.text == ".address_size" || t.text == ".file" || t.text == ".loc":
			p.next()
			p.skipLine(t.line)
		case t.text == ".visible" || t.text == ".weak" || t.text == ".extern" || t.text == ".common":
			p.next()
		case t.text == ".section": // debug sections (-lineinfo, -G): skipped
			p.next()
			for !p.is("{") && p.peek().kind != tEOF {
				p.next()
			}
			depth := 0
			for p.peek().kind != tEOF {
				x := p.next()
				if x.kind == tPunct && x.text == "{" {
					depth++
				} else if x.kind == tPunct && x.text == "}" {
					if depth--; depth == 0 {
						break
					}
				}
			}
		case t.text == ".entry" || t.text == ".func":
			if err := p.function(); err != nil {
				return err
			}
		case t.text == ".global" || t.text == ".const" || t.text == ".shared":
			v, err := p.varDecl()
			if err != nil {
				return err
			}
			if _, dup := p.mod.gByName[v.name]; dup {
				return p.errf(t.line, "%s redeclared", v.name)
			}
			v.index = len(p.mod.globals)
			p.mod.globals = append(p.mod.globals, v)
			p.mod.gByName[v.name] = v
			if p.gsize += v.size; p.gsize > maxVar {
				return p.errf(t.line, "module variables too large (at most %d bytes)", maxVar)
			}
		default:
			return p.errf(t.line, "unexpected %q at module level", t.text)
		}
	}
}

var spaceNames = map[string]uint8{".global": spGlobal, ".shared": spShared, ".local": spLocal, ".param": spParam, ".const": spConst}

// varDecl parses SPACE [.align N] [.ptr ...] .TYPE name[N]... [= init] ;
// (the ';' is consumed unless inParams).
func (p *parser) varDecl() (*variable, error) {
	return p.varDeclIn(false)
}

func (p *parser) varDeclIn(inParams bool) (*variable, error) {
	t := p.next()
	sp, ok := spaceNames[t.text]
	if !ok {
		return nil, p.errf(t.line, "expected a state space, found %q", t.text)
	}
	v := &variable{space: sp}
	var ty ptype
	vecN := 1
	for {
		t = p.peek()
		if t.kind != tIdent || !strings.HasPrefix(t.text, ".") {
			break
		}
		p.next()
		switch {
		case t.text == ".align":
			n, err := p.intTok()
			if err != nil {
				return nil, err
			}
			v.align = int(n)
		case t.text == ".ptr" || t.text == ".global" || t.text == ".shared" || t.text == ".const" || t.text == ".local":
		case t.text == ".v2":
			vecN = 2
		case t.text == ".v4":
			vecN = 4
		case t.text == ".extern":
			v.extern = true
		default:
			tt, ok := typeNames[t.text[1:]]
			if !ok {
				return nil, p.errf(t.line, "unknown variable attribute %q", t.text)
			}
			ty = tt
		}
	}
	if ty == tyNone {
		return nil, p.errf(t.line, "variable without a type")
	}
	nt := p.next()
	if nt.kind != tIdent {
		return nil, p.errf(nt.line, "expected a variable name, found %q", nt.text)
	}
	v.name = nt.text
	elem := ty.size() * vecN
	if v.align == 0 {
		v.align = elem
	}
	count := 1
	for p.is("[") {
		p.next()
		if p.is("]") {
			p.next()
			count = 0
			if sp == spShared {
				v.extern = true
			}
			continue
		}
		n, err := p.intTok()
		if err != nil {
			return nil, err
		}
		if n < 0 || n > 1<<30 {
			return nil, p.errf(nt.line, "bad array size %d", n)
		}
		count *= int(n)
		if count*elem > maxVar {
			return nil, p.errf(nt.line, "variable too large (at most %d bytes)", maxVar)
		}
		if err := p.expect("]"); err != nil {
			return nil, err
		}
	}
	v.size = elem * count
	if p.is("=") {
		p.next()
		vals, err := p.initList()
		if err != nil {
			return nil, err
		}
		if count == 0 {
			count = len(vals)
			v.size = elem * count
		}
		if len(vals) > count*vecN {
			return nil, p.errf(nt.line, "%d initialisers for %d elements", len(vals), count*vecN)
		}
		v.init = make([]byte, v.size)
		es := ty.size()
		for i, x := range vals {
			for b := 0; b < es && i*es+b < len(v.init); b++ {
				v.init[i*es+b] = byte(x >> (8 * b))
			}
		}
	}
	if v.align <= 0 || v.align&(v.align-1) != 0 {
		return nil, p.errf(nt.line, "bad alignment %d", v.align)
	}
	if !inParams {
		if err := p.expect(";"); err != nil {
			return nil, err
		}
	}
	return v, nil
}

func (p *parser) initList() ([]uint64, error) {
	var vals []uint64
	if !p.is("{") {
		x, err := p.immTok()
		if err != nil {
			return nil, err
		}
		return []uint64{x}, nil
	}
	p.next()
	for !p.is("}") {
		if p.is("{") {
			sub, err := p.initList()
			if err != nil {
				return nil, err
			}
			vals = append(vals, sub...)
		} else {
			x, err := p.immTok()
			if err != nil {
				return nil, err
			}
			vals = append(vals, x)
		}
		if p.is(",") {
			p.next()
		} else if !p.is("}") {
			t := p.peek()
			return nil, p.errf(t.line, "expected ',' or '}' in initialiser, found %q", t.text)
		}
	}
	p.next()
	return vals, nil
}

func (p *parser) intTok() (int64, error) {
	x, err := p.immTok()
	return int64(x), err
}

// immTok parses an integer or hex-float literal, with an optional '-'.
func (p *parser) immTok() (uint64, error) {
	neg := false
	if p.is("-") {
		p.next()
		neg = true
	}
	t := p.next()
	if t.kind != tNumber {
		return 0, p.errf(t.line, "expected a number, found %q", t.text)
	}
	v, err := parseNumber(t.text)
	if err != nil {
		return 0, p.errf(t.line, "%v", err)
	}
	if neg {
		v = -v
	}
	return v, nil
}

// parseNumber parses PTX integer literals (decimal, 0x hex, 0b, octal, with
// an optional U suffix) and hex floats 0fXXXXXXXX (binary32 bits) and
// 0dXXXXXXXXXXXXXXXX (binary64 bits).
func parseNumber(s string) (uint64, error) {
	if len(s) > 2 && s[0] == '0' && (s[1] == 'f' || s[1] == 'F') {
		if len(s) != 10 {
			return 0, fmt.Errorf("bad float literal %q", s)
		}
		return strconv.ParseUint(s[2:], 16, 32)
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'd' || s[1] == 'D') {
		if len(s) != 18 {
			return 0, fmt.Errorf("bad double literal %q", s)
		}
		return strconv.ParseUint(s[2:], 16, 64)
	}
	if strings.ContainsAny(s, ".eE") && !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
		return 0, fmt.Errorf("decimal floating-point literal %q is not supported", s)
	}
	s = strings.TrimSuffix(strings.TrimSuffix(s, "U"), "u")
	v, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("bad number %q", s)
	}
	return v, nil
}

func (p *parser) function() error {
	kw := p.next()
	f := &function{entry: kw.text == ".entry", line: kw.line, labels: map[string]int{}}
	if !f.entry && p.is("(") {
		p.next()
		for !p.is(")") {
			v, err := p.varDeclIn(true)
			if err != nil {
				return err
			}
			f.rets = append(f.rets, v)
			if p.is(",") {
				p.next()
			} else if !p.is(")") {
				return p.errf(p.peek().line, "expected ',' or ')' in return list")
			}
		}
		p.next()
	}
	nt := p.next()
	if nt.kind != tIdent {
		return p.errf(nt.line, "expected a function name, found %q", nt.text)
	}
	f.name = nt.text
	if p.is("(") {
		p.next()
		for !p.is(")") {
			v, err := p.varDeclIn(true)
			if err != nil {
				return err
			}
			f.params = append(f.params, v)
			if p.is(",") {
				p.next()
			} else if !p.is(")") {
				return p.errf(p.peek().line, "expected ',' or ')' in parameter list, found %q", p.peek().text)
			}
		}
		p.next()
	}
	for _, v := range f.params {
		v.fn = f
	}
	for _, v := range f.rets {
		v.fn = f
	}
	// Performance directives up to the body or ';'.
	for !p.is("{") && !p.is(";") {
		t := p.next()
		if t.kind == tEOF {
			return p.errf(t.line, "unexpected end of file in the header of %s", f.name)
		}
		if t.kind == tIdent && strings.HasPrefix(t.text, ".") {
			switch t.text {
			case ".maxntid", ".reqntid", ".minnctapersm", ".maxnreg", ".maxnctapersm", ".noreturn", ".pragma", ".explicitcluster", ".reqnctapercluster", ".maxclusterrank":
			default:
				return p.errf(t.line, "unknown directive %q in function header", t.text)
			}
		}
	}
	prev := p.mod.byName[f.name]
	if p.is(";") { // prototype
		p.next()
		if prev == nil {
			p.mod.byName[f.name] = f
			p.mod.funcs = append(p.mod.funcs, f)
		}
		return nil
	}
	if prev != nil {
		if prev.defined {
			return p.errf(nt.line, "function %s redefined", f.name)
		}
		*prev = *f
		f = prev
	} else {
		p.mod.byName[f.name] = f
		p.mod.funcs = append(p.mod.funcs, f)
	}
	f.defined = true
	p.fn = f
	p.scope = []map[string]int32{{}}
	p.vscop = []map[string]*variable{{}}
	for _, v := range f.params {
		p.vscop[0][v.name] = v
	}
	for _, v := range f.rets {
		p.vscop[0][v.name] = v
	}
	p.pend = nil
	p.immC = map[uint64]int32{}
	for i := range p.spC {
		p.spC[i] = -1
	}
	p.zero = p.newConst(cslot{kind: ckZero})
	p.sink = p.newReg()
	if err := p.expect("{"); err != nil {
		return err
	}
	if err := p.body(); err != nil {
		return err
	}
	for _, b := range p.pend {
		pc, ok := f.labels[b.label]
		if !ok {
			return p.errf(b.line, "undefined label %s", b.label)
		}
		f.code[b.pc].tgt = int32(pc)
	}
	p.fn = nil
	return nil
}

func (p *parser) newReg() int32 {
	r := p.fn.nregs
	p.fn.nregs++
	return r
}

func (p *parser) newConst(c cslot) int32 {
	c.reg = p.newReg()
	p.fn.consts = append(p.fn.consts, c)
	return c.reg
}

func (p *parser) immSlot(v uint64) int32 {
	if r, ok := p.immC[v]; ok {
		return r
	}
	r := p.newConst(cslot{kind: ckImm, val: v})
	p.immC[v] = r
	return r
}

func (p *parser) lookupReg(name string) (int32, bool) {
	for i := len(p.scope) - 1; i >= 0; i-- {
		if r, ok := p.scope[i][name]; ok {
			return r, true
		}
	}
	return 0, false
}

func (p *parser) lookupVar(name string) *variable {
	for i := len(p.vscop) - 1; i >= 0; i-- {
		if v, ok := p.vscop[i][name]; ok {
			return v
		}
	}
	return p.mod.gByName[name]
}

// body parses statements up to the '}' closing the current scope.
func (p *parser) body() error {
	for {
		t := p.peek()
		switch {
		case t.kind == tEOF:
			return p.errf(t.line, "unexpected end of file in %s", p.fn.name)
		case t.text == "}" && t.kind == tPunct:
			p.next()
			return nil
		case t.text == "{" && t.kind == tPunct:
			p.next()
			p.scope = append(p.scope, map[string]int32{})
			p.vscop = append(p.vscop, map[string]*variable{})
			if err := p.body(); err != nil {
				return err
			}
			p.scope = p.scope[:len(p.scope)-1]
			p.vscop = p.vscop[:len(p.vscop)-1]
		case t.text == ".reg" || strings.HasPrefix(t.text, ".reg."):
			if err := p.regDecl(); err != nil {
				return err
			}
		case t.text == ".local" || t.text == ".shared" || t.text == ".param" || t.text == ".global" || t.text == ".const":
			v, err := p.varDecl()
			if err != nil {
				return err
			}
			v.fn = p.fn
			if v.space == spGlobal || v.space == spConst {
				if _, dup := p.mod.gByName[v.name]; !dup {
					v.index = len(p.mod.globals)
					p.mod.globals = append(p.mod.globals, v)
				}
			} else {
				v.index = len(p.fn.vars)
				p.fn.vars = append(p.fn.vars, v)
			}
			p.vscop[len(p.vscop)-1][v.name] = v
		case t.text == ".pragma" || t.text == ".loc" || t.text == ".file":
			p.next()
			if t.text == ".pragma" {
				for !p.is(";") && p.peek().kind != tEOF {
					p.next()
				}
				p.next()
			} else {
				p.skipLine(t.line)
			}
		case t.kind == tIdent && p.toks[p.pos+1].text == ":" && p.toks[p.pos+1].kind == tPunct:
			p.next()
			p.next()
			if _, dup := p.fn.labels[t.text]; dup {
				return p.errf(t.line, "label %s redefined", t.text)
			}
			p.fn.labels[t.text] = len(p.fn.code)
		default:
			if err := p.instruction(); err != nil {
				return err
			}
		}
	}
}

func (p *parser) regDecl() error {
	if t := p.next(); len(t.text) > 4 {
		for _, ty := range strings.Split(t.text[5:], ".") {
			if _, ok := typeNames[ty]; !ok {
				return p.errf(t.line, "unknown register type %q", ty)
			}
		}
	}
	for p.peek().kind == tIdent && strings.HasPrefix(p.peek().text, ".") {
		t := p.next()
		if t.text == ".v2" || t.text == ".v4" {
			return p.errf(t.line, "vector registers are not supported")
		}
		if _, ok := typeNames[t.text[1:]]; !ok {
			return p.errf(t.line, "unknown register type %q", t.text)
		}
	}
	sc := p.scope[len(p.scope)-1]
	for {
		t := p.next()
		if t.kind != tIdent {
			return p.errf(t.line, "expected a register name, found %q", t.text)
		}
		if p.is("<") {
			p.next()
			n, err := p.intTok()
			if err != nil {
				return err
			}
			if n < 0 || n > maxRegs {
				return p.errf(t.line, "bad register count %d", n)
			}
			if err := p.expect(">"); err != nil {
				return err
			}
			for i := int64(0); i < n; i++ {
				sc[t.text+strconv.FormatInt(i, 10)] = p.newReg()
			}
		} else {
			sc[t.text] = p.newReg()
		}
		if p.fn.nregs > maxRegs {
			return p.errf(t.line, "too many registers (at most %d in a function)", maxRegs)
		}
		if p.is(",") {
			p.next()
			continue
		}
		return p.expect(";")
	}
}

// Operand kinds of the parser.
const (
	oReg = iota
	oImm
	oAddr
	oVec
	oName // an identifier that is not a register: label, function, variable
	oList // ( a, b ) of call
)

type opnd struct {
	kind int
	reg  int32 // oReg: slot; oAddr: base slot
	neg  bool  // !%p
	imm  uint64
	off  int64
	vec  []int32
	name string
	list []string
	line int
}

func (p *parser) operand() (opnd, error) {
	t := p.peek()
	o := opnd{line: t.line}
	switch {
	case t.kind == tPunct && t.text == "[":
		p.next()
		o.kind = oAddr
		o.reg = -1
		if p.peek().kind == tIdent {
			nt := p.next()
			r, err := p.valueSlot(nt)
			if err != nil {
				return o, err
			}
			o.reg = r
		} else {
			x, err := p.intTok()
			if err != nil {
				return o, err
			}
			o.reg = p.zero
			o.off = x
		}
		for p.is("+") || p.is("-") {
			neg := p.next().text == "-"
			x, err := p.intTok()
			if err != nil {
				return o, err
			}
			if neg {
				x = -x
			}
			o.off += x
		}
		return o, p.expect("]")
	case t.kind == tPunct && t.text == "{":
		p.next()
		o.kind = oVec
		for !p.is("}") {
			if p.peek().kind == tNumber || p.is("-") {
				x, err := p.immTok()
				if err != nil {
					return o, err
				}
				o.vec = append(o.vec, p.immSlot(x))
				if p.is(",") {
					p.next()
				}
				if len(o.vec) > 4 {
					return o, p.errf(t.line, "vector of more than 4 elements")
				}
				continue
			}
			nt := p.next()
			if nt.kind != tIdent {
				return o, p.errf(nt.line, "expected a register in a vector, found %q", nt.text)
			}
			if nt.text == "_" {
				o.vec = append(o.vec, p.sink)
			} else {
				r, ok := p.lookupReg(nt.text)
				if !ok {
					return o, p.errf(nt.line, "undeclared register %s", nt.text)
				}
				o.vec = append(o.vec, r)
			}
			if p.is(",") {
				p.next()
			} else if !p.is("}") {
				return o, p.errf(p.peek().line, "expected ',' or '}' in a vector")
			}
			if len(o.vec) > 4 {
				return o, p.errf(nt.line, "vector of more than 4 elements")
			}
		}
		p.next()
		return o, nil
	case t.kind == tPunct && t.text == "(":
		p.next()
		o.kind = oList
		for !p.is(")") {
			nt := p.next()
			if nt.kind != tIdent {
				return o, p.errf(nt.line, "expected a name in a call list, found %q", nt.text)
			}
			o.list = append(o.list, nt.text)
			if p.is(",") {
				p.next()
			} else if !p.is(")") {
				return o, p.errf(p.peek().line, "expected ',' or ')' in a call list")
			}
		}
		p.next()
		return o, nil
	case t.kind == tPunct && t.text == "!":
		p.next()
		nt := p.next()
		r, ok := p.lookupReg(nt.text)
		if !ok {
			return o, p.errf(nt.line, "expected a predicate after '!', found %q", nt.text)
		}
		o.kind, o.reg, o.neg = oReg, r, true
		return o, nil
	case t.kind == tNumber || t.kind == tPunct && t.text == "-":
		x, err := p.immTok()
		if err != nil {
			return o, err
		}
		o.kind, o.imm = oImm, x
		return o, nil
	case t.kind == tIdent:
		p.next()
		if t.text == "_" {
			o.kind, o.reg = oReg, p.sink
			return o, nil
		}
		if r, ok := p.lookupReg(t.text); ok {
			o.kind, o.reg = oReg, r
			return o, nil
		}
		if sr, ok := specialNames[t.text]; ok {
			if p.spC[sr] < 0 {
				p.spC[sr] = p.newConst(cslot{kind: ckSpecial, val: uint64(sr)})
			}
			o.kind, o.reg = oReg, p.spC[sr]
			return o, nil
		}
		if strings.HasPrefix(t.text, "%") {
			if strings.HasPrefix(t.text, "%envreg") || strings.HasPrefix(t.text, "%clock") || strings.HasPrefix(t.text, "%nwarpid") || strings.HasPrefix(t.text, "%nsmid") || strings.HasPrefix(t.text, "%pm") || strings.HasPrefix(t.text, "%globaltimer") || strings.HasPrefix(t.text, "%dynamic_smem_size") || strings.HasPrefix(t.text, "%total_smem_size") {
				return o, p.unsupported(t.line, "", "special register "+t.text)
			}
			return o, p.errf(t.line, "undeclared register %s", t.text)
		}
		o.kind, o.name = oName, t.text
		if p.is("+") && p.lookupVar(t.text) != nil {
			p.next()
			x, err := p.intTok()
			if err != nil {
				return o, err
			}
			o.off = x
		}
		return o, nil
	}
	return o, p.errf(t.line, "unexpected %q in operand", t.text)
}

// errUnsupported marks the current function unsupported; parsing goes on.
type errUnsupported struct{}

func (errUnsupported) Error() string { return "unsupported" }

func (p *parser) unsupported(line int, op, msg string) error {
	if p.fn.bad == nil {
		p.fn.bad = &UnsupportedError{File: p.file, Line: line, Op: op, Msg: msg}
	}
	return errUnsupported{}
}

// valueSlot returns the slot of a register or of a variable's address.
func (p *parser) valueSlot(t token) (int32, error) {
	if r, ok := p.lookupReg(t.text); ok {
		return r, nil
	}
	v := p.lookupVar(t.text)
	if v == nil {
		return 0, p.errf(t.line, "undeclared identifier %s", t.text)
	}
	return p.symSlot(v), nil
}

func (p *parser) symSlot(v *variable) int32 {
	for _, c := range p.fn.consts {
		if c.kind == ckSym && c.sym == v {
			return c.reg
		}
	}
	return p.newConst(cslot{kind: ckSym, sym: v})
}

// instruction parses [@[!]pred] opcode operands ; and appends it.
func (p *parser) instruction() error {
	start := p.peek()
	var guard int32 = -1
	gneg := false
	if p.is("@") {
		p.next()
		if p.is("!") {
			p.next()
			gneg = true
		}
		t := p.next()
		r, ok := p.lookupReg(t.text)
		if !ok {
			return p.errf(t.line, "expected a predicate register after '@', found %q", t.text)
		}
		guard = r
	}
	ot := p.next()
	if ot.kind != tIdent || strings.HasPrefix(ot.text, ".") || strings.HasPrefix(ot.text, "%") {
		return p.errf(ot.line, "expected an instruction, found %q", ot.text)
	}
	var ops []opnd
	var split []int // operand indices that were joined by '|'
	for !p.is(";") {
		if p.peek().kind == tEOF {
			return p.errf(ot.line, "missing ';' after %s", ot.text)
		}
		o, err := p.operand()
		if err != nil {
			if _, ok := err.(errUnsupported); ok {
				for !p.is(";") && p.peek().kind != tEOF {
					p.next()
				}
				p.next()
				return nil
			}
			return err
		}
		ops = append(ops, o)
		if len(ops) > 16 {
			return p.errf(ot.line, "too many operands")
		}
		if p.is(",") {
			p.next()
		} else if p.is("|") {
			p.next()
			split = append(split, len(ops))
		} else if !p.is(";") {
			return p.errf(p.peek().line, "expected ',' or ';' after an operand of %s, found %q", ot.text, p.peek().text)
		}
	}
	p.next()
	in := inst{guard: guard, gneg: gneg, line: int32(start.line), abase: p.zero}
	err := p.decode(&in, ot.text, ops, split)
	if err != nil {
		if _, ok := err.(errUnsupported); ok {
			return nil
		}
		return err
	}
	if msg := probe(&in); msg != "" {
		p.unsupported(int(in.line), ot.text, msg)
		return nil
	}
	p.fn.code = append(p.fn.code, in)
	return nil
}

// probe executes a copy of an arithmetic instruction on zero operands in a
// scratch warp, so that a type or modifier combination without semantics is
// found at load time; it returns what is missing, or "".
func probe(in *inst) string {
	switch in.op {
	case opLd, opSt, opAtom, opRed, opShfl, opVote, opActivemask, opBra, opCall, opRet, opExit, opTrap, opBar, opNop, opCvta, opRedux, opCpAsync:
		return ""
	}
	c := *in
	c.guard = -1
	c.d, c.s, c.abase = [4]int32{}, [4]int32{}, 0
	w := &warp{regs: make([]uint64, 32), b: &block{l: &launch{}, k: &Kernel{mod: &Module{}}}}
	if err := w.exec(&c, 1, 1); err != nil {
		if u, ok := err.(*UnsupportedError); ok {
			return u.Msg
		}
		return err.Error()
	}
	return ""
}
