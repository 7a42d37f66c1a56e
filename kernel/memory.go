package kernel

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"
	"sync"
	"unsafe"
)

// Address windows of the generic address space. Global buffers are handed
// out from globalBase up; a generic address in the shared or local window is
// an offset into the block's shared memory or the thread's local memory.
const (
	localWindow  uint64 = 0x0000_7d00_0000_0000
	sharedWindow uint64 = 0x0000_7e00_0000_0000
	windowSize   uint64 = 1 << 32
	globalBase   uint64 = 0x0000_7f00_0000_0000
	allocAlign   uint64 = 256
)

// Memory is a device's global memory: buffers at 64-bit device addresses.
// Allocation is safe for concurrent use but not during a launch that uses
// the Memory.
type Memory struct {
	mu      sync.Mutex
	bufs    []*Buffer // sorted by address
	next    uint64
	globals map[*Module][]uint64 // addresses of each module's .global/.const variables
}

// NewMemory returns an empty device memory.
func NewMemory() *Memory { return &Memory{next: globalBase, globals: map[*Module][]uint64{}} }

// Buffer is one allocation of device memory.
type Buffer struct {
	mem  *Memory
	addr uint64
	data []byte
}

// Addr returns the buffer's device address.
func (b *Buffer) Addr() uint64 { return b.addr }

// Len returns the buffer's size in bytes.
func (b *Buffer) Len() int { return len(b.data) }

// Bytes returns the buffer's contents (not a copy).
func (b *Buffer) Bytes() []byte { return b.data }

// Alloc allocates n zeroed bytes, aligned to 256 bytes.
func (m *Memory) Alloc(n int) (*Buffer, error) {
	if n < 0 || n > 1<<34 {
		return nil, fmt.Errorf("kernel: bad allocation size %d", n)
	}
	words := make([]uint64, (n+7)/8) // 8-byte aligned backing for atomics
	var data []byte
	if n > 0 {
		data = unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), n)
	} else {
		data = []byte{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.next == 0 {
		m.next = globalBase
		m.globals = map[*Module][]uint64{}
	}
	b := &Buffer{mem: m, addr: m.next, data: data}
	sz := uint64(n)
	if sz == 0 {
		sz = 1
	}
	m.next += (sz + allocAlign - 1) / allocAlign * allocAlign
	m.bufs = append(m.bufs, b)
	return b, nil
}

func (m *Memory) mustAlloc(n int) *Buffer {
	b, err := m.Alloc(n)
	if err != nil {
		b = &Buffer{mem: m, data: []byte{}}
	}
	return b
}

// AllocFloat32 allocates a buffer holding xs.
func (m *Memory) AllocFloat32(xs []float32) *Buffer {
	b := m.mustAlloc(4 * len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b.data[4*i:], math.Float32bits(x))
	}
	return b
}

// AllocFloat64 allocates a buffer holding xs.
func (m *Memory) AllocFloat64(xs []float64) *Buffer {
	b := m.mustAlloc(8 * len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint64(b.data[8*i:], math.Float64bits(x))
	}
	return b
}

// AllocUint16 allocates a buffer holding xs (e.g. half or bfloat16 encodings).
func (m *Memory) AllocUint16(xs []uint16) *Buffer {
	b := m.mustAlloc(2 * len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint16(b.data[2*i:], x)
	}
	return b
}

// AllocUint32 allocates a buffer holding xs (e.g. float32 encodings).
func (m *Memory) AllocUint32(xs []uint32) *Buffer {
	b := m.mustAlloc(4 * len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b.data[4*i:], x)
	}
	return b
}

// AllocInt32 allocates a buffer holding xs.
func (m *Memory) AllocInt32(xs []int32) *Buffer {
	b := m.mustAlloc(4 * len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b.data[4*i:], uint32(x))
	}
	return b
}

// AllocUint64 allocates a buffer holding xs (e.g. float64 encodings).
func (m *Memory) AllocUint64(xs []uint64) *Buffer {
	b := m.mustAlloc(8 * len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint64(b.data[8*i:], x)
	}
	return b
}

