package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	flag "github.com/spf13/pflag"
)

// checkFlags are the flags of a check, shared by `check` and `sum -c`.
type checkFlags struct {
	alg           string
	algorithm     *algorithmFlag // -a of check (not of sum -c, whose -a is sum's)
	length        int            // digest bytes a forced -a expects; 0 for any
	quiet, status bool
	ignoreMissing bool
	strict, warn  bool
	zero          bool
	jobs          int
	progress      string
	taggedOnly    bool // cksum -c without -a: untagged lines are malformed
	readBase64    bool // digests may be in base64 (check, sum -c, cksum -a ALG -c)
	emptyNames    bool // b2sum -c, cksum -c: see lineParser.emptyNames
	coreutilsTags bool // b2sum -c, cksum -c: see lineParser.coreutilsTags
	audit         *audit
}

// define adds the check-only flags; standalone adds those that `sum`
// already has (-a, -z, --progress, --jobs).
func (f *checkFlags) define(fs *flag.FlagSet, standalone bool) {
	if standalone {
		f.algorithm = defineAlgorithm(fs, &f.alg, "`ALG`: the algorithm of untagged lines (default: from the tag, the list's name, or SHA-2 by the hex length)")
	}
	fs.BoolVar(&f.ignoreMissing, "ignore-missing", false, "do not fail or report for missing files")
	// --quiet, --status and --warn are one setting, as in coreutils: the
	// last one given wins.
	for _, v := range []struct {
		name, short string
		p           *bool
		usage       string
	}{
		{"quiet", "", &f.quiet, "do not print OK for each verified file"},
		{"status", "", &f.status, "print nothing; the exit status tells"},
		{"warn", "w", &f.warn, "warn about improperly formatted lines"},
	} {
		fl := fs.VarPF(&verbosity{f, v.p}, v.name, v.short, v.usage)
		fl.NoOptDefVal = "true"
	}
	fs.BoolVar(&f.strict, "strict", false, "exit with status 1 for improperly formatted lines")
	if standalone {
		fs.BoolVarP(&f.zero, "zero", "z", false, "lines of the checksum files end with NUL")
		fs.IntVarP(&f.jobs, "jobs", "j", runtime.GOMAXPROCS(0), "`N` files hashed at once")
		defineProgress(fs, &f.progress, "progress bar: `WHEN` is auto (on a terminal, for slow work), always or never; --progress alone is always")
	}
}

// verbosity is one of --quiet, --status and --warn: setting it clears the
// other two.
type verbosity struct {
	f *checkFlags
	p *bool
}

func (v *verbosity) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("not true or false")
	}
	if on {
		v.f.quiet, v.f.status, v.f.warn = false, false, false
	}
	*v.p = on
	return nil
}

func (v *verbosity) String() string { return strconv.FormatBool(v.p != nil && *v.p) }
func (v *verbosity) Type() string   { return "bool" }

func cmdCheck(args []string, e *env) error {
	fs := newFlags("check", e)
	var f checkFlags
	f.define(fs, true)
	// sha256sum -c refuses these; so does check, with the same words,
	// rather than accept flags that would change nothing.
	var au audit
	au.define(fs)
	var binary, text, tag bool
	fs.BoolVarP(&binary, "binary", "b", false, "")
	fs.BoolVarP(&text, "text", "t", false, "")
	fs.BoolVar(&tag, "tag", false, "")
	for _, n := range []string{"binary", "text", "tag"} {
		fs.MarkHidden(n)
	}
	if err := parseLongFlags(fs, args); err != nil {
		return err
	}
	if err := f.algorithm.repeated(); err != nil {
		return err
	}
	switch {
	case tag:
		return coreutilsUsage{msg: "the --tag option is meaningless when verifying checksums", cmd: "hashkit check"}
	case binary || text:
		return coreutilsUsage{msg: "the --binary and --text options are meaningless when verifying checksums", cmd: "hashkit check"}
	}
	f.readBase64 = true
	return f.runAudit(e, &au, fs.Args())
}

// run checks every list ("-" is standard input).
func (f *checkFlags) run(e *env, lists []string) error {
	var forced *algorithm
	if fam := cksumFamily(f.alg); fam != nil && f.length != 0 {
		// sum -c -a sha3 -l 32: the length names the member.
		i := slices.IndexFunc(fam.family, func(a *algorithm) bool { return a.size == f.length })
		if i < 0 {
			return usagef("-a %s takes -l 28, 32, 48 or 64 (bytes)", f.alg)
		}
		f.alg = fam.family[i].name
	}
	if f.alg != "" && cksumFamily(f.alg) == nil {
		a, err := lookup(f.alg)
		if err != nil {
			return usageError{err}
		}
		forced = a
		if _, ok := legacyAlgorithms[a.name]; ok {
			return usagef("%s lines (CHECKSUM SIZE NAME) cannot be checked", a.name)
		}
		if f.length != 0 {
			if err := a.checkLength(f.length); err != nil {
				return usageError{err}
			}
		}
	}
	if f.jobs < 1 {
		return usagef("--jobs must be at least 1")
	}
	if err := checkProgressMode(f.progress); err != nil {
		return err
	}
	if len(lists) == 0 {
		lists = []string{"-"}
	}
	st := &checkStats{}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	for _, list := range lists {
		if err := checkList(e, out, list, forced, f, st); err != nil {
			out.Flush()
			var re listReadError
			if errors.As(err, &re) && e.style == styleCoreutils {
				fmt.Fprintf(e.stderr, "%s: %s: read error\n", e.prog, quoteName(listName(list)))
			} else {
				e.fileError(listName(list), err)
			}
			st.failedLists++
		}
		if e.failed() {
			break
		}
	}
	out.Flush()
	switch {
	case st.mismatched > 0 || st.unreadable > 0 || st.unsupported > 0 || st.failedLists > 0, st.malformed > 0 && e.style == styleB3sum:
		return exitStatus(exitFail)
	case f.strict && st.malformed > 0:
		return exitStatus(exitFail)
	}
	return nil
}

