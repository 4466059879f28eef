package bench

import (
	"bytes"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestAPISurface (below) holds each hashkit package's exported API against
// the packages README.md says it replaces: switching is an import-path
// change, so
//
//   - every exported name of a peer (func, type, const, var) exists in hashkit
//     with the same kind, the same signature or type once the peer's own
//     package is read as hashkit's, and for constants the same value;
//   - a peer type's underlying type has the same shape (struct, interface,
//     ...), with the same exported fields or the same method set for an
//     interface, and every exported method of T and *T exists on hashkit's T
//     and *T with the same signature and the same receiver kind;
//   - hashkit exports no name and no method that none of its peers has.
//
// TestAPIDynamicMethods (api_dynamic_test.go) does the same for the values
// of constructors that return an interface.
//
// Parameter names are ignored (they are not API), so are the names of type
// parameters. Every departure is an entry of the pair's except map with its
// reason: a rewrite docs/migrating.md documents, a hashkit-only
// addition README, docs/ or CONTRIBUTING.md documents, or a known gap. An entry that no
// longer matches anything fails too, so the list stays true.
//
// The packages' types come from the compiler's export data (go list -export),
// so the test needs the go command; without it it skips.

// apiPair is one hashkit package and the peers it replaces.
type apiPair struct {
	hk    string   // import path below github.com/hashkit/hashkit/
	peers []string // import paths
	// renames maps a peer's type name to hashkit's where docs/migrating.md documents the
	// rename (circl's k12.State is hashkit's k12.KT).
	renames map[string]string
	// except lists the documented departures, each with its reason. Keys:
	// "PEERPATH.Name" or "PEERPATH.Type.Method" for a name of a peer that
	// hashkit lacks or spells otherwise; "Name" or "Type.Method" for a name of
	// hashkit's that no peer has. A hashkit-only type's entry covers its
	// methods.
	except map[string]string
}

const hkPrefix = "github.com/hashkit/hashkit/"

// Reasons shared by several entries.
const (
	whyBatch     = "batch hashing (docs/api.md Batch hashing)"
	whyCloner    = "hash.Cloner on every hash (docs/api.md Clone, CONTRIBUTING.md API)"
	whyMarshal   = "unkeyed hashes marshal (docs/api.md What it promises, CONTRIBUTING.md API)"
	whyXOF       = "a hash.XOF (CONTRIBUTING.md API)"
	whySize      = "the package's size constant (CONTRIBUTING.md Names: Size, BlockSize)"
	whySP800185  = "SP 800-185 function, hashkit only (README Algorithms)"
	whyKDFParams = "KDF with context, memory limit, progress and PHC strings (README Algorithms, docs/api.md What it promises, At a glance)"
	whyKDFBudget = "work limit for stored hashes from untrusted sources, and rehash check (README Security notes, docs/api.md)"
	whyKDFKeyCap = "longest key DeriveKey derives within its cancellation bound; Key has no cap (package doc)"
	whyB2Params  = "BLAKE2 parameter block: salt, personalization, tree (README Algorithms, docs/api.md At a glance)"
	whyK12       = "TurboSHAKE, KT128, KT256, MarsupilamiFourteen: hashkit's API, no peer (README Algorithms, docs/migrating.md circl)"
)

// withKDF adds to except the API that argon2 and scrypt share beyond
// x/crypto's Key: parameters, limits, errors and PHC strings.
func withKDF(except map[string]string) map[string]string {
	m := map[string]string{}
	for _, name := range []string{"Params", "DeriveKey", "DefaultMaxMemory", "ErrMemoryLimit", "ErrMismatch",
		"Hash", "HashContext", "Verify", "VerifyContext", "Encode", "Decode"} {
		m[name] = whyKDFParams
	}
	for _, name := range []string{"DefaultMaxWork", "ErrCostExceeded", "NeedsRehash"} {
		m[name] = whyKDFBudget
	}
	m["MaxKeyLen"] = whyKDFKeyCap
	maps.Copy(m, except)
	return m
}

var apiPairs = []apiPair{
	{hk: "sha256", peers: []string{"crypto/sha256"}, except: map[string]string{
		"SumMany":    whyBatch,
		"SumMany224": whyBatch + ", SHA-224's",
		"SumPairs":   whyBatch,
	}},
	{hk: "sha512", peers: []string{"crypto/sha512"}},
	{hk: "sha1", peers: []string{"crypto/sha1"}},
	{hk: "md5", peers: []string{"crypto/md5"}},
	{hk: "sha3", peers: []string{"crypto/sha3", "golang.org/x/crypto/sha3"}, except: map[string]string{
		"golang.org/x/crypto/sha3.New224": "returns *SHA3 as crypto/sha3's, not hash.Hash (docs/migrating.md)",
		"golang.org/x/crypto/sha3.New256": "returns *SHA3 as crypto/sha3's, not hash.Hash (docs/migrating.md)",
		"golang.org/x/crypto/sha3.New384": "returns *SHA3 as crypto/sha3's, not hash.Hash (docs/migrating.md)",
		"golang.org/x/crypto/sha3.New512": "returns *SHA3 as crypto/sha3's, not hash.Hash (docs/migrating.md)",

		"SHAKE.Clone": "an XOF without Sum clones to its own type (docs/api.md Clone)",
		"Size224":     whySize,
		"Size256":     whySize,
		"Size384":     whySize,
		"Size512":     whySize,

		"NewLegacyKeccak224": "legacy Keccak-224, which x/crypto lacks (README Algorithms)",
		"NewLegacyKeccak384": "legacy Keccak-384, which x/crypto lacks (README Algorithms)",
		"SumKeccak224":       "legacy Keccak one-shot (docs/api.md At a glance: SumKeccak256)",
		"SumKeccak256":       "legacy Keccak one-shot (docs/api.md At a glance: SumKeccak256)",
		"SumKeccak384":       "legacy Keccak one-shot (docs/api.md At a glance: SumKeccak256)",
		"SumKeccak512":       "legacy Keccak one-shot (docs/api.md At a glance: SumKeccak256)",

		"SumMany256":       whyBatch,
		"SumMany512":       whyBatch,
		"SumManyKeccak256": whyBatch,
		"SumManySHAKE128":  whyBatch,
		"SumManySHAKE256":  whyBatch,
		"SHAKEMany":        whyBatch,

		"KMAC":                  whySP800185,
		"KMACXOF":               whySP800185,
		"NewKMAC128":            whySP800185,
		"NewKMAC256":            whySP800185,
		"NewKMACXOF128":         whySP800185,
		"NewKMACXOF256":         whySP800185,
		"Equal":                 "constant-time check of KMAC tags, as hmac.Equal (docs/api.md At a glance)",
		"TupleHash":             whySP800185,
		"TupleHashXOF":          whySP800185,
		"NewTupleHash128":       whySP800185,
		"NewTupleHash256":       whySP800185,
		"NewTupleHashXOF128":    whySP800185,
		"NewTupleHashXOF256":    whySP800185,
		"TupleHash128":          whySP800185,
		"TupleHash256":          whySP800185,
		"TupleHashXOF128":       whySP800185,
		"TupleHashXOF256":       whySP800185,
		"ParallelHash":          whySP800185,
		"ParallelHashXOF":       whySP800185,
		"NewParallelHash128":    whySP800185,
		"NewParallelHash256":    whySP800185,
		"NewParallelHashXOF128": whySP800185,
		"NewParallelHashXOF256": whySP800185,
		"ParallelHash128":       whySP800185,
		"ParallelHash256":       whySP800185,
		"ParallelHashXOF128":    whySP800185,
		"ParallelHashXOF256":    whySP800185,
		"KeccakPRG":             "KeccakPRG, hashkit only (README Algorithms)",
		"NewKeccakPRG":          "KeccakPRG, hashkit only (README Algorithms)",
	}},
	{hk: "hmac", peers: []string{"crypto/hmac"}},
	{hk: "hkdf", peers: []string{"crypto/hkdf", "golang.org/x/crypto/hkdf"}, except: map[string]string{
		"golang.org/x/crypto/hkdf.New":     "follows crypto/hkdf: hkdf.Key (docs/migrating.md)",
		"golang.org/x/crypto/hkdf.Extract": "follows crypto/hkdf: returns an error too (docs/migrating.md)",
		"golang.org/x/crypto/hkdf.Expand":  "follows crypto/hkdf: info string, length, []byte result (docs/migrating.md)",
	}},
	{hk: "pbkdf2", peers: []string{"crypto/pbkdf2", "golang.org/x/crypto/pbkdf2"}, except: map[string]string{
		"golang.org/x/crypto/pbkdf2.Key": "follows crypto/pbkdf2's Key(h, password, salt, iter, keyLen) (docs/migrating.md)",
		"DeriveKey":                      "PBKDF2 with context and progress (docs/design.md, Kernels by algorithm)",
		"DefaultMaxWork":                 whyKDFBudget,
		"ErrCostExceeded":                whyKDFBudget,
		"Work":                           whyKDFBudget,
		"CheckWork":                      whyKDFBudget,
		"MaxKeyLen":                      whyKDFKeyCap,
	}},
	{hk: "blake2b", peers: []string{"golang.org/x/crypto/blake2b"}, except: map[string]string{
		"golang.org/x/crypto/blake2b.XOF": "hashkit's XOF adds BlockSize to be a hash.XOF (docs/migrating.md)",
		"NewWithParams":                   whyB2Params,
		"NewXOFWithParams":                whyB2Params,
		"Params":                          whyB2Params,
		"SaltSize":                        whyB2Params,
		"PersonalSize":                    whyB2Params,
	}},
	{hk: "blake2s", peers: []string{"golang.org/x/crypto/blake2s"}, except: map[string]string{
		"golang.org/x/crypto/blake2s.XOF": "hashkit's XOF adds BlockSize to be a hash.XOF (docs/migrating.md)",
		"New":                             "any digest size 1 to 32, as blake2b.New (docs/api.md At a glance; x/crypto has New128 and New256 only)",
		"NewWithParams":                   whyB2Params,
		"NewXOFWithParams":                whyB2Params,
		"Params":                          whyB2Params,
		"SaltSize":                        whyB2Params,
		"PersonalSize":                    whyB2Params,
	}},
	{hk: "argon2", peers: []string{"golang.org/x/crypto/argon2"}, except: withKDF(map[string]string{
		"DKey":      "Argon2d, as Key and IDKey with their panics (README Algorithms, docs/api.md Panics)",
		"Version10": "Argon2 v0x10 (docs/design.md, Kernels by algorithm)",
		"Variant":   whyKDFParams,
		"Argon2d":   whyKDFParams,
		"Argon2i":   whyKDFParams,
		"Argon2id":  whyKDFParams,
		"Buffer":    "reusable working memory for DeriveKey (docs/api.md At a glance)",
		"NewBuffer": "reusable working memory for DeriveKey (docs/api.md At a glance)",
	})},
	{hk: "scrypt", peers: []string{"golang.org/x/crypto/scrypt"}, except: withKDF(nil)},
	{hk: "ripemd160", peers: []string{"golang.org/x/crypto/ripemd160"}, except: map[string]string{
		"Sum": "one-shot, as the other hashes' (package doc: \"adds the one-shot Sum\")",
	}},
	// docs/migrating.md promises zeebo's New, NewKeyed, NewDeriveKey, DeriveKey, Sum256
	// and Hasher methods Write, Sum, Reset, Size, BlockSize, and
	// lukechampine's Sum256, Hasher.XOF and OutputReader's Read and Seek; the
	// rest of both is rewritten as its Migrating section says.
	{hk: "blake3", peers: []string{"github.com/zeebo/blake3", "lukechampine.com/blake3"}, except: map[string]string{
		"github.com/zeebo/blake3.Digest":             "h.Digest() becomes h.XOF(), an *OutputReader (docs/migrating.md)",
		"github.com/zeebo/blake3.Hasher.Digest":      "h.Digest() becomes h.XOF() (docs/migrating.md)",
		"github.com/zeebo/blake3.Hasher.Clone":       "Clone() (hash.Cloner, error) (docs/migrating.md, docs/api.md Clone)",
		"github.com/zeebo/blake3.Hasher.WriteString": "io.WriteString(h, s) (docs/migrating.md)",
		"github.com/zeebo/blake3.Sum512":             "the XOF's first 64 bytes (docs/migrating.md)",
		"lukechampine.com/blake3.New":                "New() and NewKeyed(key) (docs/migrating.md)",
		"lukechampine.com/blake3.DeriveKey":          "arguments reordered as zeebo's (docs/migrating.md)",
		"lukechampine.com/blake3.Sum512":             "the XOF's first 64 bytes (docs/migrating.md)",
		"lukechampine.com/blake3.BaoDecode":          "Bao not provided (docs/migrating.md)",
		"lukechampine.com/blake3.BaoEncode":          "Bao not provided (docs/migrating.md)",
		"lukechampine.com/blake3.BaoEncodeBuf":       "Bao not provided (docs/migrating.md)",
		"lukechampine.com/blake3.BaoEncodedSize":     "Bao not provided (docs/migrating.md)",
		"lukechampine.com/blake3.BaoVerifyBuf":       "Bao not provided (docs/migrating.md)",

		"Size":                   whySize,
		"BlockSize":              whySize,
		"KeySize":                "the key size of NewKeyed and SumManyKeyed",
		"Hasher.Read":            whyXOF,
		"Hasher.MarshalBinary":   whyMarshal,
		"Hasher.AppendBinary":    whyMarshal,
		"Hasher.UnmarshalBinary": whyMarshal,
		"SumMany":                whyBatch,
		"SumManyKeyed":           whyBatch,
		"SumManyDeriveKey":       whyBatch,
	}},
	// docs/migrating.md promises only circl's State methods Write, Read and Reset, on
	// hashkit's *KT.
	{hk: "k12", peers: []string{"github.com/cloudflare/circl/xof/k12"}, renames: map[string]string{"State": "KT"}, except: map[string]string{
		"github.com/cloudflare/circl/xof/k12.NewDraft10":  "NewKT128(c), a *KT (docs/migrating.md)",
		"github.com/cloudflare/circl/xof/k12.Draft10Sum":  "copy(out, SumKT128(msg, c, len(out))) (docs/migrating.md)",
		"github.com/cloudflare/circl/xof/k12.State.Clone": "Clone() (hash.Cloner, error) (docs/migrating.md, docs/api.md Clone)",

		"KT.Sum":             "KT is a hash.Hash too (docs/api.md Clone)",
		"KT.Size":            "KT is a hash.Hash too (docs/api.md Clone)",
		"KT.BlockSize":       whyXOF,
		"KT.MarshalBinary":   whyMarshal,
		"KT.AppendBinary":    whyMarshal,
		"KT.UnmarshalBinary": whyMarshal,
		"NewKT128":           whyK12,
		"NewKT256":           whyK12,
		"NewM14":             whyK12,
		"SumKT128":           whyK12,
		"SumKT256":           whyK12,
		"SumM14":             whyK12,
		"TurboSHAKE":         whyK12,
		"NewTurboSHAKE128":   whyK12,
		"NewTurboSHAKE256":   whyK12,
		"SumTurboSHAKE128":   whyK12,
		"SumTurboSHAKE256":   whyK12,
		"BlockSize128":       whyK12,
		"BlockSize256":       whyK12,
	}},
}

// TestAPISurface checks every apiPairs entry. go test puts its own
// GOROOT/bin first in PATH, so the go found is the toolchain that built this
// test and its export data is what go/importer reads.
func TestAPISurface(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("the go command is needed to read the packages' export data: %v", err)
	}
	var paths []string
	for _, p := range apiPairs {
		paths = append(paths, hkPrefix+p.hk)
		paths = append(paths, p.peers...)
	}
	pkgs := loadExportData(t, gocmd, paths)
	for _, p := range apiPairs {
		t.Run(p.hk, func(t *testing.T) {
			c := &apiCheck{t: t, pair: p, used: map[string]bool{}}
			c.run(pkgs[hkPrefix+p.hk], pkgs)
			for key := range p.except {
				if !c.used[key] {
					t.Errorf("except[%q] matches nothing: remove it", key)
				}
			}
		})
	}
}

