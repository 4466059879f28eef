// RFC 9861: TurboSHAKE128/256 (params D: number, outLen: number) and
// KT128/KT256 (params C: hex customization, outLen: number).
import { turboshake128, turboshake256, kt128, kt256 } from '@noble/hashes/sha3-addons.js';
import { hex } from '../util.mjs';

export default {
  'TurboSHAKE128': (p, m) => turboshake128(m, { D: p.D, dkLen: p.outLen }),
  'TurboSHAKE256': (p, m) => turboshake256(m, { D: p.D, dkLen: p.outLen }),
  'KT128': (p, m) => kt128(m, { personalization: hex(p.C ?? ''), dkLen: p.outLen }),
  'KT256': (p, m) => kt256(m, { personalization: hex(p.C ?? ''), dkLen: p.outLen }),
};
