import { blake224, blake256, blake384, blake512 } from '@noble/hashes/blake1.js';
import { hex } from '../util.mjs';

// BLAKE (the SHA-3 finalist, v1.3). params.salt: optional hex salt, 16 bytes
// for BLAKE-224/256 and 32 bytes for BLAKE-384/512 (noble rejects others).
const opts = (p) => (p.salt === undefined ? {} : { salt: hex(p.salt) });

export default {
  'BLAKE-224': (p, m) => blake224(m, opts(p)),
  'BLAKE-256': (p, m) => blake256(m, opts(p)),
  'BLAKE-384': (p, m) => blake384(m, opts(p)),
  'BLAKE-512': (p, m) => blake512(m, opts(p)),
};