// checkStats counts the lines of every list checked so far.
type checkStats struct {
	malformed, mismatched, unreadable int
	// unsupported are the lines of an algorithm hashkit lacks (SM3).
	unsupported int
	// failedLists are the lists that could not be read, had no properly
	// formatted line, or (--ignore-missing) verified no file.
	failedLists int
}

// listName is how messages name a list: "-" is standard input.
func listName(list string) string {
	if list == "-" {
		return "standard input"
	}
	return list
}

// listReadError is a list that was opened but could not be read to its
// end; coreutils says only "read error".
type listReadError struct{ error }

func (r listReadError) Unwrap() error { return r.error }

// warnings prints, as coreutils does after each list, what went wrong in
// its lines: the counts of s less those of before.
func (s *checkStats) warnings(e *env, before checkStats) {
	w := e.stderr
	malformed, unreadable, mismatched := s.malformed-before.malformed, s.unreadable-before.unreadable, s.mismatched-before.mismatched
	plural := func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return many
	}
	if malformed > 0 {
		fmt.Fprintf(w, "%s: WARNING: %d %s improperly formatted\n", e.prog, malformed, plural(malformed, "line is", "lines are"))
	}
	if unreadable > 0 {
		fmt.Fprintf(w, "%s: WARNING: %d listed %s could not be read\n", e.prog, unreadable, plural(unreadable, "file", "files"))
	}
	if mismatched > 0 {
		fmt.Fprintf(w, "%s: WARNING: %d computed %s did NOT match\n", e.prog, mismatched, plural(mismatched, "checksum", "checksums"))
	}
}

// entry is one parsed checksum line.
type entry struct {
	alg     *algorithm
	length  int
	want    []byte
	name    string
	escaped bool
	// written is the name as a b3sum line wrote it (escapes and all),
	// which b3sum's verdicts print.
	written string
	// untagged: the algorithm was not given (by a tag or -a) but inferred.
	untagged bool
	// short: an untagged checksum of an XOF shorter than its default
	// length, which a line cut short would also be.
	short bool
}

// lineForm is the form of a list's untagged lines so far. coreutils reads
// the standard one (HEX, a space, a space or '*', NAME) and the reversed BSD
// one (HEX, a space, NAME: what `md5 -r` prints), but not both in one list,
// so that a file renamed with a leading space cannot change how its line
// reads: the first untagged line decides.
type lineForm int

const (
	formUnknown lineForm = iota
	formStandard
	formReversed
)

// lineParser reads the lines of one list: what says the algorithm of its
// untagged lines, and the form its first untagged line set.
type lineParser struct {
	forced, named *algorithm
	// family: cksum -a sha2 or sha3 without -l; each line's length
	// chooses among them. familyTag names them (SHA2, SHA3).
	family    []*algorithm
	familyTag string
	form      lineForm
	openssl   bool // also OpenSSL's names (hashkit's own check)
	// base64: an untagged digest may be in base64 when the algorithm is
	// known (-a, or the list's name), as cksum --untagged --base64 prints.
	base64 bool
	// emptyNames: a digest and one blank is a reversed line naming '', as
	// b2sum and cksum read it (a FAILED file); the other tools' shortest
	// line is longer than that.
	emptyNames bool
	// coreutilsTags: the tags of coreutils 9.1's algorithms are read as
	// b2sum and cksum read them (coreutilsTag), not as sha256sum does.
	coreutilsTags bool
}

var errMalformed = errors.New("malformed line")

