package k12

import (
	"encoding/hex"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// m14Vectors are @noble/hashes 1.8.0's M14_VECTORS (test/vectors/
// sha3-addons.js), which its authors made with the Keccak team's
// K12-test.py with KangarooTwelve replaced by MarsupilamiFourteen: the
// inputs of RFC 9861's KT128 vectors (ptn as there), hex or "ptn:n" here.
// Where offset is non-zero, want is output[offset:outLen].
var m14Vectors = []struct {
	msg, custom    string
	outLen, offset int
	want           string
}{
	{"", "", 32, 0, "6f66ef1474eb53807aa329257c768bb88893d9f086e51da2f5c80d17ca0fc57d"},
	{"", "", 64, 0, "6f66ef1474eb53807aa329257c768bb88893d9f086e51da2f5c80d17ca0fc57d5a24fac879014f8b30a3fdf5ac56ebafa219eb891d4bbbab7e1df3b27205b459"},
	{"", "", 10032, 10000, "c09322de1513d0cd604728f36d11adff58b93f776381095a071921eafb30e1e3"},
	{"ptn:1", "", 32, 0, "cc05ebc928156c7a03540085355c47c6aea1d07dc811cdded0e4c367f8d99368"},
	{"ptn:17", "", 32, 0, "aa764fd8b38f19976a305cb007f19384b210a5c7b0fc4499d6f83c6227bff850"},
	{"ptn:289", "", 32, 0, "f18a6e250b1cc83dea89ffbb4de56a8e70041c71fc5b17a2aaab05c606aa6bf2"},
	{"ptn:4913", "", 32, 0, "0ac89b11a06f46b2f6feeff046c97e90dc02910ae509b8739cfea5df1df90b82"},
	{"ptn:83521", "", 32, 0, "35af0a5fc6c4d111fbc68f879d05506aafd300b5ab136986d7aed8a9f1be331e"},
	{"ptn:1419857", "", 32, 0, "0c982c5d5334e27cc6591cda308dfa6b4fdd736aadbe64536bdef83c1d496ba0"},
	{"ptn:24137569", "", 32, 0, "9881fd57a12ff050a4675adef948111890ca4c183910d5f12d539d030a5dfb5c"},
	{"", "ptn:1", 32, 0, "e6c23ceeab2089d14dc3b088fdfe6d4418bf8a6f330fb3edcc300cd81e1bef2f"},
	{"ff", "ptn:41", 32, 0, "2bab75b31b8c3049abeb7674774771b64f59225be20e930ebdbf8e37c24fad69"},
	{"ffffff", "ptn:1681", 32, 0, "732a60c308bebf5f7b3d3e8f0d26e324c04bab4197ca0a608b0befaa25ea5976"},
	{"ffffffffffffff", "ptn:68921", 32, 0, "61583cdfaa64ab60e77b8c8bdd0ad088f9d760b2944f7d64c5dd81ce7e92d96b"},
}

// TestM14Vectors checks SumM14 and NewM14 on noble's vectors, on every
// kernel; the 24-MiB input runs only without -short.
func TestM14Vectors(t *testing.T) {
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, v := range m14Vectors {
			msg, custom := spec(t, v.msg), spec(t, v.custom)
			if len(msg) > 1<<20 && testing.Short() {
				continue
			}
			want, err := hex.DecodeString(v.want)
			if err != nil {
				t.Fatal(err)
			}
			if got := SumM14(msg, custom, v.outLen)[v.offset:]; hex.EncodeToString(got) != hex.EncodeToString(want) {
				t.Errorf("M14(%s, %s, %d): %x, want %x", v.msg, v.custom, v.outLen, got, want)
			}
			x := NewM14(custom)
			x.Write(msg)
			got := make([]byte, v.outLen)
			x.Read(got)
			if hex.EncodeToString(got[v.offset:]) != v.want {
				t.Errorf("NewM14(%s, %s, %d) streaming differs", v.msg, v.custom, v.outLen)
			}
		}
	})
}
