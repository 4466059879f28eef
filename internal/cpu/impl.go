package cpu

import (
	"errors"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The registry of accelerated implementations, after the idea of the Go
// source's crypto/internal/impl. A family package registers each kernel
// with the CPU features its instructions need, the role it plays and its
// assembly entry points; the registry sets each role's dispatch variable
// from the features, HASHKIT_DISABLE and the dispatch table (dispatch.go). Tests
// then select kernels one at a time to run every path on one machine.

// Role says which job of its package a kernel does. The kernels of one role
// are alternatives for the same job (the package's dispatch code runs the
// one its role's variable names); kernels of different roles work
// together, so selecting one kernel leaves the other roles as shipped.
type Role string

const (
	RoleBlock        Role = "block"          // the compression of whole blocks of one message
	RoleFinal        Role = "final"          // the final, padded block of a message
	RoleOneCall      Role = "one-call"       // the whole finish of a short message in one call
	RoleBatch        Role = "batch"          // several independent chunks or parents at once
	RoleSingleBlock  Role = "single-block"   // one block of one message (tree hashes' serial path)
	RoleSingleState  Role = "single-state"   // one permutation state
	RoleMultiState   Role = "multi-state"    // several interleaved permutation states at once
	RoleFewLanes     Role = "few-lanes"      // at most half the widest kernel's lanes (four Keccak states, eight BLAKE3 chunks), which it would run with lanes idle
	RoleMany         Role = "many"           // several whole messages at once (SumMany); its kernels are named "many..."
	RoleManyFewLanes Role = "many-few-lanes" // RoleMany's few-lanes counterpart
	RolePrefetch     Role = "prefetch"       // a cache hint, not a computation
	RoleStream       Role = "stream"         // how output larger than the caches is written: non-temporal stores, or ordinary ones with their lines prefetched
	RoleStdlib       Role = "stdlib"         // the whole hash handed to the standard library, where it has assembly and hashkit none
)

// Kernel describes one accelerated implementation, one of the kernels of
// a RegisterRole or RegisterRoleFallbacks declaration.
type Kernel struct {
	Pkg  string // the registry's name for the family, e.g. "sha256", "keccak"
	Name string // unique within Pkg, named after the instruction set, e.g. "avx512"
	Role Role
	// Needs is every CPU feature the kernel's instructions use: the union
	// of the Requires lines of its Funcs, less the amd64 baseline. A test
	// (kernels_test.go at the module root) compares the two.
	Needs Features
	// Funcs are the assembly entry points the kernel enables (Go names
	// without the package), each listed by exactly one kernel; a
	// RoleStdlib kernel has none (its Needs are those the standard
	// library's code is chosen for).
	Funcs []string
	// ID names the kernel in its role's Choice (RegisterRole): nonzero
	// and unique within the role. Only a name: the cases of the dispatch
	// switch on it can come in any order.
	ID KernelID
	// Choice is the role's dispatch variable (RegisterRole); the registry
	// sets it to the ID of the chosen kernel, or 0 for the portable code.
	Choice *KernelID
	// Runs is the set of a role with fallbacks (RegisterRoleFallbacks):
	// the chosen kernel and the kernels declared after it that run.
	Runs *KernelSet
}

// KernelID is the value of a role's dispatch variable (see RegisterRole).
type KernelID uint8

// KernelSet is a set of the IDs of one role's kernels (see
// RegisterRoleFallbacks).
type KernelSet uint64

// Has reports whether s holds the kernel id.
func (s KernelSet) Has(id KernelID) bool { return s&(1<<id) != 0 }

// Fallback reports whether k's role hands what its chosen kernel leaves to
// the kernels declared after it (RegisterRoleFallbacks), which then run
// too.
func (k Kernel) Fallback() bool { return k.Runs != nil }

// RegisterRole declares pkg's role r: its kernels ks, best first, which is
// the order a CPU the dispatch table does not list runs them in (an entry
// of the table names only where its CPU's order differs). The registry
// sets *choice to the ID of the kernel that runs on this CPU (the first
// of that order the CPU can run and HASHKIT_DISABLE does not list), or 0
// for the portable code; the package's dispatch code is a switch on
// *choice, read where a kernel is called. Packages call it from init,
// once per role, with each kernel's Name, ID, Needs and Funcs.
func RegisterRole(pkg string, r Role, choice *KernelID, ks ...Kernel) {
	registerRole(callerPackage(), pkg, r, choice, nil, ks)
}

// RegisterRoleFallbacks is RegisterRole for a role whose dispatch code
// hands what the chosen kernel leaves (the last few messages or states,
// fewer than its lanes) to a narrower kernel of the role declared after
// it: the registry also sets *runs to the chosen kernel and each kernel
// declared after it that the CPU can run (and HASHKIT_DISABLE does not
// list), and the chosen kernel's case asks runs for its fallback. *choice
// alone says which kernel leads, so the order is still written only in
// the declaration. The IDs must be below 64.
func RegisterRoleFallbacks(pkg string, r Role, choice *KernelID, runs *KernelSet, ks ...Kernel) {
	registerRole(callerPackage(), pkg, r, choice, runs, ks)
}

func registerRole(goPkg, pkg string, r Role, choice *KernelID, runs *KernelSet, ks []Kernel) {
	for i, k := range ks {
		if k.ID == 0 || k.ID >= 64 || slices.ContainsFunc(ks[:i], func(o Kernel) bool { return o.ID == k.ID }) || k.Runs != nil {
			panic("hashkit/internal/cpu: " + pkg + "/" + k.Name + ": a kernel of RegisterRole needs an ID of its own, below 64, and no Runs")
		}
		k.Pkg, k.Role, k.Choice, k.Runs = pkg, r, choice, runs
		add(&implementation{Kernel: k, goPkg: goPkg, available: k.Needs.Present()})
	}
}

type implementation struct {
	Kernel
	goPkg     string // import path of the registering package
	order     int    // position in registration order
	available bool   // what the CPU (and HASHKIT_DISABLE) allows
	shipped   bool   // what the dispatch table enables on this CPU
}

var (
	mu    sync.Mutex
	impls []*implementation
)

func add(im *implementation) {
	mu.Lock()
	defer mu.Unlock()
	for _, o := range impls {
		if o.Pkg == im.Pkg && o.Name == im.Name {
			panic("hashkit/internal/cpu: " + im.Pkg + "/" + im.Name + " registered twice")
		}
	}
	if disabled(im.Pkg, im.Role, im.Name) {
		im.available = false
	}
	im.order = len(impls)
	impls = append(impls, im)
	ship(im.Pkg, im.Role)
}

// callerPackage returns the import path of the package that called the
// registration function.
func callerPackage() string {
	pc, _, _, ok := runtime.Caller(2)
	if !ok {
		return ""
	}
	name := runtime.FuncForPC(pc).Name() // e.g. github.com/hashkit/hashkit/blake3.init.0
	slash := strings.LastIndexByte(name, '/')
	if dot := strings.IndexByte(name[slash+1:], '.'); dot >= 0 {
		return name[:slash+1+dot]
	}
	return name
}

// disabled reports whether HASHKIT_DISABLE lists pkg's kernel name of
// role r. The kernels of the many roles also answer to the spelling they
// had as a package of their own, pkg+"many"/name without its "many"
// prefix (blake3many/avx512 for blake3/manyavx512), bare or not, so that
// lists written for it keep working.
func disabled(pkg string, r Role, name string) bool {
	for _, d := range strings.Split(os.Getenv(DisableVar), ",") {
		if d = strings.TrimSpace(d); d != "" && answersTo(pkg, r, name, d) {
			return true
		}
	}
	return false
}

// answersTo reports whether d, an entry of HASHKIT_DISABLE, names pkg's
// kernel name of role r (see disabled).
func answersTo(pkg string, r Role, name, d string) bool {
	spellings := []string{name, pkg + "/" + name}
	if r == RoleMany || r == RoleManyFewLanes {
		old := strings.TrimPrefix(name, "many")
		spellings = append(spellings, old, pkg+"many/"+old)
	}
	return slices.ContainsFunc(spellings, func(s string) bool { return strings.EqualFold(d, s) })
}

// DisableVar is the environment variable that switches kernels off (see
// the package comment).
const DisableVar = "HASHKIT_DISABLE"

// CheckDisable returns nil if every entry of s, a value of
// HASHKIT_DISABLE, names a registered kernel, and otherwise an error of
// one line naming each entry that names none. The library passes such
// entries over; `hashkit kernels` reports them. Call it once every package
// has registered its kernels.
func CheckDisable(s string) error {
	mu.Lock()
	defer mu.Unlock()
	var bad []string
	for _, d := range strings.Split(s, ",") {
		if d = strings.TrimSpace(d); d == "" {
			continue
		}
		if !slices.ContainsFunc(impls, func(im *implementation) bool { return answersTo(im.Pkg, im.Role, im.Name, d) }) {
			bad = append(bad, strconv.Quote(d))
		}
	}
	if len(bad) == 0 {
		return nil
	}
	return errors.New("hashkit/internal/cpu: " + DisableVar + ": no kernel is named " + strings.Join(bad, ", ") + " (hashkit kernels lists each role's kernels; write PKG/KERNEL or KERNEL)")
}

// role returns the kernels of pkg's role in registration order.
func role(pkg string, r Role) []*implementation {
	var out []*implementation
	for _, im := range impls {
		if im.Pkg == pkg && im.Role == r {
			out = append(out, im)
		}
	}
	return out
}

// ship sets the shipped state of the kernels of pkg's role r: the chosen
// kernel (the first available one in this CPU's preference order) and,
// where the role has fallbacks (RegisterRoleFallbacks), the
// available kernels registered after it, which the dispatch code only
// reaches where the chosen one does not apply (a narrower batch for the
// rest of the input, say). Kernels registered before it stay off.
func ship(pkg string, r Role) {
	ks := role(pkg, r)
	chosen := choose(pkg, r, ks)
	for _, im := range ks {
		im.shipped = chosen != nil && im.available && onWith(im, chosen)
	}
	setChoices(ks, func(im *implementation) bool { return im.shipped })
}

// onWith reports whether im runs when its role's choice is chosen: im is
// chosen, or its role has fallbacks and im comes after chosen.
func onWith(im, chosen *implementation) bool {
	return im == chosen || im.Fallback() && im.order >= chosen.order
}

// setChoices sets the Choice of each role of ims to the ID of its first
// kernel (in registration order, which ims keeps) for which on is true (0
// for none) and its Runs, if it has one, to those kernels.
func setChoices(ims []*implementation, on func(*implementation) bool) {
	for _, im := range ims {
		*im.Choice = 0
		if im.Runs != nil {
			*im.Runs = 0
		}
	}
	for _, im := range ims {
		if !on(im) {
			continue
		}
		if *im.Choice == 0 {
			*im.Choice = im.ID
		}
		if im.Runs != nil {
			*im.Runs |= 1 << im.ID
		}
	}
}

// choose returns the kernel of ks the dispatch table, after HASHKIT_ORDER,
// prefers on this CPU, or nil for the portable code.
func choose(pkg string, r Role, ks []*implementation) *implementation {
	return chooseIn(thisCPU.withUserOrder(pkg, r, ks), pkg, r, ks, func(im *implementation) bool { return im.available })
}

// chooseIn returns the kernel of ks that profile p prefers among those for
// which runs is true, or nil for the portable code.
func chooseIn(p profile, pkg string, r Role, ks []*implementation, runs func(*implementation) bool) *implementation {
	for _, name := range preference(p, pkg, r, ks) {
		if name == Generic {
			return nil
		}
		for _, im := range ks {
			if im.Name == name && runs(im) {
				return im
			}
		}
	}
	return nil
}

// preference is the order of profile p's CPU for pkg's role r: the table's
// list, then the kernels it does not name in registration order, then the
// portable code.
func preference(p profile, pkg string, r Role, ks []*implementation) []string {
	order := slices.Clone(p.order[pkg+"/"+string(r)])
	for _, im := range ks {
		if !slices.Contains(order, im.Name) {
			order = append(order, im.Name)
		}
	}
	return append(order, Generic)
}

// Generic names the portable code in Shipped's answer and in the dispatch
// table.
const Generic = "generic"

// Impls returns the names of the kernels registered for pkg that this
// machine can run, in registration order.
func Impls(pkg string) []string {
	mu.Lock()
	defer mu.Unlock()
	var names []string
	for _, im := range impls {
		if im.Pkg == pkg && im.available {
			names = append(names, im.Name)
		}
	}
	return names
}

// RoleImpls returns the names of the kernels of pkg's role r that this
// machine can run, in registration order.
func RoleImpls(pkg string, r Role) []string {
	mu.Lock()
	defer mu.Unlock()
	var names []string
	for _, im := range role(pkg, r) {
		if im.available {
			names = append(names, im.Name)
		}
	}
	return names
}

// Registered returns every kernel registered for pkg, runnable or not, and
// whether each is available, for reports such as `hashkit bench`.
func Registered(pkg string) (names []string, available []bool) {
	mu.Lock()
	defer mu.Unlock()
	for _, im := range impls {
		if im.Pkg == pkg {
			names = append(names, im.Name)
			available = append(available, im.available)
		}
	}
	return names, available
}

// Packages returns the packages that registered kernels, sorted.
func Packages() []string {
	mu.Lock()
	defer mu.Unlock()
	var pkgs []string
	for _, im := range impls {
		if !slices.Contains(pkgs, im.Pkg) {
			pkgs = append(pkgs, im.Pkg)
		}
	}
	slices.Sort(pkgs)
	return pkgs
}

// Info describes a registered kernel, for listings and tests.
type Info struct {
	Kernel
	GoPkg     string // import path of the package that registered it
	Available bool   // this CPU can run it and HASHKIT_DISABLE does not list it
	Shipped   bool   // enabled as shipped on this CPU (before any Select)
	Chosen    bool   // the dispatch table's choice for its role on this CPU
}

// Kernels returns every registered kernel in registration order.
func Kernels() []Info {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Info, 0, len(impls))
	for _, im := range impls {
		k := im.Kernel
		k.Funcs = slices.Clone(k.Funcs)
		out = append(out, Info{Kernel: k, GoPkg: im.goPkg, Available: im.available, Shipped: im.shipped,
			Chosen: choose(im.Pkg, im.Role, role(im.Pkg, im.Role)) == im})
	}
	return out
}

