package kernel

import (
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

const (
	signBit32 = 0x80000000
	one32     = 0x3f800000
	oneF16    = 0x3c00
	oneBF16   = 0x3f80
)

// floatOp executes a floating-point arithmetic instruction. Every result
// comes from ptx or rounding.
func (w *warp) floatOp(in *inst, em uint32) error {
	r := w.regs
	d0, s0, s1, s2 := int(in.d[0]), int(in.s[0]), int(in.s[1]), int(in.s[2])
	ftz := in.mod&mFTZ != 0
	sat := in.mod&mSat != 0
	switch in.t {
	case tyF32:
		op := in.op
		// Fast loops for the commonest forms.
		if !sat && in.mod&(mFuseNC|mFuseNB|mFuseDiv) == 0 {
			switch op {
			case opAdd:
				for m := em; m != 0; m &= m - 1 {
					l := tz(m)
					r[d0+l] = uint64(ptx.Add(uint32(r[s0+l]), uint32(r[s1+l]), in.rnd, ftz))
				}
				return nil
			case opMul:
				for m := em; m != 0; m &= m - 1 {
					l := tz(m)
					r[d0+l] = uint64(ptx.Mul(uint32(r[s0+l]), uint32(r[s1+l]), in.rnd, ftz))
				}
				return nil
			case opFma:
				for m := em; m != 0; m &= m - 1 {
					l := tz(m)
					r[d0+l] = uint64(ptx.Fma(uint32(r[s0+l]), uint32(r[s1+l]), uint32(r[s2+l]), in.rnd, ftz))
				}
				return nil
			}
		}
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b := uint32(r[s0+l]), uint32(r[s1+l])
			var z uint32
			switch op {
			case opAdd:
				z = ptx.Add(a, b, in.rnd, ftz)
			case opSub:
				z = ptx.Sub(a, b, in.rnd, ftz)
			case opMul:
				z = ptx.Mul(a, b, in.rnd, ftz)
			case opFma, opMad:
				c := uint32(r[s2+l])
				if in.mod&mFuseNC != 0 {
					c ^= signBit32
				} else if in.mod&mFuseNB != 0 {
					a ^= signBit32
				}
				switch {
				case in.mod&mFuseDiv == 0:
					z = ptx.Fma(a, b, c, in.rnd, ftz)
				case in.mod&mFull != 0:
					z = ptx.DivFullFMA(a, b, c, ftz)
				default:
					z = ptx.DivApproxFMA(a, b, c, ftz)
				}
			case opDiv:
				switch {
				case in.mod&mApprox != 0:
					z = ptx.DivApprox(a, b, ftz)
				case in.mod&mFull != 0:
					z = ptx.DivFull(a, b, ftz)
				default:
					z = ptx.Div(a, b, in.rnd, ftz)
				}
			case opMin:
				if in.mod&mNaN != 0 {
					return w.unsupportedAt(in, "min.NaN.f32")
				}
				z = ptx.Min(a, b, ftz)
			case opMax:
				if in.mod&mNaN != 0 {
					return w.unsupportedAt(in, "max.NaN.f32")
				}
				z = ptx.Max(a, b, ftz)
			case opAbs:
				z = ptx.Abs(a, ftz)
			case opNeg:
				z = ptx.Neg(a, ftz)
			case opCopysign:
				z = ptx.Copysign(b, a)
			case opSqrt:
				if in.mod&mApprox != 0 {
					z = ptx.SqrtApprox(a, ftz)
				} else {
					z = ptx.Sqrt(a, in.rnd, ftz)
				}
			case opRsqrt:
				z = ptx.RsqrtApprox(a, ftz)
			case opRcp:
				if in.mod&mApprox != 0 {
					z = ptx.RcpApprox(a, ftz)
				} else {
					z = ptx.Rcp(a, in.rnd, ftz)
				}
			case opEx2:
				z = ptx.Ex2Approx(a, ftz)
			case opLg2:
				z = ptx.Lg2Approx(a, ftz)
			case opSin:
				z = ptx.SinApprox(a, ftz)
			case opCos:
				z = ptx.CosApprox(a, ftz)
			case opTanh:
				z = ptx.TanhApprox(a)
			default:
				return w.unsupportedAt(in, "f32 operation")
			}
			if sat {
				z = ptx.Sat(z)
			}
			r[d0+l] = uint64(z)
		}
	case tyF64:
		o := w.b.l.cfg.NaNOrder
		if ords := w.b.l.cfg.NaNOrders; int(in.sub) < len(ords) {
			o = ords[in.sub]
		}
		op := in.op
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			a, b := r[s0+l], r[s1+l]
			var z uint64
			switch op {
			case opAdd:
				z = o.Add64(a, b, in.rnd)
			case opSub:
				z = o.Sub64(a, b, in.rnd)
			case opMul:
				z = o.Mul64(a, b, in.rnd)
			case opFma, opMad:
				c := r[s2+l]
				if in.mod&mFuseNC != 0 {
					c = rounding.NegOperand64(c)
				} else if in.mod&mFuseNB != 0 {
					a = rounding.NegOperand64(a)
				}
				z = o.Fma64(a, b, c, in.rnd)
			case opDiv:
				if in.mod&(mApprox|mFull) != 0 {
					return w.unsupportedAt(in, "div.approx.f64")
				}
				z = rounding.Div64(a, b, in.rnd)
			case opMin:
				if in.mod&mNaN != 0 {
					return w.unsupportedAt(in, "min.NaN.f64")
				}
				if o != rounding.AsWritten {
					a, b = b, a
				}
				z = ptx.MinF64(a, b)
			case opMax:
				if in.mod&mNaN != 0 {
					return w.unsupportedAt(in, "max.NaN.f64")
				}
				if o != rounding.AsWritten {
					a, b = b, a
				}
				z = ptx.MaxF64(a, b)
			case opAbs:
				z = ptx.AbsF64(a)
			case opNeg:
				// neg.f64 is DADD −0, −a on sm_90: rounding's DADD with
				// the negation modifier of a SASS operand.
				z = rounding.Add64(0x8000000000000000, rounding.NegOperand64(a), rounding.RN)
			case opCopysign:
				z = ptx.CopysignF64(b, a)
			case opSqrt:
				if in.mod&mApprox != 0 {
					return w.unsupportedAt(in, "sqrt.approx.f64")
				}
				z = rounding.Sqrt64(a, in.rnd)
			case opRsqrt:
				if ftz {
					z = ptx.RsqrtApproxFTZF64(a)
				} else {
					z = ptx.RsqrtApproxF64(a)
				}
			case opRcp:
				if in.mod&mApprox != 0 {
					if !ftz {
						return w.unsupportedAt(in, "rcp.approx.f64 without .ftz")
					}
					z = ptx.RcpApproxFTZF64(a)
				} else {
					z = rounding.Rcp64(a, in.rnd)
				}
			default:
				return w.unsupportedAt(in, "f64 operation")
			}
			r[d0+l] = z
		}
	case tyF16, tyBF16, tyF16x2, tyBF16x2:
		lanes := 1
		if in.t == tyF16x2 || in.t == tyBF16x2 {
			lanes = 2
		}
		bf := in.t == tyBF16 || in.t == tyBF16x2
		for m := em; m != 0; m &= m - 1 {
			l := tz(m)
			var out uint64
			for h := 0; h < lanes; h++ {
				sh := uint(16 * h)
				a, b, c := uint16(r[s0+l]>>sh), uint16(r[s1+l]>>sh), uint16(r[s2+l]>>sh)
				z, ok := half(in, bf, a, b, c, ftz)
				if !ok {
					return w.unsupportedAt(in, "16-bit float operation")
				}
				out |= uint64(z) << sh
			}
			r[d0+l] = out
		}
	default:
		return w.unsupportedAt(in, "float type")
	}
	return nil
}