// parseLine reads a line as coreutils does: spaces and tabs before it are
// ignored, then a backslash marks an escaped name; then either an untagged
// line (HEX, a space or tab, then NAME in the form p.form says, which the
// first untagged line sets) or a tagged one (`TAG (NAME) = HEX`, the space
// before the parenthesis optional and any spaces and tabs around '=', as
// OpenSSL's `SHA256(NAME)= HEX`; with p.openssl, also the names of
// opensslNames, which coreutils does not read; with p.coreutilsTags, a tag
// of coreutils' algorithms as b2sum and cksum read it, see coreutilsTag).
// b3sum's lines are the standard form. A digest in base64 (where p.base64
// allows it) must be exactly as long as the algorithm's (or, for a tag
// with a length, the tag's) digest encodes to.
//
// An untagged line's algorithm is forced (-a), else the one the list's name
// says (named; a length that does not fit it is malformed), else SHA-2 by
// its length; MD5's and SHA-1's lengths alone choose nothing (unnamedWeak).
func parseLine(line string, p *lineParser) (entry, error) {
	var en entry
	line = strings.TrimLeft(line, " \t")
	if strings.HasPrefix(line, "\\") {
		en.escaped = true
		line = line[1:]
	}
	tag, sum, form, err := p.split(line, &en)
	if err != nil {
		return en, err
	}
	if tag.text != "" {
		// coreutils reads a tagged digest as a C string, up to a NUL: such
		// a line is checked (and may fail) there, so it is not skipped as
		// malformed here.
		sum, _, _ = strings.Cut(sum, "\x00")
	}
	// A tag's name may be empty (coreutils then fails to open '').
	if en.name == "" && tag.text == "" && !(p.emptyNames && form == formReversed) || sum == "" {
		return en, errMalformed
	}
	if tag.text != "" {
		err = en.setTagged(tag, sum, p)
	} else {
		err = en.setUntagged(sum, p)
	}
	if err != nil {
		return en, err
	}
	if err := en.alg.checkLength(en.length); err != nil {
		return en, err
	}
	// A good digest sets the form, as in coreutils, whatever the name: a
	// line malformed before it (cut short, say) must not decide how the
	// names of the lines after it read.
	if form != formUnknown {
		p.form = form
	}
	if en.escaped {
		name, ok := unescapeName(en.name, true)
		if !ok {
			return en, errors.New("bad escape")
		}
		en.name = name
	}
	en.short = tag.text == "" && en.alg.prefix && en.length < en.alg.size
	return en, nil
}

// lineTag is the tag of a tagged line: its text, and the algorithm and
// digest length in bytes where coreutilsTag read them (size is 0 where
// setTagged is to look the text up; alg is nil for SM3).
type lineTag struct {
	text string
	alg  *algorithm
	size int
}

// split cuts a line (after its backslash) into its tag (empty for an
// untagged line), its digest and en.name; form is the form an untagged
// line is in, which parseLine keeps for the list once its digest is good.
func (p *lineParser) split(line string, en *entry) (tag lineTag, sum string, form lineForm, err error) {
	tag, rest, tagged := p.coreutilsTag(line)
	if i := strings.IndexAny(line, " \t"); !tagged && i > 0 && p.untaggedDigest(line[:i], line[i:]) {
		sum, en.name = line[:i], line[i+1:]
		form = formReversed
		switch {
		case len(en.name) <= 1 || en.name[0] != ' ' && en.name[0] != '*':
			if p.form == formStandard {
				return tag, "", form, errors.New("a reversed BSD line (HEX NAME) among standard ones (HEX  NAME)")
			}
		case p.form != formReversed:
			form = formStandard
			en.name = en.name[1:]
		}
		return tag, sum, form, nil
	}
	if !tagged {
		i := strings.IndexAny(line, " (")
		if i <= 0 {
			return tag, "", formUnknown, errMalformed
		}
		tag.text, rest = line[:i], strings.TrimPrefix(line[i:], " ")
	}
	if !strings.HasPrefix(rest, "(") {
		return tag, "", formUnknown, errMalformed
	}
	rest = rest[1:]
	j := strings.LastIndexByte(rest, ')')
	if j < 0 {
		return tag, "", formUnknown, errMalformed
	}
	en.name = rest[:j]
	rest = strings.TrimLeft(rest[j+1:], " \t")
	if !strings.HasPrefix(rest, "=") {
		return tag, "", formUnknown, errMalformed
	}
	return tag, strings.TrimLeft(rest[1:], " \t"), formUnknown, nil
}

// coreutilsTag reads the tag of a line as b2sum -c and cksum -c of
// coreutils 9.1 do (split_3 in digest.c), where p.coreutilsTags says so
// and the line starts with the tag of their algorithm: -a's (b2sum's is
// BLAKE2b), or without -a the one named up to a blank, '-' or '(' (cksum:
// MD5, SHA1, SHA224 to SHA512, BLAKE2b, SM3). After the name they take one
// character whatever it is, so "BLAKE2b\t(", "BLAKE2b  (" and, with -a,
// "BLAKE2bX(" are tags ('(' is kept, for OpenSSL's form); a '-' there
// starts a length in bits read by strtoumax in base 0 ("-0x100" is 256),
// a multiple of 8 up to the algorithm's own, which must end the tag. Then
// one space may come before '(', which rest starts with in a well formed
// line. With -a, tagged is false where the line is no such tag (hashkit's
// own tags, as SHA3-256, are read as hashkit reads them); without -a, every
// line is read here. A tagged line whose tag is malformed has an empty rest.
func (p *lineParser) coreutilsTag(line string) (tag lineTag, rest string, tagged bool) {
	if !p.coreutilsTags || p.family != nil {
		return tag, "", false
	}
	if p.forced != nil {
		if coreutilsAlgorithm(p.forced.tag) != p.forced || !strings.HasPrefix(line, p.forced.tag) {
			return tag, "", false
		}
		tag.text, tag.alg = p.forced.tag, p.forced
	} else {
		end := strings.IndexAny(line, " \t-(")
		if end < 0 {
			end = len(line)
		}
		name := line[:end]
		a := coreutilsAlgorithm(name)
		if a == nil && name != "SM3" {
			// cksum 9.1 without -a reads its own tags only: hashkit's
			// others (SHA3-256, BLAKE3) and untagged lines are malformed.
			return lineTag{}, "", true
		}
		tag.text, tag.alg = name, a
	}
	bits := 256 // SM3's
	if tag.alg != nil {
		bits = 8 * tag.alg.size
	}
	i := len(tag.text)
	switch {
	case i == len(line):
		return tag, "", true
	case line[i] == '-':
		n, end, ok := parseLength(line[i+1:])
		if !ok || n == 0 || n > uint64(bits) || n%8 != 0 {
			return tag, "", true
		}
		tag.text, bits, i = fmt.Sprintf("%s-%d", tag.text, n), int(n), i+1+end
	case line[i] != '(':
		i++
	}
	tag.size = bits / 8
	return tag, strings.TrimPrefix(line[i:], " "), true
}

