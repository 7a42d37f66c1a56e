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

// QuickBlocks returns the hash blocks the quick tier checks. For exhaustive
// functions: block 0x00 (+0 and the positive subnormals up to 2^-125), 0x3f
// ([0.5, 2)) and 0x7f (2^127 up to +Inf and the positive NaNs). For generated
// inputs: 16 blocks spread over the 256, which hold every stratum.
func QuickBlocks(exhaustive bool) []int {
	if exhaustive {
		return []int{0x00, 0x3f, 0x7f}
	}
	b := make([]int, 16)
	for i := range b {
		b[i] = i * 17
	}
	return b
}

// MaxShown is the number of mismatching inputs a Result lists.
const MaxShown = 8

// Mismatch is one input where the emulation and the device disagree.
type Mismatch struct {
	Where string    `json:"where"` // "special", "recorded"
	In    [3]uint64 `json:"-"`
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
	Inputs         uint64     `json:"inputs"`          // inputs compared
	Mismatches     uint64     `json:"mismatches"`      // mismatching explicit outputs plus mismatching blocks
	BadBlocks      []int      `json:"mismatch_blocks"` // hash blocks that differ
	BlocksChecked  int        `json:"blocks_checked"`
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
}

// Verify checks every file against the emulation. Files of one function
// whose flag sets have the same effective flags (spec.Sens) share one
// computation of each hash block. It returns one Result per file, in order;
// ctx cancels the hash work (the results then count only what finished).
func Verify(ctx context.Context, files []*File, opt Options) []Result {
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	results := make([]Result, len(files))
	type groupKey struct {
		id string
		fl fp.Flags
	}
	type group struct {
		f      *spec.Func
		eff    fp.Flags
		files  []int
		blocks []int
		sums   []atomic.Uint64 // per block position
		done   []atomic.Int64  // chunks finished per block
	}
	groups := map[groupKey]*group{}
	var order []*group
	for i, file := range files {
		fn := file.Func
		r := &results[i]
		*r = Result{Func: fn, File: file, Name: fn.Name, ID: fn.ID, FlagSet: file.FlagSet, Flags: file.Flags.String(), Tier: tierName(opt.Tier)}
		k, ok := fn.Impl(file.Flags)
		if !ok {
			continue
		}
		r.Implemented = true
		checkExplicit(r, file, k)
		key := groupKey{fn.ID, fn.Sens.Effective(file.Flags)}
		g := groups[key]
		if g == nil {
			blocks := QuickBlocks(file.Exhaustive)
			if opt.Tier == Exhaustive {
				blocks = make([]int, spec.Blocks)
				for b := range blocks {
					blocks[b] = b
				}
			}
			g = &group{f: fn, eff: key.fl, blocks: blocks, sums: make([]atomic.Uint64, len(blocks)), done: make([]atomic.Int64, len(blocks))}
			groups[key] = g
			order = append(order, g)
		}
		g.files = append(g.files, i)
	}

	// Hash blocks: tasks of one chunk each, fed to a worker pool.
	type task struct {
		g          *group
		pos        int // index into g.blocks
		start, end uint64
	}
	const chunk = 1 << 20
	var total uint64
	var tasks []task
	chunks := func(g *group) int64 {
		if g.f.Exhaustive() {
			return spec.ExhBlockSize / chunk
		}
		return 1
	}
	for _, g := range order {
		for pos, b := range g.blocks {
			if g.f.Exhaustive() {
				base := uint64(b) * spec.ExhBlockSize
				for c := uint64(0); c < spec.ExhBlockSize; c += chunk {
					tasks = append(tasks, task{g, pos, base + c, base + c + chunk})
				}
			} else {
				base := uint64(b) * spec.GenBlockSize
				tasks = append(tasks, task{g, pos, base, base + spec.GenBlockSize})
			}
			total += blockSize(g.f)
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
				t.g.sums[t.pos].Add(hashRange(t.g.f, t.g.eff, t.start, t.end))
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
			for pos, b := range g.blocks {
				if g.done[pos].Load() != chunks(g) {
					continue // cancelled before this block finished
				}
				r.BlocksChecked++
				r.Inputs += file.BlockSize
				if g.sums[pos].Load() != file.Hashes[b] {
					r.BadBlocks = append(r.BadBlocks, b)
					r.Mismatches++
				}
			}
		}
	}
	return results
}

func blockSize(f *spec.Func) uint64 {
	if f.Exhaustive() {
		return spec.ExhBlockSize
	}
	return spec.GenBlockSize
}

// hashRange returns the sum of the element hashes of inputs [start, end).
func hashRange(f *spec.Func, fl fp.Flags, start, end uint64) uint64 {
	wide := f.WideOut()
	var h uint64
	if f.Exhaustive() {
		if u, ok := f.Unary32(fl); ok {
			for i := start; i < end; i++ {
				h += spec.ElemHash(i, uint64(u(uint32(i))), false)
			}
			return h
		}
		k, _ := f.Impl(fl)
		for i := start; i < end; i++ {
			h += spec.ElemHash(i, k(i, 0, 0), wide)
		}
		return h
	}
	k, _ := f.Impl(fl)
	for i := start; i < end; i++ {
		in := f.Input(i)
		h += spec.ElemHash(i, k(in[0], in[1], in[2]), wide)
	}
	return h
}

func checkExplicit(r *Result, file *File, k spec.Kernel) {
	fn := file.Func
	note := func(where string, in [3]uint64, got, want uint64) {
		r.Mismatches++
		if len(r.First) < MaxShown {
			m := Mismatch{Where: where, In: in, Got: got, Want: want, GotS: FormatOut(fn, got), WantS: FormatOut(fn, want)}
			for j := range fn.Arity() {
				m.Args = append(m.Args, FormatIn(fn.In[j], in[j]))
			}
			r.First = append(r.First, m)
		}
	}
	for k2, want := range file.Special {
		in := fn.GridPoint(file.Grid, k2)
		if got := k(in[0], in[1], in[2]); got != want {
			note("special", in, got, want)
		}
	}
	for k2, want := range file.Recorded {
		in := file.RecordedInput(k2)
		if got := k(in[0], in[1], in[2]); got != want {
			note("recorded", in, got, want)
		}
	}
	n := len(file.Special) + len(file.Recorded)
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
	}
	return hex(v, 16) + " [" + utoa(v) + "]"
}

// FormatOut formats a packed result of f.
func FormatOut(f *spec.Func, v uint64) string {
	if len(f.Out) == 2 {
		return FormatIn(f.Out[0], v>>32) + ", " + FormatIn(f.Out[1], v&0xffffffff)
	}
	return FormatIn(f.Out[0], v)
}