// loadExportData builds the packages (go list -export) and reads their types
// from the compiler's export data.
func loadExportData(t *testing.T, gocmd string, paths []string) map[string]*types.Package {
	t.Helper()
	cmd := exec.Command(gocmd, append([]string{"list", "-export", "-f", "{{.ImportPath}}={{.Export}}"}, paths...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v\n%s", err, stderr.Bytes())
	}
	files := map[string]string{}
	for line := range strings.Lines(string(out)) {
		path, file, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || file == "" {
			t.Fatalf("go list -export: no export data in %q", line)
		}
		files[path] = file
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		file, ok := files[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
	pkgs := map[string]*types.Package{}
	for _, path := range paths {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatalf("import %s: %v", path, err)
		}
		pkgs[path] = pkg
	}
	return pkgs
}

type apiCheck struct {
	t    *testing.T
	pair apiPair
	used map[string]bool
}

// excepted reports whether key is a documented departure, and marks it used.
func (c *apiCheck) excepted(key string) bool {
	if _, ok := c.pair.except[key]; ok {
		c.used[key] = true
		return true
	}
	return false
}

func (c *apiCheck) errorf(key, format string, args ...any) {
	if !c.excepted(key) {
		c.t.Errorf("%s: %s", key, fmt.Sprintf(format, args...))
	}
}

func (c *apiCheck) run(hk *types.Package, pkgs map[string]*types.Package) {
	// Names and methods some peer has, for the check of hashkit's extras.
	peerNames := map[string]bool{}
	peerMethods := map[string]bool{} // "Type.Method", in hashkit's type names
	for _, path := range c.pair.peers {
		peer := pkgs[path]
		m := typeMapper{peer: path, hk: hk.Path(), renames: c.pair.renames}
		scope := peer.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() {
				continue
			}
			hkName := name
			if r, ok := c.pair.renames[name]; ok {
				hkName = r
			}
			peerNames[hkName] = true
			key := path + "." + name
			if tn, ok := obj.(*types.TypeName); ok {
				for _, recv := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
					ms := types.NewMethodSet(recv)
					for sel := range ms.Methods() {
						if sel.Obj().Exported() {
							peerMethods[hkName+"."+sel.Obj().Name()] = true
						}
					}
				}
			}
			if c.excepted(key) {
				continue
			}
			hobj := hk.Scope().Lookup(hkName)
			if hobj == nil {
				c.errorf(key, "missing in hashkit/%s", c.pair.hk)
				continue
			}
			c.compare(key, m, obj, hobj)
		}
	}
	scope := hk.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		if !peerNames[name] {
			c.errorf(name, "hashkit/%s exports %s %s, which no peer has", c.pair.hk, objKind(obj), name)
			continue
		}
		tn, ok := obj.(*types.TypeName)
		if !ok {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		for sel := range ms.Methods() {
			if m := sel.Obj().Name(); token.IsExported(m) && !peerMethods[name+"."+m] {
				c.errorf(name+"."+m, "hashkit/%s.%s has method %s, which no peer's %s has", c.pair.hk, name, m, name)
			}
		}
	}
}

