// Deep JSON (SPEC §3.12 "Depth", issue 14 finding 3): a rule's conditions or actions, or an NDJSON
// record, nested deeper than 64 levels is an issue on its row (ROW_TOO_DEEP; invalid_ndjson_record
// in the NDJSON preflight), never a crash: not in the engine, not in `sluice check --rows` (no
// stack trace), not as a 500 from the server. 64 levels, counted from the value itself, are fine.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readImport, readNative } from '../engine/node.ts';
import { MAX_JSON_DEPTH, tooDeep } from '../engine/parse/json-depth.ts';
import { startServer, type TestServer } from './server-helpers.ts';

const BIN = fileURLToPath(new URL('../bin/sluice.mjs', import.meta.url));

/** `n` arrays around `inner`: with an object inside, n + 1 levels. */
const arrays = (n: number, inner: string) => '['.repeat(n) + inner + ']'.repeat(n);
/** Rule conditions `levels` deep: arrays around one condition object (the outer array is level 1). */
const nestedArrays = (levels: number) => arrays(levels - 1, '{"condition_type":"transaction_name","operator":"like","value":"x"}');
const csvCell = (json: string) => `"${json.replaceAll('"', '""')}"`;
const ruleCsv = (conditions: string) =>
  'name,resource_type,active,effective_date,conditions,actions\n' +
  `Deep,transaction,true,2024-01-01,${csvCell(conditions)},${csvCell('[{"action_type":"set_transaction_category","value":"Food"}]')}\n`;
/** An NDJSON record whose data.extra nests `levels` arrays; the record is level 1, data level 2. */
const nativeLine = (levels: number) =>
  `{"type":"Tag","data":{"id":"aaaaaaaa-0000-4000-8000-000000000001","name":"t","extra":${'['.repeat(levels)}${']'.repeat(levels)}}}\n`;

describe('tooDeep counts levels from the value itself', () => {
  const cases: [string, unknown, boolean][] = [
    ['a scalar', 'x', false],
    ['64 nested arrays', JSON.parse(arrays(64, '1')), false],
    ['65 nested arrays', JSON.parse(arrays(65, '1')), true],
    ['64 nested objects', JSON.parse('{"a":'.repeat(63) + '{}' + '}'.repeat(63)), false],
    ['65 nested objects', JSON.parse('{"a":'.repeat(64) + '{}' + '}'.repeat(64)), true],
    ['deep in the last of many siblings', [1, [2], { a: [3] }, JSON.parse(arrays(64, '1'))], true],
  ];
  for (const [name, value, deep] of cases) test(name, () => assert.equal(tooDeep(value), deep));
  test('the limit is 64', () => assert.equal(MAX_JSON_DEPTH, 64));
});

async function rowsOf(text: string) {
  const rows = [];
  for await (const r of readImport(Buffer.from(text), { type: 'RuleImport' })) rows.push(r);
  return rows;
}

describe('RuleImport: conditions nested too deep are ROW_TOO_DEEP on their row', () => {
  for (const [levels, tooDeepRow] of [[64, false], [65, true], [10_000, true]] as const) {
    test(`${levels} levels`, async () => {
      const [row] = await rowsOf(ruleCsv(nestedArrays(levels)));
      const codes = row!.issues.map((i) => i.code);
      assert.equal(codes.includes('ROW_TOO_DEEP'), tooDeepRow, JSON.stringify(row!.issues).slice(0, 300));
      if (tooDeepRow) {
        const issue = row!.issues.find((i) => i.code === 'ROW_TOO_DEEP')!;
        assert.equal(issue.field, 'conditions');
        assert.equal(row!.valid, false);
        assert.equal(row!.fields['conditions'], null);
      }
      // Whatever the verdict, the row can be written out (what storing and --rows do).
      assert.doesNotThrow(() => JSON.stringify(row));
    });
  }
});

describe('NDJSON: a record nested too deep is invalid_ndjson_record', () => {
  // data.extra at `levels` arrays: record (1) + data (2) + arrays → total depth 2 + levels.
  for (const [levels, deep] of [[62, false], [63, true], [100_000, true]] as const) {
    test(`a record ${levels + 2} levels deep`, async () => {
      const reader = readNative(Buffer.from(nativeLine(levels)));
      const records: unknown[] = [];
      for await (const r of reader) records.push(r);
      const result = await reader.result();
      const flagged = result.preflight.errors.some((e) => e.code === 'invalid_ndjson_record' && /deeper than 64 levels/.test(e.message));
      assert.equal(flagged, deep);
      assert.doesNotThrow(() => JSON.stringify(records));
    });
  }
});

describe('sluice check and the server on deep JSON', () => {
  let dir: string;
  let s: TestServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-depth-'));
    s = await startServer();
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await s.close();
  });

  test('sluice check --type RuleImport --rows: exit 1, the row says ROW_TOO_DEEP, no stack trace', () => {
    const file = join(dir, 'rules.csv');
    writeFileSync(file, ruleCsv(nestedArrays(10_000)));
    const r = spawnSync(process.execPath, [BIN, 'check', file, '--type', 'RuleImport', '--rows'], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
    const row = JSON.parse(r.stdout.trim().split('\n')[0]!) as { valid: boolean; issues: { code: string }[] };
    assert.equal(row.valid, false);
    assert.ok(row.issues.some((i) => i.code === 'ROW_TOO_DEEP'));
  });

  test('sluice check --type NativeImport --json on a 100,000-level record: exit 1, no stack trace', () => {
    const file = join(dir, 'deep.ndjson');
    writeFileSync(file, nativeLine(100_000));
    const r = spawnSync(process.execPath, [BIN, 'check', file, '--type', 'NativeImport', '--json'], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
    const out = JSON.parse(r.stdout) as { preflight: { errors: { code: string }[] } };
    assert.ok(out.preflight.errors.some((e) => e.code === 'invalid_ndjson_record'));
  });

  test('POST a RuleImport of 10,000 levels: 201, the row invalid with ROW_TOO_DEEP', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'RuleImport', raw_file_content: ruleCsv(nestedArrays(10_000)) } });
    assert.equal(r.status, 201, JSON.stringify(r.body).slice(0, 300));
    assert.equal(r.body.data.stats.invalid_rows_count, 1);
    const rows = await s.api('GET', `/api/v1/imports/${r.body.data.id}/rows`);
    assert.ok(rows.body.data[0].issues.some((i: { code: string }) => i.code === 'ROW_TOO_DEEP'));
  });

  test('POST a NativeImport with a 100,000-level record: 201, not publishable, its row names the problem', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'NativeImport', raw_file_content: nativeLine(100_000) } });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.status_detail.publishable, false);
    const tried = await s.api('POST', '/api/v1/imports/preflight', { json: { type: 'NativeImport', raw_file_content: nativeLine(100_000) } });
    assert.equal(tried.status, 200);
    const error = tried.body.data.errors.find((e: { code: string }) => e.code === 'invalid_ndjson_record');
    assert.equal(error?.line, 1);
    assert.match(error.message, /deeper than 64 levels/);
    const published = await s.api('POST', `/api/v1/imports/${r.body.data.id}/publish`);
    assert.equal(published.status, 422);
    assert.equal(published.body.error, 'preflight_failed');
  });
});
