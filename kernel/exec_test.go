package kernel

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"testing"
)

const header = ".version 9.0\n.target sm_90\n.address_size 64\n"

func mustKernel(t *testing.T, src, name string) *Kernel {
	t.Helper()
	m, err := Load("test.ptx", []byte(header+src))
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// Divergence, reconvergence, shfl.sync and vote.sync: odd lanes take a
// branch, then every lane reads its butterfly partner's value after the
// join, and a ballot of "lane is odd" is stored.
const shflSrc = `
.visible .entry k(.param .u64 out, .param .u64 bal)
{
	.reg .pred %p<3>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd5, [bal];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 1;
	setp.eq.s32 %p1, %r2, 0;
	@%p1 bra $EVEN;
	mul.lo.s32 %r3, %r1, 100;
	bra.uni $JOIN;
$EVEN:
	add.s32 %r3, %r1, 1000;
$JOIN:
	shfl.sync.bfly.b32 %r4|%p2, %r3, 1, 31, -1;
	vote.sync.ballot.b32 %r5, %p1, -1;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd2, %rd3;
	st.global.u32 [%rd4], %r4;
	setp.eq.s32 %p2, %r1, 0;
	@!%p2 bra $END;
	cvta.to.global.u64 %rd6, %rd5;
	st.global.u32 [%rd6], %r5;
$END:
	ret;
}
`

func TestShflVoteDivergence(t *testing.T) {
	k := mustKernel(t, shflSrc, "k")
	mem := NewMemory()
	out, _ := mem.Alloc(4 * 32)
	bal, _ := mem.Alloc(4)
	if err := Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{32, 1, 1}}, out, bal); err != nil {
		t.Fatal(err)
	}
	got := out.Uint32s()
	for l := uint32(0); l < 32; l++ {
		p := l ^ 1
		want := p + 1000
		if p&1 == 1 {
			want = p * 100
		}
		if got[l] != want {
			t.Errorf("lane %d: %d, want %d", l, got[l], want)
		}
	}
	if b := bal.Uint32s()[0]; b != 0x55555555 {
		t.Errorf("ballot %#x, want 0x55555555", b)
	}
}

// Shared memory and bar.sync across 4 warps: each thread stores its tid,
// then reads the value of thread (tid+1) mod 128; an atomic add counts the
// threads in global memory and a shared-memory atomic in each block.
const sharedSrc = `
.visible .entry rot(.param .u64 out, .param .u64 cnt)
{
	.reg .b32 %r<12>;
	.reg .b64 %rd<10>;
	.shared .align 4 .b8 buf[512];
	.shared .align 4 .u32 scount;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd7, [cnt];
	cvta.to.global.u64 %rd2, %rd1;
	cvta.to.global.u64 %rd8, %rd7;
	mov.u32 %r1, %tid.x;
	mov.u32 %r9, %ctaid.x;
	mov.u32 %r10, %ntid.x;
	mad.lo.s32 %r11, %r9, %r10, %r1;
	mov.u64 %rd3, buf;
	mul.wide.u32 %rd4, %r1, 4;
	add.s64 %rd5, %rd3, %rd4;
	st.shared.u32 [%rd5], %r11;
	atom.shared.add.u32 %r8, [scount], 1;
	bar.sync 0;
	add.s32 %r2, %r1, 1;
	and.b32 %r3, %r2, 127;
	mul.wide.u32 %rd4, %r3, 4;
	add.s64 %rd5, %rd3, %rd4;
	ld.shared.u32 %r4, [%rd5];
	ld.shared.u32 %r7, [scount];
	add.s32 %r4, %r4, %r7;
	mul.wide.u32 %rd4, %r11, 4;
	add.s64 %rd6, %rd2, %rd4;
	st.global.u32 [%rd6], %r4;
	red.global.add.u32 [%rd8], 1;
	ret;
}
`

