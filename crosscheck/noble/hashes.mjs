// Hash constructors by the names the vector files use (params.hash), for the
// keyed and derived constructions (HMAC, HKDF, PBKDF2).
import { sha224, sha256, sha384, sha512, sha512_224, sha512_256 } from '@noble/hashes/sha2.js';
import { sha3_224, sha3_256, sha3_384, sha3_512 } from '@noble/hashes/sha3.js';
import { md5, sha1, ripemd160 } from '@noble/hashes/legacy.js';

const byName = {
  'MD5': md5, 'SHA-1': sha1, 'RIPEMD-160': ripemd160,
  'SHA2-224': sha224, 'SHA2-256': sha256, 'SHA2-384': sha384, 'SHA2-512': sha512,
  'SHA2-512/224': sha512_224, 'SHA2-512/256': sha512_256,
  'SHA3-224': sha3_224, 'SHA3-256': sha3_256, 'SHA3-384': sha3_384, 'SHA3-512': sha3_512,
};

export function hashByName(name) {
  const h = byName[name];
  if (!h) throw new Error(`unknown hash ${name}`);
  return h;
}
