package kernel

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// intOp executes an integer or bit instruction (plain Go integer arithmetic).
func (w *warp) intOp(in *inst, em uint32) error {
	r := w.regs
	d0, s0, s1, s2 := int(in.d[0]), int(in.s[0]), int(in.s[1]), int(in.s[2])
	t := in.t
	wm := widthMask(t)
	size := t.size()
	nbits := uint(size * 8)
	if t == tyPred {
		wm, size, nbits = 1, 1, 1
	}
	sgn := t.signed()
	switch in.op {
	case opAdd, opSub:
		sub := in.op == opSub
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b := r[s0+l], r[s1+l]
			var v uint64
			if sub {
				v = a - b
			} else {
				v = a + b
			}
			if in.mod&mSat != 0 && sgn && size == 4 {
				x, y := int64(int32(a)), int64(int32(b))
				var s int64
				if sub {
					s = x - y
				} else {
					s = x + y
				}
				s = max(min(s, 1<<31-1), -1<<31)
				v = uint64(s)
			}
			r[d0+l] = v & wm
		}
	case opMul, opMad:
		hi, wide := in.mod&mHi != 0, in.mod&mWide != 0
		mad := in.op == opMad
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b := r[s0+l]&wm, r[s1+l]&wm
			var v uint64
			switch {
			case wide:
				if sgn {
					v = uint64(int64(sext(a, size)) * int64(sext(b, size)))
				} else {
					v = a * b
				}
				if size == 8 {
					return w.unsupportedAt(in, "mul.wide of 64-bit operands")
				}
			case hi:
				if size == 8 {
					if sgn {
						h, _ := mulS64(int64(a), int64(b))
						v = uint64(h)
					} else {
						v, _ = bits.Mul64(a, b)
					}
				} else if sgn {
					v = uint64(int64(sext(a, size))*int64(sext(b, size))) >> nbits
				} else {
					v = a * b >> nbits
				}
			default:
				v = a * b
			}
			if mad {
				v += r[s2+l]
			}
			if wide {
				if 2*size == 8 {
					r[d0+l] = v
				} else {
					r[d0+l] = v & (uint64(1)<<(2*nbits) - 1)
				}
			} else {
				if mad && in.mod&mSat != 0 && sgn && size == 4 && hi {
					return w.unsupportedAt(in, "mad.hi.sat")
				}
				r[d0+l] = v & wm
			}
		}
	case opDiv, opRem:
		rem := in.op == opRem
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b := r[s0+l]&wm, r[s1+l]&wm
			var v uint64
			if b == 0 {
				// Division by zero is unspecified in PTX; the device
				// gives all ones for the quotient and a for the
				// remainder (the corpus case int_div_edges).
				if rem {
					v = a
				} else {
					v = wm
				}
			} else if sgn {
				x, y := int64(sext(a, size)), int64(sext(b, size))
				if y == -1 {
					if rem {
						v = 0
					} else {
						v = uint64(-x)
					}
				} else if rem {
					v = uint64(x % y)
				} else {
					v = uint64(x / y)
				}
			} else if rem {
				v = a % b
			} else {
				v = a / b
			}
			r[d0+l] = v & wm
		}
	case opAbs, opNeg:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			x := int64(sext(r[s0+l]&wm, size))
			if in.op == opNeg || x < 0 {
				x = -x
			}
			r[d0+l] = uint64(x) & wm
		}
	case opMin, opMax:
		mx := in.op == opMax
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b := r[s0+l]&wm, r[s1+l]&wm
			var less bool
			if sgn {
				less = int64(sext(a, size)) < int64(sext(b, size))
			} else {
				less = a < b
			}
			if less != mx {
				r[d0+l] = a
			} else {
				r[d0+l] = b
			}
		}
	case opShl, opShr:
		left := in.op == opShl
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, n := r[s0+l]&wm, uint32(r[s1+l])
			var v uint64
			switch {
			case left:
				if uint(n) < nbits {
					v = a << n
				}
			case sgn:
				if uint(n) >= nbits {
					n = uint32(nbits - 1)
				}
				v = uint64(int64(sext(a, size)) >> n)
			default:
				if uint(n) < nbits {
					v = a >> n
				}
			}
			r[d0+l] = v & wm
		}
	case opAnd, opOr, opXor:
		n0, n1 := in.mod&mNeg0 != 0, in.mod&mNeg1 != 0
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b := r[s0+l], r[s1+l]
			if t == tyPred {
				a, b = b2u((a != 0) != n0), b2u((b != 0) != n1)
			}
			var v uint64
			switch in.op {
			case opAnd:
				v = a & b
			case opOr:
				v = a | b
			default:
				v = a ^ b
			}
			r[d0+l] = v & wm
		}
	case opNot, opCnot:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a := r[s0+l] & wm
			if t == tyPred {
				a = b2u(a != 0)
			}
			if in.op == opNot {
				r[d0+l] = ^a & wm
			} else {
				r[d0+l] = b2u(a == 0)
			}
		}
	case opPopc, opClz, opBrev:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a := r[s0+l] & wm
			var v uint64
			switch in.op {
			case opPopc:
				v = uint64(bits.OnesCount64(a))
			case opClz:
				v = uint64(bits.LeadingZeros64(a) - (64 - int(nbits)))
			default:
				v = bits.Reverse64(a) >> (64 - nbits)
			}
			r[d0+l] = v
		}
	case opBfe:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a := r[s0+l] & wm
			pos, ln := uint(r[s1+l]&0xff), uint(r[s2+l]&0xff)
			var v uint64
			msb := nbits - 1
			if sgn {
				sbit := msb
				if ln != 0 && pos+ln-1 < msb {
					sbit = pos + ln - 1
				}
				s := a>>sbit&1 != 0
				if ln == 0 {
					s = false
				}
				for i := uint(0); i < nbits; i++ {
					var bit bool
					if i < ln && pos+i <= msb {
						bit = a>>(pos+i)&1 != 0
					} else {
						bit = s
					}
					if bit {
						v |= 1 << i
					}
				}
			} else {
				for i := uint(0); i < ln && i < nbits; i++ {
					if pos+i <= msb && a>>(pos+i)&1 != 0 {
						v |= 1 << i
					}
				}
			}
			r[d0+l] = v & wm
		}
	case opBfi:
		s3 := int(in.s[3])
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			f, b := r[s0+l]&wm, r[s1+l]&wm
			pos, ln := uint(r[s2+l]&0xff), uint(r[s3+l]&0xff)
			v := b
			for i := uint(0); i < ln && pos+i < nbits; i++ {
				v = v&^(1<<(pos+i)) | (f>>i&1)<<(pos+i)
			}
			r[d0+l] = v & wm
		}
	case opPrmt:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b, c := uint32(r[s0+l]), uint32(r[s1+l]), uint32(r[s2+l])
			v, ok := prmt(in.sub, a, b, c)
			if !ok {
				return w.unsupportedAt(in, "prmt mode")
			}
			r[d0+l] = uint64(v)
		}
	case opShf:
		right, clamp := in.sub == 1, in.mod&mClamp != 0
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b, c := uint32(r[s0+l]), uint32(r[s1+l]), uint32(r[s2+l])
			n := c & 31
			if clamp {
				n = min(c, 32)
			}
			x := uint64(b)<<32 | uint64(a)
			var v uint32
			if right {
				v = uint32(x >> n)
			} else {
				v = uint32(x << n >> 32)
			}
			r[d0+l] = uint64(v)
		}
	case opAddc:
		sub := in.sub == 1
		cin := in.mod&mCarry != 0
		cout := in.mod&mCC != 0
		cs := regCarry * 32
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b := r[s0+l]&wm, r[s1+l]&wm
			var c uint64
			if cin {
				c = r[cs+l] & 1
			}
			var v, co uint64
			if size == 8 {
				if sub {
					v, co = bits.Sub64(a, b, c)
				} else {
					v, co = bits.Add64(a, b, c)
				}
			} else if sub {
				x := a - b - c
				v, co = x&wm, x>>63&1
			} else {
				x := a + b + c
				v, co = x&wm, x>>nbits&1
			}
			r[d0+l] = v
			if cout {
				r[cs+l] = co
			}
		}
	case opMadc:
		cin := in.mod&mCarry != 0
		cout := in.mod&mCC != 0
		hi := in.mod&mHi != 0
		cs := regCarry * 32
		if size != 4 && size != 8 {
			return w.unsupportedAt(in, "mad with carry")
		}
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b, c := r[s0+l]&wm, r[s1+l]&wm, r[s2+l]&wm
			var p uint64
			if size == 8 {
				ph, pl := bits.Mul64(a, b)
				if sgn {
					h, lo := mulS64(int64(a), int64(b))
					ph, pl = uint64(h), lo
				}
				if hi {
					p = ph
				} else {
					p = pl
				}
			} else {
				var full uint64
				if sgn {
					full = uint64(int64(int32(a)) * int64(int32(b)))
				} else {
					full = a * b
				}
				if hi {
					p = full >> 32 & wm
				} else {
					p = full & wm
				}
			}
			var ci uint64
			if cin {
				ci = r[cs+l] & 1
			}
			var v, co uint64
			if size == 8 {
				v, co = bits.Add64(p, c, ci)
			} else {
				x := p + c + ci
				v, co = x&wm, x>>32&1
			}
			r[d0+l] = v
			if cout {
				r[cs+l] = co
			}
		}
	case opBfind:
		// bfind: the bit position of the most significant non-sign bit
		// (all ones if none); .shiftamt: the left shift that brings it to
		// the top.
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a := r[s0+l] & wm
			if sgn && a>>(nbits-1)&1 != 0 {
				a = ^a & wm
			}
			v := uint64(0xffffffff)
			if a != 0 {
				v = uint64(63 - bits.LeadingZeros64(a))
				if in.sub == 1 {
					v = uint64(nbits-1) - v
				}
			}
			r[d0+l] = v
		}
	case opSad:
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b := r[s0+l]&wm, r[s1+l]&wm
			var d uint64
			if sgn {
				x, y := int64(sext(a, size)), int64(sext(b, size))
				d = uint64(max(x, y) - min(x, y))
			} else {
				d = max(a, b) - min(a, b)
			}
			r[d0+l] = (r[s2+l] + d) & wm
		}
	default:
		return w.unsupportedAt(in, "integer operation")
	}
	return nil
}

