import { hexToBytes, bytesToHex } from '@noble/hashes/utils.js';

// hex decodes a hex string parameter; undefined stays undefined.
export function hex(s) {
  if (s === undefined || s === null) return undefined;
  return hexToBytes(s);
}

export function toHex(b) {
  if (!(b instanceof Uint8Array)) throw new Error('algorithm returned ' + typeof b);
  return bytesToHex(b);
}
