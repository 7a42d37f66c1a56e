package reports

import (
	"sync"

	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// refMemo evaluates the reference once per input for one block of a group
// of sampled sweeps: one function's component under several effective flag
// sets, which measure the same inputs (the same generator) against the same
// reference. The first sweep of the block records each evaluation in input
// order; the others replay the records in the same order (ulp.SampledInputs
// evaluates a block's inputs in index order, once each). A replayed input's
// first word is checked against the record's, and a mismatch is evaluated
// afresh, so a memo changes no result, only the work: the reference, often the larger
// part of a row's cost (an oracle fallback costs milliseconds), runs once
// for both rows of a function that -use_fast_math changes.
//
// A memo serves one kind of reference: the float Reference of a sweep
// (memoRef) or the exact result of an integer or binary64 one
// (component.iref, through intRef), never both.
type refMemo struct {
	replay bool
	pos    int
	rec    []memoEntry
}

// memoEntry is one evaluation. The input is identified by its position in
// the block's order and checked by its first word (a cheap guard against a
// sweep that would not follow the recorded order).
type memoEntry struct {
	x    uint32 // the input's first word
	slow bool
	want uint64 // the rounded reference (a float's encoding) or the exact result
	v    ulp.DD
}

var memoPool = sync.Pool{New: func() any { return &refMemo{rec: make([]memoEntry, 0, ulp.SampleBlock)} }}

// getMemo returns an empty memo, recording.
func getMemo() *refMemo {
	m := memoPool.Get().(*refMemo)
	m.replay, m.pos, m.rec = false, 0, m.rec[:0]
	return m
}

func putMemo(m *refMemo) { memoPool.Put(m) }

// rewind switches the memo to replaying its records from the first.
func (m *refMemo) rewind() { m.replay, m.pos = true, 0 }

// next returns the record of the next input, in, while replaying.
func (m *refMemo) next(in ulp.Input) (*memoEntry, bool) {
	if m == nil || !m.replay || m.pos >= len(m.rec) || m.rec[m.pos].x != in.X {
		return nil, false
	}
	m.pos++
	return &m.rec[m.pos-1], true
}

// current returns the record of the input last evaluated or replayed, in.
func (m *refMemo) current(in ulp.Input) (*memoEntry, bool) {
	if m == nil {
		return nil, false
	}
	n := len(m.rec)
	if m.replay {
		n = m.pos
	}
	if n == 0 || m.rec[n-1].x != in.X {
		return nil, false
	}
	return &m.rec[n-1], true
}

// record appends an evaluation while recording.
func (m *refMemo) record(e memoEntry) {
	if m != nil && !m.replay {
		m.rec = append(m.rec, e)
	}
}

// intRef returns f(in), the exact result of an integer or binary64 row,
// through the memo m (nil: f(in)): in is the next input of the block.
func (m *refMemo) intRef(f func(ulp.Input) uint64, in ulp.Input) uint64 {
	if m == nil {
		return f(in)
	}
	if e, ok := m.next(in); ok {
		return e.want
	}
	v := f(in)
	m.record(memoEntry{x: in.X, want: v})
	return v
}

// intRefAgain returns f(in) for the input intRef was last called with (an
// inexact integer result's distance, after the measured function).
func (m *refMemo) intRefAgain(f func(ulp.Input) uint64, in ulp.Input) uint64 {
	if m == nil {
		return f(in)
	}
	if e, ok := m.current(in); ok {
		return e.want
	}
	return f(in)
}

// memoRef is a sweep's float Reference evaluated through a memo.
type memoRef struct {
	ref  ulp.Reference
	memo *refMemo
}

func (r memoRef) Name() string { return r.ref.Name() }
func (r memoRef) Arity() int   { return r.ref.Arity() }

// Eval implements ulp.Reference.
func (r memoRef) Eval(in ulp.Input, m rounding.Mode) (uint32, ulp.DD, bool) {
	if e, ok := r.memo.next(in); ok {
		return uint32(e.want), e.v, e.slow
	}
	want, v, slow := r.ref.Eval(in, m)
	r.memo.record(memoEntry{x: in.X, want: uint64(want), v: v, slow: slow})
	return want, v, slow
}