func TestSharedBarrierAtomics(t *testing.T) {
	k := mustKernel(t, sharedSrc, "rot")
	mem := NewMemory()
	const blocks, threads = 8, 128
	out, _ := mem.Alloc(4 * blocks * threads)
	cnt, _ := mem.Alloc(4)
	if err := Launch(k, LaunchConfig{Grid: Dim3{blocks, 1, 1}, Block: Dim3{threads, 1, 1}}, out, cnt); err != nil {
		t.Fatal(err)
	}
	got := out.Uint32s()
	for b := uint32(0); b < blocks; b++ {
		for i := uint32(0); i < threads; i++ {
			want := b*threads + (i+1)%threads + threads
			if g := got[b*threads+i]; g != want {
				t.Fatalf("block %d thread %d: %d, want %d", b, i, g, want)
			}
		}
	}
	if c := cnt.Uint32s()[0]; c != blocks*threads {
		t.Errorf("atomic count %d, want %d", c, blocks*threads)
	}
}

// A .func call with parameters and a local-memory array.
const callSrc = `
.func (.param .b32 ret) twice(.param .b32 a)
{
	.local .align 4 .b8 depot[16];
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	ld.param.b32 %r1, [a];
	mov.u64 %rd1, depot;
	st.local.u32 [%rd1+8], %r1;
	ld.local.u32 %r2, [%rd1+8];
	shl.b32 %r3, %r2, 1;
	st.param.b32 [ret], %r3;
	ret;
}
.visible .entry _Z4callPj(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<5>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	{
	.param .b32 param0;
	st.param.b32 [param0], %r1;
	.param .b32 retval0;
	call.uni (retval0), twice, (param0);
	ld.param.b32 %r2, [retval0];
	}
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd2, %rd3;
	st.global.u32 [%rd4], %r2;
	ret;
}
`

func TestCallLocal(t *testing.T) {
	k := mustKernel(t, callSrc, "call") // by demangled name
	mem := NewMemory()
	out, _ := mem.Alloc(4 * 40)
	if err := Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{40, 1, 1}}, out); err != nil {
		t.Fatal(err)
	}
	for i, v := range out.Uint32s() {
		if v != uint32(2*i) {
			t.Fatalf("thread %d: %d, want %d", i, v, 2*i)
		}
	}
}

const loopSrc = `
.visible .entry spin(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
$L:
	add.s32 %r1, %r1, 1;
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra $L;
	ret;
}
`

func TestBudgetAndMemoryErrors(t *testing.T) {
	k := mustKernel(t, loopSrc, "spin")
	mem := NewMemory()
	out, _ := mem.Alloc(4)
	err := Launch(k, LaunchConfig{Grid: Dim3{2, 1, 1}, Block: Dim3{32, 1, 1}, MaxInstructions: 1 << 20}, out)
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("got %v, want a BudgetError", err)
	}
	k = mustKernel(t, shflSrc, "k")
	small, _ := mem.Alloc(4 * 16) // 16 elements for 32 threads
	err = Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{32, 1, 1}}, small, out)
	var me *MemoryError
	if !errors.As(err, &me) || me.Space != "global" || me.Thread.X < 16 {
		t.Fatalf("got %v, want a MemoryError of a thread ≥ 16", err)
	}
}

const barrierSrc = `
.visible .entry bad()
{
	.reg .pred %p<2>;
	.reg .b32 %r<3>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 40;
	@%p1 bra $END;
	bar.sync 0;
$END:
	ret;
}
`

func TestBarrierError(t *testing.T) {
	k := mustKernel(t, barrierSrc, "bad")
	err := Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{64, 1, 1}})
	var be *BarrierError
	if !errors.As(err, &be) || be.Waiting != 24 || be.Exited != 40 {
		t.Fatalf("got %v, want a BarrierError with 24 waiting and 40 exited", err)
	}
}

