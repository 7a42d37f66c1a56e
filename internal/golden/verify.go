package golden

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
)

// Tier selects how much of the hashed data Verify recomputes.
type Tier uint8

const (
	Quick      Tier = iota // special grid, recorded outputs, the hash blocks of QuickBlocks
	Exhaustive             // special grid, recorded outputs, all 256 hash blocks
)

// QuickBlocks returns the hash blocks the quick tier checks for a function
// of generated inputs: 16 blocks spread over the 256, which hold every
// stratum. (An exhaustive function's quick tier checks the sub-blocks of
// spec.QuickSubBlocks instead.)
func QuickBlocks() []int {
	b := make([]int, 16)
	for i := range b {
		b[i] = i * 17
	}
	return b
}

// Span is a range of inputs whose hash is compared: count inputs from the
// encoding first (exhaustive functions) or from generated input first.
type Span struct {
	First uint64 `json:"first"`
	Count uint64 `json:"count"`
}

// MaxShown is the number of mismatching inputs a Result lists.
const MaxShown = 8

// Mismatch is one input where the emulation and the device disagree.
type Mismatch struct {
	Where string    `json:"where"` // "special", "recorded"
	In    spec.Args `json:"-"`
	Args  []string  `json:"args"` // the arguments as bit patterns
	Got   uint64    `json:"-"`
	Want  uint64    `json:"-"`
	GotS  string    `json:"got"`  // bits [hex float], see Format
	WantS string    `json:"want"` // bits [hex float]
}

// Result is the verification of one golden file.
type Result struct {
	Func           *spec.Func `json:"-"`
	File           *File      `json:"-"`
	Name           string     `json:"function"`
	ID             string     `json:"id"`
	FlagSet        string     `json:"flagset"`
	Flags          string     `json:"flags"` // nvcc spelling
	Implemented    bool       `json:"implemented"`
	Tier           string     `json:"tier"`
	Inputs         uint64     `json:"inputs"`         // inputs compared
	Mismatches     uint64     `json:"mismatches"`     // mismatching explicit outputs plus mismatching hashes
	BadSpans       []Span     `json:"mismatch_spans"` // hashed spans that differ
	HashesChecked  int        `json:"hashes_checked"` // block and sub-block hashes compared
	First          []Mismatch `json:"first_mismatches"`
	ExplicitInputs int        `json:"explicit_inputs"` // special grid points and recorded outputs
}

// OK reports whether everything checked is bit-exact (and implemented).
func (r *Result) OK() bool { return r.Implemented && r.Mismatches == 0 }

// Options tune Verify.
type Options struct {
	Tier     Tier
	Workers  int                      // default runtime.GOMAXPROCS(0)
	Progress func(done, total uint64) // called with inputs done so far; may be nil
	// Impl, when set, replaces spec.Func.Impl as the implementation
	// checked (gpu/stubcheck.go checks a host-stub capture with StubKernel).
	Impl func(f *spec.Func, fl fp.Flags) (spec.Kernel, bool)
	// Shard and Shards select shard Shard of Shards (0 ≤ Shard < Shards):
	// the hash spans whose block (sub-block in the quick tier of an
	// exhaustive function) is Shard mod Shards, and, in shard 0 only, the
	// explicit outputs. The Results of all shards sum to the unsharded
	// Results. Shards 0 or 1: everything.
	Shard, Shards int
}

// inShard reports whether span sp belongs to opt's shard.
func (opt Options) inShard(sp hashSpan) bool {
	k := sp.Block
	if k < 0 {
		k = sp.Sub
	}
	return opt.Shards <= 1 || k%opt.Shards == opt.Shard
}