// half is one binary16 (bf false) or bfloat16 (bf true) operation.
func half(in *inst, bf bool, a, b, c uint16, ftz bool) (uint16, bool) {
	var z uint16
	if in.mod&mFuseNC != 0 {
		c ^= 0x8000
	} else if in.mod&mFuseNB != 0 {
		a ^= 0x8000
	}
	switch in.op {
	case opAdd:
		if bf {
			z = rounding.AddBF16(a, b, in.rnd)
		} else {
			z = rounding.AddF16(a, b, in.rnd, ftz)
		}
	case opSub:
		if bf {
			z = rounding.SubBF16(a, b, in.rnd)
		} else {
			z = rounding.SubF16(a, b, in.rnd, ftz)
		}
	case opMul:
		if bf {
			z = rounding.MulBF16(a, b, in.rnd)
		} else {
			z = rounding.MulF16(a, b, in.rnd, ftz)
		}
	case opFma, opMad:
		if bf {
			z = rounding.FmaBF16(a, b, c, in.rnd)
		} else {
			z = rounding.FmaF16(a, b, c, in.rnd, ftz)
		}
	case opMin, opMax:
		nan := in.mod&mNaN != 0
		switch {
		case in.op == opMin && bf && nan:
			z = rounding.MinNaNBF16(a, b)
		case in.op == opMin && bf:
			z = rounding.MinBF16(a, b)
		case in.op == opMin && nan:
			z = rounding.MinNaNF16(a, b)
		case in.op == opMin:
			z = rounding.MinF16(a, b)
		case bf && nan:
			z = rounding.MaxNaNBF16(a, b)
		case bf:
			z = rounding.MaxBF16(a, b)
		case nan:
			z = rounding.MaxNaNF16(a, b)
		default:
			z = rounding.MaxF16(a, b)
		}
		return z, true
	case opAbs, opNeg:
		// sm_90 computes neg and abs as arithmetic (internal/spec,
		// impl16.go): binary16 HADD2 −x + −0 and |x| + −0, bfloat16 HFMA2
		// −0·0 + −x and −0·0 + |x|: −x and |x|, but a NaN is the
		// arithmetic's.
		x := a ^ 0x8000
		if in.op == opAbs {
			x = a &^ 0x8000
		}
		if bf {
			return rounding.FmaBF16(0x8000, 0, x, rounding.RN), !ftz
		}
		return rounding.AddF16(x, 0x8000, rounding.RN, false), !ftz
	case opTanh:
		if bf {
			return ptx.TanhApproxBF16(a), true
		}
		return ptx.TanhApproxF16(a), true
	default:
		return 0, false
	}
	if in.mod&mRelu != 0 {
		if bf {
			z = rounding.ReluBF16(z)
		} else {
			z = rounding.ReluF16(z)
		}
	}
	if in.mod&mSat != 0 {
		if bf {
			z = rounding.SatBF16(z)
		} else {
			z = rounding.SatF16(z)
		}
	}
	return z, true
}