// Integer instructions against Go's math/bits on a few values.
const intSrc = `
.visible .entry ints(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<20>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r2, [%rd4];
	popc.b32 %r3, %r2;
	clz.b32 %r4, %r2;
	brev.b32 %r5, %r2;
	bfe.u32 %r6, %r2, 4, 8;
	mul.hi.u32 %r7, %r2, %r2;
	prmt.b32 %r8, %r2, 0, 0x0123;
	bfind.u32 %r9, %r2;
	bfind.shiftamt.s32 %r10, %r2;
	sad.u32 %r11, %r2, 0x80000000, 7;
	mul.wide.u32 %rd5, %r1, 48;
	add.s64 %rd6, %rd2, %rd5;
	st.global.v4.u32 [%rd6], {%r3, %r4, %r5, %r6};
	st.global.v4.u32 [%rd6+16], {%r7, %r8, %r9, %r10};
	st.global.u32 [%rd6+32], %r11;
	ret;
}
`

func TestIntegerOps(t *testing.T) {
	k := mustKernel(t, intSrc, "ints")
	mem := NewMemory()
	xs := []uint32{0, 1, 0x80000000, 0xdeadbeef, 0x12345678, 0xffffffff, 0x00f0f000}
	in := mem.AllocUint32(xs)
	out, _ := mem.Alloc(48 * len(xs))
	if err := Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{uint32(len(xs)), 1, 1}}, in, out); err != nil {
		t.Fatal(err)
	}
	got := out.Uint32s()
	for i, x := range xs {
		hi, _ := bits.Mul32(x, x)
		// bfind.u32: the highest set bit; bfind.shiftamt.s32: 31 minus
		// the highest bit that differs from the sign (all ones if none).
		bf, sa := uint32(31-bits.LeadingZeros32(x)), uint32(0xffffffff)
		if x == 0 {
			bf = 0xffffffff
		}
		if y := x ^ uint32(int32(x)>>31); y != 0 {
			sa = uint32(bits.LeadingZeros32(y))
		}
		sad := 7 + max(x, 0x80000000) - min(x, 0x80000000)
		want := []uint32{uint32(bits.OnesCount32(x)), uint32(bits.LeadingZeros32(x)), bits.Reverse32(x), x >> 4 & 0xff, hi, bits.ReverseBytes32(x), bf, sa, sad}
		for j, w := range want {
			if g := got[12*i+j]; g != w {
				t.Errorf("x=%#08x result %d: %#08x, want %#08x", x, j, g, w)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		src  string
		line int
		msg  string
	}{
		{".visible .entry k()\n{\n\tadd.s32 %r1, %r2, 1;\n}\n", 6, "undeclared register %r1"},
		{".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tbra $NOWHERE;\n}\n", 7, "undefined label"},
		{".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tmov.u32 %r1, %r2\n}\n", 8, "expected"},
		{".visible .entry k(\n", 5, "expected"},
		{".global .align 3 .b8 g[4];\n", 4, "bad alignment"},
		{"add.s32 %r1, %r2;\n", 4, "unexpected"},
		{".visible .entry k()\n{\n\t.reg .f32 %f<2>;\n\tmov.f32 %f1, 0f3F80;\n}\n", 7, "bad float literal"},
	}
	for _, c := range cases {
		_, err := Load("x.ptx", []byte(header+c.src))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: got %v, want a ParseError", c.src, err)
			continue
		}
		if pe.Line != c.line || !strings.Contains(pe.Msg, c.msg) || !strings.HasPrefix(pe.Error(), "x.ptx:") {
			t.Errorf("%q: got %v, want line %d containing %q", c.src, err, c.line, c.msg)
		}
	}
}