// Roles returns the roles of pkg's kernels in registration order.
func Roles(pkg string) []Role {
	mu.Lock()
	defer mu.Unlock()
	var rs []Role
	for _, im := range impls {
		if im.Pkg == pkg && !slices.Contains(rs, im.Role) {
			rs = append(rs, im.Role)
		}
	}
	return rs
}

// Shipped returns the name of the kernel the dispatch table chooses for
// pkg's role r on this CPU, or Generic.
func Shipped(pkg string, r Role) string {
	mu.Lock()
	defer mu.Unlock()
	if im := choose(pkg, r, role(pkg, r)); im != nil {
		return im.Name
	}
	return Generic
}

// Select enables only the kernel name of pkg within its role, leaves pkg's
// other roles as shipped, and reports whether that kernel is available.
// Name "" (or Generic) disables every kernel of pkg, which leaves the
// portable code; so does a name that is not available, which returns
// false. It is for tests and benchmarks; it is not safe to call while
// hashing.
func Select(pkg, name string) bool {
	mu.Lock()
	defer mu.Unlock()
	for _, im := range impls {
		if im.Pkg == pkg && im.Name == name && im.available {
			selectIn(pkg, im.Role, im)
			return true
		}
	}
	setChoices(pkgImpls(pkg), func(*implementation) bool { return false })
	return name == "" || name == Generic
}