// Verify checks every file against the emulation. Files of one function
// whose flag sets have the same effective flags (spec.Sens) share one
// computation of each hash block. It returns one Result per file, in order;
// ctx cancels the hash work (the results then count only what finished).
func Verify(ctx context.Context, files []*File, opt Options) []Result {
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	custom := opt.Impl != nil
	// kernel is f's implementation under fl as compiled with operand
	// orders o (the harness kernel's, File.Orders), or opt.Impl's.
	kernel := func(f *spec.Func, fl fp.Flags, o spec.NaNOrders) (spec.Kernel, bool) {
		if custom {
			return opt.Impl(f, fl)
		}
		return f.ImplOrdered(fl, o)
	}
	results := make([]Result, len(files))
	type groupKey struct {
		id string
		fl fp.Flags
		o  spec.NaNOrders
	}
	type group struct {
		f     *spec.Func
		eff   fp.Flags
		o     spec.NaNOrders // the generated inputs' kernel orders
		files []int
		spans []hashSpan
		sums  []atomic.Uint64 // per span
		done  []atomic.Int64  // chunks finished per span
	}
	groups := map[groupKey]*group{}
	var order []*group
	for i, file := range files {
		fn := file.Func
		r := &results[i]
		*r = Result{Func: fn, File: file, Name: fn.Name, ID: fn.ID, FlagSet: file.FlagSet, Flags: file.Flags.String(), Tier: tierName(opt.Tier)}
		ord := file.Orders()
		kGrid, ok := kernel(fn, file.Flags, ord.Grid)
		if !ok {
			continue
		}
		kGen, _ := kernel(fn, file.Flags, ord.Generated)
		r.Implemented = true
		if opt.Shards <= 1 || opt.Shard == 0 {
			checkExplicit(r, file, kGrid, kGen)
		}
		key := groupKey{fn.ID, fn.Sens.Effective(file.Flags), ord.Generated}
		if !fn.Ordered() {
			key.o = spec.NaNOrders{}
		}
		g := groups[key]
		if g == nil {
			var spans []hashSpan
			for _, sp := range hashSpans(fn, opt.Tier) {
				if opt.inShard(sp) {
					spans = append(spans, sp)
				}
			}
			g = &group{f: fn, eff: key.fl, o: key.o, spans: spans, sums: make([]atomic.Uint64, len(spans)), done: make([]atomic.Int64, len(spans))}
			groups[key] = g
			order = append(order, g)
		}
		g.files = append(g.files, i)
	}

	// Hash spans: tasks of one chunk each, fed to a worker pool.
	type task struct {
		g          *group
		pos        int // index into g.spans
		start, end uint64
	}
	const chunk = 1 << 20
	var total uint64
	var tasks []task
	for _, g := range order {
		for pos, sp := range g.spans {
			for c := uint64(0); c < sp.Count; c += chunk {
				tasks = append(tasks, task{g, pos, sp.First + c, sp.First + min(c+chunk, sp.Count)})
			}
			total += sp.Count
		}
	}
	var done atomic.Uint64
	ch := make(chan task)
	var wg sync.WaitGroup
	for range opt.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range ch {
				k, _ := kernel(t.g.f, t.g.eff, t.g.o)
				t.g.sums[t.pos].Add(hashRange(t.g.f, k, t.g.eff, !custom, t.start, t.end))
				t.g.done[t.pos].Add(1)
				n := done.Add(t.end - t.start)
				if opt.Progress != nil {
					opt.Progress(n, total)
				}
			}
		}()
	}
feed:
	for _, t := range tasks {
		select {
		case ch <- t:
		case <-ctx.Done():
			break feed
		}
	}
	close(ch)
	wg.Wait()

	for _, g := range order {
		for _, i := range g.files {
			r := &results[i]
			file := files[i]
			for pos, sp := range g.spans {
				if uint64(g.done[pos].Load())*chunk < sp.Count {
					continue // cancelled before this span finished
				}
				r.HashesChecked++
				r.Inputs += sp.Count
				if g.sums[pos].Load() != sp.want(file) {
					r.BadSpans = append(r.BadSpans, sp.Span)
					r.Mismatches++
				}
			}
		}
	}
	return results
}

// hashSpan is one recorded hash: block Block, or sub-block Sub when Block < 0.
type hashSpan struct {
	Span
	Block, Sub int
}

func (sp hashSpan) want(f *File) uint64 {
	if sp.Block >= 0 {
		return f.Hashes[sp.Block]
	}
	return f.SubHashes[sp.Sub]
}