func objKind(obj types.Object) string {
	switch obj := obj.(type) {
	case *types.Func:
		return "func"
	case *types.Const:
		return "const"
	case *types.Var:
		return "var"
	case *types.TypeName:
		if obj.IsAlias() {
			return "type alias"
		}
		return "type"
	}
	return fmt.Sprintf("%T", obj)
}

// compare checks hashkit's hobj against the peer's obj of the same name.
func (c *apiCheck) compare(key string, m typeMapper, obj, hobj types.Object) {
	if k, hk := objKind(obj), objKind(hobj); k != hk {
		c.errorf(key, "peer has a %s, hashkit a %s", k, hk)
		return
	}
	switch obj := obj.(type) {
	case *types.Func, *types.Var:
		if s, hs := m.peerString(obj.Type()), m.hkString(hobj.Type()); s != hs {
			c.errorf(key, "peer has %s, hashkit %s", s, hs)
		}
	case *types.Const:
		if s, hs := m.peerString(obj.Type()), m.hkString(hobj.Type()); s != hs {
			c.errorf(key, "peer's type is %s, hashkit's %s", s, hs)
		}
		if v, hv := obj.Val().ExactString(), hobj.(*types.Const).Val().ExactString(); v != hv {
			c.errorf(key, "peer's value is %s, hashkit's %s", v, hv)
		}
	case *types.TypeName:
		c.compareType(key, m, obj, hobj.(*types.TypeName))
	}
}

