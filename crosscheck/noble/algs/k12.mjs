// RFC 9861: TurboSHAKE128/256 (params D: number, outLen: number) and
// KT128/KT256 (params C: hex customization, outLen: number); M14
// (MarsupilamiFourteen, same params) from @noble/hashes 1.8.0, the last
// release that has it (crosscheck/noble/legacy).
import { turboshake128, turboshake256, kt128, kt256 } from '@noble/hashes/sha3-addons.js';
import { hex } from '../util.mjs';

// Without `npm ci` in legacy/, M14 cases answer with an error and the rest still run.
let m14 = () => { throw new Error('crosscheck/noble/legacy is not installed (npm ci there)'); };
try {
  ({ m14 } = await import('../legacy/node_modules/@noble/hashes/sha3-addons.js'));
} catch {}

export default {
  'TurboSHAKE128': (p, m) => turboshake128(m, { D: p.D, dkLen: p.outLen }),
  'TurboSHAKE256': (p, m) => turboshake256(m, { D: p.D, dkLen: p.outLen }),
  'KT128': (p, m) => kt128(m, { personalization: hex(p.C ?? ''), dkLen: p.outLen }),
  'KT256': (p, m) => kt256(m, { personalization: hex(p.C ?? ''), dkLen: p.outLen }),
  'M14': (p, m) => m14(m, { personalization: hex(p.C ?? ''), dkLen: p.outLen }),
};
