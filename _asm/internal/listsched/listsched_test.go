package listsched

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mmcloughlin/avo/reg"
)

var regs = []reg.Physical{reg.X0, reg.X1, reg.X2, reg.X3, reg.X4, reg.X5}

// program builds n random operations over a few registers; op i, run,
// sets its register to a mix of i and the registers it reads in vals.
func program(rng *rand.Rand, n int, vals map[reg.Physical]uint64, order *[]int) []Op {
	prog := make([]Op, n)
	for i := range prog {
		k := Kind(rng.IntN(int(Tern) + 1))
		reads := make([]reg.Physical, rng.IntN(4))
		for j := range reads {
			reads[j] = regs[rng.IntN(len(regs))]
		}
		w := regs[rng.IntN(len(regs))]
		prog[i] = Op{Kind: k, Reads: reads, Write: w, Emit: func() {
			v := uint64(i+1) * 0x9E3779B97F4A7C15
			for _, r := range reads {
				v = (v ^ vals[r]) * 0xBF58476D1CE4E5B9
			}
			vals[w] = v
			*order = append(*order, i)
		}}
	}
	return prog
}

// TestSchedulePreservesMeaning runs random blocks in recorded order and in
// schedule order and compares every register: a dependency the scheduler
// missed would change a value.
func TestSchedulePreservesMeaning(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + rng.IntN(60)
		seed := rng.Uint64()
		want := map[reg.Physical]uint64{}
		var order []int
		for _, o := range program(rand.New(rand.NewPCG(seed, 0)), n, want, &order) {
			o.Emit()
		}
		got := map[reg.Physical]uint64{}
		order = nil
		m := Machine{ALU: 1 + rng.IntN(4), Rot: 1 + rng.IntN(2), All: 1 + rng.IntN(6), RotBoost: rng.IntN(5)}
		Schedule(program(rand.New(rand.NewPCG(seed, 0)), n, got, &order), m)
		if len(order) != n {
			t.Fatalf("trial %d: %d of %d operations emitted", trial, len(order), n)
		}
		for _, r := range regs {
			if got[r] != want[r] {
				t.Fatalf("trial %d (%v): register %v differs after scheduling (order %v)", trial, m, r, order)
			}
		}
	}
}

// TestScheduleOrder checks the ranking and the limits on a small block: a
// chain of three dependent operations and two independent ones, one of
// them a rotation.
func TestScheduleOrder(t *testing.T) {
	var order []string
	op := func(name string, k Kind, w reg.Physical, reads ...reg.Physical) Op {
		return Op{Kind: k, Reads: reads, Write: w, Emit: func() { order = append(order, name) }}
	}
	block := func() []Op {
		return []Op{
			op("b", Logic, reg.X2),
			op("a1", Logic, reg.X1),
			op("a2", Logic, reg.X1, reg.X1),
			op("a3", Logic, reg.X1, reg.X1),
			op("c", Rot, reg.X3),
		}
	}
	for _, tc := range []struct {
		m      Machine
		want   []string
		cycles int
	}{
		// One ALU op a cycle: the chain's head first, the others while the
		// chain waits on latency, c before b only with the boost.
		{Machine{ALU: 1, Rot: 1, All: 6}, []string{"a1", "b", "a2", "c", "a3"}, 5},
		{Machine{ALU: 1, Rot: 1, All: 6, RotBoost: 1}, []string{"a1", "c", "a2", "b", "a3"}, 5},
		// Three a cycle: everything ready goes at once.
		{Machine{ALU: 3, Rot: 1, All: 6}, []string{"a1", "b", "c", "a2", "a3"}, 5},
		// One operation of any kind a cycle.
		{Machine{ALU: 4, Rot: 1, All: 1}, []string{"a1", "b", "a2", "c", "a3"}, 5},
	} {
		order = nil
		if cycles := Schedule(block(), tc.m); !slices.Equal(order, tc.want) || cycles != tc.cycles {
			t.Errorf("%+v: order %v in %d cycles, want %v in %d", tc.m, order, cycles, tc.want, tc.cycles)
		}
	}
}

func TestLatency(t *testing.T) {
	for _, tc := range []struct {
		p, c    Kind
		operand int
		want    int
	}{
		{Move, Logic, 0, 0}, {Load, Tern, 2, 1}, {Logic, Logic, 1, 2}, {Rot, Tern, 0, 2}, {Shuf, Tern, 1, 3}, {Tern, Tern, 2, 3},
	} {
		if got := Latency(tc.p, tc.c, tc.operand); got != tc.want {
			t.Errorf("Latency(%v, %v, %d) = %d, want %d", tc.p, tc.c, tc.operand, got, tc.want)
		}
	}
}
