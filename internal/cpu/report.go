package cpu

import (
	"slices"
	"strings"
)

// Choice is what one role runs on a CPU, and on what evidence, for
// `hashkit kernels`.
type Choice struct {
	Pkg  string
	Role Role
	// Kernel is the dispatch table's choice, or Generic.
	Kernel string
	// Evidence starts with "measured", "estimate" or "default" (see
	// Evidence).
	Evidence string
	// Available lists the role's kernels the CPU can run, in registration
	// order.
	Available []string
}

// Key is the role's name in the dispatch table and in HASHKIT_ORDER,
// "pkg/role".
func (c Choice) Key() string { return c.Pkg + "/" + string(c.Role) }

// Choices returns every role's choice on this CPU, sorted by Key, as the
// kernels ship: with HASHKIT_DISABLE and HASHKIT_ORDER applied, before any
// Select.
func Choices() []Choice {
	mu.Lock()
	defer mu.Unlock()
	ev := Evidence(thisCPU.name, thisCPU.why)
	return choices(func(pkg string, r Role, ks []*implementation) Choice {
		c := Choice{Kernel: Generic, Evidence: ev}
		if im := choose(pkg, r, ks); im != nil {
			c.Kernel = im.Name
		}
		if slices.Contains(userList(pkg, r, ks), c.Kernel) {
			c.Evidence = "measured by the user (" + OrderVar + ")"
		}
		for _, im := range ks {
			if im.available {
				c.Available = append(c.Available, im.Name)
			}
		}
		return c
	})
}

// ChoicesFor returns every role's choice on a CPU of the given vendor,
// family and model with the features has, by the dispatch table alone
// (HASHKIT_DISABLE and HASHKIT_ORDER describe this machine, not that
// one), sorted by Key. As for ChoiceFor, only the kernels compiled for
// this GOARCH are known.
func ChoicesFor(vendor string, family, model uint32, has Features) []Choice {
	mu.Lock()
	defer mu.Unlock()
	p := lookupProfile(vendor, family, model)
	ev := Evidence(p.name, p.why)
	runs := func(im *implementation) bool { return im.Needs&^has == 0 }
	return choices(func(pkg string, r Role, ks []*implementation) Choice {
		c := Choice{Kernel: Generic, Evidence: ev}
		if im := chooseIn(p, pkg, r, ks, runs); im != nil {
			c.Kernel = im.Name
		}
		for _, im := range ks {
			if runs(im) {
				c.Available = append(c.Available, im.Name)
			}
		}
		return c
	})
}

// choices calls one for each role of the registry and returns the results
// sorted by Key.
func choices(one func(pkg string, r Role, ks []*implementation) Choice) []Choice {
	var out []Choice
	for _, im := range impls {
		if slices.ContainsFunc(out, func(c Choice) bool { return c.Pkg == im.Pkg && c.Role == im.Role }) {
			continue
		}
		c := one(im.Pkg, im.Role, role(im.Pkg, im.Role))
		c.Pkg, c.Role = im.Pkg, im.Role
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Choice) int { return strings.Compare(a.Key(), b.Key()) })
	return out
}

// Evidence says what a dispatch table entry named entry rests on, from the
// start of its why text, so that whoever adds an entry classifies it by
// wording its why:
//   - "estimate: llvm-mca MODEL ..." or "not measured: llvm-mca ... (LLVM's
//     MODEL model)" is "estimate (llvm-mca MODEL)";
//   - any other "not measured...", "default..." or "registration order..."
//     is "default";
//   - anything else names a measurement: "measured on ENTRY".
func Evidence(entry, why string) string {
	w := strings.ToLower(strings.TrimSpace(why))
	estimated := strings.HasPrefix(w, "estimate") || strings.HasPrefix(w, "not measured")
	switch {
	case estimated && strings.Contains(w, "llvm-mca"):
		if m := mcaModel(w); m != "" {
			return "estimate (llvm-mca " + m + ")"
		}
		return "estimate (llvm-mca)"
	case estimated || strings.HasPrefix(w, "default") || strings.HasPrefix(w, "registration order"):
		return "default"
	}
	return "measured on " + entry
}

// mcaModel returns the LLVM CPU model a lower-cased why text names: the
// word after "llvm-mca", or else the one between "llvm's" and "model".
func mcaModel(w string) string {
	word := func(s string) string {
		f := strings.Fields(s)
		if len(f) == 0 || strings.HasPrefix(f[0], "(") {
			return ""
		}
		return strings.Trim(f[0], ",;:.()")
	}
	_, after, _ := strings.Cut(w, "llvm-mca")
	if m := word(after); m != "" && !strings.HasPrefix(m, "estimate") {
		return m
	}
	if _, after, ok := strings.Cut(w, "llvm's "); ok {
		if m, _, ok := strings.Cut(after, " model"); ok && !strings.Contains(m, " ") {
			return m
		}
	}
	return ""
}

// EntryFor returns the name of the dispatch table's entry for a CPU of the
// given vendor, family and model, and its why text.
func EntryFor(vendor string, family, model uint32) (name, why string) {
	p := lookupProfile(vendor, family, model)
	return p.name, p.why
}

// Detected returns the features this CPU and its operating system support,
// as x/sys/cpu reads them (GODEBUG=cpu.avx2=off and the like included).
func Detected() Features {
	var f Features
	for i, on := range present {
		if on {
			f |= 1 << i
		}
	}
	return f
}

// FeatureNames returns the names ParseFeatures accepts, in the order of the
// constants.
func FeatureNames() []string { return slices.Clone(featureNames[:]) }
