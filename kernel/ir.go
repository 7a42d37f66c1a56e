package kernel

import "github.com/cudafp/cudafp/rounding"

// ptype is a PTX fundamental type.
type ptype uint8

const (
	tyNone ptype = iota
	tyB8
	tyB16
	tyB32
	tyB64
	tyU8
	tyU16
	tyU32
	tyU64
	tyS8
	tyS16
	tyS32
	tyS64
	tyF16
	tyF16x2
	tyBF16
	tyBF16x2
	tyF32
	tyF64
	tyPred
	tyB128
)

var typeNames = map[string]ptype{
	"b8": tyB8, "b16": tyB16, "b32": tyB32, "b64": tyB64, "b128": tyB128,
	"u8": tyU8, "u16": tyU16, "u32": tyU32, "u64": tyU64,
	"s8": tyS8, "s16": tyS16, "s32": tyS32, "s64": tyS64,
	"f16": tyF16, "f16x2": tyF16x2, "bf16": tyBF16, "bf16x2": tyBF16x2,
	"f32": tyF32, "f64": tyF64, "pred": tyPred,
}

// size returns the width of t in bytes (predicates: 1).
func (t ptype) size() int {
	switch t {
	case tyB8, tyU8, tyS8, tyPred:
		return 1
	case tyB16, tyU16, tyS16, tyF16, tyBF16:
		return 2
	case tyB32, tyU32, tyS32, tyF32, tyF16x2, tyBF16x2:
		return 4
	case tyB64, tyU64, tyS64, tyF64:
		return 8
	case tyB128:
		return 16
	}
	return 0
}

func (t ptype) signed() bool { return t == tyS8 || t == tyS16 || t == tyS32 || t == tyS64 }

func (t ptype) isFloat() bool {
	switch t {
	case tyF16, tyF16x2, tyBF16, tyBF16x2, tyF32, tyF64:
		return true
	}
	return false
}

func (t ptype) isInt() bool { return !t.isFloat() && t != tyPred && t != tyNone }

// opcode is a decoded PTX operation.
type opcode uint8

const (
	opInvalid opcode = iota
	opMov
	opPack   // mov.bN d, {a, b, ...}
	opUnpack // mov.bN {a, b, ...}, s
	opLd
	opSt
	opCvt
	opCvta
	opAdd
	opSub
	opMul
	opMad
	opFma
	opDiv
	opRem
	opAbs
	opNeg
	opMin
	opMax
	opShl
	opShr
	opAnd
	opOr
	opXor
	opNot
	opCnot
	opPopc
	opClz
	opBrev
	opBfe
	opBfi
	opPrmt
	opShf
	opSelp
	opSlct
	opSetp
	opSet
	opSqrt
	opRsqrt
	opRcp
	opEx2
	opLg2
	opSin
	opCos
	opTanh
	opTestp
	opCopysign
	opBra
	opRet
	opExit
	opCall
	opShfl
	opVote
	opActivemask
	opAtom
	opRed
	opBar
	opNop
	opAddc // add.cc, addc, addc.cc, sub.cc, subc, subc.cc: carry chains
	opMadc // mad.lo.cc, mad.hi.cc, madc.lo, madc.hi, madc.*.cc
	opTrap
	opLop3
	opRedux
	opCpAsync // cp.async: the copy completes at once
	opBfind
	opSad
)

// Modifier bits of inst.mod.
const (
	mFTZ uint32 = 1 << iota
	mSat
	mApprox
	mFull
	mHi
	mLo
	mWide
	mCC      // sets the carry flag
	mCarry   // reads the carry flag
	mRnd     // an explicit rounding modifier (.rn/.rz/.rm/.rp)
	mIRnd    // an integer rounding modifier (.rni/.rzi/.rmi/.rpi)
	mFused   // set by the contraction pass: executes as one fma
	mFuseNB  // fused from c - a*b: the product is negated
	mFuseNC  // fused from a*b - c: the addend is negated
	mFuseDiv // fused from a div.approx/div.full.f32 quotient (ptx.DivApproxFMA, DivFullFMA)
	mRelu
	mUni
	mSync
	mClamp // shf.clamp
	mVolatile
	mNeg0 // source 0 is a negated predicate (!%p)
	mNeg1
	mNeg2
	mNeg3
	mNaN // min/max .NaN
	mXorsign
	mAbs
)

// Address spaces.
const (
	spGeneric uint8 = iota
	spGlobal
	spShared
	spLocal
	spParam
	spConst
)

// Combine ops of setp/set (.and/.or/.xor) and predicate logic.
const (
	boolNone uint8 = iota
	boolAnd
	boolOr
	boolXor
)

// Integer comparisons (setp on integer types); float ones use ptx.Cmp values.
const (
	icEQ uint8 = iota
	icNE
	icLT
	icLE
	icGT
	icGE
	icLO
	icLS
	icHI
	icHS
)

// inst is one decoded instruction. Register operands are slot bases
// (register index × 32, lane added at execution); immediates, special registers
// and symbol addresses are constant slots filled when a warp starts, so every
// source operand is a slot.
type inst struct {
	op    opcode
	t, t2 ptype
	rnd   rounding.Mode
	sub   uint8 // comparison, shfl/vote/atom mode, testp class, bfe/prmt mode
	bop   uint8 // setp/set combine op
	space uint8
	vec   uint8 // vector width of ld/st (1, 2, 4) and operand count of pack/unpack
	nd    uint8
	ns    uint8
	guard int32 // predicate slot, or -1
	gneg  bool
	mod   uint32
	d     [4]int32
	s     [4]int32
	abase int32 // address base slot of ld/st/atom/cvta-less addressing
	off   int64
	tgt   int32 // branch target pc, call index
	line  int32
	fn    handler // set by link: the executor of a non-control instruction
}

// Special register identifiers (constant slots per lane and warp).
const (
	srTidX = iota
	srTidY
	srTidZ
	srNtidX
	srNtidY
	srNtidZ
	srCtaidX
	srCtaidY
	srCtaidZ
	srNctaidX
	srNctaidY
	srNctaidZ
	srLaneid
	srWarpid
	srNwarpid
	srLanemaskEq
	srLanemaskLt
	srLanemaskLe
	srLanemaskGt
	srLanemaskGe
	srSMid
	srGridid
	numSpecial
)

var specialNames = map[string]int{
	"%tid.x": srTidX, "%tid.y": srTidY, "%tid.z": srTidZ,
	"%ntid.x": srNtidX, "%ntid.y": srNtidY, "%ntid.z": srNtidZ,
	"%ctaid.x": srCtaidX, "%ctaid.y": srCtaidY, "%ctaid.z": srCtaidZ,
	"%nctaid.x": srNctaidX, "%nctaid.y": srNctaidY, "%nctaid.z": srNctaidZ,
	"%laneid": srLaneid, "%warpid": srWarpid, // %nwarpid (a hardware constant) is not modelled
	"%lanemask_eq": srLanemaskEq, "%lanemask_lt": srLanemaskLt, "%lanemask_le": srLanemaskLe,
	"%lanemask_gt": srLanemaskGt, "%lanemask_ge": srLanemaskGe,
	"%smid": srSMid, "%gridid": srGridid,
}
