package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	flag "github.com/spf13/pflag"
)

// audit is check --audit: hashdeep's audit with coreutils' lists. Every
// line is verified, a listed file that is gone is MISSING (not a failed
// read), and the files under the list's directories that it does not name
// are NEW.
type audit struct {
	on, json bool
	listed   map[string]bool // the listed names, cleaned
	counts   struct{ ok, failed, missing, unreadable, new, malformed int }
}

func (a *audit) define(fs *flag.FlagSet) {
	fs.BoolVar(&a.on, "audit", false, "LIST [DIR...]: also report files under DIRs (default: the listed files' directories) that LIST does not name (NEW), and listed files that are gone (MISSING)")
	fs.BoolVar(&a.json, "json", false, "with --audit, print one JSON object per file (path, status, algorithm) and a summary object")
}

// runAudit checks the list args[0] and looks for new files under args[1:].
func (f *checkFlags) runAudit(e *env, a *audit, args []string) error {
	if !a.on {
		if a.json {
			return usagef("--json works with --audit")
		}
		return f.run(e, args)
	}
	if len(args) == 0 {
		return usagef("--audit needs a LIST (and optionally the DIRs it covers)")
	}
	list, dirs := args[0], args[1:]
	if list == "-" {
		return usagef("--audit reads its LIST from a file, not standard input")
	}
	a.listed = map[string]bool{}
	f.audit = a
	err := f.run(e, []string{list})
	var status exitStatus
	if err != nil && !errors.As(err, &status) {
		return err
	}
	if e.failed() {
		return err
	}
	derived := len(dirs) == 0
	if derived {
		dirs = listRoots(a.listed)
	}
	a.findNew(e, list, dirs, derived, f.status)
	out := bufio.NewWriter(e.stdout)
	c := a.counts
	switch {
	case f.status:
	case a.json:
		b, _ := json.Marshal(map[string]map[string]int{"summary": {"ok": c.ok, "failed": c.failed, "missing": c.missing, "new": c.new, "unreadable": c.unreadable, "malformed": c.malformed}})
		out.Write(append(b, '\n'))
	default:
		fmt.Fprintf(out, "audit: %d OK, %d FAILED, %d MISSING, %d NEW, %d unreadable", c.ok, c.failed, c.missing, c.new, c.unreadable)
		if c.malformed > 0 {
			fmt.Fprintf(out, ", %d improperly formatted", c.malformed)
		}
		out.WriteByte('\n')
	}
	out.Flush()
	// A line that cannot be read names a file that went unchecked: the
	// audit fails as for a MISSING one, with or without --strict.
	if err != nil || c.new > 0 || c.missing > 0 || c.unreadable > 0 || c.malformed > 0 {
		return exitStatus(exitFail)
	}
	return nil
}

// listRoots are the directories of the listed names that are not under
// another one's, in bytewise order.
func listRoots(listed map[string]bool) []string {
	var dirs []string
	for name := range listed {
		dirs = append(dirs, filepath.Dir(name))
	}
	slices.Sort(dirs)
	var roots []string
	for _, d := range slices.Compact(dirs) {
		under := false
		for _, r := range roots {
			under = under || r == "." && !filepath.IsAbs(d) || strings.HasPrefix(d, r+string(filepath.Separator))
		}
		if !under {
			roots = append(roots, d)
		}
	}
	return roots
}

// findNew reports the regular files under dirs that the list does not name
// (nor the list itself), in bytewise order. A directory the list's names
// derived that is gone is skipped: its files were MISSING.
func (a *audit) findNew(e *env, list string, dirs []string, derived, status bool) {
	listInfo, _ := os.Stat(list)
	var existing []string
	for _, d := range dirs {
		if _, err := os.Stat(d); derived && errors.Is(err, os.ErrNotExist) {
			continue
		}
		existing = append(existing, d)
	}
	files, failed := (&treeFlags{recursive: true}).expand(e, existing)
	if failed {
		a.counts.unreadable++
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	for _, name := range files {
		if derived {
			// The root "." of a list of bare names: show them bare too.
			name = strings.TrimPrefix(name, "."+string(filepath.Separator))
		}
		if a.listed[filepath.Clean(name)] {
			continue
		}
		if info, err := os.Stat(name); err == nil && listInfo != nil && os.SameFile(info, listInfo) {
			continue
		}
		a.counts.new++
		if !status {
			a.report(out, name, "NEW", nil)
		}
	}
}

// entry reports one listed file's result in audit's words: checkEntry's,
// with MISSING for a file that is gone, or JSON.
func (a *audit) entry(e *env, out *bufio.Writer, en entry, r result, f *checkFlags, st *checkStats, matched, failed *int) bool {
	a.listed[filepath.Clean(en.name)] = true
	var status string
	switch {
	case r.err != nil && errors.Is(r.err, os.ErrNotExist):
		if f.ignoreMissing {
			return false
		}
		status = "MISSING"
		a.counts.missing++
	case r.err != nil:
		status = "UNREADABLE"
		st.unreadable++
		a.counts.unreadable++
		if !f.status {
			out.Flush()
			e.fileError(en.name, r.err)
		}
	case bytes.Equal(r.sum, en.want):
		*matched++
		a.counts.ok++
		if f.quiet || f.status {
			return e.failed()
		}
		status = "OK"
	default:
		st.mismatched++
		*failed++
		a.counts.failed++
		status = "FAILED"
	}
	if !f.status {
		a.report(out, en.name, status, en.alg)
	}
	if e.flushEachLine() {
		out.Flush()
	}
	return e.failed()
}

// auditRecord is a line of --json; a path that is not UTF-8 also comes as
// its bytes in base64, since JSON strings hold only Unicode.
type auditRecord struct {
	Path       string `json:"path"`
	PathBase64 string `json:"path_base64,omitempty"`
	Status     string `json:"status"`
	Algorithm  string `json:"algorithm,omitempty"`
}

func (a *audit) report(out *bufio.Writer, name, status string, alg *algorithm) {
	if a.json {
		rec := auditRecord{Path: name, Status: status}
		if !utf8.ValidString(name) {
			rec.PathBase64 = base64.StdEncoding.EncodeToString([]byte(name))
		}
		if alg != nil {
			rec.Algorithm = alg.name
		}
		b, _ := json.Marshal(rec)
		out.Write(append(b, '\n'))
		return
	}
	if status == "UNREADABLE" {
		status = "FAILED open or read"
	}
	prefix := ""
	if strings.Contains(name, "\n") {
		prefix, name = "\\", escapeName(name)
	}
	fmt.Fprintf(out, "%s%s: %s\n", prefix, name, status)
}