// parseLength reads a number at the start of s as strtoumax(s, &end, 0)
// does: after C's white space and an optional '+', hex after 0x, octal
// after 0, else decimal. ok is false without digits, with a '-', or
// beyond 64 bits; end is the index after the number.
func parseLength(s string) (n uint64, end int, ok bool) {
	i := 0
	for i < len(s) && strings.IndexByte(" \t\n\v\f\r", s[i]) >= 0 {
		i++
	}
	if i < len(s) && s[i] == '+' {
		i++
	}
	base := uint64(10)
	switch {
	case i+2 < len(s) && s[i] == '0' && s[i+1]|0x20 == 'x' && hexDigits[s[i+2]]:
		base, i = 16, i+2
	case i < len(s) && s[i] == '0':
		base = 8
	}
	start := i
	for ; i < len(s); i++ {
		d := base // not a digit
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		}
		if d >= base {
			break
		}
		if n > (math.MaxUint64-d)/base {
			return 0, 0, false
		}
		n = n*base + d
	}
	return n, i, i > start
}

// untaggedDigest reports whether word, followed by rest, starts an untagged
// line: word is hex, or base64 where p.base64 allows it. A base64 word
// followed by blanks and '(' is read as a tag (SHA1 is also 3 bytes of
// base64): cksum -a blake2b -c calls "SHA1\t(f) = HEX" malformed, where as
// a digest it failed the list.
func (p *lineParser) untaggedDigest(word, rest string) bool {
	if isHex(word) {
		return true
	}
	_, ok := p.untaggedBase64(word)
	return ok && !strings.HasPrefix(strings.TrimLeft(rest, " \t"), "(")
}

// untaggedBase64 decodes an untagged base64 digest, when the algorithm is
// known; its length is checked against the algorithm's afterwards.
func (p *lineParser) untaggedBase64(sum string) ([]byte, bool) {
	if !p.base64 || p.forced == nil && p.named == nil && p.family == nil || isHex(sum) && len(sum)%2 == 0 {
		return nil, false
	}
	b, ok := decodeBase64(sum)
	return b, ok && len(b) > 0
}

// setTagged sets en's algorithm and digest from a tagged line: the tag's
// algorithm and length, the digest in hex, or in base64 where p.base64
// allows it (as sha256sum, the tools whose lists are hex read no base64),
// of exactly that length.
func (en *entry) setTagged(t lineTag, sum string, p *lineParser) error {
	tag, a, n := t.text, t.alg, t.size
	if n == 0 {
		var err error
		a, n, err = lookupTag(tag)
		if err != nil && p.openssl {
			a, n, err = lookupOpenSSL(tag)
		}
		if err != nil && tag == "SM3" && p.forced == nil && p.family == nil && p.digestForm(sum, 32) {
			return unsupported{tag: tag}
		}
		if err != nil {
			return err
		}
	}
	if a == nil || !a.variable && n < a.size {
		// cksum's SM3, or a fixed-size digest cut short (SHA256-128),
		// which cksum compares with the first bytes of the file's: hashkit
		// checks neither, so such a line fails, where a malformed one
		// would be skipped.
		if !p.digestForm(sum, n) {
			return errMalformed
		}
		if a == nil {
			return unsupported{tag: tag, why: "hashkit has no SM3"}
		}
		return unsupported{tag: tag, why: fmt.Sprintf("hashkit checks no %s digest cut short", a.tag)}
	}
	if p.forced != nil && p.forced != a {
		return fmt.Errorf("tag %s is not %s", tag, p.forced.name)
	}
	if p.family != nil && !slices.Contains(p.family, a) {
		return fmt.Errorf("tag %s is not %s", tag, p.familyTag)
	}
	hexDigest := isHex(sum) && len(sum)%2 == 0
	if b, ok := decodeBase64Digest(sum, n); ok && p.base64 && !(hexDigest && len(sum) == 2*n) {
		en.want = b
	} else if !hexDigest {
		return errMalformed
	} else {
		en.want, _ = hex.DecodeString(sum)
	}
	en.length = len(en.want)
	if n != en.length {
		return fmt.Errorf("%s checksum of %d bytes", tag, en.length)
	}
	en.alg = a
	return nil
}