func TestUnsupported(t *testing.T) {
	src := ".visible .entry k()\n{\n\t.reg .b16 %h<3>;\n\tex2.approx.f16 %h1, %h2;\n\tfoo.bar.b32 %h1, %h2;\n}\n"
	m, err := Load("u.ptx", []byte(header+src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Kernel("k")
	var ue *UnsupportedError
	if !errors.As(err, &ue) || ue.Line != 7 || ue.Op != "ex2.approx.f16" {
		t.Fatalf("got %v, want an UnsupportedError for ex2.approx.f16 at line 7", err)
	}
	src = ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tfoo.bar.b32 %r1, %r2;\n}\n"
	m, err = Load("u.ptx", []byte(header+src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err = m.Kernel("k"); !errors.As(err, &ue) || ue.Op != "foo.bar.b32" || ue.Line != 7 {
		t.Fatalf("got %v, want an UnsupportedError for foo.bar.b32 at line 7", err)
	}
}

// Contraction: the rule's cases, checked on the decoded instructions.
func TestContraction(t *testing.T) {
	src := `
.visible .entry c()
{
	.reg .f32 %f<60>;
	mul.f32 %f3, %f1, %f2;
	sub.f32 %f4, %f3, %f5;     // 9 fused: a*b - c
	mul.f32 %f6, %f1, %f2;
	sub.f32 %f7, %f5, %f6;     // 11 fused: c - a*b
	mul.rn.f32 %f8, %f1, %f2;
	add.f32 %f9, %f8, %f5;     // not: .rn on the mul
	mul.f32 %f10, %f1, %f2;
	add.f32 %f11, %f10, %f5;   // 15 fused: every reader absorbs the product
	sub.f32 %f12, %f5, %f10;   // 16 fused
	mul.f32 %f13, %f1, %f2;
	add.rn.f32 %f14, %f13, %f5; // not: .rn on the add
	mul.f32 %f15, %f20, %f2;
	mov.f32 %f20, %f5;
	add.f32 %f16, %f15, %f5;   // not: a multiplicand written before the reader
	mul.f32 %f17, %f1, %f2;
$L:
	add.f32 %f18, %f17, %f5;   // not: another block
	mul.f32 %f21, %f1, %f1;    // one reader
	mul.f32 %f22, %f2, %f2;    // one reader
	sub.f32 %f23, %f21, %f22;  // 27 fused with the first operand's product
	mul.f32 %f24, %f1, %f2;    // three readers
	mul.f32 %f25, %f5, %f5;    // two readers: absorbed where both meet
	add.f32 %f26, %f24, %f25;  // 30 fused with %f25
	sub.f32 %f27, %f24, %f25;  // 31 fused with %f25
	add.f32 %f28, %f24, %f5;   // not: %f24 stays a multiply
	mul.f32 %f29, %f1, %f2;
	add.f32 %f30, %f29, %f5;   // not: another reader is no add
	mov.f32 %f31, %f29;
	mul.f32 %f32, %f1, %f2;
	add.f32 %f33, %f32, %f5;   // 37 fused: the register is redefined next
	mov.f32 %f32, %f5;
	add.f32 %f34, %f32, %f5;
	div.full.f32 %f35, %f1, %f2;
	add.f32 %f36, %f35, %f5;   // 41 fused: ptx.DivFullFMA
	mul.f32 %f37, %f1, %f2;
	div.rn.f32 %f38, %f1, %f2;
	add.f32 %f39, %f37, %f5;   // not: div.rn.f32 is a call in SASS
	ret;
}
`
	for _, off := range []bool{false, true} {
		m, err := LoadWith("c.ptx", []byte(header+src), LoadOptions{NoContract: off})
		if err != nil {
			t.Fatal(err)
		}
		var fused []int
		for _, in := range m.byName["c"].code {
			if in.mod&mFused != 0 {
				fused = append(fused, int(in.line))
			}
		}
		want := []int{9, 11, 15, 16, 27, 30, 31, 37, 41} // source lines
		if off {
			want = nil
		}
		if fmt.Sprint(fused) != fmt.Sprint(want) {
			t.Errorf("NoContract=%v: fused adds at lines %v, want %v", off, fused, want)
		}
	}
}

// Dynamic shared memory through generic addresses, a 2-D block and the
// special registers: out[i] = tid.y*ntid.x + tid.x read back from shared
// memory through cvta.shared and a generic ld, plus %laneid and %warpid.
const dynSrc = `
.extern .shared .align 16 .b8 dyn[];
.visible .entry dyn2d(.param .u64 out)
{
	.reg .b32 %r<12>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %tid.y;
	mov.u32 %r3, %ntid.x;
	mad.lo.s32 %r4, %r2, %r3, %r1;
	mov.u64 %rd2, dyn;
	cvta.shared.u64 %rd3, %rd2;
	mul.wide.u32 %rd4, %r4, 4;
	add.s64 %rd5, %rd3, %rd4;
	st.u32 [%rd5], %r4;
	bar.sync 0;
	ld.u32 %r5, [%rd5];
	mov.u32 %r6, %laneid;
	mov.u32 %r7, %warpid;
	mul.wide.u32 %rd6, %r4, 12;
	add.s64 %rd7, %rd1, %rd6;
	st.global.u32 [%rd7], %r5;
	st.global.u32 [%rd7+4], %r6;
	st.global.u32 [%rd7+8], %r7;
	ret;
}
`

func TestDynamicSharedGeneric(t *testing.T) {
	k := mustKernel(t, dynSrc, "dyn2d")
	mem := NewMemory()
	const nx, ny = 8, 6
	out, _ := mem.Alloc(12 * nx * ny)
	if err := Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{nx, ny, 1}, SharedBytes: 4 * nx * ny}, out); err != nil {
		t.Fatal(err)
	}
	got := out.Uint32s()
	for i := uint32(0); i < nx*ny; i++ {
		if got[3*i] != i || got[3*i+1] != i%32 || got[3*i+2] != i/32 {
			t.Errorf("thread %d: %d %d %d, want %d %d %d", i, got[3*i], got[3*i+1], got[3*i+2], i, i%32, i/32)
		}
	}
	// Too little dynamic shared memory: a MemoryError in the shared space.
	err := Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{nx, ny, 1}, SharedBytes: 16}, out)
	var me *MemoryError
	if !errors.As(err, &me) || me.Space != "shared" {
		t.Errorf("got %v, want a shared-memory MemoryError", err)
	}
}