func (c *apiCheck) compareType(key string, m typeMapper, tn, htn *types.TypeName) {
	if tn.IsAlias() {
		if s, hs := m.peerString(tn.Type()), m.hkString(htn.Type()); s != hs {
			c.errorf(key, "peer's alias is of %s, hashkit's of %s", s, hs)
		}
		return
	}
	typ, htyp := tn.Type().(*types.Named), htn.Type().(*types.Named)
	if s, hs := m.typeParams(typ.TypeParams(), m.peerString), m.typeParams(htyp.TypeParams(), m.hkString); s != hs {
		c.errorf(key, "type parameters: peer [%s], hashkit [%s]", s, hs)
	}
	u, hu := typ.Underlying(), htyp.Underlying()
	switch u := u.(type) {
	case *types.Struct:
		hs, ok := hu.(*types.Struct)
		if !ok {
			c.errorf(key, "peer's is a struct, hashkit's %s", m.hkString(hu))
			break
		}
		if s, h := exportedFields(u, m.peerString), exportedFields(hs, m.hkString); s != h {
			c.errorf(key, "exported fields: peer {%s}, hashkit {%s}", s, h)
		}
	default:
		// Interfaces (method sets included) and every other kind.
		if s, hs := m.peerString(u), m.hkString(hu); s != hs {
			c.errorf(key, "peer's underlying type is %s, hashkit's %s", s, hs)
		}
	}
	if types.IsInterface(u) {
		return
	}
	// Methods: every exported method of the peer's *T on hashkit's *T with
	// the same signature, and on T exactly where the peer has it on T.
	hptr := types.NewMethodSet(types.NewPointer(htyp))
	hval := types.NewMethodSet(htyp)
	val := types.NewMethodSet(typ)
	for sel := range types.NewMethodSet(types.NewPointer(typ)).Methods() {
		name := sel.Obj().Name()
		if !token.IsExported(name) {
			continue
		}
		mkey := key + "." + name
		hsel := hptr.Lookup(htyp.Obj().Pkg(), name)
		if hsel == nil {
			c.errorf(mkey, "method missing in hashkit")
			continue
		}
		if s, hs := m.peerString(sel.Type()), m.hkString(hsel.Type()); s != hs {
			c.errorf(mkey, "peer has %s, hashkit %s", s, hs)
			continue
		}
		onVal, hOnVal := val.Lookup(typ.Obj().Pkg(), name) != nil, hval.Lookup(htyp.Obj().Pkg(), name) != nil
		if onVal != hOnVal {
			c.errorf(mkey, "receiver: peer's is %s, hashkit's %s", recvKind(onVal), recvKind(hOnVal))
		}
	}
}