// AllocInt64 allocates a buffer holding xs.
func (m *Memory) AllocInt64(xs []int64) *Buffer {
	b := m.mustAlloc(8 * len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint64(b.data[8*i:], uint64(x))
	}
	return b
}

// Float32s returns the buffer's contents as float32 values.
func (b *Buffer) Float32s() []float32 {
	xs := make([]float32, len(b.data)/4)
	for i := range xs {
		xs[i] = math.Float32frombits(binary.LittleEndian.Uint32(b.data[4*i:]))
	}
	return xs
}

// Float64s returns the buffer's contents as float64 values.
func (b *Buffer) Float64s() []float64 {
	xs := make([]float64, len(b.data)/8)
	for i := range xs {
		xs[i] = math.Float64frombits(binary.LittleEndian.Uint64(b.data[8*i:]))
	}
	return xs
}

// Uint16s returns the buffer's contents as uint16 values.
func (b *Buffer) Uint16s() []uint16 {
	xs := make([]uint16, len(b.data)/2)
	for i := range xs {
		xs[i] = binary.LittleEndian.Uint16(b.data[2*i:])
	}
	return xs
}

// Uint32s returns the buffer's contents as uint32 values.
func (b *Buffer) Uint32s() []uint32 {
	xs := make([]uint32, len(b.data)/4)
	for i := range xs {
		xs[i] = binary.LittleEndian.Uint32(b.data[4*i:])
	}
	return xs
}

// Int32s returns the buffer's contents as int32 values.
func (b *Buffer) Int32s() []int32 {
	xs := make([]int32, len(b.data)/4)
	for i := range xs {
		xs[i] = int32(binary.LittleEndian.Uint32(b.data[4*i:]))
	}
	return xs
}

// Uint64s returns the buffer's contents as uint64 values.
func (b *Buffer) Uint64s() []uint64 {
	xs := make([]uint64, len(b.data)/8)
	for i := range xs {
		xs[i] = binary.LittleEndian.Uint64(b.data[8*i:])
	}
	return xs
}

// Int64s returns the buffer's contents as int64 values.
func (b *Buffer) Int64s() []int64 {
	xs := make([]int64, len(b.data)/8)
	for i := range xs {
		xs[i] = int64(binary.LittleEndian.Uint64(b.data[8*i:]))
	}
	return xs
}

var errUnmapped = errors.New("address not in any allocation")

// find returns the bytes [addr, addr+size) of global memory.
func (m *Memory) find(addr uint64, size int) ([]byte, error) {
	bufs := m.bufs
	i := sort.Search(len(bufs), func(i int) bool { return bufs[i].addr > addr }) - 1
	if i < 0 {
		return nil, errUnmapped
	}
	b := bufs[i]
	o := addr - b.addr
	if o >= uint64(len(b.data)) || uint64(len(b.data))-o < uint64(size) {
		if o < allocAlign*((uint64(len(b.data))+allocAlign-1)/allocAlign) || o < uint64(len(b.data)) {
			return nil, fmt.Errorf("out of bounds of the %d-byte buffer at %#x", len(b.data), b.addr)
		}
		return nil, errUnmapped
	}
	return b.data[o : o+uint64(size)], nil
}

// moduleGlobals allocates (once per Memory) and initialises m's .global and
// .const variables and returns their addresses.
func (mem *Memory) moduleGlobals(m *Module) ([]uint64, error) {
	mem.mu.Lock()
	addrs, ok := mem.globals[m]
	mem.mu.Unlock()
	if ok {
		return addrs, nil
	}
	addrs = make([]uint64, len(m.globals))
	for i, v := range m.globals {
		if v.space == spShared {
			continue
		}
		b, err := mem.Alloc(v.size)
		if err != nil {
			return nil, err
		}
		copy(b.data, v.init)
		addrs[i] = b.addr
	}
	mem.mu.Lock()
	if mem.globals == nil {
		mem.globals = map[*Module][]uint64{}
	}
	mem.globals[m] = addrs
	mem.mu.Unlock()
	return addrs, nil
}