func cmpHalf(c ptx.Cmp, x, y uint16, bf bool) bool {
	var k int
	var ord bool
	if bf {
		k, ord = rounding.CmpBF16(x, y)
	} else {
		k, ord = rounding.CmpF16(x, y)
	}
	switch c {
	case ptx.EQ:
		return ord && k == 0
	case ptx.NE:
		return ord && k != 0
	case ptx.LT:
		return ord && k < 0
	case ptx.LE:
		return ord && k <= 0
	case ptx.GT:
		return ord && k > 0
	case ptx.GE:
		return ord && k >= 0
	case ptx.EQU:
		return !ord || k == 0
	case ptx.NEU:
		return !ord || k != 0
	case ptx.LTU:
		return !ord || k < 0
	case ptx.LEU:
		return !ord || k <= 0
	case ptx.GTU:
		return !ord || k > 0
	case ptx.GEU:
		return !ord || k >= 0
	case ptx.NUM:
		return ord
	case ptx.NAN:
		return !ord
	}
	return false
}

func icmp(c uint8, t ptype, a, b uint64) bool {
	wm := widthMask(t)
	a, b = a&wm, b&wm
	if t.signed() {
		sa, sb := int64(sext(a, t.size())), int64(sext(b, t.size()))
		switch c {
		case icEQ:
			return sa == sb
		case icNE:
			return sa != sb
		case icLT:
			return sa < sb
		case icLE:
			return sa <= sb
		case icGT:
			return sa > sb
		case icGE:
			return sa >= sb
		}
	}
	switch c {
	case icEQ:
		return a == b
	case icNE:
		return a != b
	case icLT, icLO:
		return a < b
	case icLE, icLS:
		return a <= b
	case icGT, icHI:
		return a > b
	case icGE, icHS:
		return a >= b
	}
	return false
}

func combine(op uint8, a, c bool) bool {
	switch op {
	case boolAnd:
		return a && c
	case boolOr:
		return a || c
	case boolXor:
		return a != c
	}
	return a
}

