package kernel

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/cudafp/cudafp/rounding"
)

// LaunchConfig describes one kernel launch.
type LaunchConfig struct {
	Grid, Block Dim3
	// SharedBytes is the dynamic shared memory per block (extern .shared).
	SharedBytes int
	// MaxInstructions bounds the thread-instructions the launch executes
	// (0: no bound); exceeding it fails the launch with a *BudgetError.
	MaxInstructions uint64
	// Workers is the number of blocks run in parallel (0: GOMAXPROCS); a
	// kernel with atomics on global memory runs one block at a time (package
	// doc, "Order").
	Workers int
	// Memory holds the buffers; nil: the Memory of the buffer arguments.
	Memory *Memory
	// NaNOrders are the operand orders (rounding.NaNOrder) of the kernel's
	// binary64 add, sub, mul and fma instructions, in code order (a fused
	// mul and add count once): which NaN one returns when several operands
	// are NaNs. ptxas decides them per SASS instruction; they are not in the
	// PTX. Instructions beyond the slice take NaNOrder. min.f64 and max.f64
	// count too: Swapped exchanges their operands.
	NaNOrders []rounding.NaNOrder
	NaNOrder  rounding.NaNOrder
	// Seed chooses the order in which threads reach the atomics (package
	// doc, "Order"): 0, the default, is the fixed order; any other value
	// draws a random interleaving from it, the same one for the same seed
	// whatever Workers is.
	Seed uint64
}

// Arg is a kernel argument: a *Buffer (its device address) or a scalar made
// by I32, U32, I64, U64, F32, F64.
type Arg interface{ argBytes() []byte }

type scalar []byte

func (s scalar) argBytes() []byte { return s }

func (b *Buffer) argBytes() []byte {
	var x [8]byte
	binary.LittleEndian.PutUint64(x[:], b.addr)
	return x[:]
}

// I32 is a 32-bit integer argument.
func I32(v int32) Arg { return U32(uint32(v)) }

// U32 is a 32-bit unsigned argument.
func U32(v uint32) Arg { return scalar(binary.LittleEndian.AppendUint32(nil, v)) }

// I64 is a 64-bit integer argument.
func I64(v int64) Arg { return U64(uint64(v)) }

// U64 is a 64-bit unsigned argument (also a raw device address).
func U64(v uint64) Arg { return scalar(binary.LittleEndian.AppendUint64(nil, v)) }

// F32 is a float argument.
func F32(v float32) Arg { return U32(math.Float32bits(v)) }

// F64 is a double argument.
func F64(v float64) Arg { return U64(math.Float64bits(v)) }

// launch is the state shared by the blocks of one launch.
type launch struct {
	k       *Kernel
	cfg     LaunchConfig
	mem     *Memory
	params  []byte
	globals []uint64
	ninst   atomic.Uint64
	stop    atomic.Bool
	nwarps  int
	nthread int
}

// Stats describe an executed launch.
type Stats struct {
	// ThreadInstructions counts the instructions executed by each thread
	// (a warp instruction counts once for each lane of its group, guarded
	// off or not).
	ThreadInstructions uint64
}

// Launch runs k over cfg.Grid blocks of cfg.Block threads and returns the
// first error of any thread.
func Launch(k *Kernel, cfg LaunchConfig, args ...Arg) error {
	_, err := LaunchStats(k, cfg, args...)
	return err
}

// LaunchStats is Launch, also returning the launch's Stats.
func LaunchStats(k *Kernel, cfg LaunchConfig, args ...Arg) (Stats, error) {
	l, err := launchRun(k, cfg, args...)
	if l == nil {
		return Stats{}, err
	}
	return Stats{ThreadInstructions: l.ninst.Load()}, err
}