func recvKind(onValue bool) string {
	if onValue {
		return "a value"
	}
	return "a pointer"
}

func exportedFields(s *types.Struct, str func(types.Type) string) string {
	var fields []string
	for i := range s.NumFields() {
		if f := s.Field(i); f.Exported() {
			fields = append(fields, fmt.Sprintf("%s %s %q", f.Name(), str(f.Type()), s.Tag(i)))
		}
	}
	return strings.Join(fields, "; ")
}

// typeMapper writes types as strings that are equal exactly when the types
// are, reading the peer's package as hashkit's: named types by import path
// (the peer's replaced by hashkit's, with the pair's renames), basic types by
// kind (byte and uint8 are one type), signatures without parameter names and
// type parameters by position.
type typeMapper struct {
	peer, hk string
	renames  map[string]string
}

func (m typeMapper) peerString(t types.Type) string { return m.write(t, true) }
func (m typeMapper) hkString(t types.Type) string   { return m.write(t, false) }

func (m typeMapper) typeParams(l *types.TypeParamList, str func(types.Type) string) string {
	var s []string
	for tp := range l.TypeParams() {
		s = append(s, str(tp.Constraint()))
	}
	return strings.Join(s, ", ")
}

func (m typeMapper) write(t types.Type, peer bool) string {
	var b strings.Builder
	m.writeTo(&b, t, peer)
	return b.String()
}