// setp executes setp and set.
func (w *warp) setp(in *inst, em uint32) error {
	r := w.regs
	ct := in.t
	if in.op == opSet {
		ct = in.t2
	}
	nd := int(in.nd)
	s0, s1 := int(in.s[0]), int(in.s[1])
	hasC := in.bop != boolNone
	s2 := int(in.s[2])
	negC := in.mod&mNeg2 != 0
	ftz := in.mod&mFTZ != 0
	fc := ptx.Cmp(in.sub)
	halves := 1
	if ct == tyF16x2 || ct == tyBF16x2 {
		halves = 2
	}
	// Fast loops for setp without a combining predicate.
	if in.op == opSetp && !hasC && nd == 1 {
		d0 := int(in.d[0])
		switch {
		case ct == tyF32:
			for m := em; m != 0; m &= m - 1 {
				l := tz(m)
				r[d0+l] = b2u(ptx.Setp(fc, uint32(r[s0+l]), uint32(r[s1+l]), ftz))
			}
			return nil
		case ct == tyF64:
			for m := em; m != 0; m &= m - 1 {
				l := tz(m)
				r[d0+l] = b2u(ptx.SetpF64(fc, r[s0+l], r[s1+l]))
			}
			return nil
		case ct.isInt():
			for m := em; m != 0; m &= m - 1 {
				l := tz(m)
				r[d0+l] = b2u(icmp(in.sub, ct, r[s0+l], r[s1+l]))
			}
			return nil
		}
	}
	for m := em; m != 0; m &= m - 1 {
		l := tz(m)
		a, b := r[s0+l], r[s1+l]
		var out uint64
		for h := 0; h < halves; h++ {
			var p bool
			switch ct {
			case tyF32:
				p = ptx.Setp(fc, uint32(a), uint32(b), ftz)
			case tyF64:
				p = ptx.SetpF64(fc, a, b)
			case tyF16, tyF16x2, tyBF16, tyBF16x2:
				if ftz {
					return w.unsupportedAt(in, "setp.ftz on 16-bit floats")
				}
				sh := uint(16 * h)
				p = cmpHalf(fc, uint16(a>>sh), uint16(b>>sh), ct == tyBF16 || ct == tyBF16x2)
			case tyPred:
				return w.unsupportedAt(in, "setp on predicates")
			default:
				p = icmp(in.sub, ct, a, b)
			}
			q := !p
			if hasC {
				c := (r[s2+l] != 0) != negC
				p = combine(in.bop, p, c)
				q = combine(in.bop, q, c)
			}
			if in.op == opSetp {
				r[int(in.d[0])+l] = b2u(p)
				if nd == 2 {
					r[int(in.d[1])+l] = b2u(q)
				}
				continue
			}
			var v uint64
			switch in.t {
			case tyF32:
				if p {
					v = one32
				}
			case tyF16, tyF16x2:
				if p {
					v = oneF16
				}
			case tyBF16, tyBF16x2:
				if p {
					v = oneBF16
				}
			default:
				if p {
					v = widthMask(in.t)
					if halves == 2 {
						v = 0xffff
					}
				}
			}
			out |= v << uint(16*h)
		}
		if in.op == opSet {
			r[int(in.d[0])+l] = out
		}
	}
	return nil
}

