package kernel

import "fmt"

// ParseError is malformed PTX text: the file (the name given to Load), the
// line and what is wrong.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// UnsupportedError is well-formed PTX that the interpreter does not execute:
// an instruction (Op is its full opcode), a directive or a construct such as
// recursion. Module.Kernel returns it for a kernel that reaches such code.
type UnsupportedError struct {
	File string
	Line int
	Op   string
	Msg  string
}

func (e *UnsupportedError) Error() string {
	if e.Op != "" {
		return fmt.Sprintf("%s:%d: unsupported instruction %s: %s", e.File, e.Line, e.Op, e.Msg)
	}
	return fmt.Sprintf("%s:%d: unsupported: %s", e.File, e.Line, e.Msg)
}

// Dim3 is a grid or block extent, or a thread or block index.
type Dim3 struct{ X, Y, Z uint32 }

// MemoryError is an out-of-bounds or misaligned access, or an access to an
// unmapped address, by one thread.
type MemoryError struct {
	Kernel string
	Block  Dim3
	Thread Dim3
	Line   int    // PTX line of the instruction
	Space  string // "global", "shared", "local", "param", "generic"
	Addr   uint64
	Size   int
	Msg    string
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("kernel %s block (%d,%d,%d) thread (%d,%d,%d) line %d: %s access of %d bytes at %#x: %s",
		e.Kernel, e.Block.X, e.Block.Y, e.Block.Z, e.Thread.X, e.Thread.Y, e.Thread.Z, e.Line, e.Space, e.Size, e.Addr, e.Msg)
}

// BarrierError is a barrier that cannot complete: some threads of the block
// wait at a bar.sync while others have exited (or wait elsewhere forever).
type BarrierError struct {
	Kernel  string
	Block   Dim3
	Line    int
	Waiting int // threads waiting at a barrier
	Exited  int // threads that have exited
	Total   int
}

func (e *BarrierError) Error() string {
	return fmt.Sprintf("kernel %s block (%d,%d,%d) line %d: barrier deadlock: %d of %d threads waiting, %d exited",
		e.Kernel, e.Block.X, e.Block.Y, e.Block.Z, e.Line, e.Waiting, e.Total, e.Exited)
}

// BudgetError reports that a launch executed more thread-instructions than
// LaunchConfig.MaxInstructions.
type BudgetError struct {
	Kernel string
	Limit  uint64
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("kernel %s: instruction budget of %d thread-instructions exceeded", e.Kernel, e.Limit)
}

// LaunchError is an invalid launch: bad dimensions, arguments that do not
// match the kernel's parameters, a trap instruction.
type LaunchError struct {
	Kernel string
	Msg    string
}

func (e *LaunchError) Error() string { return fmt.Sprintf("kernel %s: %s", e.Kernel, e.Msg) }
