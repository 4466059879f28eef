package blake2s

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/blake2test"
)

// treeVectors exercise every field of the parameter block, including the
// tree fields that neither x/crypto nor @noble/hashes expose. They were
// computed with CPython 3.11.7's hashlib (an independent implementation,
// the BLAKE2 reference code) by the program in ../blake2b/tree_test.go (its
// "== blake2s" part); input n is the bytes i % 251 for i in [0, n).
var treeVectors = []blake2test.TreeCase[Params]{
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 0, Want: "6e902bd7edf1c46416816defa4f74b43233e1f1ef265d55a1fa1c230a48ceef9"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 3, Want: "506f9b972d1482c0facf7292c997d9dcfb973881b10baadd326c4d4d1110c075"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 64, Want: "1958d8e543f27b3da1289eccb84d59f8b12cad5f1ee31f89f7a59af26d40a811"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 65, Want: "99977e4f9c084a1fa697ef10bd95c4f4631dfca6ec482e18639de8891d5ab095"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 199, Want: "83003b53e406e6fdaf8bbedef3e3cd9e635d0c76a943a34f7555a81261538fe7"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, N: 0, Want: "9961d4aaad62fa3ab8d51eaef05e1945ee42e392645aba648da0c2a39c2b7973"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, N: 3, Want: "70cb7f3874fe8a64e962d7f7dd35ada541b0b408bfaec026697025729d0f2282"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, N: 64, Want: "441581c1f14d90353bf949bea02619f55860401457c309c7556a94b0cec16602"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, N: 65, Want: "cfaeb82d0c8ffdca3cd5067bdfe2d686237fe824272df7b242391a9d1dec4ace"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 32, IsLastNode: false}, N: 199, Want: "c89fded7da9bf55bcb083401917d16ee6b24f1b1c2b703829247c050b86f0ab8"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 0, Want: "01d15980a18ec4bc5bc8d86ef7a3edbce227b77e21f4fa4a8159047bfc143aef"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 3, Want: "664b3d591f3e1a0dba3e33cc9b1567604fe6e99aae4246ae74cf8331e3bdbc5a"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 64, Want: "00657f64daecea235eab495c93afe0394d84781832aaa2f7e38e6466a4b42360"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 65, Want: "72d40660c86e3df91f28966d669faac33ebc4663bbad479b9bd7d6a10ca53670"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 199, Want: "6e975fdf97421185222234d11a98f3e55689990d1d766b7879524ba67bcd1445"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, N: 0, Want: "c8386a7b44f733c0c213b11a83728a5c7a271d59e46eeac18c4715915d78bc7f"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, N: 3, Want: "7bda7945c6f7454a0b0ba4360d411c1efe49e9c75ee3309da4a4b0e51894aa73"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, N: 64, Want: "3ef629c5cbac21469979674a722eb492571f695c0e81ad64810cc5bef6770a85"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, N: 65, Want: "c5e0233a1de52bb19962d4b2543d339f8e4f9d46ed49cf67bd188e7eb058d1e5"},
	{P: Params{Size: 32, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 32, IsLastNode: true}, N: 199, Want: "f8a239d0d8a0b3c37811b9dcb69253686a2ce2f294f09df3b71160bac6fc38ff"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 0, Want: "61a32fe718dbb3775253ed34d106b5229de16c12"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 3, Want: "058aa7b3559f0a654022d9d5f190c83c0b1a1daf"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 64, Want: "49e541260fad27db584ce5b4125828289c23fd27"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 65, Want: "97f87054d7f475281c3866c97dda2926ce8d7288"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 281474976710655, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 199, Want: "05cbfd2eff835aaa8bb3e3813457aba2b956a990"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, N: 0, Want: "9a"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, N: 3, Want: "a5"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, N: 64, Want: "53"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, N: 65, Want: "06"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 140737488355328, NodeDepth: 255, InnerLength: 32, IsLastNode: true}, N: 199, Want: "5e"},
	{P: Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 0, Want: "820918767d794a47e2c54693ead8e8d1"},
	{P: Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 3, Want: "b4006e4c3a114a53c99ed2f956203e18"},
	{P: Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 64, Want: "a3ceac714bbb96a5bf400aed0135652f"},
	{P: Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 65, Want: "573b155d11580f0bc2acd86c2dc2855b"},
	{P: Params{Size: 16, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 199, Want: "d7014a14c54c7891d52aac41992c5cb0"},
	{P: Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 0, Want: "c9fb459681aff77ef95114f374c019736f894c82f7a0becc7d828c880f305dfc"},
	{P: Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 3, Want: "c1907949fc3ee6d749e80f923410db82c182df476b562863c8c394954506ba10"},
	{P: Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 64, Want: "d0dd4394541bc7fc554b13a0b15416d5c64c1de6f8f1af97719bdca7919730f7"},
	{P: Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 65, Want: "ac33d57d0fbba719ffeeb976dda611b663caa7b38625e3835295e964afcc6bda"},
	{P: Params{Size: 32, Key: h("6b"), Salt: h("0001020304050607"), Personal: h("6465666768696a6b"), FanOut: 2, MaxDepth: 2, LeafLength: 64, NodeOffset: 1, NodeDepth: 0, InnerLength: 32, IsLastNode: true}, N: 199, Want: "6dbc0b4ae1f65bca9db8e326b224ad68fd6706689e19b58cfa9ba5c69821a85e"},
}

var h = blake2test.HexOrNil

func TestTreeParams(t *testing.T) {
	blake2test.TestTreeCases(t, "blake2s", treeVectors, NewWithParams)
}