// cvtVal converts one value for cvt; ok is false for a combination that
// cudafp has no primitive for.
func cvtVal(in *inst, x uint64) (uint64, bool) {
	dt, st := in.t, in.t2
	m := in.rnd
	ftz := in.mod&mFTZ != 0
	sat := in.mod&mSat != 0
	irnd := in.mod&mIRnd != 0
	if in.mod&mRelu != 0 && dt != tyF16 && dt != tyBF16 && dt != tyF16x2 && dt != tyBF16x2 {
		return 0, false
	}
	switch {
	case dt == tyF32 && st == tyF32:
		z := uint32(x)
		switch {
		case irnd:
			z = ptx.CvtRoundF32(z, m, ftz)
			if sat {
				z = ptx.Sat(z)
			}
		case sat:
			z = ptx.CvtSat(z, ftz)
		default:
			return 0, false // cvt.ftz.f32.f32 alone
		}
		return uint64(z), true
	case dt == tyF64 && st == tyF64:
		if !irnd || sat {
			return 0, false
		}
		return ptx.CvtRoundF64(x, m), true
	case dt == tyF32 && st == tyF64:
		z := ptx.CvtF32F64(x, m, ftz)
		if sat {
			z = ptx.Sat(z)
		}
		return uint64(z), true
	case dt == tyF64 && st == tyF32:
		if sat {
			return 0, false
		}
		return ptx.CvtF64F32(uint32(x), ftz), true
	case dt == tyF32 && (st == tyF16 || st == tyBF16):
		var z uint32
		if st == tyF16 {
			z = rounding.F16ToF32(uint16(x))
		} else {
			z = rounding.BF16ToF32(uint16(x))
		}
		if ftz || sat {
			return 0, false
		}
		return uint64(z), true
	case dt == tyF64 && (st == tyF16 || st == tyBF16):
		if sat {
			return 0, false
		}
		if st == tyF16 {
			return rounding.F16ToF64(uint16(x), ftz), true
		}
		return rounding.BF16ToF64(uint16(x), ftz), true
	case dt == tyF16 || dt == tyBF16 || dt == tyF16x2 || dt == tyBF16x2:
		bf := dt == tyBF16 || dt == tyBF16x2
		var z uint16
		switch {
		case st == tyF32:
			if ftz {
				return 0, false
			}
			if bf {
				z = rounding.F32ToBF16(uint32(x), m)
			} else {
				z = rounding.F32ToF16(uint32(x), m)
			}
		case st == tyF64:
			if bf {
				z = rounding.F64ToBF16(x, m)
			} else {
				z = rounding.F64ToF16(x, m)
			}
		case st == dt && irnd:
			if bf {
				z = rounding.RoundIntBF16(uint16(x), m)
			} else {
				z = rounding.RoundIntF16(uint16(x), m)
			}
		case st.isInt():
			z = intToHalf(x, st, m, bf)
		default:
			return 0, false
		}
		if in.mod&mRelu != 0 {
			if bf {
				z = rounding.ReluBF16(z)
			} else {
				z = rounding.ReluF16(z)
			}
		}
		if sat {
			if bf {
				z = rounding.SatBF16(z)
			} else {
				z = rounding.SatF16(z)
			}
		}
		return uint64(z), true
	case dt == tyF32 && st.isInt():
		if sat {
			return 0, false
		}
		var z uint32
		switch st.size() {
		case 8:
			if st.signed() {
				z = ptx.CvtF32S64(int64(x), m)
			} else {
				z = ptx.CvtF32U64(x, m)
			}
		default:
			// 8, 16 and 32-bit sources extended to 32 bits.
			if st.signed() {
				z = ptx.CvtF32S32(int32(sext(x, st.size())), m)
			} else {
				z = ptx.CvtF32U32(uint32(x&widthMask(st)), m)
			}
		}
		return uint64(z), true
	case dt == tyF64 && st.isInt():
		if sat {
			return 0, false
		}
		switch st.size() {
		case 8:
			if st.signed() {
				return rounding.I64ToF64(int64(x), m), true
			}
			return rounding.U64ToF64(x, m), true
		default:
			if st.signed() {
				return rounding.I32ToF64(int32(sext(x, st.size()))), true
			}
			return rounding.U32ToF64(uint32(x & widthMask(st))), true
		}
	case dt.isInt() && st == tyF32:
		if sat && dt.size() >= 4 {
			// Float-to-integer conversions saturate by definition.
			sat = false
		}
		a := uint32(x)
		switch {
		case dt.size() == 8 && dt.signed():
			return uint64(ptx.CvtS64(a, m, ftz)), !sat
		case dt.size() == 8:
			return ptx.CvtU64(a, m, ftz), !sat
		case dt.size() == 4 && dt.signed():
			return uint64(uint32(ptx.CvtS32(a, m, ftz))), !sat
		case dt.size() == 4:
			return uint64(ptx.CvtU32(a, m, ftz)), !sat
		}
		return 0, false
	case dt.isInt() && st == tyF64:
		if sat && dt.size() >= 4 {
			sat = false
		}
		if sat || ftz {
			return 0, false
		}
		switch {
		case dt.size() == 8 && dt.signed():
			return uint64(rounding.F64ToI64(x, m)), true
		case dt.size() == 8:
			return rounding.F64ToU64(x, m), true
		case dt.size() == 4 && dt.signed():
			return uint64(uint32(rounding.F64ToI32(x, m))), true
		case dt.size() == 4:
			return uint64(rounding.F64ToU32(x, m)), true
		}
		return 0, false
	case dt.isInt() && (st == tyF16 || st == tyBF16):
		if ftz {
			return 0, false
		}
		h := uint16(x)
		bf := st == tyBF16
		switch {
		case dt.size() == 8 && dt.signed():
			if bf {
				return uint64(rounding.BF16ToI64(h, m)), true
			}
			return uint64(rounding.F16ToI64(h, m)), true
		case dt.size() == 8:
			if bf {
				return rounding.BF16ToU64(h, m), true
			}
			return rounding.F16ToU64(h, m), true
		case dt.size() == 4 && dt.signed():
			if bf {
				return uint64(uint32(rounding.BF16ToI32(h, m))), true
			}
			return uint64(uint32(rounding.F16ToI32(h, m))), true
		case dt.size() == 4:
			if bf {
				return uint64(rounding.BF16ToU32(h, m)), true
			}
			return uint64(rounding.F16ToU32(h, m)), true
		case dt.size() == 2 && dt.signed():
			if bf {
				return uint64(uint16(rounding.BF16ToI16(h, m))), true
			}
			return uint64(uint16(rounding.F16ToI16(h, m))), true
		case dt.size() == 2:
			if bf {
				return uint64(rounding.BF16ToU16(h, m)), true
			}
			return uint64(rounding.F16ToU16(h, m)), true
		}
		return 0, false
	case dt.isInt() && st.isInt():
		return cvtInt(x, dt, st, sat), true
	}
	return 0, false
}

