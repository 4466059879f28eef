// Memory-hard KDFs: scrypt, Argon2d/i/id (with secret and associated data),
// and ESKDF (main seed, child keys, fingerprint).
import { scrypt } from '@noble/hashes/scrypt.js';
import { argon2d, argon2i, argon2id } from '@noble/hashes/argon2.js';
import { eskdf, deriveMainSeed } from '@noble/hashes/eskdf.js';
import { hex } from '../util.mjs';

// scrypt: params N, r, p, dkLen, salt (hex); input = password.
function scryptCase(p, m) {
  return scrypt(m, hex(p.salt), { N: p.N, r: p.r, p: p.p, dkLen: p.dkLen });
}

// Argon2: params t, m, p, version, dkLen, salt, secret, ad (hex, optional);
// input = password. noble calls the secret "key" and the associated data
// "personalization".
function argon(fn) {
  return (p, m) =>
    fn(m, hex(p.salt), {
      t: p.t, m: p.m, p: p.p, version: p.version, dkLen: p.dkLen,
      key: hex(p.secret), personalization: hex(p.ad),
    });
}

// ESKDF instances cost scrypt N=2^19 plus PBKDF2 2^17 each; eskdf() is
// async, and the driver calls algorithms synchronously. So a test first
// sends 'ESKDF-start' (params username, password), which runs eskdf() (its
// work is synchronous; only the result arrives in a promise, resolved before
// the driver reads the next line), then 'ESKDF-child' and
// 'ESKDF-fingerprint' cases for the same username and password.
const instances = new Map();
const key = (p) => JSON.stringify([p.username, p.password]);

function started(p) {
  const e = instances.get(key(p));
  if (!e) throw new Error('ESKDF-start was not sent for this username and password');
  if (e.error) throw e.error;
  return e;
}

export default {
  'scrypt': scryptCase,
  'Argon2d': argon(argon2d),
  'Argon2i': argon(argon2i),
  'Argon2id': argon(argon2id),
  // Main seed: params username, password.
  'ESKDF-seed': (p) => deriveMainSeed(p.username, p.password),
  'ESKDF-start': (p) => {
    eskdf(p.username, p.password).then(
      (e) => instances.set(key(p), e),
      (error) => instances.set(key(p), { error })
    );
    return new Uint8Array(0);
  },
  // Child key: params username, password, protocol, account (number or
  // string, absent for the default), keyLength or modulus (hex) optional.
  'ESKDF-child': (p) => {
    const e = started(p);
    let opts;
    if (p.keyLength !== undefined) opts = { keyLength: p.keyLength };
    if (p.modulus !== undefined) opts = { ...opts, modulus: BigInt('0x' + p.modulus) };
    return e.deriveChildKey(p.protocol, p.account, opts);
  },
  // Fingerprint as UTF-8 bytes.
  'ESKDF-fingerprint': (p) => new TextEncoder().encode(started(p).fingerprint),
};