// hashSpans lists the hashes tier checks for f.
func hashSpans(f *spec.Func, tier Tier) []hashSpan {
	if f.In16() && f.Shape() == spec.ShapeTable {
		return nil // the whole table is explicit
	}
	size := uint64(spec.GenBlockSize)
	if Hashed32(f) {
		size = spec.ExhBlockSize
	}
	var spans []hashSpan
	switch {
	case tier == Exhaustive:
		for b := range spec.Blocks {
			spans = append(spans, hashSpan{Span{uint64(b) * size, size}, b, 0})
		}
	case Hashed32(f):
		for k, start := range subStarts(f) {
			spans = append(spans, hashSpan{Span{start, spec.SubBlockSize}, -1, k})
		}
	default:
		for _, b := range QuickBlocks() {
			spans = append(spans, hashSpan{Span{uint64(b) * size, size}, b, 0})
		}
	}
	return spans
}

// hashRun is the number of consecutive inputs hashRange evaluates per call
// of a Run32.
const hashRun = 512

// hashRange returns the sum of the element hashes of inputs [start, end)
// under kernel k (or, for an exhaustive function with unary set, f's
// Run32 under fl).
func hashRange(f *spec.Func, k spec.Kernel, fl fp.Flags, unary bool, start, end uint64) uint64 {
	wide := f.WideOut()
	var h uint64
	// in is reused: k takes its address, so an Args declared inside a loop
	// would be allocated on every input (the kernel is an indirect call).
	var in spec.Args
	if f.Exhaustive() {
		if run, ok := f.Run32(fl); ok && unary {
			out := make([]uint32, hashRun)
			for i := start; i < end; i += hashRun {
				out = out[:min(end-i, hashRun)]
				run(uint32(i), out)
				for j, v := range out {
					h += spec.ElemHash(i+uint64(j), uint64(v), false)
				}
			}
			return h
		}
		for i := start; i < end; i++ {
			in = spec.Args{i}
			h += spec.ElemHash(i, k(&in), wide)
		}
		return h
	}
	if f.In16() {
		for i := start; i < end; i++ {
			in = input16(f, i)
			h += spec.ElemHash(i, k(&in), wide)
		}
		return h
	}
	for i := start; i < end; i++ {
		in = f.Input(i)
		h += spec.ElemHash(i, k(&in), wide)
	}
	return h
}

// checkExplicit compares the special grid's outputs with kernel kGrid and
// the recorded outputs with kGen (the kernels as the harness's k_grid and
// k_recorded were compiled: File.Orders).
func checkExplicit(r *Result, file *File, kGrid, kGen spec.Kernel) {
	fn := file.Func
	note := func(where string, in spec.Args, got, want uint64) {
		r.Mismatches++
		if len(r.First) < MaxShown {
			m := Mismatch{Where: where, In: in, Got: got, Want: want, GotS: FormatOut(fn, got), WantS: FormatOut(fn, want)}
			n := fn.Arity()
			if fn.Array {
				n = 1 + spec.ArrayLen(&in) // the count and the elements it reads
			}
			for j := range n {
				m.Args = append(m.Args, FormatIn(fn.In[j], in[j]))
			}
			r.First = append(r.First, m)
		}
	}
	// want is the device's output k of outs (and outs2): the packed
	// result, or the PairFold of a pair-wide function's two results, which
	// is what its kernel returns.
	want := func(outs, outs2 []uint64, k int) uint64 {
		if outs2 != nil {
			return spec.PairFold(outs[k], outs2[k])
		}
		return outs[k]
	}
	point := func(k int) spec.Args { return fn.GridPoint(file.Grid, k) }
	if fn.In16() {
		point = fn.Grid16Point
	}
	for k2 := range file.Special {
		in := point(k2)
		if got, w := kGrid(&in), want(file.Special, file.Special2, k2); got != w {
			note("special", in, got, w)
		}
	}
	for k2 := range file.Recorded {
		in := file.RecordedInput(k2)
		if got, w := kGen(&in), want(file.Recorded, file.Recorded2, k2); got != w {
			note("recorded", in, got, w)
		}
	}
	for x, w := range file.Table {
		in := spec.Args{uint64(x)}
		if got := kGen(&in); got != w {
			note("table", in, got, w)
		}
	}
	n := len(file.Special) + len(file.Recorded) + len(file.Table)
	r.ExplicitInputs = n
	r.Inputs += uint64(n)
}

