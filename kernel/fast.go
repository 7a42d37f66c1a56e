package kernel

import (
	"encoding/binary"
	"math"

	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// A handler executes one non-control instruction for the lanes of em (the
// group's lanes whose guard holds; never empty); mask is the group. Link
// gives every instruction one (inst.fn): a loop specialised to the
// instruction's form for the commonest forms, which hoists the decoding of
// its type and modifiers out of the per-lane loop, and exec for the rest.
// Every specialised loop computes what exec computes for the same
// instruction, through the same ptx and rounding functions or, where
// rounding has one, the same operation's round-to-nearest entry (Add32RN
// for Add32 in RN without .ftz).
type handler func(w *warp, in *inst, em, mask uint32) error

// lanes returns the 32 lanes of the register at slot s.
func (w *warp) lanes(s int32) *[32]uint64 { return (*[32]uint64)(w.regs[s : s+32]) }

// handlerOf picks in's handler.
func handlerOf(in *inst) handler {
	switch in.op {
	case opBra, opExit, opTrap, opRet, opCall, opBar, opAtom, opRed:
		return nil // the run loop's
	case opNop:
		return hNop
	case opMov:
		return hMov
	case opSelp:
		return hSelp
	case opLd, opSt:
		if sz := in.t.size(); in.space != spGeneric && (sz == 1 || sz == 2 || sz == 4 || sz == 8) && (in.vec == 1 || in.vec == 2 || in.vec == 4) {
			if in.op == opLd {
				return hLd
			}
			return hSt
		}
	case opCvt:
		if in.ns == 1 && in.mod&mRelu == 0 {
			switch {
			case in.t.isInt() && in.t2.isInt() && in.t != tyPred && in.t2 != tyPred:
				return hCvtInt
			case in.t == tyF32 && (in.t2 == tyS32 || in.t2 == tyU32) && in.mod&mSat == 0:
				return hCvtF32I32
			}
		}
	case opSetp:
		if in.bop == boolNone && in.nd == 1 {
			switch {
			case in.t == tyF32:
				return hSetpF32
			case in.t.isInt():
				return hSetpInt
			}
		}
	}
	if in.t == tyF32 && in.mod&mSat == 0 {
		rn := in.rnd == rounding.RN && in.mod&mFTZ == 0
		switch in.op {
		case opAdd:
			if rn {
				return hAddF32RN
			}
			return hAddF32
		case opSub:
			if rn {
				return hSubF32RN
			}
			return hSubF32
		case opMul:
			if rn {
				return hMulF32RN
			}
			return hMulF32
		case opFma, opMad:
			if in.mod&mFuseDiv == 0 {
				if rn {
					return hFmaF32RN
				}
				return hFmaF32
			}
		case opRsqrt:
			return hRsqrtF32
		}
	}
	if in.t == tyF64 {
		switch in.op {
		case opAdd, opSub, opMul, opFma, opMad:
			return hArithF64
		}
	}
	if in.t.isInt() && in.t != tyPred {
		switch in.op {
		case opAdd, opSub:
			if in.mod&mSat == 0 {
				return hAddInt
			}
		case opMul, opMad:
			if in.mod&mHi == 0 && in.mod&mSat == 0 && (in.mod&mWide == 0 || in.t.size() <= 4) {
				return hMulInt
			}
		case opShl:
			return hShl
		case opShr:
			return hShr
		case opAnd, opOr, opXor:
			return hLogic
		}
	}
	return (*warp).exec
}

func hNop(w *warp, in *inst, em, mask uint32) error { return nil }

func hMov(w *warp, in *inst, em, mask uint32) error {
	d, a := w.lanes(in.d[0]), w.lanes(in.s[0])
	wm := widthMask(in.t)
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = a[l] & wm
	}
	return nil
}

func hSelp(w *warp, in *inst, em, mask uint32) error {
	d, a, b, c := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1]), w.lanes(in.s[2])
	wm := widthMask(in.t)
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		v := b[l]
		if c[l] != 0 {
			v = a[l]
		}
		d[l] = v & wm
	}
	return nil
}

// hCvtInt is cvt between integer types (cvtInt).
func hCvtInt(w *warp, in *inst, em, mask uint32) error {
	d, a := w.lanes(in.d[0]), w.lanes(in.s[0])
	dt, st, sat := in.t, in.t2, in.mod&mSat != 0
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = cvtInt(a[l], dt, st, sat)
	}
	return nil
}

