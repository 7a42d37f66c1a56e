package kernel

import (
	"testing"
)

// benchSrc: each thread runs a loop of n iterations of float and integer
// work (fma, mul.rn, add.rn, min, xor, add, setp, bra: 8 instructions).
const benchSrc = `
.visible .entry loop(.param .u64 out, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<10>;
	.reg .f32 %f<6>;
	.reg .b64 %rd<5>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r5, [n];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mad.lo.s32 %r4, %r2, %r3, %r1;
	cvt.rn.f32.s32 %f1, %r4;
	mov.f32 %f2, 0f3F800000;
	mov.u32 %r6, 0;
	mov.u32 %r7, 0;
$L:
	fma.rn.f32 %f2, %f2, 0f3F7FFFFE, %f1;
	mul.rn.f32 %f3, %f2, 0f3F000000;
	add.rn.f32 %f2, %f3, 0f3F800000;
	min.f32 %f2, %f2, 0f47000000;
	xor.b32 %r7, %r7, %r6;
	add.s32 %r6, %r6, 1;
	setp.lt.u32 %p1, %r6, %r5;
	@%p1 bra $L;
	mul.wide.u32 %rd3, %r4, 4;
	add.s64 %rd4, %rd2, %rd3;
	st.global.f32 [%rd4], %f2;
	ret;
}
`

// BenchmarkLoop reports the interpreter's throughput in thread-instructions
// per second on all cores (Workers = GOMAXPROCS) and per core.
func BenchmarkLoop(b *testing.B) {
	m, err := Load("bench.ptx", []byte(header+benchSrc))
	if err != nil {
		b.Fatal(err)
	}
	k, err := m.Kernel("loop")
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 0} {
		name := "workers=all"
		if workers == 1 {
			name = "workers=1"
		}
		b.Run(name, func(b *testing.B) {
			mem := NewMemory()
			const blocks, threads = 64, 256
			out, _ := mem.Alloc(4 * blocks * threads)
			var n uint64
			b.ReportAllocs()
			for b.Loop() {
				st, err := LaunchStats(k, LaunchConfig{Grid: Dim3{blocks, 1, 1}, Block: Dim3{threads, 1, 1}, Workers: workers}, out, U32(64))
				if err != nil {
					b.Fatal(err)
				}
				n += st.ThreadInstructions
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Minst/s")
		})
	}
}

// BenchmarkReferenceKernel runs the reference expf_ kernel (default flags)
// on one block of 32 threads per launch, as the golden test does.
func BenchmarkReferenceKernel(b *testing.B) {
	m, err := Load("default.ptx", readPTX(b, refPTX("f32", "default")))
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"expf_", "sinf_", "powf_"} {
		k, err := m.Kernel(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			mem := NewMemory()
			xs := make([]uint32, 96)
			for i := range xs {
				xs[i] = 0x3f800000 + uint32(i)*0x12345
			}
			p := mem.AllocUint32(xs)
			in := append([]byte(nil), p.Bytes()...)
			var n uint64
			for b.Loop() {
				copy(p.Bytes(), in)
				st, err := LaunchStats(k, LaunchConfig{Grid: Dim3{1, 1, 1}, Block: Dim3{32, 1, 1}, Workers: 1}, p)
				if err != nil {
					b.Fatal(err)
				}
				n += st.ThreadInstructions
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Minst/s")
		})
	}
}