func mulS64(a, b int64) (hi int64, lo uint64) {
	h, l := bits.Mul64(uint64(a), uint64(b))
	if a < 0 {
		h -= uint64(b)
	}
	if b < 0 {
		h -= uint64(a)
	}
	return int64(h), l
}

func prmt(mode uint8, a, b, c uint32) (uint32, bool) {
	x := uint64(b)<<32 | uint64(a)
	byteAt := func(i uint32) uint32 { return uint32(x >> (8 * (i & 7)) & 0xff) }
	var v uint32
	switch mode {
	case 0:
		for k := 0; k < 4; k++ {
			sel := c >> (4 * k) & 0xf
			bt := byteAt(sel & 7)
			if sel&8 != 0 {
				if bt&0x80 != 0 {
					bt = 0xff
				} else {
					bt = 0
				}
			}
			v |= bt << (8 * k)
		}
		return v, true
	}
	return 0, false
}

// atom executes atom and red. Each lane's operation is one indivisible
// read-modify-write: global memory through sync/atomic compare-and-swap (blocks
// run in parallel), shared memory directly (a block runs on one goroutine).
func (w *warp) atom(in *inst, em uint32) error {
	r := w.regs
	size := in.t.size()
	if size != 2 && size != 4 && size != 8 {
		return w.unsupportedAt(in, "atomic width")
	}
	// The lanes in lane order, or in a random order under a seeded
	// interleaving.
	var lanes [32]uint8
	n := 0
	for m := em; m != 0; m &= m - 1 {
		lanes[n] = uint8(tz(m))
		n++
	}
	if rng := w.b.rng; rng != nil {
		rng.Shuffle(n, func(i, j int) { lanes[i], lanes[j] = lanes[j], lanes[i] })
	}
	for _, l8 := range lanes[:n] {
		l := int(l8)
		a := r[int(in.abase)+l] + uint64(in.off)
		b, err := w.memAt(in, l, a, size)
		if err != nil {
			return err
		}
		x := r[int(in.s[0])+l]
		var y uint64
		if in.ns > 1 {
			y = r[int(in.s[1])+l]
		}
		global := in.space == spGlobal || in.space == spGeneric && !(a-sharedWindow < windowSize)
		f := func(old uint64) (uint64, bool) { return atomOp(in, old, x, y, global) }
		var old uint64
		var ok bool
		if global && size == 2 {
			// No 16-bit compare-and-swap: one lock for every 16-bit
			// atomic of the process.
			atomic16.Lock()
			old = getN(b, size)
			var nv uint64
			nv, ok = f(old)
			if ok {
				putN(b, size, nv)
			}
			atomic16.Unlock()
		} else if global {
			old, ok = casLoop(b, size, f)
		} else {
			old = getN(b, size)
			var nv uint64
			nv, ok = f(old)
			if ok {
				putN(b, size, nv)
			}
		}
		if !ok {
			return w.unsupportedAt(in, "atomic operation on this type")
		}
		if in.op == opAtom {
			if in.t.signed() {
				old = sext(old, size)
			}
			r[int(in.d[0])+l] = old
		}
	}
	return nil
}