func launchRun(k *Kernel, cfg LaunchConfig, args ...Arg) (*launch, error) {
	if k == nil {
		return nil, &LaunchError{Kernel: "<nil>", Msg: "nil kernel"}
	}
	mem := cfg.Memory
	for i, a := range args {
		if a == nil {
			return nil, &LaunchError{Kernel: k.name, Msg: fmt.Sprintf("argument %d is nil", i)}
		}
		if b, ok := a.(*Buffer); ok {
			if b == nil {
				return nil, &LaunchError{Kernel: k.name, Msg: "nil buffer argument"}
			}
			if mem == nil {
				mem = b.mem
			} else if b.mem != mem {
				return nil, &LaunchError{Kernel: k.name, Msg: "buffer arguments from different Memories"}
			}
		}
	}
	if mem == nil {
		mem = NewMemory()
	}
	if len(args) != len(k.params) {
		return nil, &LaunchError{Kernel: k.name, Msg: fmt.Sprintf("%d arguments for %d parameters", len(args), len(k.params))}
	}
	for _, d := range []Dim3{cfg.Grid, cfg.Block} {
		if d.X == 0 || d.Y == 0 || d.Z == 0 {
			return nil, &LaunchError{Kernel: k.name, Msg: "zero grid or block dimension"}
		}
	}
	nthread := uint64(cfg.Block.X) * uint64(cfg.Block.Y) * uint64(cfg.Block.Z)
	if nthread > 1024 {
		return nil, &LaunchError{Kernel: k.name, Msg: fmt.Sprintf("%d threads per block (at most 1024)", nthread)}
	}
	if cfg.SharedBytes < 0 || cfg.SharedBytes > 228<<10 {
		return nil, &LaunchError{Kernel: k.name, Msg: "bad dynamic shared memory size"}
	}
	l := &launch{k: k, cfg: cfg, mem: mem, params: make([]byte, k.paramSize), nthread: int(nthread)}
	l.nwarps = (int(nthread) + 31) / 32
	for i, a := range args {
		b := a.argBytes()
		v := k.params[i]
		if len(b) != v.size {
			return nil, &LaunchError{Kernel: k.name, Msg: fmt.Sprintf("argument %d has %d bytes, parameter %s %d", i, len(b), v.name, v.size)}
		}
		copy(l.params[k.paramOffs[i]:], b)
	}
	g, err := mem.moduleGlobals(k.mod)
	if err != nil {
		return nil, err
	}
	l.globals = g
	nblocks := uint64(cfg.Grid.X) * uint64(cfg.Grid.Y) * uint64(cfg.Grid.Z)
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if uint64(workers) > nblocks || k.globalAtomics {
		// Atomics on global memory: one block at a time, in the order's
		// sequence, so that the results are the order's.
		workers = int(min(nblocks, uint64(workers)))
		if k.globalAtomics {
			workers = 1
		}
	}
	order := newBlockOrder(nblocks, cfg.Seed)
	var next atomic.Uint64
	var errOnce sync.Once
	var first error
	var wg sync.WaitGroup
	work := func() {
		b := newBlock(l)
		defer k.pool.Put(b)
		for !l.stop.Load() {
			i := next.Add(1) - 1
			if i >= nblocks {
				return
			}
			i = order.at(i)
			b.seed(cfg.Seed, i)
			cta := Dim3{uint32(i % uint64(cfg.Grid.X)), uint32(i / uint64(cfg.Grid.X) % uint64(cfg.Grid.Y)), uint32(i / (uint64(cfg.Grid.X) * uint64(cfg.Grid.Y)))}
			if err := b.run(cta); err != nil {
				errOnce.Do(func() { first = err })
				l.stop.Store(true)
				return
			}
		}
	}
	if workers == 1 {
		work()
		return l, first
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	wg.Wait()
	return l, first
}

// block is one worker's reusable state for running a thread block.
type block struct {
	l      *launch
	k      *Kernel
	shared []byte
	warps  []*warp
	cta    Dim3
	count  uint64 // thread-instructions not yet added to l.ninst
	// rng draws a seeded launch's interleaving of this block (nil in the
	// fixed order); turn is the warps' order in the current round.
	rng  *rand.Rand
	pcg  *rand.PCG
	rnd  *rand.Rand // rng's stream when seeded, made once
	turn []int
}

// seed prepares b for block i of a launch with the given seed: the
// block's random stream is a function of the seed and i alone, so that
// the interleaving does not depend on which worker runs the block.
func (b *block) seed(seed, i uint64) {
	if seed == 0 {
		b.rng = nil
		return
	}
	if b.pcg == nil {
		b.pcg = rand.NewPCG(0, 0)
		b.rnd = rand.New(b.pcg)
		b.turn = make([]int, len(b.warps))
	}
	b.pcg.Seed(seed, i)
	b.rng = b.rnd
}

// newBlock returns block state for l, reused from the kernel's pool when
// one of the same shape is there.
func newBlock(l *launch) *block {
	if b, ok := l.k.pool.Get().(*block); ok && len(b.warps) == l.nwarps && len(b.shared) == l.k.sharedSize+l.cfg.SharedBytes {
		b.l, b.count = l, 0
		for _, w := range b.warps {
			w.cache = nil
		}
		return b
	}
	b := &block{l: l, k: l.k, shared: make([]byte, l.k.sharedSize+l.cfg.SharedBytes)}
	for i := 0; i < l.nwarps; i++ {
		w := &warp{b: b, id: i}
		w.regs = make([]uint64, int(l.k.nregs)*32)
		w.param = make([]byte, 32*l.k.threadPar)
		w.local = make([]byte, 32*l.k.localSize)
		b.warps = append(b.warps, w)
	}
	return b
}

func (b *block) run(cta Dim3) error {
	b.cta = cta
	clear(b.shared)
	for _, w := range b.warps {
		w.start()
	}
	for {
		progress := false
		waiting, exited := 0, 0
		warps := b.warps
		if b.rng != nil {
			// A seeded interleaving takes the warps in a random order
			// each round.
			for i := range b.turn {
				b.turn[i] = i
			}
			b.rng.Shuffle(len(b.turn), func(i, j int) { b.turn[i], b.turn[j] = b.turn[j], b.turn[i] })
		}
		for t := range warps {
			w := warps[t]
			if b.rng != nil {
				w = warps[b.turn[t]]
			}
			if w.running != 0 {
				progress = true
				if err := w.run(); err != nil {
					return err
				}
			}
			waiting += popc(w.waiting)
			exited += popc(w.exited)
		}
		if err := b.flushCount(); err != nil {
			return err
		}
		exited -= 32*len(b.warps) - b.l.nthread // lanes past the block's last thread
		if waiting == 0 {
			if exited == b.l.nthread {
				return nil
			}
			if !progress {
				return &BarrierError{Kernel: b.k.name, Block: cta, Line: -1, Waiting: waiting, Exited: exited, Total: b.l.nthread}
			}
			continue
		}
		if waiting+exited == b.l.nthread {
			if exited != 0 {
				return &BarrierError{Kernel: b.k.name, Block: cta, Line: b.barLine(), Waiting: waiting, Exited: exited, Total: b.l.nthread}
			}
			for _, w := range b.warps {
				w.running, w.waiting = w.waiting, 0
			}
		}
	}
}

func (b *block) barLine() int {
	for _, w := range b.warps {
		for l := 0; l < 32; l++ {
			if w.waiting&(1<<l) != 0 {
				pc := w.pc[l] - 1
				if pc >= 0 && int(pc) < len(b.k.code) {
					return int(b.k.code[pc].line)
				}
			}
		}
	}
	return -1
}

func (b *block) flushCount() error {
	if b.count == 0 {
		return nil
	}
	n := b.l.ninst.Add(b.count)
	b.count = 0
	if max := b.l.cfg.MaxInstructions; max != 0 && n > max {
		return &BudgetError{Kernel: b.k.name, Limit: max}
	}
	return nil
}

func popc(x uint32) int { return bits.OnesCount32(x) }

// warp holds the state of 32 threads: registers reg-major (regs[slot+lane]),
// per-lane program counters and the lane sets running, waiting at a
// barrier and exited.
type warp struct {
	b       *block
	id      int
	regs    []uint64
	param   []byte // 32 × Kernel.threadPar
	local   []byte // 32 × Kernel.localSize
	pc      [32]int32
	stack   [32][]int32 // call sites of each lane's active calls
	running uint32
	waiting uint32
	exited  uint32
	tid     [32]Dim3
	cache   *Buffer // last global buffer accessed
}

func (w *warp) start() {
	b := w.b
	l := b.l
	k := b.k
	blk := l.cfg.Block
	copy(w.regs, k.image)
	w.running, w.waiting, w.exited = 0, 0, 0
	w.cache = nil
	for lane := 0; lane < 32; lane++ {
		t := w.id*32 + lane
		w.pc[lane] = 0
		w.stack[lane] = w.stack[lane][:0]
		if t >= l.nthread {
			w.exited |= 1 << lane
			continue
		}
		w.running |= 1 << lane
		w.tid[lane] = Dim3{uint32(t % int(blk.X)), uint32(t / int(blk.X) % int(blk.Y)), uint32(t / int(blk.X*blk.Y))}
		copy(w.param[lane*k.threadPar:], l.params)
		clear(w.param[lane*k.threadPar+len(l.params) : (lane+1)*k.threadPar])
	}
	clear(w.local)
	for lane := 0; lane < 32; lane++ {
		w.pc[lane] = 0
	}
	for _, c := range k.consts {
		for lane := 0; lane < 32; lane++ {
			w.regs[int(c.slot)+lane] = w.constVal(c, lane)
		}
	}
}

func (w *warp) constVal(c kconst, lane int) uint64 {
	switch c.kind {
	case ckImm:
		return c.val
	case ckZero:
		return 0
	case ckSym:
		if c.gidx >= 0 && c.gidx < len(w.b.l.globals) {
			return w.b.l.globals[c.gidx]
		}
		return 0
	case ckSpecial:
		l := w.b.l
		t := w.tid[lane]
		switch int(c.val) {
		case srTidX:
			return uint64(t.X)
		case srTidY:
			return uint64(t.Y)
		case srTidZ:
			return uint64(t.Z)
		case srNtidX:
			return uint64(l.cfg.Block.X)
		case srNtidY:
			return uint64(l.cfg.Block.Y)
		case srNtidZ:
			return uint64(l.cfg.Block.Z)
		case srCtaidX:
			return uint64(w.b.cta.X)
		case srCtaidY:
			return uint64(w.b.cta.Y)
		case srCtaidZ:
			return uint64(w.b.cta.Z)
		case srNctaidX:
			return uint64(l.cfg.Grid.X)
		case srNctaidY:
			return uint64(l.cfg.Grid.Y)
		case srNctaidZ:
			return uint64(l.cfg.Grid.Z)
		case srLaneid:
			return uint64(lane)
		case srWarpid:
			return uint64(w.id)
		case srNwarpid:
			return uint64(l.nwarps)
		case srLanemaskEq:
			return 1 << lane
		case srLanemaskLt:
			return 1<<lane - 1
		case srLanemaskLe:
			return 1<<(lane+1) - 1
		case srLanemaskGt:
			return uint64(uint32(^(uint64(1)<<(lane+1) - 1)))
		case srLanemaskGe:
			return uint64(uint32(^(uint64(1)<<lane - 1)))
		}
	}
	return 0
}

// run executes the warp until every lane has exited or waits at a barrier.
//
// Divergence: each lane has its own program counter. The warp executes the
// group of running lanes that share the lowest program counter, one
// instruction at a time; lanes that reach the same counter merge. For the
// structured control flow nvcc emits this keeps the warp converged wherever
// the source is (the join point of an if/else has a higher pc than both
// arms; a loop's back edge keeps the lanes still looping at the lowest pc), so
// shfl.sync and vote.sync see their partners.
func (w *warp) run() error {
	code := w.b.k.code
	var mask uint32
	var pc, other int32
	for {
		if mask == 0 {
			if w.running == 0 {
				return nil
			}
			mask, pc, other = w.pick()
		}
		if pc < 0 || int(pc) >= len(code) {
			return &LaunchError{Kernel: w.b.k.name, Msg: fmt.Sprintf("program counter %d out of range", pc)}
		}
		in := &code[pc]
		em := mask
		if in.guard >= 0 {
			em = w.guardMask(in) & mask
		}
		w.b.count += uint64(popc(mask))
		if w.b.count >= 1<<16 {
			if err := w.b.flushCount(); err != nil {
				return err
			}
			if w.b.l.stop.Load() {
				return &BudgetError{Kernel: w.b.k.name, Limit: w.b.l.cfg.MaxInstructions}
			}
		}
		if in.fn != nil {
			if em != 0 {
				if err := in.fn(w, in, em, mask); err != nil {
					return err
				}
			}
			if pc++; pc >= other {
				w.setPC(mask, pc)
				mask = 0
			}
			continue
		}
		switch in.op {
		case opBra:
			if em == mask {
				pc = in.tgt
			} else if em == 0 {
				pc++
			} else {
				w.setPC(em, in.tgt)
				w.setPC(mask&^em, pc+1)
				mask = 0
				continue
			}
		case opExit, opTrap:
			if in.op == opTrap && em != 0 {
				return &LaunchError{Kernel: w.b.k.name, Msg: fmt.Sprintf("trap at line %d", in.line)}
			}
			w.exited |= em
			w.running &^= em
			mask &^= em
			pc++
		case opRet:
			if in.sub == 0 { // return from the kernel
				w.exited |= em
				w.running &^= em
				mask &^= em
				pc++
				break
			}
			if em == 0 {
				pc++
				break
			}
			for m := em; m != 0; m &= m - 1 {
				l := tz(m)
				st := w.stack[l]
				if len(st) == 0 {
					w.pc[l] = int32(len(code)) - 1 // the final exit
					continue
				}
				c := &w.b.k.calls[st[len(st)-1]]
				w.stack[l] = st[:len(st)-1]
				par := w.param[l*w.b.k.threadPar : (l+1)*w.b.k.threadPar]
				for _, cp := range c.out {
					copy(par[cp.dst:cp.dst+cp.size], par[cp.src:cp.src+cp.size])
				}
				w.pc[l] = c.ret
			}
			w.setPC(mask&^em, pc+1)
			mask = 0
			continue
		case opCall:
			c := &w.b.k.calls[in.tgt]
			for m := em; m != 0; m &= m - 1 {
				l := tz(m)
				par := w.param[l*w.b.k.threadPar : (l+1)*w.b.k.threadPar]
				for _, cp := range c.in {
					copy(par[cp.dst:cp.dst+cp.size], par[cp.src:cp.src+cp.size])
				}
				w.stack[l] = append(w.stack[l], in.tgt)
			}
			if em == mask {
				pc = c.target
			} else {
				w.setPC(em, c.target)
				w.setPC(mask&^em, pc+1)
				mask = 0
				continue
			}
		case opAtom, opRed:
			if em != 0 {
				if err := w.atom(in, em); err != nil {
					return err
				}
			}
			pc++
			if w.b.rng != nil && w.b.rng.Uint64()&1 != 0 {
				// A seeded interleaving lets the other warps run
				// after an atomic, one time in two.
				w.setPC(mask, pc)
				return nil
			}
		case opBar:
			if em != mask {
				return &LaunchError{Kernel: w.b.k.name, Msg: fmt.Sprintf("predicated barrier at line %d", in.line)}
			}
			w.setPC(mask, pc+1)
			w.waiting |= mask
			w.running &^= mask
			mask = 0
			continue
		default:
			if em != 0 {
				if err := w.exec(in, em, mask); err != nil {
					return err
				}
			}
			pc++
		}
		if mask == 0 {
			continue
		}
		if pc >= other {
			w.setPC(mask, pc)
			mask = 0
		}
	}
}

// pick returns the next group to run: the running lanes whose position is
// the least, a position being the lane's call sites from the outermost
// (each a pc in the caller) followed by its pc, compared in that order. It
// also returns the group's pc and the least pc of the other running lanes,
// or, when calls are active, the group's pc + 1, so that the run loop picks
// again after one instruction.
func (w *warp) pick() (mask uint32, pc, other int32) {
	// Without calls a position is the pc alone: one pass keeps the least
	// pc, its lanes and the next pc.
	pc, other = math.MaxInt32, math.MaxInt32
	calls := false
	for m := w.running; m != 0; m &= m - 1 {
		l := tz(m) & 31
		if len(w.stack[l]) != 0 {
			calls = true
			break
		}
		switch p := w.pc[l]; {
		case p == pc:
			mask |= 1 << l
		case p < pc:
			pc, other, mask = p, pc, 1<<l
		case p < other:
			other = p
		}
	}
	if !calls {
		return mask, pc, other
	}
	mask, other = 0, math.MaxInt32
	best := -1
	for m := w.running; m != 0; m &= m - 1 {
		l := tz(m)
		if best < 0 || w.before(l, best) {
			best = l
		}
	}
	pc = w.pc[best]
	for m := w.running; m != 0; m &= m - 1 {
		l := tz(m)
		if w.pc[l] == pc && !w.before(l, best) && !w.before(best, l) {
			mask |= 1 << l
		} else if w.pc[l] < other {
			other = w.pc[l]
		}
	}
	if other != math.MaxInt32 {
		other = pc + 1
	}
	return mask, pc, other
}

// before reports whether lane a's position precedes lane b's (see pick).
func (w *warp) before(a, b int) bool {
	sa, sb := w.stack[a], w.stack[b]
	calls := w.b.k.calls
	for i := 0; ; i++ {
		var x, y int32
		if i < len(sa) {
			x = calls[sa[i]].ret - 1
		} else {
			x = w.pc[a]
		}
		if i < len(sb) {
			y = calls[sb[i]].ret - 1
		} else {
			y = w.pc[b]
		}
		if x != y {
			return x < y
		}
		if i >= len(sa) || i >= len(sb) {
			return len(sa) < len(sb)
		}
	}
}

// guardMask returns the lanes whose guard predicate holds (all 32 lanes).
func (w *warp) guardMask(in *inst) uint32 {
	g := w.lanes(in.guard)
	var em uint32
	for l := range 32 {
		em |= uint32(b2u(g[l] != 0)) << l
	}
	if in.gneg {
		em = ^em
	}
	return em
}

func (w *warp) setPC(m uint32, pc int32) {
	for ; m != 0; m &= m - 1 {
		w.pc[tz(m)] = pc
	}
}
