// Cross-check driver: reads one JSON case per line on standard input,
// {"alg": NAME, "params": {...}, "input": HEX}, and writes one JSON line per
// case, {"out": HEX} or {"err": MESSAGE}, in the same order.
//
// Each file in algs/ exports a default object mapping algorithm names to
// functions (params, input: Uint8Array) => Uint8Array. Byte-string
// parameters arrive as hex strings; use hex() from ./util.mjs to decode them.
import { readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { hex, toHex } from './util.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const algs = {};
for (const f of readdirSync(join(here, 'algs')).sort()) {
  if (!f.endsWith('.mjs')) continue;
  const mod = await import(pathToFileURL(join(here, 'algs', f)).href);
  for (const [name, fn] of Object.entries(mod.default)) {
    if (name in algs) throw new Error(`algorithm ${name} defined twice (algs/${f})`);
    algs[name] = fn;
  }
}

if (process.argv[2] === '--list') {
  console.log(Object.keys(algs).sort().join('\n'));
  process.exit(0);
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of rl) {
  if (!line.trim()) continue;
  let res;
  try {
    const c = JSON.parse(line);
    const fn = algs[c.alg];
    if (!fn) throw new Error(`unknown algorithm ${c.alg}`);
    res = { out: toHex(fn(c.params || {}, hex(c.input || ''))) };
  } catch (e) {
    res = { err: String(e && e.message ? e.message : e) };
  }
  out.push(JSON.stringify(res));
  if (out.length >= 256) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