var atomic16 sync.Mutex

func casLoop(b []byte, size int, f func(uint64) (uint64, bool)) (uint64, bool) {
	if size == 4 {
		p := (*uint32)(unsafe.Pointer(&b[0]))
		for {
			old := atomic.LoadUint32(p)
			nv, ok := f(uint64(old))
			if !ok {
				return 0, false
			}
			if atomic.CompareAndSwapUint32(p, old, uint32(nv)) {
				return uint64(old), true
			}
		}
	}
	p := (*uint64)(unsafe.Pointer(&b[0]))
	for {
		old := atomic.LoadUint64(p)
		nv, ok := f(old)
		if !ok {
			return 0, false
		}
		if atomic.CompareAndSwapUint64(p, old, nv) {
			return old, true
		}
	}
}

// atomOp returns the new value of an atomic operation on old with operands
// x (and y for cas).
func atomOp(in *inst, old, x, y uint64, global bool) (uint64, bool) {
	t := in.t
	wm := widthMask(t)
	size := t.size()
	old, x, y = old&wm, x&wm, y&wm
	switch in.sub {
	case atomAdd:
		switch t {
		case tyF32:
			// Global memory: add.rn.ftz.f32; shared memory: add.rn.f32
			// (cuda-facts.md §6; the corpus probe atomic_fp_semantics
			// agrees under every flag set).
			return uint64(ptx.Add(uint32(old), uint32(x), rounding.RN, global)), true
		case tyF64:
			// Device data (testdata/kernels, atomic_fp_semantics): global
			// memory returns a NaN operand as it is, not quieted, the
			// added value's before the memory's; shared memory is DADD
			// with the memory's NaN first, quieted (rounding.Swapped).
			if !global {
				return rounding.Swapped.Add64(old, x, rounding.RN), true
			}
			isNaN := func(v uint64) bool { return v&0x7ff0000000000000 == 0x7ff0000000000000 && v&(1<<52-1) != 0 }
			switch {
			case isNaN(x):
				return x, true
			case isNaN(old):
				return old, true
			}
			return rounding.Add64(old, x, rounding.RN), true
		case tyF16, tyF16x2, tyBF16, tyBF16x2:
			// atom.add.noftz.{f16,bf16}{,x2}: each half rounded to nearest,
			// subnormals kept.
			var z uint64
			for h := uint(0); h < uint(size/2); h++ {
				o, a := uint16(old>>(16*h)), uint16(x>>(16*h))
				var v uint16
				if t == tyBF16 || t == tyBF16x2 {
					v = rounding.AddBF16(o, a, rounding.RN)
				} else {
					v = rounding.AddF16(o, a, rounding.RN, false)
				}
				z |= uint64(v) << (16 * h)
			}
			return z, true
		case tyU32, tyS32, tyU64, tyS64, tyB32, tyB64:
			return (old + x) & wm, true
		}
	case atomMin, atomMax:
		if t.isFloat() {
			return 0, false
		}
		var less bool
		if t.signed() {
			less = int64(sext(old, size)) < int64(sext(x, size))
		} else {
			less = old < x
		}
		if (in.sub == atomMin) == less {
			return old, true
		}
		return x, true
	case atomInc:
		if t != tyU32 {
			return 0, false
		}
		if old >= x {
			return 0, true
		}
		return old + 1, true
	case atomDec:
		if t != tyU32 {
			return 0, false
		}
		if old == 0 || old > x {
			return x, true
		}
		return old - 1, true
	case atomAnd:
		return old & x, !t.isFloat()
	case atomOr:
		return old | x, !t.isFloat()
	case atomXor:
		return old ^ x, !t.isFloat()
	case atomExch:
		return x, true
	case atomCas:
		if old == x {
			return y, true
		}
		return old, true
	}
	return 0, false
}
