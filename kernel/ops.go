package kernel

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/cudafp/cudafp/ptx"
)

func tz(m uint32) int { return bits.TrailingZeros32(m) }

// widthMask returns the mask of a value of t's width.
func widthMask(t ptype) uint64 {
	switch t.size() {
	case 1:
		return 0xff
	case 2:
		return 0xffff
	case 4:
		return 0xffffffff
	}
	return ^uint64(0)
}

// sext sign-extends the low size bytes of v.
func sext(v uint64, size int) uint64 {
	switch size {
	case 1:
		return uint64(int64(int8(v)))
	case 2:
		return uint64(int64(int16(v)))
	case 4:
		return uint64(int64(int32(v)))
	}
	return v
}

// exec executes a non-control instruction for the lanes of em; mask is the
// lanes of the executing group (em less the guard-false ones).
func (w *warp) exec(in *inst, em, mask uint32) error {
	r := w.regs
	d0, s0, s1, s2 := int(in.d[0]), int(in.s[0]), int(in.s[1]), int(in.s[2])
	switch in.op {
	case opNop:
	case opMov:
		wm := widthMask(in.t)
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			r[d0+l] = r[s0+l] & wm
		}
	case opPack:
		n := int(in.vec)
		ew := uint(in.t.size() * 8 / n)
		em1 := uint64(1)<<ew - 1
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			var v uint64
			for k := 0; k < n; k++ {
				v |= (r[int(in.s[k])+l] & em1) << (ew * uint(k))
			}
			r[d0+l] = v
		}
	case opUnpack:
		n := int(in.vec)
		ew := uint(in.t.size() * 8 / n)
		em1 := uint64(1)<<ew - 1
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			v := r[s0+l]
			for k := 0; k < n; k++ {
				r[int(in.d[k])+l] = v >> (ew * uint(k)) & em1
			}
		}
	case opLd, opSt:
		return w.ldst(in, em)
	case opCvta:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a := r[s0+l]
			switch in.space {
			case spShared:
				if in.sub == 1 {
					a -= sharedWindow
				} else {
					a += sharedWindow
				}
			case spLocal:
				if in.sub == 1 {
					a -= localWindow
				} else {
					a += localWindow
				}
			case spParam:
				return w.unsupportedAt(in, "cvta on the .param space")
			}
			r[d0+l] = a & widthMask(in.t)
		}
	case opCvt:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			var v uint64
			var ok bool
			if in.ns == 2 {
				lo, ok1 := cvtVal(in, r[s1+l])
				hi, ok2 := cvtVal(in, r[s0+l])
				v, ok = lo&0xffff|(hi&0xffff)<<16, ok1 && ok2
			} else {
				v, ok = cvtVal(in, r[s0+l])
			}
			if !ok {
				return w.unsupportedAt(in, "conversion")
			}
			r[d0+l] = v
		}
	case opAdd, opSub, opMul, opMad, opFma, opDiv, opRem, opMin, opMax, opAbs, opNeg, opCopysign,
		opSqrt, opRsqrt, opRcp, opEx2, opLg2, opSin, opCos, opTanh:
		if in.t.isFloat() {
			return w.floatOp(in, em)
		}
		return w.intOp(in, em)
	case opShl, opShr, opAnd, opOr, opXor, opNot, opCnot, opPopc, opClz, opBrev, opBfe, opBfi, opPrmt, opShf, opAddc, opMadc, opBfind, opSad:
		return w.intOp(in, em)
	case opSelp:
		wm := widthMask(in.t)
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			if r[s2+l] != 0 {
				r[d0+l] = r[s0+l] & wm
			} else {
				r[d0+l] = r[s1+l] & wm
			}
		}
	case opSlct:
		wm := widthMask(in.t)
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			var ge bool
			if in.t2 == tyF32 {
				ge = ptx.Setp(ptx.GE, uint32(r[s2+l]), 0, in.mod&mFTZ != 0)
			} else {
				ge = int32(r[s2+l]) >= 0
			}
			if ge {
				r[d0+l] = r[s0+l] & wm
			} else {
				r[d0+l] = r[s1+l] & wm
			}
		}
	case opSetp, opSet:
		return w.setp(in, em)
	case opTestp:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			r[d0+l] = b2u(testp(in, r[s0+l]))
		}
	case opShfl:
		if err := w.converged(in, em, int(in.s[3])); err != nil {
			return err
		}
		return w.shfl(in, em)
	case opVote:
		if err := w.converged(in, em, int(in.s[1])); err != nil {
			return err
		}
		var all, any, ball = true, false, uint32(0)
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			p := (r[s0+l] != 0) != (in.mod&mNeg0 != 0)
			if p {
				any = true
				ball |= 1 << l
			} else {
				all = false
			}
		}
		var v uint64
		switch in.sub {
		case voteAll:
			v = b2u(all)
		case voteAny:
			v = b2u(any)
		case voteUni:
			v = b2u(all || !any)
		case voteBallot:
			v = uint64(ball)
		}
		for m := em; m != 0; m &= m - 1 {
			r[d0+tz(m)] = v
		}
	case opActivemask:
		for m := em; m != 0; m &= m - 1 {
			r[d0+tz(m)] = uint64(mask)
		}
	case opAtom, opRed:
		return w.atom(in, em)
	case opLop3:
		lut := uint64(in.off)
		wm := widthMask(in.t)
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b, c := r[s0+l], r[s1+l], r[s2+l]
			var v uint64
			for k := uint(0); k < 8; k++ {
				if lut>>k&1 == 0 {
					continue
				}
				x, y, z := a, b, c
				if k&4 == 0 {
					x = ^x
				}
				if k&2 == 0 {
					y = ^y
				}
				if k&1 == 0 {
					z = ^z
				}
				v |= x & y & z
			}
			r[d0+l] = v & wm
		}
	case opRedux:
		if err := w.converged(in, em, s1); err != nil {
			return err
		}
		var acc uint64
		first := true
		for m := em; m != 0; m &= m - 1 {
			x := r[s0+tz(m)] & 0xffffffff
			if first {
				acc, first = x, false
				continue
			}
			switch in.sub {
			case atomAdd:
				acc += x
			case atomAnd:
				acc &= x
			case atomOr:
				acc |= x
			case atomXor:
				acc ^= x
			case atomMin, atomMax:
				var less bool
				if in.t.signed() {
					less = int32(x) < int32(acc)
				} else {
					less = x < acc
				}
				if less == (in.sub == atomMin) {
					acc = x
				}
			}
		}
		for m := em; m != 0; m &= m - 1 {
			r[d0+tz(m)] = acc & 0xffffffff
		}
	case opCpAsync:
		// cp.async dst(shared), src(global), size, src-size: the copy is
		// done at once (a completion the device may also show); bytes
		// past src-size are zero.
		n := int(in.vec)
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			src := r[s0+l] + uint64(in.tgt)
			dst := r[int(in.abase)+l] + uint64(in.off)
			srcN := int(min(r[s1+l], uint64(n)))
			g := *in
			g.space = spGlobal
			sb, err := w.memAt(&g, l, src, n)
			if err != nil {
				return err
			}
			g.space = spShared
			db, err := w.memAt(&g, l, dst, n)
			if err != nil {
				return err
			}
			copy(db[:srcN], sb[:srcN])
			clear(db[srcN:])
		}
	default:
		return w.unsupportedAt(in, "opcode")
	}
	return nil
}

