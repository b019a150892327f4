// NativeImport NDJSON (SPEC §2.10, §4): one fixture per preflight code, asserted by code and line
// (duplicates on the later line, naming the first); the full export passes with exact counts;
// the upload check; chunk invariance (CRLF, lone CR, multi-byte UTF-8 split anywhere); line order
// does not matter; a corrupted line deep in a 200,000-line file; `sluice check` exit codes 0/1/2.
// Values the engine once got wrong (impossible dates, a plus sign, a huge exponent) keep their tests.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import {
  ALL_COUNT_KEYS, PREFLIGHT_CODES, SluiceError, readNative,
  type NdjsonOptions, type NdjsonRecord, type NdjsonResult, type PreflightCode, type PreflightProblem, type Source,
} from '../engine/node.ts';
import { IdIndex } from '../engine/ndjson/ids.ts';
import { decimalFromJson, isDecimalJson } from '../engine/ndjson/values.ts';
import { asStream, chunksOf, utf8 } from './helpers.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/ndjson/${name}`, import.meta.url));
const fixtureBytes = (name: string) => new Uint8Array(readFileSync(fixture(name)));
const fixtureText = (name: string) => readFileSync(fixture(name), 'utf8');
const BIN = fileURLToPath(new URL('../bin/sluice.mjs', import.meta.url));

async function readAll(source: Source, options: NdjsonOptions = {}): Promise<{ records: NdjsonRecord[]; result: NdjsonResult }> {
  const reader = readNative(source, options);
  const records: NdjsonRecord[] = [];
  for await (const r of reader) records.push(r);
  return { records, result: await reader.result() };
}

const where = (ps: PreflightProblem[]) => ps.map((p) => [p.code, p.line]);

const FULL_EXPORT_COUNTS = {
  accounts: 7, balances: 2, categories: 5, tags: 2, merchants: 3, recurring_transactions: 1, transactions: 10, transfers: 2,
  rejected_transfers: 1, trades: 2, holdings: 2, valuations: 4, budgets: 1, budget_categories: 2, rules: 2,
};

type At = [PreflightCode, number | null];
interface CodeCase {
  file: string;
  options?: NdjsonOptions;
  errors: At[];
  warnings?: At[];
  /** Duplicates: reported line → the earlier line its message must name. */
  first?: Record<number, number>;
}

const EXISTING = { Category: ['Groceries'], Tag: ['Vacation'], Merchant: ['Netflix'] };

const CODE_CASES: CodeCase[] = [
  { file: 'invalid-json.ndjson', errors: [['invalid_json', 3]] },
  { file: 'invalid-ndjson-record.ndjson', errors: [2, 3, 4, 5, 6, 7, 8, 9].map((l): At => ['invalid_ndjson_record', l]) },
  { file: 'unsupported-record-type.ndjson', errors: [['unsupported_record_type', 2], ['unsupported_record_type', 4]] },
  { file: 'no-data-rows.ndjson', errors: [['unsupported_record_type', 1], ['unsupported_record_type', 2], ['no_data_rows', null]] },
  { file: 'missing-required-fields.ndjson', errors: [2, 3, 4, 5, 6, 7].map((l): At => ['missing_required_fields', l]) },
  { file: 'invalid-accountable-type.ndjson', errors: [['invalid_accountable_type', 2], ['invalid_accountable_type', 3]] },
  { file: 'duplicate-source-id.ndjson', errors: [['duplicate_source_id', 4], ['duplicate_source_id', 5]], first: { 4: 2, 5: 1 } },
  { file: 'duplicate-taxonomy-name.ndjson', errors: [['duplicate_taxonomy_name', 4], ['duplicate_taxonomy_name', 5]], first: { 4: 1, 5: 3 } },
  {
    file: 'existing-taxonomy-collision.ndjson', options: { existing_names: EXISTING },
    errors: [['existing_taxonomy_collision', 1], ['existing_taxonomy_collision', 3], ['existing_taxonomy_collision', 5]],
  },
  { file: 'existing-taxonomy-collision.ndjson', errors: [] },
  { file: 'missing-reference.ndjson', errors: [3, 4, 5, 6, 7, 8].map((l): At => ['missing_reference', l]) },
  // A rule operand resolves against the family's existing names when the file lacks it.
  { file: 'missing-reference.ndjson', options: { existing_names: { Category: ['Utilities'] } }, errors: [3, 4, 5, 7, 8].map((l): At => ['missing_reference', l]) },
  { file: 'invalid-split-lines.ndjson', errors: [2, 3, 4, 5].map((l): At => ['invalid_split_lines', l]) },
  { file: 'split-amount-mismatch.ndjson', errors: [['split_amount_mismatch', 2]] },
  { file: 'duplicate-valuation.ndjson', errors: [['duplicate_valuation', 4]], first: { 4: 2 } },
  { file: 'skipped-missing-reference.ndjson', errors: [], warnings: [['skipped_missing_reference', 3]] },
  { file: 'invalid-field-value.ndjson', errors: [2, 3, 4, 5, 6].map((l): At => ['invalid_field_value', l]) },
];