// setUntagged sets en's algorithm and digest from an untagged line: the
// algorithm forced, else the list's, else SHA-2 by the hex length.
func (en *entry) setUntagged(sum string, p *lineParser) error {
	if b, ok := p.untaggedBase64(sum); ok {
		en.want = b
	} else if isHex(sum) && len(sum)%2 == 0 {
		en.want, _ = hex.DecodeString(sum)
	} else {
		return errMalformed
	}
	en.length = len(en.want)
	switch {
	case p.forced != nil:
		en.alg = p.forced
	case p.family != nil:
		i := slices.IndexFunc(p.family, func(a *algorithm) bool { return a.size == en.length })
		if i < 0 {
			return fmt.Errorf("a %d-byte checksum is no %s", en.length, p.familyTag)
		}
		en.alg = p.family[i]
	case p.named != nil:
		// A length that does not fit the list's algorithm makes the line
		// improperly formatted (checkLength), as in coreutils.
		en.alg = p.named
		en.untagged = true
	default:
		en.untagged = true
		if weak, ok := weakByHexLength[len(sum)]; ok {
			return unnamedWeak{digits: len(sum), alg: weak}
		}
		name, ok := byHexLength[len(sum)]
		if !ok {
			return fmt.Errorf("cannot tell the algorithm of a %d-digit checksum: use -a", len(sum))
		}
		en.alg, _ = lookup(name)
	}
	return nil
}

// parseB3Line reads a line as b3sum 1.2's --check does, with its reasons
// for refusing one: an optional backslash (then only \\n and \\\\ escapes),
// exactly 64 lowercase hex digits, two spaces and a name, nothing stripped
// (a CR is part of the name). It reads no other length: BLAKE3's shorter
// outputs are prefixes of its longer ones, so a digest cut short would still
// match, at fewer bits.
func parseB3Line(line string, b3 *algorithm) (entry, error) {
	en := entry{alg: b3, length: 32}
	if line == "" {
		return en, errors.New("Empty line")
	}
	if line[0] == '\\' {
		en.escaped = true
		line = line[1:]
	}
	const hexLen = 2 * 32
	if len(line) <= hexLen+2 {
		return en, errors.New("Short line")
	}
	for i := range hexLen + 2 {
		if line[i] >= utf8.RuneSelf {
			return en, errors.New("Non-ASCII prefix")
		}
	}
	if line[hexLen:hexLen+2] != "  " {
		return en, errors.New("Invalid space")
	}
	for _, c := range []byte(line[:hexLen]) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return en, errors.New("Invalid hex")
		}
	}
	en.want, _ = hex.DecodeString(line[:hexLen])
	en.name = line[hexLen+2:]
	en.written = en.name
	if en.escaped {
		name, ok := unescapeName(en.name, false)
		if !ok {
			return en, errors.New("Invalid backslash escape")
		}
		en.name = name
	}
	if strings.IndexByte(en.name, 0) >= 0 {
		return en, errors.New("Null character in path")
	}
	if strings.ContainsRune(en.name, utf8.RuneError) {
		// b3sum wrote a name that is not UTF-8 with U+FFFD: no file has it.
		return en, errors.New("Unicode replacement character in path")
	}
	return en, nil
}

// unsupported is a properly formatted line that cksum -c checks and
// hashkit cannot (SM3, which it lacks; a fixed-size digest cut short, why
// says so): the file it names cannot be verified, so the line fails the
// check where a malformed one would only be counted.
type unsupported struct{ tag, why string }

func (u unsupported) Error() string {
	if u.why != "" {
		return fmt.Sprintf("%s checksums cannot be checked: %s", u.tag, u.why)
	}
	return fmt.Sprintf("%s checksums cannot be checked: hashkit has no %[1]s", u.tag)
}

// digestForm reports whether sum has the form of a digest of n bytes: in
// hex, or in base64 where p.base64 allows it.
func (p *lineParser) digestForm(sum string, n int) bool {
	_, b64 := decodeBase64Digest(sum, n)
	return isHex(sum) && len(sum) == 2*n || p.base64 && b64
}

// unnamedWeak is a bare line of MD5's or SHA-1's length in a list whose
// name says no algorithm, checked without -a: such a line is never checked
// with the broken algorithm its length suggests.
type unnamedWeak struct {
	digits int
	alg    string
}

func (u unnamedWeak) Error() string {
	return fmt.Sprintf("a bare %d-digit checksum in a list whose name says no algorithm: check it with -a %s (or -a ALG)", u.digits, u.alg)
}

// missing reports whether name does not exist.
func missing(name string) bool {
	_, err := os.Lstat(name)
	return errors.Is(err, os.ErrNotExist)
}

func isHex(s string) bool {
	if s == "" {
		return false
	}
	// A table, not comparisons: digits and letters alternate at random in
	// a digest, and the branches of the comparisons then mispredict at
	// every other byte (a line of an XOF's megabytes is read several times).
	for i := 0; i < len(s); i++ {
		if !hexDigits[s[i]] {
			return false
		}
	}
	return true
}

var hexDigits = func() (t [256]bool) {
	for _, c := range "0123456789abcdefABCDEF" {
		t[c] = true
	}
	return t
}()

// listCheck is the check of one list: its lines read so far, and what
// its messages need.
type listCheck struct {
	e       *env
	out     *bufio.Writer
	f       *checkFlags
	st      *checkStats
	before  checkStats // st before this list
	list    string
	shown   string // how messages name the list
	forced  *algorithm
	parser  lineParser
	notes   lineNotes
	entries []entry // those of the batch being checked
	lineNo  int     // the number of the last line read
	// total, matched and failed count the list's entries so far.
	total, matched, failed int
	first                  []entry // the first batch, which suggest reads
	weakNoted              bool
	weak                   *unnamedWeak // the first line of MD5's or SHA-1's length left unchecked
	lastAlg                *algorithm   // the algorithm cksum's warnings name: the last line's
	prog                   *progress    // one bar for all the list's batches, from the first
}