// converged checks that the lanes of a .sync instruction's member mask
// (slot ms) that have not exited all execute it now: the model has no way to
// make a diverged lane wait at a shfl.sync or vote.sync.
func (w *warp) converged(in *inst, em uint32, ms int) error {
	mm := uint32(w.regs[ms+tz(em)])
	if missing := mm &^ w.exited &^ em; missing != 0 {
		return &LaunchError{Kernel: w.b.k.name, Msg: fmt.Sprintf("line %d: lanes %#08x of the member mask %#08x do not execute this .sync instruction with lanes %#08x (block (%d,%d,%d), warp %d)",
			in.line, missing, mm, em, w.b.cta.X, w.b.cta.Y, w.b.cta.Z, w.id)}
	}
	return nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (w *warp) unsupportedAt(in *inst, msg string) error {
	return &UnsupportedError{File: w.b.k.mod.file, Line: int(in.line), Msg: "no semantics for this " + msg + " form (no cudafp primitive)"}
}

// memAt returns the n bytes at address a of the instruction's state space
// for lane l.
func (w *warp) memAt(in *inst, l int, a uint64, n int) ([]byte, error) {
	sp := in.space
	if sp == spGeneric {
		switch {
		case a-sharedWindow < windowSize:
			sp, a = spShared, a-sharedWindow
		case a-localWindow < windowSize:
			sp, a = spLocal, a-localWindow
		default:
			sp = spGlobal
		}
	}
	if a%uint64(n) != 0 && n <= 16 {
		return nil, w.memErr(in, l, sp, a, n, "misaligned")
	}
	switch sp {
	case spGlobal, spConst:
		if c := w.cache; c != nil {
			if o := a - c.addr; o < uint64(len(c.data)) && uint64(len(c.data))-o >= uint64(n) {
				return c.data[o : o+uint64(n)], nil
			}
		}
		b, err := w.b.l.mem.find(a, n)
		if err != nil {
			return nil, w.memErr(in, l, sp, a, n, err.Error())
		}
		w.cacheFor(a)
		return b, nil
	case spShared:
		sh := w.b.shared
		if a >= uint64(len(sh)) || uint64(len(sh))-a < uint64(n) {
			return nil, w.memErr(in, l, sp, a, n, fmt.Sprintf("outside the block's %d bytes of shared memory", len(sh)))
		}
		return sh[a : a+uint64(n)], nil
	case spLocal:
		ls := uint64(w.b.k.localSize)
		if a >= ls || ls-a < uint64(n) {
			return nil, w.memErr(in, l, sp, a, n, fmt.Sprintf("outside the thread's %d bytes of local memory", ls))
		}
		base := uint64(l) * ls
		return w.local[base+a : base+a+uint64(n)], nil
	case spParam:
		ps := uint64(w.b.k.threadPar)
		if a >= ps || ps-a < uint64(n) {
			return nil, w.memErr(in, l, sp, a, n, "outside the parameter space")
		}
		base := uint64(l) * ps
		return w.param[base+a : base+a+uint64(n)], nil
	}
	return nil, w.memErr(in, l, sp, a, n, "unknown state space")
}

func (w *warp) cacheFor(a uint64) {
	bufs := w.b.l.mem.bufs
	lo, hi := 0, len(bufs)
	for lo < hi {
		m := (lo + hi) / 2
		if bufs[m].addr > a {
			hi = m
		} else {
			lo = m + 1
		}
	}
	if lo > 0 {
		w.cache = bufs[lo-1]
	}
}

var spaceStr = [...]string{"generic", "global", "shared", "local", "param", "const"}

func (w *warp) memErr(in *inst, l int, sp uint8, a uint64, n int, msg string) error {
	s := "?"
	if int(sp) < len(spaceStr) {
		s = spaceStr[sp]
	}
	return &MemoryError{Kernel: w.b.k.name, Block: w.b.cta, Thread: w.tid[l], Line: int(in.line), Space: s, Addr: a, Size: n, Msg: msg}
}

func getN(b []byte, n int) uint64 {
	switch n {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

func putN(b []byte, n int, v uint64) {
	switch n {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, v)
	}
}

func (w *warp) ldst(in *inst, em uint32) error {
	r := w.regs
	size := in.t.size()
	n := int(in.vec)
	if size == 0 || n == 0 {
		return w.unsupportedAt(in, "access size")
	}
	for m := em; m != 0; m &= m - 1 {
		l := tz(m)
		a := r[int(in.abase)+l] + uint64(in.off)
		b, err := w.memAt(in, l, a, size*n)
		if err != nil {
			return err
		}
		if in.op == opLd {
			for k := 0; k < n; k++ {
				v := getN(b[k*size:], size)
				if in.t.signed() {
					v = sext(v, size)
				}
				r[int(in.d[k])+l] = v
			}
		} else {
			for k := 0; k < n; k++ {
				putN(b[k*size:], size, r[int(in.s[k])+l])
			}
		}
	}
	return nil
}

func testp(in *inst, v uint64) bool {
	var exp, frac, expMax uint64
	switch in.t {
	case tyF32:
		x := uint32(v)
		exp, frac, expMax = uint64(x>>23&0xff), uint64(x&0x7fffff), 0xff
	case tyF64:
		exp, frac, expMax = v>>52&0x7ff, v&(1<<52-1), 0x7ff
	default:
		return false
	}
	switch in.sub {
	case tpFinite:
		return exp != expMax
	case tpInfinite:
		return exp == expMax && frac == 0
	case tpNumber:
		return !(exp == expMax && frac != 0)
	case tpNaN:
		return exp == expMax && frac != 0
	case tpNormal:
		return exp != 0 && exp != expMax
	case tpSubnormal:
		return exp == 0 && frac != 0
	}
	return false
}

func (w *warp) shfl(in *inst, em uint32) error {
	r := w.regs
	var src [32]uint64
	for l := 0; l < 32; l++ {
		src[l] = r[int(in.s[0])+l]
	}
	d0, s1, s2 := int(in.d[0]), int(in.s[1]), int(in.s[2])
	for m := em; m != 0; m &= m - 1 {
		l := tz(m)
		b := uint32(r[s1+l]) & 0x1f
		c := uint32(r[s2+l])
		cval := c & 0x1f
		seg := c >> 8 & 0x1f
		maxLane := uint32(l)&seg | cval&^seg
		minLane := uint32(l) & seg
		var j int32
		var ok bool
		switch in.sub {
		case shflUp:
			j = int32(l) - int32(b)
			ok = j >= int32(maxLane)
		case shflDown:
			j = int32(l) + int32(b)
			ok = j <= int32(maxLane)
		case shflBfly:
			j = int32(uint32(l) ^ b)
			ok = j <= int32(maxLane)
		default:
			j = int32(minLane | b&^seg)
			ok = j <= int32(maxLane)
		}
		if !ok || j < 0 || j > 31 {
			j = int32(l)
		}
		r[d0+l] = src[j] & 0xffffffff
		if in.nd == 2 {
			r[int(in.d[1])+l] = b2u(ok)
		}
	}
	return nil
}
