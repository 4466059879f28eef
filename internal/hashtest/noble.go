package hashtest

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The cross-check against @noble/hashes: crosscheck/noble/index.mjs reads
// cases as JSON lines and answers with noble's output. `npm ci` in that folder
// installs the pinned version; without node or node_modules the tests skip,
// unless HASHKIT_REQUIRE_NOBLE is set (as CI does).

// NobleCase is one input for noble: an algorithm name that one of
// crosscheck/noble/algs/*.mjs defines, its parameters (byte strings as hex,
// see Hex), and the input.
type NobleCase struct {
	Alg    string         `json:"alg"`
	Params map[string]any `json:"params,omitempty"`
	Input  []byte         `json:"-"`
}

// HexParam encodes b for a NobleCase parameter.
func HexParam(b []byte) string { return hex.EncodeToString(b) }

func nobleDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		cand := filepath.Join(dir, "crosscheck", "noble")
		if _, err := os.Stat(filepath.Join(cand, "index.mjs")); err == nil {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Noble runs cases through @noble/hashes in one node process and returns
// its outputs in order. A case noble rejects fails the test, naming it.
func Noble(t testing.TB, cases []NobleCase) [][]byte {
	t.Helper()
	outs, errs := NobleResults(t, cases)
	for i, e := range errs {
		if e != "" {
			t.Fatalf("noble rejected case %d (%s %v, %d-byte input): %s", i, cases[i].Alg, cases[i].Params, len(cases[i].Input), e)
		}
	}
	return outs
}

// NobleResults is Noble for tests that expect some cases to be rejected: it
// returns noble's output or error message for each case.
func NobleResults(t testing.TB, cases []NobleCase) (outs [][]byte, errs []string) {
	t.Helper()
	skip := func(why string) {
		if os.Getenv("HASHKIT_REQUIRE_NOBLE") != "" {
			t.Fatalf("HASHKIT_REQUIRE_NOBLE is set, but %s", why)
		}
		t.Skipf("skipping the @noble/hashes cross-check: %s", why)
	}
	if noSubprocess() {
		skip("HASHKIT_NO_SUBPROCESS is set: node runs in a process of its own")
	}
	dir := nobleDir()
	if dir == "" {
		skip("crosscheck/noble was not found")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@noble", "hashes")); err != nil {
		skip("run `npm ci` in crosscheck/noble first")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		skip("node is not installed")
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range cases {
		if err := enc.Encode(struct {
			NobleCase
			Input string `json:"input"`
		}{c, hex.EncodeToString(c.Input)}); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(node, filepath.Join(dir, "index.mjs"))
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		var r struct {
			Out string `json:"out"`
			Err string `json:"err"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("node answered %q: %v", sc.Text(), err)
		}
		b, err := hex.DecodeString(r.Out)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b)
		errs = append(errs, r.Err)
	}
	if len(outs) != len(cases) {
		t.Fatalf("node answered %d of %d cases\n%s", len(outs), len(cases), stderr.String())
	}
	return outs, errs
}

// CrossCheck runs every case through noble and through ours, failing on the
// first difference.
func CrossCheck(t testing.TB, cases []NobleCase, ours func(NobleCase) []byte) {
	t.Helper()
	want := Noble(t, cases)
	for i, c := range cases {
		if got := ours(c); !bytes.Equal(got, want[i]) {
			t.Fatalf("%s %v, %d-byte input %s:\n hashkit %x\n noble   %x", c.Alg, c.Params, len(c.Input), abbrev(c.Input), got, want[i])
		}
	}
}

func abbrev(b []byte) string {
	if len(b) > 32 {
		return fmt.Sprintf("%x…", b[:32])
	}
	return fmt.Sprintf("%x", b)
}
