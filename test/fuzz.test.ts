// A seeded fuzz of `sluice check` (SPEC §3.12, issue 14): the project's fixture files, mutated
// (bytes flipped, inserted, deleted, duplicated, cut; runs of quotes, brackets and braces; two
// files spliced), are checked the way the CLI checks them (its own runCheck, the file on standard
// input) with and without --type. Whatever the bytes, the CLI answers: exit 0, 1 or 2, one JSON
// object on stdout with --json, nothing thrown (a throw is what prints a stack trace), and the
// same JSON whatever size the input arrives in chunks of.
//
// `npm test` runs FUZZ_ITERATIONS (default 60) mutations from FUZZ_SEED (default 1); `npm run
// fuzz` runs 3,000. A failure names the seed, the iteration and the file, so it can be replayed.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { rng } from '../bench/generate.ts';
import { runCheck } from '../cli/check.ts';
import { chunksOf } from './helpers.ts';

const ITERATIONS = Number(process.env['FUZZ_ITERATIONS'] ?? 60);
const SEED = Number(process.env['FUZZ_SEED'] ?? 1);
const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Fixture files by the --type they are read as (null: no --type, the file type is detected). */
const SOURCES: [dir: string, type: string | null][] = [
  ['csv', 'TransactionImport'], ['csv', null], ['inference', null], ['thirdparty', null], ['qif', 'QifImport'], ['ndjson', 'NativeImport'],
];
const files = SOURCES.flatMap(([dir, type]) =>
  readdirSync(join(FIXTURES, dir))
    .filter((f) => /\.(csv|qif|ndjson|txt)$/.test(f))
    .map((f) => ({ name: `${dir}/${f}`, type, bytes: readFileSync(join(FIXTURES, dir, f)) })),
);

const SPECIAL = [0x22, 0x2c, 0x3b, 0x0a, 0x0d, 0x00, 0xff, 0xc3, 0x7b, 0x5b, 0x5d, 0x7d, 0x09, 0x5e, 0x21];

function mutate(rand: () => number, bytes: Uint8Array, other: Uint8Array): { bytes: Uint8Array; how: string } {
  const at = (n: number) => Math.floor(rand() * n);
  let b: Uint8Array = Uint8Array.from(bytes);
  const hows: string[] = [];
  for (let k = 1 + at(3); k > 0; k--) {
    const pos = at(b.length + 1);
    switch (at(8)) {
      case 0: { // flip bytes
        for (let i = 0; i < 1 + at(8) && b.length > 0; i++) b[at(b.length)] = at(256);
        hows.push('flip');
        break;
      }
      case 1: { // insert special bytes
        const ins = Uint8Array.from({ length: 1 + at(6) }, () => SPECIAL[at(SPECIAL.length)]!);
        b = concat(b.subarray(0, pos), ins, b.subarray(pos));
        hows.push(`insert@${pos}`);
        break;
      }
      case 2: { // delete a range
        const end = Math.min(b.length, pos + 1 + at(64));
        b = concat(b.subarray(0, pos), b.subarray(end));
        hows.push(`delete@${pos}`);
        break;
      }
      case 3: { // duplicate a range
        const end = Math.min(b.length, pos + 1 + at(256));
        b = concat(b.subarray(0, end), b.subarray(pos, end), b.subarray(end));
        hows.push(`duplicate@${pos}`);
        break;
      }
      case 4: // cut short
        b = b.subarray(0, pos);
        hows.push(`cut@${pos}`);
        break;
      case 5: { // a long run of one hostile character (deep nesting, open quotes)
        const c = [0x22, 0x5b, 0x7b, 0x0d, 0x2c][at(5)]!;
        b = concat(b.subarray(0, pos), new Uint8Array(100 + at(5000)).fill(c), b.subarray(pos));
        hows.push(`run@${pos}`);
        break;
      }
      case 6: { // splice in part of another file
        const from = at(other.length + 1);
        b = concat(b.subarray(0, pos), other.subarray(from, from + at(2048)), b.subarray(pos));
        hows.push(`splice@${pos}`);
        break;
      }
      default: { // swap line endings
        b = Uint8Array.from(Buffer.from(Buffer.from(b).toString('latin1').replace(/\n/g, rand() < 0.5 ? '\r' : '\r\n'), 'latin1'));
        hows.push('line-endings');
      }
    }
  }
  return { bytes: b, how: hows.join(',') };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return Uint8Array.from(Buffer.concat(parts));
}

/** `sluice check - --json [--type T]` with the bytes on stdin in chunks of `size`. */
async function check(bytes: Uint8Array, type: string | null, size: number): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (add: (s: string) => void) => new Writable({ write(chunk, _enc, done) { add(String(chunk)); done(); } });
  const io = {
    stdout: sink((s) => { stdout += s; }),
    stderr: Object.assign(sink((s) => { stderr += s; }), { isTTY: false }),
    stdin: Readable.from(chunksOf(bytes, size), { objectMode: false }),
  };
  const argv = ['-', '--json', '--today', '2024-12-31', ...(type ? ['--type', type] : [])];
  const code = await runCheck(argv, io);
  return { code, stdout, stderr };
}

test(`sluice check on ${ITERATIONS} mutated fixtures (seed ${SEED}): exit 0/1/2, JSON, nothing thrown, the same in any chunk size`, async () => {
  assert.ok(files.length > 50, `${files.length} fixture files`);
  const rand = rng(SEED);
  const seen = new Map<number, number>();
  for (let i = 0; i < ITERATIONS; i++) {
    const file = files[Math.floor(rand() * files.length)]!;
    const other = files[Math.floor(rand() * files.length)]!;
    const { bytes, how } = mutate(rand, file.bytes, other.bytes);
    const where = `seed ${SEED}, iteration ${i}: ${file.name} (${how}), --type ${file.type ?? '(none)'}`;
    const sizes = bytes.length <= 4096 ? [bytes.length || 1, 1, 7] : [bytes.length, 64, 4093];
    let first: string | null = null;
    for (const size of sizes) {
      let got: Awaited<ReturnType<typeof check>>;
      try {
        got = await check(bytes, file.type, size);
      } catch (e) {
        assert.fail(`${where}, chunks of ${size}: threw ${(e as Error).stack}`);
      }
      assert.ok([0, 1, 2].includes(got.code), `${where}: exit ${got.code}`);
      assert.doesNotMatch(got.stderr, /\n\s+at /, `${where}: a stack trace`);
      try {
        JSON.parse(got.stdout);
      } catch {
        assert.fail(`${where}, chunks of ${size}: stdout is not one JSON object: ${got.stdout.slice(0, 300)}`);
      }
      if (first === null) first = got.stdout;
      else assert.equal(got.stdout, first, `${where}: chunks of ${size} answer differently from one chunk`);
      seen.set(got.code, (seen.get(got.code) ?? 0) + 1);
    }
  }
  // The mutations reach every kind of answer (a fuzz that only ever fails early tests little).
  if (ITERATIONS >= 60) for (const code of [0, 1, 2]) assert.ok((seen.get(code) ?? 0) > 0, `no input ended with exit ${code}: ${JSON.stringify([...seen])}`);
});