// hCvtF32I32 is cvt.f32.s32 and cvt.f32.u32.
func hCvtF32I32(w *warp, in *inst, em, mask uint32) error {
	d, a := w.lanes(in.d[0]), w.lanes(in.s[0])
	rnd := in.rnd
	if in.t2 == tyS32 {
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			d[l] = uint64(ptx.CvtF32S32(int32(a[l]), rnd))
		}
		return nil
	}
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = uint64(ptx.CvtF32U32(uint32(a[l]), rnd))
	}
	return nil
}

func hAddF32RN(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = uint64(rounding.Add32RN(uint32(a[l]), uint32(b[l])))
	}
	return nil
}

func hSubF32RN(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = uint64(rounding.Sub32RN(uint32(a[l]), uint32(b[l])))
	}
	return nil
}

func hMulF32RN(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = uint64(rounding.Mul32RN(uint32(a[l]), uint32(b[l])))
	}
	return nil
}

func hAddF32(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	rnd, ftz := in.rnd, in.mod&mFTZ != 0
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = uint64(ptx.Add(uint32(a[l]), uint32(b[l]), rnd, ftz))
	}
	return nil
}

func hSubF32(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	rnd, ftz := in.rnd, in.mod&mFTZ != 0
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = uint64(ptx.Sub(uint32(a[l]), uint32(b[l]), rnd, ftz))
	}
	return nil
}

func hMulF32(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	rnd, ftz := in.rnd, in.mod&mFTZ != 0
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = uint64(ptx.Mul(uint32(a[l]), uint32(b[l]), rnd, ftz))
	}
	return nil
}

// fuseSigns returns the sign flips of a fused fma's first operand and
// addend (c - a*b negates the product, a*b - c the addend).
func fuseSigns(in *inst) (na, nc uint32) {
	if in.mod&mFuseNC != 0 {
		return 0, signBit32
	}
	if in.mod&mFuseNB != 0 {
		return signBit32, 0
	}
	return 0, 0
}

// hFmaF32RN is fma.rn.f32 without .ftz: rounding.FmaMode in RN, which is
// Fma32(x, y, z, RN, false) on float32 values.
func hFmaF32RN(w *warp, in *inst, em, mask uint32) error {
	d, a, b, c := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1]), w.lanes(in.s[2])
	na, nc := fuseSigns(in)
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		z := rounding.FmaMode(math.Float32frombits(uint32(a[l])^na), math.Float32frombits(uint32(b[l])), math.Float32frombits(uint32(c[l])^nc), rounding.RN)
		d[l] = uint64(math.Float32bits(z))
	}
	return nil
}

func hFmaF32(w *warp, in *inst, em, mask uint32) error {
	d, a, b, c := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1]), w.lanes(in.s[2])
	na, nc := fuseSigns(in)
	rnd, ftz := in.rnd, in.mod&mFTZ != 0
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = uint64(ptx.Fma(uint32(a[l])^na, uint32(b[l]), uint32(c[l])^nc, rnd, ftz))
	}
	return nil
}

// hArithF64 is add, sub, mul and fma (or mad) of binary64 in the
// instruction's NaN operand order.
func hArithF64(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	o := w.b.l.cfg.NaNOrder
	if ords := w.b.l.cfg.NaNOrders; int(in.sub) < len(ords) {
		o = ords[in.sub]
	}
	rnd := in.rnd
	switch in.op {
	case opAdd:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			d[l] = o.Add64(a[l], b[l], rnd)
		}
	case opSub:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			d[l] = o.Sub64(a[l], b[l], rnd)
		}
	case opMul:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			d[l] = o.Mul64(a[l], b[l], rnd)
		}
	default: // fma, mad
		c := w.lanes(in.s[2])
		nb, nc := in.mod&mFuseNB != 0 && in.mod&mFuseNC == 0, in.mod&mFuseNC != 0
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			x, z := a[l], c[l]
			if nc {
				z = rounding.NegOperand64(z)
			} else if nb {
				x = rounding.NegOperand64(x)
			}
			d[l] = o.Fma64(x, b[l], z, rnd)
		}
	}
	return nil
}

func hRsqrtF32(w *warp, in *inst, em, mask uint32) error {
	d, a := w.lanes(in.d[0]), w.lanes(in.s[0])
	ftz := in.mod&mFTZ != 0
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = uint64(ptx.RsqrtApprox(uint32(a[l]), ftz))
	}
	return nil
}