describe('preflight codes, one fixture each', () => {
  test('every preflight code has a fixture', () => {
    const covered = new Set(CODE_CASES.flatMap((c) => [...c.errors, ...(c.warnings ?? [])].map(([code]) => code)));
    assert.deepEqual([...covered].sort(), [...PREFLIGHT_CODES].sort());
  });

  for (const c of CODE_CASES) {
    const label = c.options ? `${c.file} with ${JSON.stringify(c.options)}` : c.file;
    test(label, async () => {
      const { result } = await readAll({ path: fixture(c.file) }, c.options);
      const { preflight } = result;
      assert.deepEqual(where(preflight.errors), c.errors);
      assert.deepEqual(where(preflight.warnings), c.warnings ?? []);
      assert.equal(preflight.valid, c.errors.length === 0);
      const counts: Record<string, number> = {};
      for (const [code] of c.errors) counts[code] = (counts[code] ?? 0) + 1;
      assert.deepEqual(preflight.error_counts, counts);
      for (const [later, earlier] of Object.entries(c.first ?? {})) {
        const p = preflight.errors.find((e) => e.line === Number(later))!;
        assert.match(p.message, new RegExp(`\\b${earlier}\\b`), `line ${later} names line ${earlier}`);
      }
    });
  }

  test('lines that are not records are yielded as such, and the rest of the file is still read', async () => {
    const { records, result } = await readAll({ path: fixture('invalid-ndjson-record.ndjson') });
    assert.deepEqual(records.map((r) => [r.line, r.type, r.valid]), [
      [1, 'Account', true], [2, null, false], [3, null, false], [4, null, false], [5, null, false], [6, null, false],
      [7, null, false], [8, null, false], [9, null, false], [10, 'Transaction', true],
    ]);
    assert.equal(result.rows_count, 2);
  });

  test('unsupported types are counted apart from the 15 keys', async () => {
    const { result } = await readAll({ path: fixture('unsupported-record-type.ndjson') });
    assert.deepEqual(result.unsupported_record_counts, { Import: 1, Family: 1 });
    assert.equal(result.expected_record_counts['accounts'], 1);
    assert.equal(result.expected_record_counts['transactions'], 1);
  });

  test('a skipped rejected transfer is still a line of its type', async () => {
    const { result } = await readAll({ path: fixture('skipped-missing-reference.ndjson') });
    assert.equal(result.expected_record_counts['rejected_transfers'], 1);
  });
});