func intToHalf(x uint64, st ptype, m rounding.Mode, bf bool) uint16 {
	switch {
	case st.size() == 8 && st.signed():
		if bf {
			return rounding.I64ToBF16(int64(x), m)
		}
		return rounding.I64ToF16(int64(x), m)
	case st.size() == 8:
		if bf {
			return rounding.U64ToBF16(x, m)
		}
		return rounding.U64ToF16(x, m)
	case st.size() == 4 && st.signed():
		if bf {
			return rounding.I32ToBF16(int32(x), m)
		}
		return rounding.I32ToF16(int32(x), m)
	case st.size() == 4:
		if bf {
			return rounding.U32ToBF16(uint32(x), m)
		}
		return rounding.U32ToF16(uint32(x), m)
	case st.signed():
		if bf {
			return rounding.I16ToBF16(int16(sext(x, st.size())), m)
		}
		return rounding.I16ToF16(int16(sext(x, st.size())), m)
	default:
		if bf {
			return rounding.U16ToBF16(uint16(x&widthMask(st)), m)
		}
		return rounding.U16ToF16(uint16(x&widthMask(st)), m)
	}
}

// cvtInt is cvt between integer types: sign or zero extension from the
// source width, truncation to the destination width, with .sat clamping.
func cvtInt(x uint64, dt, st ptype, sat bool) uint64 {
	var v uint64
	if st.signed() {
		v = sext(x&widthMask(st), st.size())
	} else {
		v = x & widthMask(st)
	}
	if sat {
		bitsD := uint(dt.size() * 8)
		if st.signed() {
			sv := int64(v)
			var lo, hi int64
			if dt.signed() {
				lo, hi = -1<<(bitsD-1), 1<<(bitsD-1)-1
			} else {
				lo = 0
				if bitsD == 64 {
					hi = 1<<63 - 1
				} else {
					hi = 1<<bitsD - 1
				}
			}
			if sv < lo {
				sv = lo
			}
			if sv > hi {
				sv = hi
			}
			v = uint64(sv)
		} else {
			var hi uint64
			if dt.signed() {
				hi = 1<<(bitsD-1) - 1
			} else if bitsD == 64 {
				hi = ^uint64(0)
			} else {
				hi = 1<<bitsD - 1
			}
			if v > hi {
				v = hi
			}
		}
	}
	if dt.signed() {
		return sext(v&widthMask(dt), dt.size())
	}
	return v & widthMask(dt)
}