func checkList(e *env, out *bufio.Writer, list string, forced *algorithm, f *checkFlags, st *checkStats) error {
	r, closeList, err := openList(e, list)
	if err != nil {
		return err
	}
	defer closeList()
	c := &listCheck{e: e, out: out, f: f, st: st, before: *st, list: list, shown: quoteName(listName(list)),
		forced: forced, notes: lineNotes{e: e, out: out}, lastAlg: forced}
	c.parser = lineParser{forced: forced, named: algorithmOfList(list)}
	if fam := cksumFamily(f.alg); fam != nil {
		c.parser = *fam
	}
	c.parser.openssl, c.parser.base64, c.parser.emptyNames = e.style == styleHashkit, f.readBase64, f.emptyNames
	c.parser.coreutilsTags = f.coreutilsTags
	br := bufio.NewReaderSize(r, 64<<10)
	defer func() { c.prog.finish() }() // on the error returns too
	for first := true; ; first = false {
		more, err := c.readLines(br)
		if err != nil {
			return err
		}
		if first && c.noEntries() {
			return nil
		}
		c.say(func() { c.noteWeak(false) })
		c.verify(more)
		if !more || e.failed() {
			break
		}
	}
	c.finish()
	return nil
}

// checkBatch bounds the entries of a list held at once: a list is read,
// hashed and reported this many lines at a time, so that its memory stays
// flat however long it is (sha256sum -c reads one line at a time).
const checkBatch = 1 << 14

// checkBatchBytes bounds a batch's lines by their size too: the lines of an
// XOF's checksums of megabytes each held 16384 at a time took gigabytes.
const checkBatchBytes = 16 << 20

// openList opens a list ("-" is standard input).
func openList(e *env, list string) (io.Reader, func(), error) {
	if list == "-" {
		if err := e.stdinError(); err != nil {
			return nil, nil, listReadError{err}
		}
		return e.stdin, func() {}, nil
	}
	file, err := os.Open(list)
	if err != nil {
		return nil, nil, err
	}
	return file, func() { file.Close() }, nil
}

// readLines reads the list's next lines into c.entries, counting and
// noting the bad ones, until it holds checkBatch entries or
// checkBatchBytes of their lines (more: the list may go on) or the list
// ends.
func (c *listCheck) readLines(br *bufio.Reader) (more bool, err error) {
	e, sep := c.e, byte('\n')
	if c.f.zero {
		sep = 0
	}
	c.entries = nil
	held := 0 // the bytes of the entries' lines, which their digests and names keep alive
	for len(c.entries) < checkBatch && held < checkBatchBytes {
		c.lineNo++
		line, tooLong, err := readLine(br, sep)
		if err != nil && err != io.EOF {
			return false, listReadError{err}
		}
		if line == "" && !tooLong && err == io.EOF {
			return false, nil
		}
		if tooLong {
			c.badLine(fmt.Errorf("longer than %d MiB", maxLine>>20), c.lineNo)
			if err == io.EOF {
				return false, nil
			}
			continue
		}
		line = strings.TrimSuffix(line, string(sep))
		if e.style == styleB3sum && !utf8.ValidString(line) {
			// b3sum reads its lists as UTF-8, and stops at the first line
			// that is not, having checked the lines before it.
			c.notes.add(len(c.entries), fmt.Sprintf("%s: %s: stream did not contain valid UTF-8", e.prog, lossyUTF8(c.list)))
			c.st.failedLists++
			return false, nil
		}
		en, skip, perr := c.lineEntry(line)
		switch {
		case skip:
		case errors.As(perr, new(unsupported)):
			c.unsupportedLine(perr, c.lineNo)
		case perr != nil:
			c.badLine(perr, c.lineNo)
		default:
			c.entries = append(c.entries, en)
			held += len(line)
		}
		if err == io.EOF {
			return false, nil
		}
	}
	return true, nil
}

// maxLine bounds the lines of a list that are read: a longer one is
// improperly formatted and dropped as it is read, so that a list with no
// line end (check /dev/zero) cannot take all memory. It leaves room for an
// XOF's checksum of millions of bytes.
const maxLine = 64 << 20

// readLine reads the next line, sep included, as bufio.Reader.ReadString
// does; tooLong reports a line over maxLine, of which nothing is returned.
func readLine(br *bufio.Reader, sep byte) (line string, tooLong bool, err error) {
	var b strings.Builder
	for {
		frag, err := br.ReadSlice(sep)
		if tooLong = tooLong || b.Len()+len(frag) > maxLine; tooLong {
			b = strings.Builder{}
		} else {
			b.Write(frag)
		}
		if err != bufio.ErrBufferFull {
			return b.String(), tooLong, err
		}
	}
}