func (m typeMapper) writeTo(b *strings.Builder, t types.Type, peer bool) {
	w := func(t types.Type) { m.writeTo(b, t, peer) }
	switch t := t.(type) {
	case *types.Alias:
		w(types.Unalias(t))
	case *types.Basic:
		b.WriteString(types.Typ[t.Kind()].Name())
	case *types.Named:
		obj := t.Obj()
		name := obj.Name()
		if obj.Pkg() != nil {
			path := obj.Pkg().Path()
			if peer && path == m.peer {
				path = m.hk
				if r, ok := m.renames[name]; ok {
					name = r
				}
			}
			b.WriteString(strconv.Quote(path) + ".")
		}
		b.WriteString(name)
		if args := t.TypeArgs(); args.Len() > 0 {
			b.WriteString("[")
			for i := range args.Len() {
				if i > 0 {
					b.WriteString(", ")
				}
				w(args.At(i))
			}
			b.WriteString("]")
		}
	case *types.TypeParam:
		fmt.Fprintf(b, "$%d", t.Index())
	case *types.Pointer:
		b.WriteString("*")
		w(t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		w(t.Elem())
	case *types.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		w(t.Elem())
	case *types.Map:
		b.WriteString("map[")
		w(t.Key())
		b.WriteString("]")
		w(t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendRecv:
			b.WriteString("chan ")
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		}
		w(t.Elem())
	case *types.Signature:
		b.WriteString("func")
		if tps := t.TypeParams(); tps.Len() > 0 {
			b.WriteString("[" + m.typeParams(tps, func(t types.Type) string { return m.write(t, peer) }) + "]")
		}
		m.writeTuple(b, t.Params(), t.Variadic(), peer)
		if t.Results().Len() > 0 {
			b.WriteString(" ")
			m.writeTuple(b, t.Results(), false, peer)
		}
	case *types.Tuple:
		m.writeTuple(b, t, false, peer)
	case *types.Struct:
		b.WriteString("struct{")
		for i := range t.NumFields() {
			f := t.Field(i)
			if i > 0 {
				b.WriteString("; ")
			}
			if f.Embedded() {
				b.WriteString("embedded ")
			}
			b.WriteString(f.Name() + " ")
			w(f.Type())
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		}
		b.WriteString("}")
	case *types.Interface:
		var parts []string
		for f := range t.Methods() { // all methods, embedded ones included, sorted
			parts = append(parts, f.Name()+strings.TrimPrefix(m.write(f.Type(), peer), "func"))
		}
		for e := range t.EmbeddedTypes() {
			if !types.IsInterface(e) { // a type-set term: a constraint
				parts = append(parts, m.write(e, peer))
			}
		}
		slices.Sort(parts)
		b.WriteString("interface{" + strings.Join(parts, "; ") + "}")
	case *types.Union:
		for i := range t.Len() {
			if i > 0 {
				b.WriteString(" | ")
			}
			if t.Term(i).Tilde() {
				b.WriteString("~")
			}
			w(t.Term(i).Type())
		}
	default:
		fmt.Fprintf(b, "<%T %s>", t, t)
	}
}

func (m typeMapper) writeTuple(b *strings.Builder, t *types.Tuple, variadic bool, peer bool) {
	b.WriteString("(")
	for i := range t.Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		typ := t.At(i).Type()
		if variadic && i == t.Len()-1 {
			b.WriteString("...")
			typ = typ.(*types.Slice).Elem()
		}
		m.writeTo(b, typ, peer)
	}
	b.WriteString(")")
}