func tierName(t Tier) string {
	if t == Exhaustive {
		return "exhaustive"
	}
	return "quick"
}

// FormatIn formats an argument: float32 as bits [hex float], others as hex
// bits and decimal.
func FormatIn(t spec.Type, v uint64) string {
	switch t {
	case spec.F32:
		return f32.FormatBits(uint32(v)) + " [" + f32.FormatHex(uint32(v)) + "]"
	case spec.F64:
		return formatF64(v)
	case spec.I32:
		return hex(v, 8) + " [" + itoa(int64(int32(uint32(v)))) + "]"
	case spec.U32:
		return hex(v, 8) + " [" + utoa(uint64(uint32(v))) + "]"
	case spec.I64:
		return hex(v, 16) + " [" + itoa(int64(v)) + "]"
	case spec.I16:
		return hex(v, 4) + " [" + itoa(int64(int16(uint16(v)))) + "]"
	case spec.U16, spec.Bool:
		return hex(v, t.Digits()) + " [" + utoa(v) + "]"
	case spec.F16, spec.BF16, spec.F16x2, spec.BF16x2:
		return hex(v, t.Digits())
	}
	return hex(v, 16) + " [" + utoa(v) + "]"
}

// FormatOut formats a packed result of f (a pair-wide function's
// spec.PairFold of its two results as the fold's bits).
func FormatOut(f *spec.Func, v uint64) string {
	if f.PairWide() {
		return "fold " + hex(v, 16)
	}
	if len(f.Out) == 2 {
		return FormatIn(f.Out[0], v>>32) + ", " + FormatIn(f.Out[1], v&0xffffffff)
	}
	return FormatIn(f.Out[0], v)
}

// StubKernel is the kernel of gpu/cuda_stub.h's cudafp_stub_eval, which
// every function of a host-stub build evaluates: a hash of the argument
// words (an array function's count and first count elements; both halves
// of a 64-bit argument), so that verifying a host-stub capture against it
// checks every generated input and grid point of the harness against
// internal/spec. It is not an implementation of anything. A function of
// the 16-bit catalog gets StubKernel16.
func StubKernel(f *spec.Func, fl fp.Flags) (spec.Kernel, bool) {
	if f.In16() {
		return StubKernel16(f, fl)
	}
	const wide, narrow = 0x3fffffffffffffff, 0x3fffffff
	mask := func(w bool) uint64 {
		if w {
			return wide
		}
		return narrow
	}
	return func(in *spec.Args) uint64 {
		n := f.Arity()
		if f.Array {
			n = 1 + spec.ArrayLen(in)
		}
		var h uint64
		for j := range n {
			h = spec.Mix64(h ^ (uint64(j)<<32 | in[j]&0xffffffff))
			if f.In[j].Wide() {
				h = spec.Mix64(h ^ 1<<63 ^ uint64(j)<<32 ^ in[j]>>32)
			}
		}
		out := h & mask(f.WideOut())
		if f.PairWide() {
			return spec.PairFold(out, spec.Mix64(h)&mask(f.Out[1].Wide()))
		}
		return out
	}, true
}

// StubKernel16 is the kernel of gpu/cuda_stub16.h's cudafp_stub_eval16,
// which every function of a host-stub build of gpu/harness16.cu evaluates:
// a hash of the argument words masked to the result's width (see
// StubKernel). It is not an implementation of anything.
func StubKernel16(f *spec.Func, _ fp.Flags) (spec.Kernel, bool) {
	digits := f.Out[0].Digits()
	return func(in *spec.Args) uint64 {
		var h uint64
		for j := range f.Arity() {
			h = spec.Mix64(h ^ (uint64(j)<<32 | in[j]&0xffffffff))
			if f.In[0].Wide() {
				h = spec.Mix64(h ^ 1<<63 ^ uint64(j)<<32 ^ in[j]>>32)
			}
		}
		if digits == 1 {
			return h & 1
		}
		return h & (^uint64(0) >> (64 - 4*digits))
	}, true
}