// SelectRole enables, within pkg's role r, only the kernel name (none for
// "" or Generic), leaves pkg's other roles as shipped, and reports whether
// that kernel is available (true for none). Like Select, it is for tests.
func SelectRole(pkg string, r Role, name string) bool {
	mu.Lock()
	defer mu.Unlock()
	var sel *implementation
	for _, im := range impls {
		if im.Pkg == pkg && im.Role == r && im.Name == name && im.available {
			sel = im
		}
	}
	selectIn(pkg, r, sel)
	return sel != nil || name == "" || name == Generic
}

// SelectNone disables the kernels of pkg's roles rs, which leaves the
// portable code for them, and leaves pkg's other roles as shipped. Like
// Select, it is for tests.
func SelectNone(pkg string, rs ...Role) {
	mu.Lock()
	defer mu.Unlock()
	setChoices(pkgImpls(pkg), func(im *implementation) bool { return im.shipped && !slices.Contains(rs, im.Role) })
}

// ShipAs sets pkg's role r as it would ship on a CPU whose dispatch table
// chose the kernel name: its Choice to name and, in a role with fallbacks,
// its Runs to name and the available kernels registered after it. It
// reports whether name is available. Like Select, it is for tests, which
// check that the kernel so chosen is the one the package's dispatch code
// runs.
func ShipAs(pkg string, r Role, name string) bool {
	mu.Lock()
	defer mu.Unlock()
	var sel *implementation
	for _, im := range role(pkg, r) {
		if im.Name == name && im.available {
			sel = im
		}
	}
	if sel == nil {
		return false
	}
	setChoices(role(pkg, r), func(im *implementation) bool { return im.available && onWith(im, sel) })
	return true
}

// selectIn sets the choices of pkg: in role r only sel (nil: none), the
// other roles as shipped.
func selectIn(pkg string, r Role, sel *implementation) {
	setChoices(pkgImpls(pkg), func(im *implementation) bool {
		if im.Role == r {
			return im == sel
		}
		return im.shipped
	})
}

// pkgImpls returns the kernels registered for pkg.
func pkgImpls(pkg string) []*implementation {
	var out []*implementation
	for _, im := range impls {
		if im.Pkg == pkg {
			out = append(out, im)
		}
	}
	return out
}

// Restore enables again the kernels of pkg as shipped.
func Restore(pkg string) {
	mu.Lock()
	defer mu.Unlock()
	setChoices(pkgImpls(pkg), func(im *implementation) bool { return im.shipped })
}
