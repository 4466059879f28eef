// BLAKE2b and BLAKE2s (RFC 7693) from @noble/hashes/blake2.js, with the
// digest length, key, salt and personalization of the parameter block.
// noble 2.4.0 has no BLAKE2X and no tree parameters, so those are checked
// against the official vectors and x/crypto only.
import { blake2b, blake2s } from '@noble/hashes/blake2.js';
import { hex } from '../util.mjs';

function opts(p) {
  const o = { dkLen: p.dkLen };
  if (p.key) o.key = hex(p.key);
  if (p.salt) o.salt = hex(p.salt);
  if (p.personal) o.personalization = hex(p.personal);
  return o;
}

export default {
  'BLAKE2b': (p, m) => blake2b(m, opts(p)),
  'BLAKE2s': (p, m) => blake2s(m, opts(p)),
};
