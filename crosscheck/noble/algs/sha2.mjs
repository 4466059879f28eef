import { sha224, sha256, sha384, sha512, sha512_224, sha512_256 } from '@noble/hashes/sha2.js';
import { md5, sha1, ripemd160 } from '@noble/hashes/legacy.js';

export default {
  'SHA2-224': (p, m) => sha224(m),
  'SHA2-256': (p, m) => sha256(m),
  'SHA2-384': (p, m) => sha384(m),
  'SHA2-512': (p, m) => sha512(m),
  'SHA2-512/224': (p, m) => sha512_224(m),
  'SHA2-512/256': (p, m) => sha512_256(m),
  'MD5': (p, m) => md5(m),
  'SHA-1': (p, m) => sha1(m),
  'RIPEMD-160': (p, m) => ripemd160(m),
};