func hSetpF32(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	fc, ftz := ptx.Cmp(in.sub), in.mod&mFTZ != 0
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = b2u(ptx.Setp(fc, uint32(a[l]), uint32(b[l]), ftz))
	}
	return nil
}

// icmpTable holds, for each integer comparison, its result when the first
// operand is less than (bit 0), equal to (bit 1) and greater than (bit 2)
// the second.
var icmpTable = [...]uint8{
	icEQ: 0b010, icNE: 0b101, icLT: 0b001, icLE: 0b011, icGT: 0b100, icGE: 0b110,
	icLO: 0b001, icLS: 0b011, icHI: 0b100, icHS: 0b110,
}

// hSetpInt is icmp on every lane: operands of a signed type (and the
// signed comparisons) are ordered as unsigned numbers after the sign bit
// of their width is flipped, and the comparison is read from icmpTable.
func hSetpInt(w *warp, in *inst, em, mask uint32) error {
	if int(in.sub) >= len(icmpTable) {
		return w.exec(in, em, mask)
	}
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	wm := widthMask(in.t)
	var flip uint64
	if in.t.signed() && in.sub <= icGE {
		flip = wm &^ (wm >> 1)
	}
	tt := icmpTable[in.sub]
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		x, y := a[l]&wm^flip, b[l]&wm^flip
		d[l] = uint64(tt>>(b2u(x >= y)+b2u(x > y))) & 1
	}
	return nil
}

func hAddInt(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	wm := widthMask(in.t)
	if in.op == opSub {
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			d[l] = (a[l] - b[l]) & wm
		}
		return nil
	}
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		d[l] = (a[l] + b[l]) & wm
	}
	return nil
}

// hMulInt is mul.lo, mul.wide (of at most 32-bit operands) and mad of them.
func hMulInt(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	wm := widthMask(in.t)
	size := in.t.size()
	dm := wm
	var sh uint // sign extension of wide operands: shift up and back
	if in.mod&mWide != 0 {
		dm = uint64(1)<<(16*size) - 1
		if size == 4 {
			dm = ^uint64(0)
		}
		if in.t.signed() {
			sh = uint(64 - 8*size)
		}
	}
	c := a // the addend of mad, else unused
	mad := in.op == opMad
	if mad {
		c = w.lanes(in.s[2])
	}
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		x, y := a[l]&wm, b[l]&wm
		v := uint64(int64(x<<sh)>>sh) * uint64(int64(y<<sh)>>sh)
		if mad {
			v += c[l]
		}
		d[l] = v & dm
	}
	return nil
}

func hShl(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	wm := widthMask(in.t)
	nbits := uint32(in.t.size() * 8)
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		var v uint64
		if n := uint32(b[l]); n < nbits {
			v = a[l] << n
		}
		d[l] = v & wm
	}
	return nil
}

func hShr(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	wm := widthMask(in.t)
	size := in.t.size()
	nbits := uint32(size * 8)
	if in.t.signed() {
		sh := uint(64 - nbits)
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			n := min(uint32(b[l]), nbits-1)
			d[l] = uint64(int64(a[l]<<sh)>>sh>>n) & wm
		}
		return nil
	}
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		var v uint64
		if n := uint32(b[l]); n < nbits {
			v = (a[l] & wm) >> n
		}
		d[l] = v
	}
	return nil
}

// hLogic is and, or and xor of integer types (predicates go to exec).
func hLogic(w *warp, in *inst, em, mask uint32) error {
	d, a, b := w.lanes(in.d[0]), w.lanes(in.s[0]), w.lanes(in.s[1])
	wm := widthMask(in.t)
	switch in.op {
	case opAnd:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			d[l] = a[l] & b[l] & wm
		}
	case opOr:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			d[l] = (a[l] | b[l]) & wm
		}
	default:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m) & 31
			d[l] = (a[l] ^ b[l]) & wm
		}
	}
	return nil
}

// window is the memory of a named state space that an access of n bytes
// reaches without a search: the block's shared memory, the lanes' local or
// parameter memories, or the warp's last global buffer. at returns the
// bytes of an access in it that memAt would return, and nil for any other
// access (which memAt then makes, or fails).
type window struct {
	mem    []byte
	base   uint64 // the address of mem's first byte
	lim    uint64 // the bytes of one lane's memory
	stride uint64 // from one lane's memory to the next's (0: one memory for all)
	amask  uint64 // the low address bits that make the access misaligned
	n      uint64
}