// Divergence around a call: odd lanes call a function, then all lanes sum
// a value over the warp with shfl.sync.bfly; the warp must be converged at
// the shuffles for the sum to be right.
const callShflSrc = `
.func (.param .b32 r) inc(.param .b32 a)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [a];
	add.s32 %r2, %r1, 1000;
	st.param.b32 [r], %r2;
	ret;
}
.visible .entry sum(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<5>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %r1;
	and.b32 %r3, %r1, 1;
	setp.eq.s32 %p1, %r3, 0;
	@%p1 bra $SKIP;
	{
	.param .b32 param0;
	st.param.b32 [param0], %r1;
	.param .b32 retval0;
	call.uni (retval0), inc, (param0);
	ld.param.b32 %r2, [retval0];
	}
$SKIP:
	shfl.sync.bfly.b32 %r4, %r2, 16, 31, -1;
	add.s32 %r2, %r2, %r4;
	shfl.sync.bfly.b32 %r4, %r2, 8, 31, -1;
	add.s32 %r2, %r2, %r4;
	shfl.sync.bfly.b32 %r4, %r2, 4, 31, -1;
	add.s32 %r2, %r2, %r4;
	shfl.sync.bfly.b32 %r4, %r2, 2, 31, -1;
	add.s32 %r2, %r2, %r4;
	shfl.sync.bfly.b32 %r4, %r2, 1, 31, -1;
	add.s32 %r2, %r2, %r4;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r2;
	ret;
}
`

func TestCallReconvergence(t *testing.T) {
	k := mustKernel(t, callShflSrc, "sum")
	mem := NewMemory()
	out, _ := mem.Alloc(4 * 32)
	if err := Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{32, 1, 1}}, out); err != nil {
		t.Fatal(err)
	}
	want := uint32(0)
	for l := uint32(0); l < 32; l++ {
		want += l
		if l&1 == 1 {
			want += 1000
		}
	}
	for l, v := range out.Uint32s() {
		if v != want {
			t.Fatalf("lane %d: sum %d, want %d", l, v, want)
		}
	}
}