// lineEntry parses one line in the list's style and checks it against the
// flags; skip: a comment or empty line, which coreutils skips (a line of
// spaces is malformed, so --strict fails it).
func (c *listCheck) lineEntry(line string) (en entry, skip bool, perr error) {
	e, f := c.e, c.f
	if e.style == styleB3sum {
		en, perr = parseB3Line(line, c.forced)
	} else {
		cr := strings.HasSuffix(line, "\r")
		line = strings.TrimSuffix(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			return en, true, nil
		}
		en, perr = parseLine(line, &c.parser)
		if perr == nil && cr && e.style == styleHashkit && missing(en.name) && !missing(en.name+"\r") {
			// b3sum writes a name's last CR as it is, where a CR
			// before the newline is otherwise a DOS line end.
			en.name += "\r"
		}
	}
	if perr == nil && f.taggedOnly && untaggedLine(line) {
		perr = errors.New("an untagged line, read only with -a")
	}
	if i := strings.IndexByte(en.name, 0); perr == nil && i >= 0 {
		if e.style == styleCoreutils && !en.escaped {
			// coreutils reads the name as a C string, but its unescaping
			// refuses a NUL: an escaped line with one is malformed.
			en.name = en.name[:i]
		} else {
			perr = errors.New("a NUL in the name")
		}
	}
	if perr == nil && c.list == "-" && en.name == "-" {
		// Standard input is the list: what is left of it would hash as
		// empty. coreutils calls such a line malformed.
		perr = errors.New(`standard input is the list, so "-" cannot be checked`)
	}
	if perr == nil && c.forced != nil && f.length != 0 && en.length != f.length {
		perr = fmt.Errorf("a %d-byte checksum, not -l %d", en.length, f.length)
	}
	if perr == nil && en.short && f.length != en.length {
		// The output of an XOF cut short is still a matching checksum,
		// at fewer bits: such a line is checked only at a length asked for.
		perr = fmt.Errorf("a %d-byte %s checksum, shorter than its %d bytes (a cut line?): check it with hashkit sum -c -a %s -l %d", en.length, en.alg.name, en.alg.size, en.alg.name, en.length)
	}
	if perr == nil && f.taggedOnly {
		c.lastAlg = en.alg
	}
	return en, false, perr
}

// badLine counts an improperly formatted line and notes why, where the
// style and flags say so.
func (c *listCheck) badLine(perr error, lineNo int) {
	e := c.e
	if uw, ok := perr.(unnamedWeak); ok && c.weak == nil {
		c.weak = &uw
	}
	c.st.malformed++
	if c.f.audit != nil {
		c.f.audit.counts.malformed++
	}
	switch {
	case e.style == styleB3sum:
		// b3sum fails a list with a bad line, and always says why.
		c.notes.add(len(c.entries), fmt.Sprintf("%s: %v", e.prog, perr))
	case c.f.warn && e.style == styleCoreutils:
		c.notes.add(len(c.entries), fmt.Sprintf("%s: %s: %d: improperly formatted %s checksum line", e.prog, c.shown, lineNo, improperTag(c.lastAlg, &c.parser)))
	case c.f.warn:
		c.notes.add(len(c.entries), fmt.Sprintf("%s: %s: %d: improperly formatted checksum line (%v)", e.prog, c.shown, lineNo, perr))
	}
}

// unsupportedLine counts a line that cannot be checked as a failure, and
// says why unless --status.
func (c *listCheck) unsupportedLine(perr error, lineNo int) {
	c.st.unsupported++
	if c.f.audit != nil {
		c.f.audit.counts.unreadable++
	}
	if !c.f.status {
		c.notes.add(len(c.entries), fmt.Sprintf("%s: %s: %d: %v", c.e.prog, c.shown, lineNo, perr))
	}
}

// noEntries prints what a list with no good line gets (and the note on
// bare weak lines of any list); it reports whether the list had none.
func (c *listCheck) noEntries() bool {
	e, none := c.e, len(c.entries) == 0
	if none {
		c.notes.print(0)
	}
	c.noteWeak(none)
	switch {
	case !none:
		return false
	case e.style == styleB3sum:
		// b3sum passes an empty list, and has said why each bad line failed.
	default:
		// No summary: coreutils prints none for such a list.
		c.out.Flush()
		if c.weak == nil {
			fmt.Fprintf(e.stderr, "%s: %s: no properly formatted checksum lines found\n", e.prog, c.shown)
		}
		c.st.failedLists++
	}
	return true
}

// noteWeak says, once, why bare lines of MD5's or SHA-1's length were not
// checked; none: the list had no good line.
func (c *listCheck) noteWeak(none bool) {
	if c.weak == nil || c.weakNoted || c.f.status {
		return
	}
	c.weakNoted = true
	c.out.Flush()
	found := ""
	if none {
		found = " no properly formatted checksum lines found:"
	}
	fmt.Fprintf(c.e.stderr, "%s: %s:%s bare %d-digit lines are not taken for %s from their length alone: check them with -a %s (or name the list %s)\n",
		c.e.prog, c.shown, found, c.weak.digits, strings.ToUpper(c.weak.alg), c.weak.alg, strings.ToUpper(c.weak.alg)+"SUMS")
}

