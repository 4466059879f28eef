// HMAC, HKDF and PBKDF2 over any hash by its vector-file name (params.hash).
import { hmac } from '@noble/hashes/hmac.js';
import { hkdf, extract } from '@noble/hashes/hkdf.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { hashByName } from '../hashes.mjs';
import { hex } from '../util.mjs';

export default {
  // params: hash, key (hex); input: the message.
  'HMAC': (p, m) => hmac(hashByName(p.hash), hex(p.key), m),
  // params: hash, salt (hex, may be absent for none), info (hex), length;
  // input: the input keying material.
  'HKDF': (p, m) => hkdf(hashByName(p.hash), m, hex(p.salt), hex(p.info ?? ''), p.length),
  // params: hash, salt (hex, may be absent); input: the input keying material.
  'HKDF-Extract': (p, m) => extract(hashByName(p.hash), m, hex(p.salt)),
  // params: hash, salt (hex), iterations, length; input: the password.
  'PBKDF2': (p, m) => pbkdf2(hashByName(p.hash), m, hex(p.salt), { c: p.iterations, dkLen: p.length }),
};
