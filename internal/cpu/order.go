package cpu

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
)

// OrderVar is the environment variable that puts a user's order of kernels
// ahead of the dispatch table's (see the package comment).
const OrderVar = "HASHKIT_ORDER"

// orderEntry is one "pkg/role=kernel,kernel" entry of HASHKIT_ORDER, as
// written (lower-cased, spaces trimmed).
type orderEntry struct {
	text  string // the entry as the user wrote it, for messages
	key   string // "pkg/role"
	names []string
}

// userOrder is HASHKIT_ORDER as read at start-up, its malformed entries
// already dropped; entries that name what is not registered are dropped
// where they are used (userList), since the registry fills during
// initialisation.
var userOrder, _ = parseOrder(os.Getenv(OrderVar))

// parseOrder splits s into its entries, separated by semicolons, and
// returns those of the form pkg/role=kernel[,kernel...] with an error for
// each other one, and for each role named a second time. Empty entries
// (a trailing semicolon) are allowed.
func parseOrder(s string) ([]orderEntry, []error) {
	var entries []orderEntry
	var errs []error
	seen := map[string]bool{}
	for _, text := range strings.Split(s, ";") {
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		key, list, ok := strings.Cut(strings.ToLower(text), "=")
		key = strings.TrimSpace(key)
		pkg, role, hasSlash := strings.Cut(key, "/")
		var names []string
		for _, n := range strings.Split(list, ",") {
			names = append(names, strings.TrimSpace(n))
		}
		if !ok || !hasSlash || pkg == "" || role == "" || slices.Contains(names, "") {
			errs = append(errs, fmt.Errorf("entry %q: want PKG/ROLE=KERNEL[,KERNEL...]", text))
			continue
		}
		if seen[key] {
			errs = append(errs, fmt.Errorf("entry %q: %q is named twice", text, key))
			continue
		}
		seen[key] = true
		entries = append(entries, orderEntry{text: text, key: key, names: names})
	}
	return entries, errs
}

// userList returns HASHKIT_ORDER's list for pkg's role r, its names as
// registered in ks (Generic included), or nil where the variable has no
// entry for the role or its entry names a kernel ks does not have.
func userList(pkg string, r Role, ks []*implementation) []string {
	for _, e := range userOrder {
		if e.key != roleKey(pkg, r) {
			continue
		}
		names, err := resolve(e, ks)
		if err != nil {
			return nil
		}
		return names
	}
	return nil
}

// roleKey is how an entry of HASHKIT_ORDER names pkg's role r: the
// library and CheckOrder match entries by it alone, so that an entry
// CheckOrder accepts is one the library applies.
func roleKey(pkg string, r Role) string { return strings.ToLower(pkg + "/" + string(r)) }

// resolve returns e's names as ks spells them, or an error naming the one
// ks does not have.
func resolve(e orderEntry, ks []*implementation) ([]string, error) {
	var out []string
	for _, n := range e.names {
		if n == Generic {
			out = append(out, Generic)
			continue
		}
		i := slices.IndexFunc(ks, func(im *implementation) bool { return strings.EqualFold(im.Name, n) })
		if i < 0 {
			have := []string{}
			for _, im := range ks {
				have = append(have, im.Name)
			}
			return nil, fmt.Errorf("entry %q: %s has no kernel %q (it has %s)", e.text, e.key, n, strings.Join(append(have, Generic), ", "))
		}
		out = append(out, ks[i].Name)
	}
	return out, nil
}

// withUserOrder returns p with HASHKIT_ORDER's list for pkg's role r, if
// it has a usable one, put ahead of p's own order for that role. Names
// the list gives still run only where the CPU can run them (chooseIn), so
// the variable reorders kernels and never enables one.
func (p profile) withUserOrder(pkg string, r Role, ks []*implementation) profile {
	names := userList(pkg, r, ks)
	if names == nil {
		return p
	}
	key := pkg + "/" + string(r)
	order := make(map[string][]string, len(p.order)+1)
	for k, v := range p.order {
		order[k] = v
	}
	order[key] = append(names, p.order[key]...)
	p.order = order
	return p
}

// CheckOrder returns nil if s, a value of HASHKIT_ORDER, is well formed
// and names only registered roles and kernels, and otherwise an error of
// one line naming each bad entry. The library ignores those entries (and
// applies the others); `hashkit kernels` reports them. Call it once every
// package has registered its kernels.
func CheckOrder(s string) error {
	entries, errs := parseOrder(s)
	mu.Lock()
	defer mu.Unlock()
	for _, e := range entries {
		pkg, r, _ := strings.Cut(e.key, "/")
		var ks []*implementation
		var roles []string
		for _, im := range impls {
			if strings.ToLower(im.Pkg) == pkg {
				if roleKey(im.Pkg, im.Role) == e.key {
					ks = append(ks, im)
				}
				if !slices.Contains(roles, string(im.Role)) {
					roles = append(roles, string(im.Role))
				}
			}
		}
		switch {
		case len(roles) == 0:
			errs = append(errs, fmt.Errorf("entry %q: no package %q has kernels here", e.text, pkg))
		case len(ks) == 0:
			errs = append(errs, fmt.Errorf("entry %q: %s has no role %q (its roles: %s)", e.text, pkg, r, strings.Join(roles, ", ")))
		default:
			if _, err := resolve(e, ks); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	msgs := make([]string, len(errs))
	for i, err := range errs {
		msgs[i] = err.Error()
	}
	return errors.New("hashkit/internal/cpu: " + OrderVar + ": " + strings.Join(msgs, "; "))
}
