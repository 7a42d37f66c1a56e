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
// order; the others replay the records. A replayed input is checked against
// the recorded one, and an input out of sequence is evaluated afresh, so a
// memo changes no result, only the work: the reference, often the larger
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

type memoEntry struct {
	in   ulp.Input
	want uint64 // the rounded reference (a float's encoding) or the exact result
	v    ulp.DD
	slow bool
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

// lookup returns the record of in: while recording, the last record when
// it is in's (the distance of an inexact integer result evaluates the
// reference again after the measured function did); while replaying, that
// record or the next one.
func (m *refMemo) lookup(in ulp.Input) (*memoEntry, bool) {
	if m == nil {
		return nil, false
	}
	if !m.replay {
		if n := len(m.rec); n > 0 && m.rec[n-1].in.Equal(in) {
			return &m.rec[n-1], true
		}
		return nil, false
	}
	if m.pos > 0 && m.rec[m.pos-1].in.Equal(in) {
		return &m.rec[m.pos-1], true
	}
	if m.pos < len(m.rec) && m.rec[m.pos].in.Equal(in) {
		m.pos++
		return &m.rec[m.pos-1], true
	}
	return nil, false
}

// record appends an evaluation while recording.
func (m *refMemo) record(e memoEntry) {
	if m != nil && !m.replay {
		m.rec = append(m.rec, e)
	}
}

// intRef returns f(in), the exact result of an integer or binary64 row,
// through the memo m (nil: f(in)).
func (m *refMemo) intRef(f func(ulp.Input) uint64, in ulp.Input) uint64 {
	if e, ok := m.lookup(in); ok {
		return e.want
	}
	v := f(in)
	m.record(memoEntry{in: in, want: v})
	return v
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
	if e, ok := r.memo.lookup(in); ok {
		return uint32(e.want), e.v, e.slow
	}
	want, v, slow := r.ref.Eval(in, m)
	r.memo.record(memoEntry{in: in, want: uint64(want), v: v, slow: slow})
	return want, v, slow
}