describe('values the engine once got wrong', () => {
  const account = '{"type":"Account","data":{"id":"a1","name":"Checking","balance":"1.00","accountable_type":"Depository"}}';
  const txn = (id: string, date: string, amount: string) =>
    `{"type":"Transaction","data":{"id":"${id}","account_id":"a1","date":"${date}","amount":${amount}}}`;

  test('an impossible calendar date is invalid_field_value', async () => {
    const text = [account, txn('t1', '2024-02-30', '"1.00"'), txn('t2', '2024-13-01', '"1.00"'), txn('t3', '2024-02-29', '"1.00"')].join('\n');
    const { result } = await readAll(text);
    assert.deepEqual(where(result.preflight.errors), [['invalid_field_value', 2], ['invalid_field_value', 3]]);
  });

  test('a decimal string with a plus sign is a result, not a crash', async () => {
    const { result } = await readAll([account, txn('t1', '2024-01-01', '"+1.00"'), txn('t2', '2024-01-02', '"2.00"')].join('\n'));
    assert.equal(result.rows_count, 3);
    const errors = where(result.preflight.errors);
    assert.ok(errors.length === 0 || JSON.stringify(errors) === '[["invalid_field_value",2]]', JSON.stringify(errors));
  });
});

describe('the full export', () => {
  test('passes preflight with all 15 counts', async () => {
    const { records, result } = await readAll({ path: fixture('full-export.ndjson') });
    assert.deepEqual(result.expected_record_counts, FULL_EXPORT_COUNTS);
    assert.deepEqual(Object.keys(result.expected_record_counts), [...ALL_COUNT_KEYS]);
    assert.deepEqual(result.preflight, { valid: true, errors: [], warnings: [], error_counts: {}, warning_counts: {}, errors_truncated: false });
    assert.deepEqual([result.lines_count, result.rows_count, result.valid_rows_count, result.invalid_rows_count], [49, 46, 46, 0]);
    assert.deepEqual(result.unsupported_record_counts, {});
    assert.ok(records.every((r) => r.valid));
    assert.equal(records.find((r) => r.type === 'Merchant' && r.line === 20)?.data?.['name'], 'Café Müller');
  });

  test('CRLF and lone-CR line endings give the same records and result', async () => {
    const lf = await readAll({ path: fixture('full-export.ndjson') });
    const crlf = await readAll({ path: fixture('full-export-crlf.ndjson') });
    const cr = await readAll(fixtureText('full-export.ndjson').replace(/\n/g, '\r'));
    assert.equal(JSON.stringify(crlf), JSON.stringify(lf));
    assert.equal(JSON.stringify(cr), JSON.stringify(lf));
  });

  test('a UTF-8 BOM is dropped', async () => {
    const { result } = await readAll('\uFEFF' + fixtureText('full-export.ndjson'));
    assert.deepEqual(result.expected_record_counts, FULL_EXPORT_COUNTS);
    assert.equal(result.preflight.valid, true);
  });
});

describe('upload check', () => {
  const refused: [string, Source, string, number | null][] = [
    ['first-line-not-record.ndjson', { path: fixture('first-line-not-record.ndjson') }, 'NDJSON_NOT_RECORDS', 2],
    ['first line not JSON', '{"type": "Account",\n{"type":"Tag","data":{"id":"g","name":"V"}}\n', 'NDJSON_NOT_RECORDS', 1],
    ['first line an array', '[{"type":"Tag","data":{}}]\n', 'NDJSON_NOT_RECORDS', 1],
    ['blank.ndjson', { path: fixture('blank.ndjson') }, 'NDJSON_EMPTY', null],
    ['empty', '', 'NDJSON_EMPTY', null],
  ];
  for (const [label, source, code, line] of refused) {
    test(`${label} → ${code}`, async () => {
      await assert.rejects(readAll(source), (e: unknown) => {
        assert.ok(e instanceof SluiceError);
        assert.deepEqual([e.code, e.line], [code, line]);
        return true;
      });
    });
  }
});