// lop3 (0x96: a^b^c; 0xe8: majority), redux.sync and cp.async.
const miscSrc = `
.visible .entry misc(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<12>;
	.reg .b64 %rd<10>;
	.shared .align 16 .b8 sm[512];
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 16;
	add.s64 %rd4, %rd1, %rd3;
	mov.u32 %r9, sm;
	mul.lo.s32 %r10, %r1, 16;
	add.s32 %r11, %r9, %r10;
	cp.async.ca.shared.global [%r11], [%rd4], 16;
	cp.async.commit_group;
	cp.async.wait_group 0;
	bar.sync 0;
	ld.shared.v4.u32 {%r2, %r3, %r4, %r5}, [%r11];
	lop3.b32 %r6, %r2, %r3, %r4, 0x96;
	lop3.b32 %r7, %r2, %r3, %r4, 0xe8;
	redux.sync.add.u32 %r8, %r5, -1;
	mul.wide.u32 %rd5, %r1, 12;
	add.s64 %rd6, %rd2, %rd5;
	st.global.u32 [%rd6], %r6;
	st.global.u32 [%rd6+4], %r7;
	st.global.u32 [%rd6+8], %r8;
	ret;
}
`

func TestLop3ReduxCpAsync(t *testing.T) {
	k := mustKernel(t, miscSrc, "misc")
	mem := NewMemory()
	xs := make([]uint32, 4*32)
	s := uint32(0x9e3779b9)
	for i := range xs {
		s = s*1664525 + 1013904223
		xs[i] = s
	}
	in := mem.AllocUint32(xs)
	out, _ := mem.Alloc(12 * 32)
	if err := Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{32, 1, 1}}, in, out); err != nil {
		t.Fatal(err)
	}
	var sum uint32
	for i := 0; i < 32; i++ {
		sum += xs[4*i+3]
	}
	got := out.Uint32s()
	for i := 0; i < 32; i++ {
		a, b, c := xs[4*i], xs[4*i+1], xs[4*i+2]
		want := []uint32{a ^ b ^ c, a&b | a&c | b&c, sum}
		for j, w := range want {
			if got[3*i+j] != w {
				t.Errorf("thread %d result %d: %#08x, want %#08x", i, j, got[3*i+j], w)
			}
		}
	}
}

// The local-memory pattern nvcc emits for a per-thread array: a depot, %SPL
// and %SP (cvta.local), a store through the local address and a load through
// the generic one; and a 64-bit carry chain (add.cc/addc) of the thread index.
const localSrc = `
.visible .entry loc(.param .u64 out)
{
	.local .align 8 .b8 __local_depot0[32];
	.reg .b64 %SP;
	.reg .b64 %SPL;
	.reg .b32 %r<12>;
	.reg .b64 %rd<10>;
	mov.u64 %SPL, __local_depot0;
	cvta.local.u64 %SP, %SPL;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 8;
	add.u64 %rd3, %SPL, 8;
	st.local.u32 [%rd3], %r1;
	add.u64 %rd4, %SP, 8;
	ld.u32 %r2, [%rd4];
	mov.u32 %r3, -1;
	add.cc.u32 %r4, %r3, %r2;
	addc.u32 %r5, 0, 0;
	add.s64 %rd5, %rd1, %rd2;
	st.global.v2.u32 [%rd5], {%r4, %r5};
	ret;
}
`

func TestLocalGenericCarry(t *testing.T) {
	k := mustKernel(t, localSrc, "loc")
	mem := NewMemory()
	out, _ := mem.Alloc(8 * 64)
	if err := Launch(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{64, 1, 1}}, out); err != nil {
		t.Fatal(err)
	}
	got := out.Uint32s()
	for i := uint32(0); i < 64; i++ {
		sum, carry := bits.Add32(0xffffffff, i, 0)
		if got[2*i] != sum || got[2*i+1] != carry {
			t.Errorf("thread %d: %#x carry %d, want %#x carry %d", i, got[2*i], got[2*i+1], sum, carry)
		}
	}
}