// verify hashes the files of the batch's entries and reports each, with
// the notes on the bad lines among them; more says whether another batch
// may follow.
func (c *listCheck) verify(more bool) {
	e, f, out, entries := c.e, c.f, c.out, c.entries
	c.total += len(entries)
	if len(entries) == 0 {
		c.say(func() { c.notes.print(0) })
		return
	}
	if c.first == nil {
		c.first = entries
	}
	names := make([]string, len(entries))
	for i, en := range entries {
		names[i] = en.name
	}
	if c.prog == nil {
		c.prog = newProgress(e, f.progress, names)
		c.prog.extend(e, nil, more)
	} else {
		c.prog.extend(e, names, more)
	}
	prog := c.prog
	next := hashFiles(e, names, f.jobs, prog, func(i int) (digest, error) {
		return entries[i].alg.new(options{length: entries[i].length})
	})
	for i, en := range entries {
		r := next()
		resume := prog.pause(r.err != nil || e.flushEachLine() || c.notes.before(i))
		c.notes.print(i)
		stop := checkEntry(e, out, en, r, f, c.st, &c.matched, &c.failed)
		resume()
		if stop {
			break
		}
	}
	c.say(func() { c.notes.print(len(entries)) })
}

// say runs print, which writes to stderr, with the bar of the list's
// batches so far (if any) wiped and held off.
func (c *listCheck) say(print func()) {
	if c.prog == nil {
		print()
		return
	}
	resume := c.prog.pause(true)
	defer resume()
	print()
}

// finish prints what follows the results of a list's last batch: advice
// when every line failed, and the list's summary.
func (c *listCheck) finish() {
	e, f, out := c.e, c.f, c.out
	c.prog.finish() // before any message below
	if c.matched == 0 && c.failed == c.total && !f.status {
		c.suggest()
	}
	out.Flush()
	if !f.status && e.style != styleB3sum { // b3sum prints no summary
		c.st.warnings(e, c.before)
	}
	// With --ignore-missing, a list of only missing files verified
	// nothing: that is no pass (coreutils 9: "no file was verified").
	if f.ignoreMissing && c.matched == 0 {
		if !f.status {
			fmt.Fprintf(e.stderr, "%s: %s: no file was verified\n", e.prog, c.shown)
		}
		c.st.failedLists++
	}
}

// suggest names the algorithm a list whose every line failed may have been
// made with, when each line's algorithm was inferred (as its first batch
// tells).
func (c *listCheck) suggest() {
	if len(c.first) == 0 {
		return
	}
	for _, en := range c.first {
		if !en.untagged {
			return
		}
	}
	if hint := suggestAlgorithm(listName(c.list), c.first); hint != "" {
		c.out.Flush()
		fmt.Fprintf(c.e.stderr, "%s: %s\n", c.e.prog, hint)
	}
}

// lineNotes are the messages about a list's bad lines, each printed where
// its line falls among the results of the good ones (which come after its
// batch of lines is read), as coreutils prints them.
type lineNotes struct {
	e     *env
	out   *bufio.Writer
	notes []lineNote
}

type lineNote struct {
	before int // the number of good lines before it
	msg    string
}

func (n *lineNotes) add(before int, msg string) { n.notes = append(n.notes, lineNote{before, msg}) }

// before reports whether a note is due before the result of good line i.
func (n *lineNotes) before(i int) bool { return len(n.notes) > 0 && n.notes[0].before <= i }

// print prints the notes due before the result of good line i.
func (n *lineNotes) print(i int) {
	if !n.before(i) {
		return
	}
	n.out.Flush()
	for n.before(i) {
		fmt.Fprintln(n.e.stderr, n.notes[0].msg)
		n.notes = n.notes[1:]
	}
}

// checkEntry reports one listed file's result and counts it; it returns
// true when stdout has failed and the check should stop.
func checkEntry(e *env, out *bufio.Writer, en entry, r result, f *checkFlags, st *checkStats, matched, failed *int) bool {
	if f.audit != nil {
		return f.audit.entry(e, out, en, r, f, st, matched, failed)
	}
	shown, prefix := en.name, ""
	// coreutils' check output escapes a name only if it has a newline, and
	// leaves a CR as it is; b3sum 1.x prints the name as its line wrote it,
	// with the line's backslash if it had one.
	switch {
	case e.style == styleB3sum:
		shown = en.written
		if en.escaped {
			prefix = "\\"
		}
	case strings.ContainsAny(shown, "\n"):
		prefix, shown = "\\", escapeName(shown)
	}
	switch {
	case r.err != nil && f.ignoreMissing && errors.Is(r.err, os.ErrNotExist):
		return false
	case r.err != nil:
		st.unreadable++
		switch {
		case f.status && e.style == styleCoreutils:
			e.fileError(en.name, r.err) // coreutils says why even under --status
		case f.status:
		case e.style == styleB3sum:
			fmt.Fprintf(out, "%s%s: FAILED (%s)\n", prefix, shown, describeB3(r.err))
		default:
			out.Flush()
			e.fileError(en.name, r.err)
			fmt.Fprintf(out, "%s%s: FAILED open or read\n", prefix, shown)
		}
	case bytes.Equal(r.sum, en.want):
		*matched++
		if !f.quiet && !f.status {
			fmt.Fprintf(out, "%s%s: OK\n", prefix, shown)
		}
	default:
		st.mismatched++
		*failed++
		if !f.status {
			fmt.Fprintf(out, "%s%s: FAILED\n", prefix, shown)
		}
	}
	if e.flushEachLine() {
		out.Flush()
	}
	return e.failed()
}
