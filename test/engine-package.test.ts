// The engine as a package (SPEC §7): its core imports nothing of Node, and reading on the web
// platform (TextDecoder and Uint8Array only, as in a browser) gives exactly what the Node platform
// (Buffer fast paths, iconv-lite) gives, for every fixture and in any chunking. The packed
// tarball, a plain-Node consumer and a strict TypeScript consumer are checked by
// .ci/engine-package.sh; the browser by test/browser.test.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readImport, readNative, SluiceError, type ImportOptions } from '../engine/node.ts';
import { usePlatform, WEB_PLATFORM } from '../engine/platform.ts';
import { NODE_PLATFORM } from '../engine/node-adapter.ts';
import { asStream, chunksOf } from './helpers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENGINE = join(ROOT, 'engine');
/** The Node adapter and the Node entry: the only engine modules that may use Node's APIs. */
const NODE_ONLY = new Set(['node-adapter.ts', 'node.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'dist' || name === 'node_modules' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

test('the core imports no node:* module and uses no Node global', () => {
  const files = sources(ENGINE).filter((f) => !NODE_ONLY.has(relative(ENGINE, f)));
  assert.ok(files.length > 40, `found only ${files.length} engine modules`);
  const offenders: string[] = [];
  for (const f of files) {
    const code = readFileSync(f, 'utf8').replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [what, re] of [
      ['a node: import', /from\s+['"]node:|import\(\s*['"]node:/],
      ['Buffer', /\bBuffer\b/],
      ['process', /\bprocess\./],
      ['require', /\brequire\(/],
      ['a Node-only package', /from\s+['"](iconv-lite|fs|path|stream|buffer|os)['"]/],
    ] as const) {
      if (re.test(code)) offenders.push(`${relative(ROOT, f)}: ${what}`);
    }
  }
  assert.deepEqual(offenders, []);
});

/** Every fixture the engine reads as rows: CSV, inference, QIF, budgeting-app and statement files. */
const FIXTURES = ['csv', 'inference', 'qif', 'thirdparty', 'ofx', 'camt', 'mt940', 'xlsx'].flatMap((dir) =>
  readdirSync(join(ROOT, 'fixtures', dir))
    .filter((n) => /\.(csv|qif|txt|tsv|ofx|qfx|xml|sta|xlsx)$/i.test(n))
    .map((n) => join('fixtures', dir, n)),
);

type Outcome = { rows: unknown[]; result: unknown } | { error: string };

/** What a read gave: its rows (or records) and result, or the file-level error that stopped it. */
async function outcome<T>(read: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof SluiceError) return { error: `${err.code}: ${err.message}` };
    throw err;
  }
}

const read = (bytes: Uint8Array, chunk: number, options: ImportOptions): Promise<Outcome> =>
  outcome(async () => {
    const reader = readImport(asStream(chunksOf(bytes, chunk)), options);
    const rows: unknown[] = [];
    for await (const row of reader) rows.push(row);
    return { rows, result: await reader.result() };
  });

async function onPlatform<T>(web: boolean, run: () => Promise<T>): Promise<T> {
  usePlatform(web ? WEB_PLATFORM : NODE_PLATFORM);
  try {
    return await run();
  } finally {
    usePlatform(NODE_PLATFORM);
  }
}

test('the web platform reads every fixture exactly as the Node platform does, in any chunking', async (t) => {
  assert.ok(FIXTURES.length > 60, `found only ${FIXTURES.length} fixtures`);
  for (const file of FIXTURES) {
    await t.test(file, async () => {
      const bytes = readFileSync(join(ROOT, file));
      const options: ImportOptions = { today: '2024-11-22' };
      const node = await onPlatform(false, () => read(bytes, 1 << 15, options));
      for (const chunk of [1 << 15, 7]) {
        const web = await onPlatform(true, () => read(bytes, chunk, options));
        assert.deepEqual(web, node, `chunks of ${chunk}`);
      }
    });
  }
});

test('single-byte code pages decode the same on both platforms', async (t) => {
  // Every byte above 0x7f once, in a table under each page the encoding guess considers.
  const high = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);
  for (const encoding of ['windows-1250', 'windows-1251', 'windows-1252', 'windows-1254', 'windows-1257', 'iso-8859-2', 'iso-8859-15']) {
    await t.test(encoding, () => {
      assert.equal(WEB_PLATFORM.decode(high, encoding), NODE_PLATFORM.decode(high, encoding));
      assert.equal(WEB_PLATFORM.encodingName(encoding), encoding);
    });
  }
});

test('NDJSON exports read the same on both platforms', async () => {
  const dir = join(ROOT, 'fixtures', 'ndjson');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ndjson'))) {
    const bytes = readFileSync(join(dir, name));
    const run = (chunk: number) =>
      outcome(async () => {
        const reader = readNative(asStream(chunksOf(bytes, chunk)));
        const records: unknown[] = [];
        for await (const r of reader) records.push(r);
        return { records, result: await reader.result() };
      });
    const node = await onPlatform(false, () => run(1 << 15));
    assert.deepEqual(await onPlatform(true, () => run(5)), node, name);
  }
});

test('web sources: a File, a Blob and a ReadableStream; a path is refused naming the Node entry', async () => {
  const csv = 'Date,Amount,Name\n2024-01-02,-12.50,Café\n2024-01-03,100.00,Salary\n';
  await onPlatform(true, async () => {
    for (const source of [
      new File([csv], 'statement.csv', { type: 'text/csv' }),
      new Blob([new TextEncoder().encode(csv)]),
      new Blob([csv]).stream(),
    ]) {
      const reader = readImport(source, { today: '2024-11-22' });
      const names: string[] = [];
      for await (const row of reader) names.push(String(row.fields.name));
      assert.deepEqual(names, ['Café', 'Salary']);
      assert.equal((await reader.result()).rows_count, 2);
    }
    await assert.rejects(readImport({ path: '/tmp/statement.csv' }).result(), (err: Error) => err instanceof TypeError && /Node entry/.test(err.message));
  });
});
