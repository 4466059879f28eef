package hashtest

import (
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// The official vectors live in ../shared/vectors beside the repository (see
// its README.md for the hashkit-conformance/v1 format). CI has that folder;
// elsewhere the tests that need it skip with a message. HASHKIT_VECTORS
// overrides the location; HASHKIT_REQUIRE_VECTORS=1 turns the skip into a
// failure, so CI cannot pass without reading them.

// VectorsDir returns the vectors folder, or "" if there is none.
func VectorsDir() string {
	if d := os.Getenv("HASHKIT_VECTORS"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		cand := filepath.Join(dir, "shared", "vectors")
		if st, err := os.Stat(cand); err == nil && st.IsDir() {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// openVectors opens the gzipped file name (for example "sha2.json.gz" or
// "wycheproof/hmac_sha256_test.json.gz") of the vectors folder, skipping t
// if the folder is absent.
func openVectors(t testing.TB, name string) io.ReadCloser {
	t.Helper()
	dir := VectorsDir()
	if dir == "" {
		if os.Getenv("HASHKIT_REQUIRE_VECTORS") != "" {
			t.Fatal("HASHKIT_REQUIRE_VECTORS is set but ../shared/vectors was not found")
		}
		t.Skip("skipping: the official vectors (../shared/vectors) are not present; set HASHKIT_VECTORS to their folder")
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		t.Fatal(err)
	}
	return struct {
		io.Reader
		io.Closer
	}{z, f}
}

// LoadJSON decodes the gzipped JSON file name of the vectors folder into v
// (used for the Wycheproof files and eskdf, which keep their own formats).
func LoadJSON(t testing.TB, name string, v any) {
	t.Helper()
	r := openVectors(t, name)
	defer r.Close()
	if err := json.NewDecoder(r).Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// Case is one vector of a hashkit-conformance/v1 family file.
type Case struct {
	ID             string                     `json:"id"`
	Algorithm      string                     `json:"algorithm"`
	Kind           string                     `json:"kind"`
	Input          Bytes                      `json:"input"`
	Params         map[string]json.RawMessage `json:"params"`
	OutLen         int                        `json:"out_len"`
	Expected       Hex                        `json:"expected"`
	ExpectedOffset int64                      `json:"expected_offset"`
	Truncated      bool                       `json:"truncated"`
	PRK            Hex                        `json:"prk"`
	Checkpoints    []Hex                      `json:"checkpoints"`
	Slow           bool                       `json:"slow"`
	NeedsExtended  bool                       `json:"needs_extended_api"`
	Note           string                     `json:"note"`
	Source         string                     `json:"source"`
}

var (
	cacheMu sync.Mutex
	cache   = map[string][]Case{}
)

// Vectors returns the cases of family (the file name without .json.gz),
// skipping t if the folder is absent. Files are read once per test binary.
func Vectors(t testing.TB, family string) []Case {
	t.Helper()
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if cs, ok := cache[family]; ok {
		return cs
	}
	var f struct {
		Schema string `json:"schema"`
		Cases  []Case `json:"cases"`
	}
	LoadJSON(t, family+".json.gz", &f)
	if len(f.Cases) == 0 {
		t.Fatalf("%s.json.gz: no cases", family)
	}
	cache[family] = f.Cases
	return f.Cases
}

// SkipSlow skips t for a slow case under -short.
func (c *Case) SkipSlow(t testing.TB) {
	t.Helper()
	if c.Slow && testing.Short() {
		t.Skipf("%s: slow vector, skipped under -short", c.ID)
	}
}

// Has reports whether the case has parameter name.
func (c *Case) Has(name string) bool {
	_, ok := c.Params[name]
	return ok
}

// Bytes returns the byte-string parameter name (hex or generator); absent is nil.
func (c *Case) Bytes(name string) []byte {
	raw, ok := c.Params[name]
	if !ok {
		return nil
	}
	var b Bytes
	if err := json.Unmarshal(raw, &b); err != nil {
		panic(fmt.Sprintf("vector %s: param %s: %v", c.ID, name, err))
	}
	return b.Materialize()
}

// Int returns the integer parameter name; absent is 0.
func (c *Case) Int(name string) int {
	raw, ok := c.Params[name]
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		panic(fmt.Sprintf("vector %s: param %s: %v", c.ID, name, err))
	}
	return int(n)
}

// String returns the string parameter name; absent is "".
func (c *Case) String(name string) string {
	raw, ok := c.Params[name]
	if !ok {
		return ""
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		panic(fmt.Sprintf("vector %s: param %s: %v", c.ID, name, err))
	}
	return s
}

// Tuple returns the tuple parameter name: a list of byte strings, or the
// {"gen":"prefixes","of":HEX} generator.
func (c *Case) Tuple(name string) [][]byte {
	raw := c.Params[name]
	var gen struct {
		Gen string `json:"gen"`
		Of  Hex    `json:"of"`
	}
	if json.Unmarshal(raw, &gen) == nil && gen.Gen == "prefixes" {
		out := make([][]byte, len(gen.Of))
		for i := range out {
			out[i] = gen.Of[:i:i]
		}
		return out
	}
	var list []Bytes
	if err := json.Unmarshal(raw, &list); err != nil {
		panic(fmt.Sprintf("vector %s: param %s: %v", c.ID, name, err))
	}
	out := make([][]byte, len(list))
	for i, b := range list {
		out[i] = b.Materialize()
	}
	return out
}

// Hex is a byte string written as lowercase hex in JSON.
type Hex []byte

func (h *Hex) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	d, err := hex.DecodeString(s)
	*h = d
	return err
}

// Bytes is a byte-string field: hex, or a generator object that may describe
// GiB of input. Use WriteTo to stream large ones.
type Bytes struct {
	raw     []byte
	gen     string
	pattern []byte
	length  int64
}

func (b *Bytes) UnmarshalJSON(data []byte) error {
	if len(data) > 0 && data[0] == '"' {
		var h Hex
		if err := h.UnmarshalJSON(data); err != nil {
			return err
		}
		*b = Bytes{raw: h, length: int64(len(h))}
		return nil
	}
	var g struct {
		Gen     string `json:"gen"`
		Pattern Hex    `json:"pattern"`
		Length  int64  `json:"length"`
	}
	if err := json.Unmarshal(data, &g); err != nil {
		return err
	}
	switch g.Gen {
	case "ptn251":
	case "repeat":
		if len(g.Pattern) == 0 {
			return fmt.Errorf("repeat generator with an empty pattern")
		}
	default:
		return fmt.Errorf("unknown generator %q", g.Gen)
	}
	*b = Bytes{gen: g.Gen, pattern: g.Pattern, length: g.Length}
	return nil
}

// Len returns the length in bytes.
func (b Bytes) Len() int64 { return b.length }

// Materialize returns the bytes. It panics above 1 GiB: stream those.
func (b Bytes) Materialize() []byte {
	if b.gen == "" {
		return b.raw
	}
	if b.length > 1<<30 {
		panic(fmt.Sprintf("hashtest: %d-byte input must be streamed with WriteTo", b.length))
	}
	out := make([]byte, b.length)
	b.fill(out, 0)
	return out
}

// fill writes bytes [off, off+len(p)) of the generated string into p.
func (b Bytes) fill(p []byte, off int64) {
	switch b.gen {
	case "ptn251":
		for i := range p {
			p[i] = byte((off + int64(i)) % 251)
		}
	case "repeat":
		n := int64(len(b.pattern))
		for i := range p {
			p[i] = b.pattern[(off+int64(i))%n]
		}
	default:
		copy(p, b.raw[off:])
	}
}

// WriteTo streams the bytes to w in pieces of at most 1 MiB.
func (b Bytes) WriteTo(w io.Writer) (int64, error) {
	if b.gen == "" {
		n, err := w.Write(b.raw)
		return int64(n), err
	}
	chunk := int64(1 << 20)
	if b.gen == "repeat" {
		// A multiple of the pattern length, so every piece is the same.
		chunk -= chunk % int64(len(b.pattern))
	}
	buf := make([]byte, min(chunk, b.length))
	var done int64
	for done < b.length {
		n := min(chunk, b.length-done)
		if b.gen == "ptn251" || done == 0 {
			b.fill(buf[:n], done)
		}
		m, err := w.Write(buf[:n])
		done += int64(m)
		if err != nil {
			return done, err
		}
	}
	return done, nil
}
