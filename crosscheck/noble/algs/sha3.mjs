// The Keccak family of package sha3: SHA-3, legacy Keccak, SHAKE, cSHAKE,
// KMAC, TupleHash, ParallelHash (SP 800-185) and KeccakPRG.
// Parameters: dkLen (output bytes), N and S (hex), key (hex), tuple (array of
// hex), B (ParallelHash block size), capacity and ops (KeccakPRG program:
// ["e", hex] adds entropy, ["r", n] reads n bytes, ["f"] forgets; the output
// is every read, concatenated).
import { sha3_224, sha3_256, sha3_384, sha3_512, keccak_224, keccak_256, keccak_384, keccak_512, shake128, shake256 } from '@noble/hashes/sha3.js';
import {
  cshake128, cshake256, kmac128, kmac256, kmac128xof, kmac256xof,
  tuplehash128, tuplehash256, tuplehash128xof, tuplehash256xof,
  parallelhash128, parallelhash256, parallelhash128xof, parallelhash256xof, keccakprg,
} from '@noble/hashes/sha3-addons.js';
import { hex } from '../util.mjs';

const cs = (p) => ({ dkLen: p.dkLen, personalization: hex(p.S), NISTfn: hex(p.N) });
const kopts = (p) => ({ dkLen: p.dkLen, personalization: hex(p.S) });
const tuple = (p) => (p.tuple || []).map(hex);
const ph = (p) => ({ dkLen: p.dkLen, personalization: hex(p.S), blockLen: p.B });

function prg(p) {
  const g = keccakprg(p.capacity);
  const outs = [];
  for (const op of p.ops) {
    if (op[0] === 'e') g.addEntropy(hex(op[1]));
    else if (op[0] === 'r') outs.push(g.randomBytes(op[1]));
    else if (op[0] === 'f') g.clean();
    else throw new Error('unknown KeccakPRG op ' + op[0]);
  }
  const out = new Uint8Array(outs.reduce((n, o) => n + o.length, 0));
  let i = 0;
  for (const o of outs) { out.set(o, i); i += o.length; }
  return out;
}

export default {
  'SHA3-224': (p, m) => sha3_224(m),
  'SHA3-256': (p, m) => sha3_256(m),
  'SHA3-384': (p, m) => sha3_384(m),
  'SHA3-512': (p, m) => sha3_512(m),
  'Keccak-224': (p, m) => keccak_224(m),
  'Keccak-256': (p, m) => keccak_256(m),
  'Keccak-384': (p, m) => keccak_384(m),
  'Keccak-512': (p, m) => keccak_512(m),
  'SHAKE128': (p, m) => shake128(m, { dkLen: p.dkLen }),
  'SHAKE256': (p, m) => shake256(m, { dkLen: p.dkLen }),
  'cSHAKE128': (p, m) => cshake128(m, cs(p)),
  'cSHAKE256': (p, m) => cshake256(m, cs(p)),
  'KMAC128': (p, m) => kmac128(hex(p.key), m, kopts(p)),
  'KMAC256': (p, m) => kmac256(hex(p.key), m, kopts(p)),
  'KMACXOF128': (p, m) => kmac128xof(hex(p.key), m, kopts(p)),
  'KMACXOF256': (p, m) => kmac256xof(hex(p.key), m, kopts(p)),
  'TupleHash128': (p) => tuplehash128(tuple(p), kopts(p)),
  'TupleHash256': (p) => tuplehash256(tuple(p), kopts(p)),
  'TupleHashXOF128': (p) => tuplehash128xof(tuple(p), kopts(p)),
  'TupleHashXOF256': (p) => tuplehash256xof(tuple(p), kopts(p)),
  'ParallelHash128': (p, m) => parallelhash128(m, ph(p)),
  'ParallelHash256': (p, m) => parallelhash256(m, ph(p)),
  'ParallelHashXOF128': (p, m) => parallelhash128xof(m, ph(p)),
  'ParallelHashXOF256': (p, m) => parallelhash256xof(m, ph(p)),
  'KeccakPRG': (p) => prg(p),
};
