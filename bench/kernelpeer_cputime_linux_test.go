package bench

import (
	"crypto/sha3"
	"crypto/sha512"
	"slices"
	"strconv"
	"strings"
	"testing"

	hblake2b "github.com/hashkit/hashkit/blake2b"
	hblake2s "github.com/hashkit/hashkit/blake2s"
	hblake3 "github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/kernelbench"
	hsha3 "github.com/hashkit/hashkit/sha3"
	hsha512 "github.com/hashkit/hashkit/sha512"
	zeebo "github.com/zeebo/blake3"
	xblake2b "golang.org/x/crypto/blake2b"
	xblake2s "golang.org/x/crypto/blake2s"
)

// TestKernelPeerRatios measures, for the roles that scripts/mca -amd64
// sets beside a peer's assembly, the peer's time over hashkit's with each
// kernel of the role this CPU can run, so that the estimated ratios can be
// checked against measured ones: 64 KiB messages (a 1000-byte streamed
// message for BLAKE3's single-block role, which the serial path of a
// partial chunk runs), every kernel and the peer once per round in
// shuffled order, by thread CPU time, the median over the rounds. Run it
// with HASHKIT_CPUTIME=1 go test -run KernelPeerRatios -v.
func TestKernelPeerRatios(t *testing.T) {
	measuring(t)
	onOneThread(t)
	msg := hashtest.RandBytes(1, 64<<10) // written: never-written pages all map the zero page
	for _, c := range []struct {
		pkg      string
		role     cpu.Role
		hk, peer func()
	}{
		{"blake2b", cpu.RoleBlock, func() { hblake2b.Sum512(msg) }, func() { xblake2b.Sum512(msg) }},
		{"blake2s", cpu.RoleBlock, func() { hblake2s.Sum256(msg) }, func() { xblake2s.Sum256(msg) }},
		{"blake3", cpu.RoleBatch, func() { hblake3.Sum256(msg) }, func() { zeebo.Sum256(msg) }},
		{"blake3", cpu.RoleSingleBlock,
			func() { h := hblake3.New(); h.Write(msg[:1000]); h.Sum(nil) },
			func() { h := zeebo.New(); h.Write(msg[:1000]); h.Sum(nil) }},
		{"sha512", cpu.RoleBlock, func() { hsha512.Sum512(msg) }, func() { sha512.Sum512(msg) }},
		{"keccak", cpu.RoleSingleState, func() { hsha3.Sum256(msg) }, func() { sha3.Sum256(msg) }},
	} {
		var names []string
		for _, k := range cpu.Kernels() {
			if k.Pkg == c.pkg && k.Role == c.role && k.Available {
				names = append(names, k.Name)
			}
		}
		const peer = "" // no kernel is named ""
		ns := kernelbench.Shuffled(append(names, peer), 30, kernelbench.BurstCalls(c.peer), func(n string) func() {
			if n == peer {
				return c.peer
			}
			cpu.SelectRole(c.pkg, c.role, n)
			return c.hk
		})
		ratios := map[string][]float64{}
		for _, n := range names {
			for i, x := range ns[n] {
				ratios[n] = append(ratios[n], ns[peer][i]/x)
			}
		}
		cpu.Restore(c.pkg)
		var line []string
		for _, n := range names {
			r := ratios[n]
			slices.Sort(r)
			line = append(line, n+" "+strconv.FormatFloat(r[len(r)/2], 'f', 3, 64))
		}
		t.Logf("%s/%s, peer time / hashkit time, median of 30 rounds: %s", c.pkg, c.role, strings.Join(line, ", "))
	}
}
