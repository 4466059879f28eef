package blake2b

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/blake2test"
)

// treeVectors exercise every field of the parameter block, including the
// tree fields that neither x/crypto nor @noble/hashes expose. They were
// computed with CPython 3.11.7's hashlib (an independent implementation,
// the BLAKE2 reference code) by this program; input n is the bytes
// i % 251 for i in [0, n):
//
//	import hashlib
//	def cases(alg, maxsize, saltlen, offbits):
//	    h = getattr(hashlib, alg)
//	    bs = 128 if alg == 'blake2b' else 64
//	    out = []
//	    params = [
//	        dict(digest_size=maxsize, fanout=0, depth=255, leaf_size=0, node_offset=0, node_depth=0, inner_size=0, last_node=False),
//	        dict(digest_size=maxsize, fanout=4, depth=2, leaf_size=0, node_offset=0, node_depth=0, inner_size=maxsize, last_node=False),
//	        dict(digest_size=maxsize, fanout=4, depth=2, leaf_size=0, node_offset=3, node_depth=0, inner_size=maxsize, last_node=True),
//	        dict(digest_size=maxsize, fanout=4, depth=2, leaf_size=0, node_offset=0, node_depth=1, inner_size=maxsize, last_node=True),
//	        dict(digest_size=20, fanout=2, depth=3, leaf_size=4096, node_offset=(1 << offbits) - 1, node_depth=2, inner_size=17, last_node=False),
//	        dict(digest_size=1, fanout=255, depth=1, leaf_size=0xffffffff, node_offset=1 << (offbits - 1), node_depth=255, inner_size=maxsize, last_node=True),
//	        dict(digest_size=maxsize // 2, fanout=1, depth=1, leaf_size=1, node_offset=0x010203, node_depth=0, inner_size=1, last_node=False, key=bytes(range(maxsize))),
//	        dict(digest_size=maxsize, fanout=2, depth=2, leaf_size=bs, node_offset=1, node_depth=0, inner_size=maxsize, last_node=True, key=b'k', salt=bytes(range(saltlen)), person=bytes(range(100, 100 + saltlen))),
//	    ]
//	    for i, p in enumerate(params):
//	        for n in (0, 3, bs, bs + 1, 3 * bs + 7):
//	            msg = bytes(j % 251 for j in range(n))
//	            d = h(msg, **p).hexdigest()
//	            out.append((p, n, d))
//	    return out
//
//	for alg, maxsize, saltlen, offbits in (('blake2b', 64, 16, 64), ('blake2s', 32, 8, 48)):
//	    print('==', alg)
//	    for p, n, d in cases(alg, maxsize, saltlen, offbits):
//	        key = p.get('key', b'').hex(); salt = p.get('salt', b'').hex(); person = p.get('person', b'').hex()
//	        print('\t{P: Params{Size: %d, Key: h("%s"), Salt: h("%s"), Personal: h("%s"), FanOut: %d, MaxDepth: %d, LeafLength: %d, NodeOffset: %d, NodeDepth: %d, InnerLength: %d, IsLastNode: %s}, N: %d, Want: "%s"},' % (
//	            p['digest_size'], key, salt, person, p['fanout'], p['depth'], p['leaf_size'], p['node_offset'], p['node_depth'], p['inner_size'], 'true' if p['last_node'] else 'false', n, d))
var treeVectors = []blake2test.TreeCase[Params]{
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 0, Want: "cb779210f2fd071fb8c00212fd805d4a588a39b00eda2eb9d5d7dc502eadd54a6faae7453254fc6cf2650fe448a4b930f232f5014149fa2731dc9fbbca6491d3"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 3, Want: "9de6d0c8ac4d357d7cd1e3ca8a90454aa4ca18968cf7718bae50d989ba1079497c9667a25cae5423052887c4fd57f83567100c3237431b1a2e2ed86d71eb5132"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 128, Want: "05efbfe4dfa08602b65311711decc17ec0d6f8da06a4dfb439952c3773daf4c1a07524018e1f5871b2e2441f9edd3e6ef7c10eea02722cb889446c129970e918"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 129, Want: "74161edb10d7644abb8e6c54c8ccce148b2755a24fadf47aac0c68328d00ffffbb91f86997a993c5f08e032a688f5e99c3fbecf48bbb7ea3afbe02a6c3a7f031"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 0, MaxDepth: 255, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 0, IsLastNode: false}, N: 391, Want: "e28bc990c508726d580417d41bfc9919a29913e614da4474b028da3d04d4e8b6d284a569dc85af3154238dfd48c9df1847cade132575b290a80197307e85aee9"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 64, IsLastNode: false}, N: 0, Want: "84db777b0d6b3be5043fa35522bdb388a58ad22737368acc078a51c75badce4cd03173bef77aca72738706b2041142a13019c30cf69f3cacc190c76f9cad949c"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 64, IsLastNode: false}, N: 3, Want: "b1fea6ee29353a7fa451b15a5248702f56bf48bfbc54258c70d24132d36eafc086b83bb5bb4c75bfaf579f864d6e8dad5d21692c636a1e4199686a6723b2cb1a"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 64, IsLastNode: false}, N: 128, Want: "32cf2c99035d63123171ba495beaabd57c341f0af9a2922a6b3fcfcb3c3cab6a342520c00e6da2e1ba7273f112758a8c01933ebe787e5ead9e9e554782784beb"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 64, IsLastNode: false}, N: 129, Want: "b00d1fcfe530f9c50b7767519773035b30daa1b8a84464c3701554880c5733984a6f71bd1ecfb918d5904fd745ffa334d60f816e56176cf9f958a61923f4b9ee"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 0, InnerLength: 64, IsLastNode: false}, N: 391, Want: "4f7bd654af21100319dfe42869acffe157dbe052644848d7f37c50d6b720c1cfa34ada9c49380ee3c7da9497293559b1088e593944a8245084e0d4c852006c94"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 0, Want: "9f3fa2f3ba6fbb987c7c2f9413db7dfff502176e85a4f45ab0225d48308af4a72a92733a28e67282ce4b72cb1615514510af7c8fb1e29c9ad891019b2b35e877"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 3, Want: "42b3676dc5926e2129ae142e1f077626c073c2e61d3d7f33e8f7ef93d17f74f1b72a68a4ad06c45cedce91fb5905c1846e1c37f0e44c5d5600b90cc13fdf8f40"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 128, Want: "a5c783da0f13838fa0fe0eae6c091ea9c446879d5b27fbde0781303fafe6226589d33a6d944b2bad6b9559b4e7d0237913102ca08d1cde9426f20c699a619d04"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 129, Want: "6eaff498b267c17c4e7da7bc639483be7d904fe651cca3804141ef880abe811b2abc94b5808f36a303d9badf50ddb9dbe27085b68fe2bcdcc5e8c15d1e8b907f"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 3, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 391, Want: "41874e4017e32a6af7e8959814a7f28ddca60ae9bfff5ef979cabf90091da01b5b595f1bb5eda6887360ef36454a88abaef0f9c654896b5de1685d27631d9a03"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 64, IsLastNode: true}, N: 0, Want: "f8241004c3b8601dbfd7161f3682de5756b8a6d957ecfba4b7919b3f663a7f58d1b63ea66e9c8b8bce8f8bb625c9c03f7ea1a5dd697fe549fdc3c39d266befe3"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 64, IsLastNode: true}, N: 3, Want: "7ed67dce6b232961932441fce2e093a1d450757585a9d6c979b6dbf89c2e8ecbf5ed922a092fea6c0a4e7c18cbaa2c552a46dba8b187cad8752e4e3f003ba184"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 64, IsLastNode: true}, N: 128, Want: "c5894479f3600117b5e0a44189433477c012b961395a7f0a6e555a0abcf869a21154602cd9d2c77a4cb65c0aba36772e10015edfe27d9dd4ffa8ab6ae89a6669"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 64, IsLastNode: true}, N: 129, Want: "013ac07be0ed9639d23e8fb3399cfea72e4b2859453c7559af0c10a357afad1cdd1dc02705a3ec1b6f8ed38d8a560d181ae75b43c0625d144e1b304e8a080f50"},
	{P: Params{Size: 64, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 4, MaxDepth: 2, LeafLength: 0, NodeOffset: 0, NodeDepth: 1, InnerLength: 64, IsLastNode: true}, N: 391, Want: "14243536f8e2f2de65a112767651d1edc8e6b2b7e01feac4a352c96ede82e23080b3ca6035e44920a92f8bc41d7ede30fecbba735898ff69e0187d2b22e201ce"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 18446744073709551615, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 0, Want: "1fd76960fbd47c1878f8ea5d916e775a6939c5c1"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 18446744073709551615, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 3, Want: "76ae65c6e42faa4ea568786728c7dd042945e2ed"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 18446744073709551615, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 128, Want: "16697bcab07b37cb740c668c29f0c49862bd8f43"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 18446744073709551615, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 129, Want: "e9f27a1e554b15df7b7c098cb5856508868f65fa"},
	{P: Params{Size: 20, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 2, MaxDepth: 3, LeafLength: 4096, NodeOffset: 18446744073709551615, NodeDepth: 2, InnerLength: 17, IsLastNode: false}, N: 391, Want: "8eeb08e70ae0396965b69b3e91c0460d1f8d96b9"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 9223372036854775808, NodeDepth: 255, InnerLength: 64, IsLastNode: true}, N: 0, Want: "77"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 9223372036854775808, NodeDepth: 255, InnerLength: 64, IsLastNode: true}, N: 3, Want: "3f"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 9223372036854775808, NodeDepth: 255, InnerLength: 64, IsLastNode: true}, N: 128, Want: "78"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 9223372036854775808, NodeDepth: 255, InnerLength: 64, IsLastNode: true}, N: 129, Want: "8b"},
	{P: Params{Size: 1, Key: h(""), Salt: h(""), Personal: h(""), FanOut: 255, MaxDepth: 1, LeafLength: 4294967295, NodeOffset: 9223372036854775808, NodeDepth: 255, InnerLength: 64, IsLastNode: true}, N: 391, Want: "54"},
	{P: Params{Size: 32, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 0, Want: "8f14e75a288766a3e51af1ac4face748ac9464e2cf6e826cad39a83d3280d8df"},
	{P: Params{Size: 32, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 3, Want: "0f682f7c7563c934a5c24ff08e44c43be083999d6af6533eb08ab879be74b01a"},
	{P: Params{Size: 32, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 128, Want: "085af1b33c65e9d8ea6cfc00ac236aa55648bb300613a2184af8a3efa4889dc0"},
	{P: Params{Size: 32, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 129, Want: "4186abd9aad6dfeb257c4554b6537135258dc1f11e50ee14266c4df51f63631b"},
	{P: Params{Size: 32, Key: h("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"), Salt: h(""), Personal: h(""), FanOut: 1, MaxDepth: 1, LeafLength: 1, NodeOffset: 66051, NodeDepth: 0, InnerLength: 1, IsLastNode: false}, N: 391, Want: "44e5de968ef1f2d2dfae4e31ecd563cce60622caaf2e283f27f21f7d5b094e1f"},
	{P: Params{Size: 64, Key: h("6b"), Salt: h("000102030405060708090a0b0c0d0e0f"), Personal: h("6465666768696a6b6c6d6e6f70717273"), FanOut: 2, MaxDepth: 2, LeafLength: 128, NodeOffset: 1, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 0, Want: "287609dd03ce156dfbf19e7ee2da109b31ab0bd86bfd9d55ade0b31a7af80e6d8522bb2fdd5a4a88d1c00e23a06a27afe627c8a893accc56aacfc748a12c24c3"},
	{P: Params{Size: 64, Key: h("6b"), Salt: h("000102030405060708090a0b0c0d0e0f"), Personal: h("6465666768696a6b6c6d6e6f70717273"), FanOut: 2, MaxDepth: 2, LeafLength: 128, NodeOffset: 1, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 3, Want: "42662c3b148e86966296ead324c5691e4e72e1059ee47ac0daf52022a1772a6b00f42d545d828731e87eab9a69ff80cb072b4f047888ee7601de6e8d31f94629"},
	{P: Params{Size: 64, Key: h("6b"), Salt: h("000102030405060708090a0b0c0d0e0f"), Personal: h("6465666768696a6b6c6d6e6f70717273"), FanOut: 2, MaxDepth: 2, LeafLength: 128, NodeOffset: 1, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 128, Want: "b5b4e87da955cb6950de7fa398b135e92b2ea01beff6c86563ce3c38dfb0d24fc198500c67c9ba88290560ae0e58213a53dc9a7ce89dc37e068506ed8722cf0d"},
	{P: Params{Size: 64, Key: h("6b"), Salt: h("000102030405060708090a0b0c0d0e0f"), Personal: h("6465666768696a6b6c6d6e6f70717273"), FanOut: 2, MaxDepth: 2, LeafLength: 128, NodeOffset: 1, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 129, Want: "eaafae4348623a18231f6e9450d7db842daf19a0766e53681a2669e840c5473ca3421fd9237bf30f4eac4864b68853de43373f302d609504586b18f5e0b82d58"},
	{P: Params{Size: 64, Key: h("6b"), Salt: h("000102030405060708090a0b0c0d0e0f"), Personal: h("6465666768696a6b6c6d6e6f70717273"), FanOut: 2, MaxDepth: 2, LeafLength: 128, NodeOffset: 1, NodeDepth: 0, InnerLength: 64, IsLastNode: true}, N: 391, Want: "28d03b2f980072186c7c289339f6645ec23d161e580d0e364c329563af86484a28894b5b247c206bd253bbe686f8fd44f26a4035de076c6571f27c366c57fe04"},
}

var h = blake2test.HexOrNil

func TestTreeParams(t *testing.T) {
	blake2test.TestTreeCases(t, "blake2b", treeVectors, NewWithParams)
}