describe('chunk invariance', () => {
  const multiByte = [
    '{"type":"Account","data":{"id":"a1","name":"Compte courant €","balance":"1 234","accountable_type":"Depository"}}',
    '{"type":"Category","data":{"id":"c1","name":"Café 日本"}}',
    '',
    '{"type":"Merchant","data":{"id":"m1","name":"寿司 🍣 Ōsaka"}}',
    '{"type":"Transaction","data":{"id":"t1","account_id":"a1","date":"2024-03-01","amount":"12.50","name":"Café 日本 — ½ price 🍣","category_id":"c1","merchant_id":"m1"}}',
  ].join('\r\n') + '\r\n';
  /** A Tag named "Caf" + the byte 0xFF, which is not UTF-8. */
  const notUtf8 = Buffer.from('{"type":"Tag","data":{"id":"g1","name":"Caf\xff"}}\n', 'latin1');
  const inputs: [string, Uint8Array][] = [
    ['full-export.ndjson', fixtureBytes('full-export.ndjson')],
    ['full-export-crlf.ndjson', fixtureBytes('full-export-crlf.ndjson')],
    ['multi-byte UTF-8, CRLF, BOM', utf8('\uFEFF' + multiByte)],
    ['lone CR', utf8(multiByte.replace(/\r\n/g, '\r'))],
    ['a line with bytes that are not UTF-8', Buffer.concat([utf8(multiByte), notUtf8])],
  ];
  for (const [label, bytes] of inputs) {
    test(`${label}: whole vs every chunk size 1..64`, async () => {
      const whole = await readAll(bytes);
      const wantRecords = JSON.stringify(whole.records);
      const wantResult = JSON.stringify(whole.result);
      for (let size = 1; size <= 64; size++) {
        const part = await readAll(asStream(chunksOf(bytes, size)));
        assert.equal(JSON.stringify(part.records), wantRecords, `chunk size ${size}`);
        assert.equal(JSON.stringify(part.result), wantResult, `chunk size ${size}`);
      }
    });
  }

  // A file is read 1 MiB at a time into two buffers used in turn: lines crossing a read, a
  // multi-byte character cut by one, and a line carried across several reads must come out as they
  // do from the same bytes in memory.
  test('a 5 MB file read into reused buffers: the same records and result as its bytes in memory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-ndjson-'));
    try {
      const lines = [multiByte.trimEnd()];
      for (let i = 0, length = 0; length < 5_000_000; i++) {
        const name = i % 9973 === 1 ? 'ß'.repeat(700_000) : `Café ${i} 日本`; // two lines longer than a read
        lines.push(`{"type":"Tag","data":{"id":"g${i}","name":"${name}"}}`);
        length += lines.at(-1)!.length;
      }
      const bytes = utf8(lines.join('\r\n') + '\n');
      const path = join(dir, 'big.ndjson');
      writeFileSync(path, bytes);
      const fromFile = await readAll({ path });
      const inMemory = await readAll(bytes);
      assert.equal(fromFile.records.length, lines.length + 3); // the first holds four records
      assert.equal(JSON.stringify(fromFile.records), JSON.stringify(inMemory.records));
      assert.deepEqual(fromFile.result, inMemory.result);
      // Stopping early closes the file after the read in flight.
      const reader = readNative({ path });
      for await (const batch of reader.batches()) if (batch.length > 0) break;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('bytes that are not UTF-8 make their line invalid_json, and only it', async () => {
    const { records, result } = await readAll(Buffer.concat([notUtf8, utf8(multiByte)]));
    assert.deepEqual(records.map((r) => [r.line, r.valid]), [[1, false], [2, false], [3, true], [5, true], [6, true]]);
    assert.equal(records[0]!.data?.['name'], 'Caf\uFFFD');
    assert.deepEqual(where(result.preflight.errors), [['invalid_json', 1], ['invalid_field_value', 2]]);
    assert.match(result.preflight.errors[0]!.message, /not UTF-8/);
  });

  test('another encoding given as an option is decoded before the lines are cut', async () => {
    const latin1 = Buffer.from(multiByte.replace(/[^\x00-\xff]/g, '?') + notUtf8.toString('latin1'), 'latin1');
    const { records, result } = await readAll(latin1, { encoding: 'windows-1252' });
    assert.equal(result.encoding, 'windows-1252');
    assert.deepEqual(records.map((r) => r.data?.['name']), ['Compte courant ?', 'Café ??', '?? ?? ?saka', 'Café ?? ? ½ price ??', 'Cafÿ']);
  });

  test('multi-byte text survives decoding', async () => {
    const { records, result } = await readAll(utf8(multiByte));
    assert.deepEqual(records.map((r) => r.data?.['name']), ['Compte courant €', 'Café 日本', '寿司 🍣 Ōsaka', 'Café 日本 — ½ price 🍣']);
    assert.deepEqual(records.map((r) => r.line), [1, 2, 4, 5]);
    assert.equal(result.preflight.valid, false); // "1 234" is not a decimal: the file is read, line 1 is reported
    assert.deepEqual(where(result.preflight.errors), [['invalid_field_value', 1]]);
  });
});

