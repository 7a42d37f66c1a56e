package kernel_test

import (
	"fmt"
	"log"

	"github.com/cudafp/cudafp/kernel"
)

// The PTX of gpu/kernels/apps.cu's
//
//	extern "C" __global__ void saxpy(int n, float a, const float* x, float* y) {
//	  int i = blockIdx.x * blockDim.x + threadIdx.x;
//	  if (i < n) y[i] = a * x[i] + y[i];
//	}
//
// as nvcc -arch=sm_90 -O3 -ptx wrote it (CUDA 13.0.88; copied from
// testdata/kernels/device/default/apps.ptx.xz, less the other kernels).
const saxpyPTX = `
.version 9.0
.target sm_90
.address_size 64

.visible .entry saxpy(
	.param .u32 saxpy_param_0,
	.param .f32 saxpy_param_1,
	.param .u64 saxpy_param_2,
	.param .u64 saxpy_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<5>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<8>;


	ld.param.u32 	%r2, [saxpy_param_0];
	ld.param.f32 	%f1, [saxpy_param_1];
	ld.param.u64 	%rd1, [saxpy_param_2];
	ld.param.u64 	%rd2, [saxpy_param_3];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB5_2;

	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.f32 	%f2, [%rd6];
	add.s64 	%rd7, %rd3, %rd5;
	ld.global.f32 	%f3, [%rd7];
	fma.rn.f32 	%f4, %f2, %f1, %f3;
	st.global.f32 	[%rd7], %f4;

$L__BB5_2:
	ret;

}
`

// Example runs a kernel from its PTX: load the module, find the kernel,
// make buffers from Go slices, launch, and read a buffer back.
func Example() {
	m, err := kernel.Load("saxpy.ptx", []byte(saxpyPTX))
	if err != nil {
		log.Fatal(err)
	}
	k, err := m.Kernel("saxpy")
	if err != nil {
		log.Fatal(err)
	}
	mem := kernel.NewMemory()
	x := mem.AllocFloat32([]float32{1, 2, 3, 4})
	y := mem.AllocFloat32([]float32{10, 20, 30, 40})
	cfg := kernel.LaunchConfig{Grid: kernel.Dim3{X: 1, Y: 1, Z: 1}, Block: kernel.Dim3{X: 32, Y: 1, Z: 1}, Memory: mem}
	if err := kernel.Launch(k, cfg, kernel.I32(4), kernel.F32(0.5), x, y); err != nil {
		log.Fatal(err)
	}
	fmt.Println(y.Float32s())
	// Output: [10.5 21 31.5 42]
}

// ExampleLaunch_outOfBounds shows the error of an access outside every
// buffer: n says 64 elements, the buffers hold 4.
func ExampleLaunch_outOfBounds() {
	m, _ := kernel.Load("saxpy.ptx", []byte(saxpyPTX))
	k, _ := m.Kernel("saxpy")
	mem := kernel.NewMemory()
	x := mem.AllocFloat32(make([]float32, 4))
	y := mem.AllocFloat32(make([]float32, 4))
	cfg := kernel.LaunchConfig{Grid: kernel.Dim3{X: 1, Y: 1, Z: 1}, Block: kernel.Dim3{X: 64, Y: 1, Z: 1}, Memory: mem}
	err := kernel.Launch(k, cfg, kernel.I32(64), kernel.F32(0.5), x, y)
	fmt.Println(err != nil)
	// Output: true
}
