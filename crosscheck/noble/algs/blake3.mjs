import { blake3 } from '@noble/hashes/blake3.js';
import { hex } from '../util.mjs';

// BLAKE3 with params {out_len, key (hex, 32 bytes), context (hex of the
// context string's bytes)}: at most one of key and context.
export default {
  'BLAKE3': (p, m) => {
    const opts = { dkLen: p.out_len ?? 32 };
    if (p.key !== undefined) opts.key = hex(p.key);
    if (p.context !== undefined) opts.context = hex(p.context);
    return blake3(m, opts);
  },
};