describe('decimals in records', () => {
  const cases: [unknown, string | null][] = [
    ['12.50', '12.50'], ['-12.50', '-12.50'], ['0', '0'], ['0.00', '0.00'], ['-0', '0'], ['-0.00', '0.00'], ['-0.01', '-0.01'],
    ['007.5', '7.5'], ['+3', '3'], ['12.', '12'], ['.5', '0.5'], [' 4.20 ', '4.20'], ['1e3', '1000'], ['1.5e-2', '0.015'],
    ['-2E+2', '-200'], [12.5, '12.5'], [-3, '-3'], [0.1, '0.1'], [1e21, '1000000000000000000000'], [1e-7, '0.0000001'],
    ['abc', null], ['1.2.3', null], ['', null], ['-', null], ['1 234', null], ['1,5', null], ['1e100000000', null],
    [Number.NaN, null], [true, null], [null, null], [['1'], null],
  ];
  for (const [value, want] of cases) {
    test(`${JSON.stringify(value) ?? String(value)} → ${want}`, () => {
      assert.equal(decimalFromJson(value), want);
      assert.equal(isDecimalJson(value), want !== null);
    });
  }
});

describe('the id index', () => {
  const uuid = (n: number) => {
    const h = (n * 2654435761 >>> 0).toString(16).padStart(8, '0');
    return `${h}-${n.toString(16).padStart(4, '0').slice(-4)}-4000-8000-${n.toString(16).padStart(12, '0')}`;
  };
  /** UUIDv7-like: a shared timestamp prefix, the rest counting. */
  const uuid7 = (n: number) => `01890a5d-ac96-7${n.toString(16).padStart(3, '0').slice(-3)}-8000-${n.toString(16).padStart(12, '0')}`;
  type Dup = [id: string, line: number, first: number, split: boolean];
  type Miss = [id: string, line: number, ref: number];
  const seal = (idx: IdIndex) => {
    const duplicates: Dup[] = [];
    const unresolved: Miss[] = [];
    idx.seal((...d) => duplicates.push(d), (...u) => unresolved.push(u));
    return { duplicates, unresolved };
  };
  test('ids sharing their first digits (UUIDv7) are told apart', () => {
    const idx = new IdIndex();
    for (let i = 0; i < 30_000; i++) idx.add(uuid7(i), i + 1);
    for (let i = 0; i < 30_000; i++) assert.equal(idx.has(uuid7(i)), true, 'found while reading (the lookup table)');
    assert.equal(idx.has(uuid7(30_000)), false);
    assert.deepEqual(seal(idx), { duplicates: [], unresolved: [] });
  });
  // The lookup table starts small, grows many times over, and stops at 65,536 ids: past it, ids
  // are found by seal.
  for (const count of [10, 4096, 4097, 70_000]) {
    test(`${count} ids: duplicates found with their first line, references resolved, none invented`, () => {
      const idx = new IdIndex();
      const others = ['42', 'ACCT-1', 'D9BBB9E6-4854-4FE9-935C-9FF6A9752AAF', 'd9bbb9e6-4854-4fe9-935c-9ff6a9752aa', 'g9bbb9e6-4854-4fe9-935c-9ff6a9752aaf'];
      for (let i = 0; i < count; i++) idx.add(uuid(i), i + 1);
      others.forEach((id, i) => idx.add(id, count + i + 1));
      idx.add(uuid(count - 1), 999_999);
      idx.add('ACCT-1', 999_998, true);
      idx.add(uuid(0), 1_000_000, true);
      assert.equal(idx.has(uuid(Math.min(count, 65_536) - 1)), true);
      // References: every id (found now or at seal), 100 that are not there, and ids that are not UUIDs.
      for (let i = 0; i < count + 100; i++) idx.refer(uuid(i), 2_000_000 + i, i % 3);
      idx.refer('ACCT-2', 5, 0);
      idx.refer('ACCT-1', 6, 0);
      idx.refer('42', 7, 1);
      const { duplicates, unresolved } = seal(idx);
      assert.deepEqual(duplicates.sort((a, b) => a[1] - b[1]), [['ACCT-1', 999_998, count + 2, true], [uuid(count - 1), 999_999, count, false], [uuid(0), 1_000_000, 1, true]]);
      assert.deepEqual(unresolved.sort((a, b) => a[1] - b[1]), [
        ['ACCT-2', 5, 0], ...Array.from({ length: 100 }, (_, k): Miss => [uuid(count + k), 2_000_000 + count + k, (count + k) % 3]),
      ]);
      for (let i = 0; i < count; i++) assert.equal(idx.has(uuid(i)), true);
      others.forEach((id) => assert.equal(idx.has(id), true, id));
      for (let i = count; i < count + 100; i++) assert.equal(idx.has(uuid(i)), false);
      assert.equal(idx.has('d9bbb9e6-4854-4fe9-935c-9ff6a9752aaf'), false, 'ids are exact: case matters');
    });
  }
  test('one id used on every line: each later use names the first', () => {
    const idx = new IdIndex(false);
    for (let i = 1; i <= 5000; i++) idx.add(uuid(7), i * 2);
    const { duplicates } = seal(idx);
    assert.equal(duplicates.length, 4999);
    assert.ok(duplicates.every(([id, line, first, split], k) => id === uuid(7) && line === (k + 2) * 2 && first === 2 && !split));
  });
  test('a space no reference points into keeps no lookup table: its ids are found at seal', () => {
    const idx = new IdIndex(false);
    idx.add(uuid(1), 1);
    assert.equal(idx.has(uuid(1)), false, 'not looked up while reading');
    seal(idx);
    assert.equal(idx.has(uuid(1)), true);
  });
});

