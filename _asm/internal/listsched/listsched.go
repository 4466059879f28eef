// Package listsched orders the instructions of a straight-line block for a
// simple machine model, so that a generator can write a computation in the
// order that is easy to read and emit it in one that keeps the pipes busy.
//
// A block is recorded as a list of operations, each with the registers it
// reads and the one it writes. The scheduler derives the dependencies
// (read after write with the producer's latency; write after read and
// write after write with none, since the block keeps its register
// assignment), ranks every operation by the longest latency path from it to
// the end of the block, and then fills cycles greedily: in each cycle, among
// the operations whose inputs are ready, the highest-ranked first, within
// the machine's per-cycle limits. Ties go to the operation recorded first,
// so the output is deterministic.
package listsched

import (
	"slices"

	"github.com/mmcloughlin/avo/reg"
)

// Kind classifies an operation for the machine model.
type Kind int

const (
	Move  Kind = iota // register copy, eliminated at rename: no pipe, no latency
	Load              // load from memory: no ALU pipe
	Rot               // rotation: an ALU op on one of the rotation pipes
	Shuf              // shuffle: an ALU op
	Logic             // two-input logic: an ALU op
	Tern              // three-input logic (VPTERNLOGQ): an ALU op
)

// Op is one recorded operation; Emit writes its instruction.
type Op struct {
	Kind  Kind
	Reads []reg.Physical
	Write reg.Physical
	Emit  func()
}

// Machine is the model the schedule is planned for.
type Machine struct {
	ALU      int // ALU operations a cycle
	Rot      int // rotations a cycle (they count as ALU operations too)
	All      int // operations of any kind a cycle
	RotBoost int // added to the rank of rotations, which have the fewest pipes
}

// Latency is the number of cycles from producer to a consumer that reads
// its result as the operand-th input: none after a move, one after a load,
// two after an ALU operation, three into the second or third input of a
// three-input operation (which reads them later in the pipeline).
func Latency(producer, consumer Kind, operand int) int {
	switch producer {
	case Move:
		return 0
	case Load:
		return 1
	}
	if consumer == Tern && operand > 0 {
		return 3
	}
	return 2
}

func (k Kind) alu() bool { return k != Move && k != Load }

// Schedule calls Emit of every operation of prog once, in list-schedule
// order for m, and returns the number of cycles the schedule takes.
func Schedule(prog []Op, m Machine) int {
	n := len(prog)
	type edge struct{ to, lat int }
	succ := make([][]edge, n)
	npred := make([]int, n)
	add := func(from, to, lat int) {
		succ[from] = append(succ[from], edge{to, lat})
		npred[to]++
	}
	lastWrite := map[reg.Physical]int{}
	readers := map[reg.Physical][]int{}
	for i, o := range prog {
		for j, r := range o.Reads {
			if w, ok := lastWrite[r]; ok {
				add(w, i, Latency(prog[w].Kind, o.Kind, j))
			}
		}
		for _, rd := range readers[o.Write] {
			if rd != i {
				add(rd, i, 0)
			}
		}
		if w, ok := lastWrite[o.Write]; ok {
			add(w, i, 0)
		}
		for _, r := range o.Reads {
			readers[r] = append(readers[r], i)
		}
		readers[o.Write] = nil
		lastWrite[o.Write] = i
	}
	// The rank: the longest latency path to the end of the block, at least
	// an ALU operation's own latency.
	height := make([]int, n)
	for i := n - 1; i >= 0; i-- {
		h := 0
		for _, e := range succ[i] {
			h = max(h, e.lat+height[e.to])
		}
		if prog[i].Kind != Move {
			h = max(h, 2)
		}
		height[i] = h
	}
	for i := range n {
		if prog[i].Kind == Rot {
			height[i] += m.RotBoost
		}
	}
	earliest := make([]int, n)
	var ready []int
	for i := range n {
		if npred[i] == 0 {
			ready = append(ready, i)
		}
	}
	cycles := 0
	for t, done := 0, 0; done < n; t++ {
		alu, rot, all := 0, 0, 0
		for {
			best := -1
			for _, i := range ready {
				k := prog[i].Kind
				if earliest[i] > t || all == m.All || (k.alu() && alu == m.ALU) || (k == Rot && rot == m.Rot) {
					continue
				}
				if best < 0 || height[i] > height[best] || (height[i] == height[best] && i < best) {
					best = i
				}
			}
			if best < 0 {
				break
			}
			ready = slices.DeleteFunc(ready, func(i int) bool { return i == best })
			prog[best].Emit()
			cycles = t + 1
			done++
			all++
			if k := prog[best].Kind; k.alu() {
				alu++
				if k == Rot {
					rot++
				}
			}
			for _, e := range succ[best] {
				earliest[e.to] = max(earliest[e.to], t+e.lat)
				if npred[e.to]--; npred[e.to] == 0 {
					ready = append(ready, e.to)
				}
			}
		}
	}
	return cycles
}
