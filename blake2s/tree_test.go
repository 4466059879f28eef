package blake2s

import (
	"encoding/hex"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// treeVectors exercise every field of the parameter block, including the
// tree fields that neither x/crypto nor @noble/hashes expose. They were
// computed with CPython 3.11.7's hashlib (an independent implementation,
// the BLAKE2 reference code) by the program in ../blake2b/tree_test.go (its
// "== blake2s" part); input n is the bytes i % 251 for i in [0, n).
var treeVectors = []struct {
	p    Params
	n    int
	want string
}{
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, 0, "6e902bd7edf1c46416816defa4f74b43233e1f1ef265d55a1fa1c230a48ceef9"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, 3, "506f9b972d1482c0facf7292c997d9dcfb973881b10baadd326c4d4d1110c075"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, 64, "1958d8e543f27b3da1289eccb84d59f8b12cad5f1ee31f89f7a59af26d40a811"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, 65, "99977e4f9c084a1fa697ef10bd95c4f4631dfca6ec482e18639de8891d5ab095"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, 199, "83003b53e406e6fdaf8bbedef3e3cd9e635d0c76a943a34f7555a81261538fe7"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, 0, "9961d4aaad62fa3ab8d51eaef05e1945ee42e392645aba648da0c2a39c2b7973"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, 3, "70cb7f3874fe8a64e962d7f7dd35ada541b0b408bfaec026697025729d0f2282"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, 64, "441581c1f14d90353bf949bea02619f55860401457c309c7556a94b0cec16602"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, 65, "cfaeb82d0c8ffdca3cd5067bdfe2d686237fe824272df7b242391a9d1dec4ace"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, 199, "c89fded7da9bf55bcb083401917d16ee6b24f1b1c2b703829247c050b86f0ab8"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 0, "01d15980a18ec4bc5bc8d86ef7a3edbce227b77e21f4fa4a8159047bfc143aef"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 3, "664b3d591f3e1a0dba3e33cc9b1567604fe6e99aae4246ae74cf8331e3bdbc5a"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 64, "00657f64daecea235eab495c93afe0394d84781832aaa2f7e38e6466a4b42360"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 65, "72d40660c86e3df91f28966d669faac33ebc4663bbad479b9bd7d6a10ca53670"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 199, "6e975fdf97421185222234d11a98f3e55689990d1d766b7879524ba67bcd1445"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, 0, "c8386a7b44f733c0c213b11a83728a5c7a271d59e46eeac18c4715915d78bc7f"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, 3, "7bda7945c6f7454a0b0ba4360d411c1efe49e9c75ee3309da4a4b0e51894aa73"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, 64, "3ef629c5cbac21469979674a722eb492571f695c0e81ad64810cc5bef6770a85"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, 65, "c5e0233a1de52bb19962d4b2543d339f8e4f9d46ed49cf67bd188e7eb058d1e5"},
	{Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, 199, "f8a239d0d8a0b3c37811b9dcb69253686a2ce2f294f09df3b71160bac6fc38ff"},
	{Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, 0, "61a32fe718dbb3775253ed34d106b5229de16c12"},
	{Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, 3, "058aa7b3559f0a654022d9d5f190c83c0b1a1daf"},
	{Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, 64, "49e541260fad27db584ce5b4125828289c23fd27"},
	{Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, 65, "97f87054d7f475281c3866c97dda2926ce8d7288"},
	{Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, 199, "05cbfd2eff835aaa8bb3e3813457aba2b956a990"},
	{Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, 0, "9a"},
	{Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, 3, "a5"},
	{Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, 64, "53"},
	{Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, 65, "06"},
	{Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, 199, "5e"},
	{Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, 0, "820918767d794a47e2c54693ead8e8d1"},
	{Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, 3, "b4006e4c3a114a53c99ed2f956203e18"},
	{Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, 64, "a3ceac714bbb96a5bf400aed0135652f"},
	{Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, 65, "573b155d11580f0bc2acd86c2dc2855b"},
	{Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, 199, "d7014a14c54c7891d52aac41992c5cb0"},
	{Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 0, "c9fb459681aff77ef95114f374c019736f894c82f7a0becc7d828c880f305dfc"},
	{Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 3, "c1907949fc3ee6d749e80f923410db82c182df476b562863c8c394954506ba10"},
	{Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 64, "d0dd4394541bc7fc554b13a0b15416d5c64c1de6f8f1af97719bdca7919730f7"},
	{Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 65, "ac33d57d0fbba719ffeeb976dda611b663caa7b38625e3835295e964afcc6bda"},
	{Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, 199, "6dbc0b4ae1f65bca9db8e326b224ad68fd6706689e19b58cfa9ba5c69821a85e"},
}

func h(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	if len(b) == 0 {
		return nil
	}
	return b
}

func TestTreeParams(t *testing.T) {
	hashtest.AllImplementations(t, "blake2s", func(t *testing.T) {
		for i, v := range treeVectors {
			d, err := NewWithParams(&v.p)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			msg := make([]byte, v.n)
			for j := range msg {
				msg[j] = byte(j % 251)
			}
			d.Write(msg)
			if got := hex.EncodeToString(d.Sum(nil)); got != v.want {
				t.Errorf("case %d (%+v, %d bytes): %s, want %s", i, v.p, v.n, got, v.want)
			}
		}
	})
}
