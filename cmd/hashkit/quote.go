package main

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// localeQuote quotes s as coreutils' quote() does in its messages: in
// curved quotes where the locale's character set is UTF-8, else in
// apostrophes. The locale is LC_ALL, else LC_CTYPE, else LANG; one that is
// not installed is the C locale, as for setlocale. Installed: C.UTF-8
// (built into glibc), one under /usr/lib/locale, or any where a
// locale-archive holds the compiled ones (their names are not read).
func localeQuote(s string) string {
	if utf8Locale(cmp.Or(os.Getenv("LC_ALL"), os.Getenv("LC_CTYPE"), os.Getenv("LANG"))) {
		return "‘" + s + "’"
	}
	return "'" + s + "'"
}

func utf8Locale(name string) bool {
	lang, codeset, ok := strings.Cut(name, ".")
	codeset, _, _ = strings.Cut(codeset, "@")
	norm := strings.ToLower(strings.ReplaceAll(codeset, "-", ""))
	switch {
	case !ok || norm != "utf8":
		return false
	case lang == "C" || lang == "POSIX":
		return true
	}
	for _, p := range []string{filepath.Join("/usr/lib/locale", lang+".utf8"), filepath.Join("/usr/lib/locale", name), "/usr/lib/locale/locale-archive"} {
		if _, err := os.Stat(p); err == nil {
			return true
		}
	}
	return false
}

// quoteName writes a file name for an error message as coreutils does (its
// shell-escape style, with ':' quoted too since messages use colons): plain
// names as they are, others in single quotes, a name whose only problem is
// a single quote in double quotes, and control characters and invalid UTF-8
// as $'\n' or $'\377' outside the quotes, so the name can be pasted into a
// shell.
func quoteName(s string) string {
	if s == "" {
		return "''"
	}
	needs, escapes, single, dqUnsafe := false, false, false, false
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"), r < 0x20, r == 0x7f:
			needs, escapes = true, true
		case r == '\'':
			needs, single = true, true
		case strings.ContainsRune(" \"$&()*;<=>[^`|!?\\:", r):
			needs = true
			if strings.ContainsRune("\"$`\\!", r) {
				dqUnsafe = true
			}
		case (r == '#' || r == '~') && i == 0, (r == '{' || r == '}') && len(s) == 1:
			needs = true
		case r >= 0x80 && !unicode.IsPrint(r):
			needs, escapes = true, true
		}
	}
	switch {
	case !needs:
		return s
	case single && !escapes && !dqUnsafe:
		return `"` + s + `"`
	}
	var b strings.Builder
	b.WriteByte('\'')
	quoted := true // inside '...'
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		esc := ""
		switch {
		case r == utf8.RuneError && n == 1:
			esc = fmt.Sprintf(`\%03o`, s[i])
		case r < 0x20 || r == 0x7f || (r >= 0x80 && !unicode.IsPrint(r)):
			if c := strings.IndexRune("\a\b\f\n\r\t\v", r); c >= 0 {
				esc = `\` + string("abfnrtv"[c])
			} else {
				for _, c := range []byte(s[i : i+n]) {
					esc += fmt.Sprintf(`\%03o`, c)
				}
			}
		}
		switch {
		case esc != "" && quoted:
			b.WriteString(`'$'` + esc)
			quoted = false
		case esc != "":
			b.WriteString(esc)
		default:
			if !quoted {
				b.WriteString(`''`)
				quoted = true
			}
			if r == '\'' {
				b.WriteString(`'\''`)
			} else {
				b.WriteString(s[i : i+n])
			}
		}
		i += n
	}
	b.WriteByte('\'') // closes '...' or $'...'
	return b.String()
}
