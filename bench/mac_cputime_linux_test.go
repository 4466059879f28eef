package bench

import (
	"bytes"
	stdhmac "crypto/hmac"
	stdmd5 "crypto/md5"
	stdpbkdf2 "crypto/pbkdf2"
	stdsha1 "crypto/sha1"
	"testing"

	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/md5"
	"github.com/hashkit/hashkit/pbkdf2"
	"github.com/hashkit/hashkit/sha1"
)

// TestSHA1FamilyCPUTime times, by thread CPU time (cpuTimeMedians), the
// rows of the SHA-1 family that BenchmarkHMACSHA1, BenchmarkPBKDF2SHA1 and
// BenchmarkMD5 time, against the standard library, for machines too busy
// for wall-clock benchmarks: HMAC-SHA1 reused over 64 bytes, PBKDF2-SHA1
// at WPA2's 4096 iterations and 32 bytes, MD5 (New, Write, Sum) of 64 B
// and 1 KiB. Run it with HASHKIT_CPUTIME=1 go test -run SHA1FamilyCPUTime
// -v.
func TestSHA1FamilyCPUTime(t *testing.T) {
	measuring(t)
	key, msg := bytes.Repeat([]byte{1}, 32), make([]byte, 8192)
	hk, std := hmac.New(sha1.New, key), stdhmac.New(stdsha1.New, key)
	mac := func(m interface {
		Reset()
		Write([]byte) (int, error)
		Sum([]byte) []byte
	}) func() {
		out := make([]byte, 0, 20)
		return func() {
			m.Reset()
			m.Write(msg[:64])
			out = m.Sum(out[:0])
		}
	}
	salt := bytes.Repeat([]byte{3}, 16)
	hkMD5, stdMD5 := md5.New(), stdmd5.New()
	sum := func(h interface {
		Reset()
		Write([]byte) (int, error)
		Sum([]byte) []byte
	}, n int) func() {
		out := make([]byte, 0, 16)
		return func() {
			h.Reset()
			h.Write(msg[:n])
			out = h.Sum(out[:0])
		}
	}
	for _, c := range []struct {
		name      string
		n         int
		ours, std func()
	}{
		{"HMAC-SHA1 64 B", 20000, mac(hk), mac(std)},
		{"PBKDF2-SHA1 4096 x 32 B", 5, func() { pbkdf2.Key(sha1.New, "password", salt, 4096, 32) },
			func() { stdpbkdf2.Key(stdsha1.New, "password", salt, 4096, 32) }},
		{"MD5 64 B", 20000, sum(hkMD5, 64), sum(stdMD5, 64)},
		{"MD5 1 KiB", 2000, sum(hkMD5, 1024), sum(stdMD5, 1024)},
		{"MD5 8 KiB", 300, sum(hkMD5, 8192), sum(stdMD5, 8192)},
	} {
		mo, mp := cpuTimeMedians(t, c.n, 11, c.ours, c.std)
		t.Logf("%-24s hashkit %9v, stdlib %9v: %.2fx", c.name, mo, mp, float64(mp)/float64(mo))
	}
}
