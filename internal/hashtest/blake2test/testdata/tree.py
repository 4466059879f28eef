#!/usr/bin/env python3
# Writes tree.json: BLAKE2b and BLAKE2s digests under parameter blocks that
# use every field, including the tree fields that neither x/crypto nor
# @noble/hashes expose, computed with CPython's hashlib (an independent
# implementation, the BLAKE2 reference code; the committed file came from
# CPython 3.11.7). Input n is the bytes i % 251 for i in [0, n).
#
#	python3 tree.py > tree.json
import base64
import hashlib
import json


def b64(b):
    return base64.b64encode(b).decode() if b else None


def cases(alg, maxsize, saltlen, offbits):
    h = getattr(hashlib, alg)
    bs = 128 if alg == 'blake2b' else 64
    out = []
    params = [
        dict(digest_size=maxsize, fanout=0, depth=255, leaf_size=0, node_offset=0, node_depth=0, inner_size=0, last_node=False),
        dict(digest_size=maxsize, fanout=4, depth=2, leaf_size=0, node_offset=0, node_depth=0, inner_size=maxsize, last_node=False),
        dict(digest_size=maxsize, fanout=4, depth=2, leaf_size=0, node_offset=3, node_depth=0, inner_size=maxsize, last_node=True),
        dict(digest_size=maxsize, fanout=4, depth=2, leaf_size=0, node_offset=0, node_depth=1, inner_size=maxsize, last_node=True),
        dict(digest_size=20, fanout=2, depth=3, leaf_size=4096, node_offset=(1 << offbits) - 1, node_depth=2, inner_size=17, last_node=False),
        dict(digest_size=1, fanout=255, depth=1, leaf_size=0xffffffff, node_offset=1 << (offbits - 1), node_depth=255, inner_size=maxsize, last_node=True),
        dict(digest_size=maxsize // 2, fanout=1, depth=1, leaf_size=1, node_offset=0x010203, node_depth=0, inner_size=1, last_node=False, key=bytes(range(maxsize))),
        dict(digest_size=maxsize, fanout=2, depth=2, leaf_size=bs, node_offset=1, node_depth=0, inner_size=maxsize, last_node=True, key=b'k', salt=bytes(range(saltlen)), person=bytes(range(100, 100 + saltlen))),
    ]
    for p in params:
        for n in (0, 3, bs, bs + 1, 3 * bs + 7):
            msg = bytes(j % 251 for j in range(n))
            out.append({
                'P': {
                    'Size': p['digest_size'], 'Key': b64(p.get('key', b'')), 'Salt': b64(p.get('salt', b'')),
                    'Personal': b64(p.get('person', b'')), 'FanOut': p['fanout'], 'MaxDepth': p['depth'],
                    'LeafLength': p['leaf_size'], 'NodeOffset': p['node_offset'], 'NodeDepth': p['node_depth'],
                    'InnerLength': p['inner_size'], 'IsLastNode': p['last_node'],
                },
                'N': n,
                'Want': h(msg, **p).hexdigest(),
            })
    return out


# One case a line, so that a changed vector shows as one line of diff.
algs = (('blake2b', 64, 16, 64), ('blake2s', 32, 8, 48))
print('{')
for i, (alg, maxsize, saltlen, offbits) in enumerate(algs):
    print(' %s: [' % json.dumps(alg))
    cs = cases(alg, maxsize, saltlen, offbits)
    for j, c in enumerate(cs):
        print('  %s%s' % (json.dumps(c), ',' if j + 1 < len(cs) else ''))
    print(' ]%s' % (',' if i + 1 < len(algs) else ''))
print('}')