// windowOf returns the window of in's state space for accesses of n bytes.
func (w *warp) windowOf(in *inst, n int) window {
	win := window{n: uint64(n)}
	if n <= 16 {
		win.amask = uint64(n - 1)
	}
	switch in.space {
	case spGlobal, spConst:
		if c := w.cache; c != nil {
			win.mem, win.base, win.lim = c.data, c.addr, uint64(len(c.data))
		}
	case spShared:
		win.mem, win.lim = w.b.shared, uint64(len(w.b.shared))
	case spLocal:
		win.mem, win.lim = w.local, uint64(w.b.k.localSize)
		win.stride = win.lim
	case spParam:
		win.mem, win.lim = w.param, uint64(w.b.k.threadPar)
		win.stride = win.lim
	}
	return win
}

func (win *window) at(l int, a uint64) []byte {
	o := a - win.base
	if o >= win.lim || win.lim-o < win.n || a&win.amask != 0 {
		return nil
	}
	p := uint64(l)*win.stride + o
	return win.mem[p : p+win.n]
}

// hLd is ld of 1, 2 or 4 elements of 1, 2, 4 or 8 bytes from a named
// state space.
func hLd(w *warp, in *inst, em, mask uint32) error {
	ab := w.lanes(in.abase)
	size := in.t.size()
	vec := int(in.vec) & 7
	n := size * vec
	var sh uint // sign extension: shift up and back
	if in.t.signed() {
		sh = uint(64 - 8*size)
	}
	off := uint64(in.off)
	var ds [4]*[32]uint64
	for k := range vec {
		ds[k&3] = w.lanes(in.d[k&3])
	}
	d0 := ds[0]
	win := w.windowOf(in, n)
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		a := ab[l] + off
		b := win.at(l, a)
		if b == nil {
			var err error
			if b, err = w.memAt(in, l, a, n); err != nil {
				return err
			}
			win = w.windowOf(in, n) // memAt may have moved the global window
		}
		switch {
		case vec == 1 && size == 4:
			d0[l] = uint64(int64(uint64(binary.LittleEndian.Uint32(b))<<sh) >> sh)
		case vec == 1 && size == 8:
			d0[l] = binary.LittleEndian.Uint64(b)
		case vec == 4 && size == 4:
			q := (*[16]byte)(b)
			ds[0][l] = uint64(int64(uint64(binary.LittleEndian.Uint32(q[0:]))<<sh) >> sh)
			ds[1][l] = uint64(int64(uint64(binary.LittleEndian.Uint32(q[4:]))<<sh) >> sh)
			ds[2][l] = uint64(int64(uint64(binary.LittleEndian.Uint32(q[8:]))<<sh) >> sh)
			ds[3][l] = uint64(int64(uint64(binary.LittleEndian.Uint32(q[12:]))<<sh) >> sh)
		case size == 4:
			for k := range vec {
				ds[k&3][l] = uint64(int64(uint64(binary.LittleEndian.Uint32(b[4*k:]))<<sh) >> sh)
			}
		default:
			for k := range vec {
				ds[k&3][l] = uint64(int64(getN(b[k*size:], size)<<sh) >> sh)
			}
		}
	}
	return nil
}

// hSt is st of 1, 2 or 4 elements of 1, 2, 4 or 8 bytes to a named state
// space.
func hSt(w *warp, in *inst, em, mask uint32) error {
	ab := w.lanes(in.abase)
	size := in.t.size()
	vec := int(in.vec) & 7
	n := size * vec
	off := uint64(in.off)
	var ss [4]*[32]uint64
	for k := range vec {
		ss[k&3] = w.lanes(in.s[k&3])
	}
	win := w.windowOf(in, n)
	for m := em; m != 0; m &= m - 1 {
		l := tz(m) & 31
		a := ab[l] + off
		b := win.at(l, a)
		if b == nil {
			var err error
			if b, err = w.memAt(in, l, a, n); err != nil {
				return err
			}
			win = w.windowOf(in, n)
		}
		if size == 4 {
			for k := range vec {
				binary.LittleEndian.PutUint32(b[4*k:], uint32(ss[k&3][l]))
			}
			continue
		}
		for k := range vec {
			putN(b[k*size:], size, ss[k&3][l])
		}
	}
	return nil
}
