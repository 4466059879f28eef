package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

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