describe('ids and references settled when the file ends', () => {
  const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${(n * 7919).toString(16).padStart(12, '0')}`;
  const account = `{"type":"Account","data":{"id":"${uuid(0)}","name":"Checking","balance":"1.00","accountable_type":"Depository"}}`;
  const txn = (n: number, extra = '') => `{"type":"Transaction","data":{"id":"${uuid(n)}","account_id":"${uuid(0)}","date":"2024-03-01","amount":"1.00"${extra}}}`;
  const transfer = (a: number, b: number) => `{"type":"Transfer","data":{"inflow_transaction_id":"${uuid(a)}","outflow_transaction_id":"${uuid(b)}"}}`;

  test('a duplicate id: reported with both lines, its record counted invalid once, the record itself left as read', async () => {
    const text = [
      account, txn(1), txn(2), txn(1),
      txn(2, ',"date":"2024-02-30"'), // a duplicate that also has a problem of its own: invalid once
      txn(3, `,"amount":"3.00","split_lines":[{"id":"${uuid(1)}","amount":"1.00"},{"id":"${uuid(9)}","amount":"2.00"}]`),
    ].join('\n');
    const { records, result } = await readAll(text);
    assert.deepEqual(where(result.preflight.errors), [['duplicate_source_id', 4], ['invalid_field_value', 5], ['duplicate_source_id', 5], ['duplicate_source_id', 6]]);
    assert.match(result.preflight.errors[0]!.message, /^Transaction id "[^"]+" was already used on line 2$/);
    assert.match(result.preflight.errors[3]!.message, /^Transaction split line id "[^"]+" was already used on line 2$/);
    assert.deepEqual(records.map((r) => r.valid), [true, true, true, true, false, true]);
    assert.equal(result.invalid_rows_count, 3);
    assert.equal(result.valid_rows_count, 3);
  });

  // The lookup table of a space holds its first 65,536 ids; references past it wait for the end.
  test('transfers naming transactions far past the lookup table resolve; a missing one is named on its line', async () => {
    const n = 70_000;
    const lines = [account];
    for (let i = 1; i <= n; i++) lines.push(txn(i));
    lines.push(transfer(1, n), transfer(n - 1, 65_537), transfer(n + 5, 2));
    const { result } = await readAll(lines.join('\n'));
    const { preflight } = result;
    assert.deepEqual(where(preflight.errors), [['missing_reference', n + 4]]);
    assert.equal(preflight.errors[0]!.message, `Transfer inflow_transaction_id "${uuid(n + 5)}" names no Transaction in this file`);
    assert.equal(result.invalid_rows_count, 0);
  });
});

describe('line order does not matter', () => {
  const lines = [
    '{"type":"Rule","data":{"id":"r1","actions":[{"action_type":"set_transaction_category","value":"Dining"}],"conditions":[{"condition_type":"transaction_merchant","operator":"=","value":"Bistro"}]}}',
    '{"type":"BudgetCategory","data":{"budget_id":"b1","category_id":"c2"}}',
    '{"type":"Transfer","data":{"inflow_transaction_id":"t2","outflow_transaction_id":"t1"}}',
    '{"type":"Transaction","data":{"id":"t1","account_id":"a1","date":"2024-03-01","amount":"10.00","category_id":"c2","merchant_id":"m1","tag_ids":["g1"]}}',
    '{"type":"Category","data":{"id":"c2","name":"Dining","parent_id":"c1"}}',
    '{"type":"Transaction","data":{"id":"t2","account_id":"a2","date":"2024-03-01","amount":"-10.00"}}',
    '{"type":"Category","data":{"id":"c1","name":"Food"}}',
    '{"type":"Tag","data":{"id":"g1","name":"Trip"}}',
    '{"type":"Merchant","data":{"id":"m1","name":"Bistro"}}',
    '{"type":"Budget","data":{"id":"b1","start_date":"2024-03-01","end_date":"2024-03-31"}}',
    '{"type":"Account","data":{"id":"a1","name":"Checking","balance":"0","accountable_type":"Depository"}}',
    '{"type":"Account","data":{"id":"a2","name":"Card","balance":"0","accountable_type":"CreditCard"}}',
  ];

  test('every reference to a later line resolves', async () => {
    const { result } = await readAll(lines.join('\n'));
    assert.deepEqual(result.preflight.errors, []);
  });

  test('…and removing the later record makes it a missing_reference', async () => {
    const { result } = await readAll(lines.filter((l) => !l.includes('"id":"c1"')).join('\n'));
    assert.deepEqual(where(result.preflight.errors), [['missing_reference', 5]]); // Dining's parent_id
  });

  test('the full export read bottom-up passes with the same counts', async () => {
    const reversed = fixtureText('full-export.ndjson').split('\n').reverse().join('\n');
    const { result } = await readAll(reversed);
    assert.deepEqual(result.preflight.errors, []);
    assert.deepEqual(result.expected_record_counts, FULL_EXPORT_COUNTS);
  });
});

describe('a large file', () => {
  const LINES = 200_000;
  const BAD = 173_205;
  const hex = (n: number, w: number) => n.toString(16).padStart(w, '0');
  async function* generate(): AsyncGenerator<Uint8Array> {
    const encoder = new TextEncoder();
    let block = '{"type":"Account","data":{"id":"aaaaaaaa-0000-4000-8000-000000000001","name":"Checking","balance":"0","accountable_type":"Depository"}}\n';
    for (let line = 2; line <= LINES; line++) {
      const id = `${hex(line, 8)}-0000-4000-8000-${hex(line * 7, 12)}`;
      const rec = `{"type":"Transaction","data":{"id":"${id}","account_id":"aaaaaaaa-0000-4000-8000-000000000001","date":"2024-03-01","amount":"${line % 1000}.${String(line % 100).padStart(2, '0')}","name":"Payee ${line}"}}`;
      block += (line === BAD ? rec.slice(0, 77) : rec) + '\n';
      if (line % 1000 === 0) {
        const bytes = encoder.encode(block);
        yield bytes.subarray(0, 40_013); // cut mid-line
        yield bytes.subarray(40_013);
        block = '';
      }
    }
    if (block !== '') yield encoder.encode(block);
  }

  test(`a corrupted line ${BAD} of ${LINES} is reported by number and fails the preflight`, async () => {
    const reader = readNative(generate());
    const bad: number[] = [];
    for await (const batch of reader.batches()) for (const r of batch) if (!r.valid) bad.push(r.line);
    const result = await reader.result();
    assert.deepEqual(bad, [BAD]);
    assert.equal(result.preflight.valid, false);
    assert.deepEqual(where(result.preflight.errors), [['invalid_json', BAD]]);
    assert.deepEqual(result.preflight.error_counts, { invalid_json: 1 });
    assert.equal(result.lines_count, LINES);
    assert.equal(result.rows_count, LINES - 1);
    assert.equal(result.expected_record_counts['transactions'], LINES - 2);
  });
});

describe('sluice check --type NativeImport', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-ndjson-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const sluice = (file: string) => {
    const r = spawnSync(process.execPath, [BIN, 'check', '--type', 'NativeImport', file, '--json'], { encoding: 'utf8', timeout: 60_000 });
    return { status: r.status, json: r.stdout ? JSON.parse(r.stdout) : null, stderr: r.stderr };
  };

  test('exit 0: the full export, with expected_record_counts and preflight', () => {
    const r = sluice(fixture('full-export.ndjson'));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.json.type, 'NativeImport');
    assert.deepEqual(r.json.expected_record_counts, FULL_EXPORT_COUNTS);
    assert.deepEqual([r.json.preflight.valid, r.json.preflight.errors, r.json.preflight.warnings], [true, [], []]);
  });

  test('exit 0 with warnings only', () => {
    const r = sluice(fixture('skipped-missing-reference.ndjson'));
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(where(r.json.preflight.warnings), [['skipped_missing_reference', 3]]);
  });

  test('exit 1: preflight errors, listed with code and line', () => {
    const r = sluice(fixture('duplicate-valuation.ndjson'));
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.json.preflight.valid, false);
    assert.deepEqual(where(r.json.preflight.errors), [['duplicate_valuation', 4]]);
    assert.deepEqual(r.json.expected_record_counts, { ...Object.fromEntries(ALL_COUNT_KEYS.map((k) => [k, 0])), accounts: 2, valuations: 4 });
  });

  for (const [file, code, line] of [['first-line-not-record.ndjson', 'NDJSON_NOT_RECORDS', 2], ['blank.ndjson', 'NDJSON_EMPTY', null]] as const) {
    test(`exit 2: ${file} → {error: ${code}}`, () => {
      const r = sluice(fixture(file));
      assert.equal(r.status, 2, r.stderr);
      assert.deepEqual([r.json.error.code, r.json.error.line], [code, line]);
    });
  }

  test('a decimal with a huge exponent is read in flat memory', () => {
    const file = join(dir, 'huge-exponent.ndjson');
    writeFileSync(file, '{"type":"Account","data":{"id":"a1","name":"Checking","balance":"1.00","accountable_type":"Depository"}}\n' +
      '{"type":"Transaction","data":{"id":"t1","account_id":"a1","date":"2024-01-01","amount":"1e100000000"}}\n');
    const r = spawnSync(process.execPath, ['--max-old-space-size=64', BIN, 'check', '--type', 'NativeImport', file, '--json'], { encoding: 'utf8', timeout: 60_000 });
    assert.ok(r.status === 0 || r.status === 1, `exit ${r.status} ${r.signal ?? ''}`);
    assert.equal(JSON.parse(r.stdout).rows_count, 2);
  });
});
