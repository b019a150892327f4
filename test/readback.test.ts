// Verification readback (SPEC §2.11) as a table: expected counts, the family's counts before and
// after the write → actual_delta_counts, checked_counts, mismatches and status, each asserted
// whole. Then the failed and not-verified shapes, and a clean import of the full export fixture.

import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { ALL_COUNT_KEYS, failedReadback, notVerified, readNative, readback } from '../engine/node.ts';

type Counts = Record<string, number>;
interface Case {
  name: string;
  expected: Counts;
  before: Counts;
  after: Counts;
  delta: Counts;
  checked: Counts;
  mismatches: Record<string, { expected: number; actual: number }>;
}

const AT = new Date('2024-04-01T12:00:00.000Z');
const zeros = (): Counts => Object.fromEntries(ALL_COUNT_KEYS.map((k) => [k, 0]));

const CASES: Case[] = [
  {
    name: 'matched: every delta is what the file held',
    expected: { accounts: 2, transactions: 5 },
    before: { accounts: 1, transactions: 10, tags: 3 },
    after: { accounts: 3, transactions: 15, tags: 3 },
    delta: { accounts: 2, tags: 0, transactions: 5 },
    checked: { accounts: 2, tags: 0, transactions: 5 },
    mismatches: {},
  },
  {
    name: 'mismatch in one kind',
    expected: { accounts: 2, transactions: 5 },
    before: { accounts: 1, transactions: 10 },
    after: { accounts: 3, transactions: 14 },
    delta: { accounts: 2, transactions: 4 },
    checked: { accounts: 2, transactions: 5 },
    mismatches: { transactions: { expected: 5, actual: 4 } },
  },
  {
    name: 'a kind expected but absent from the stored counts',
    expected: { accounts: 1, valuations: 1 },
    before: { accounts: 0 },
    after: { accounts: 1 },
    delta: { accounts: 1 },
    checked: { accounts: 1, valuations: 1 },
    mismatches: { valuations: { expected: 1, actual: 0 } },
  },
  {
    name: 'a kind that changed but was not expected (created implicitly)',
    expected: { accounts: 1 },
    before: { accounts: 0, valuations: 2 },
    after: { accounts: 1, valuations: 3 },
    delta: { accounts: 1, valuations: 1 },
    checked: { accounts: 1, valuations: 0 },
    mismatches: { valuations: { expected: 0, actual: 1 } },
  },
  {
    name: 'a kind present only after the write',
    expected: { accounts: 1 },
    before: { accounts: 4 },
    after: { accounts: 5, tags: 2 },
    delta: { accounts: 1, tags: 2 },
    checked: { accounts: 1, tags: 0 },
    mismatches: { tags: { expected: 0, actual: 2 } },
  },
  {
    name: 'a kind present only before the write (records deleted)',
    expected: {},
    before: { merchants: 3 },
    after: {},
    delta: { merchants: -3 },
    checked: { merchants: 0 },
    mismatches: { merchants: { expected: 0, actual: -3 } },
  },
  {
    name: 'an expected zero that stayed zero is checked and matches',
    expected: { accounts: 0, rules: 0 },
    before: { accounts: 7, rules: 1 },
    after: { accounts: 7, rules: 1 },
    delta: { accounts: 0, rules: 0 },
    checked: { accounts: 0, rules: 0 },
    mismatches: {},
  },
  {
    name: 'every kind off by one at once',
    expected: Object.fromEntries(ALL_COUNT_KEYS.map((k) => [k, 2])),
    before: zeros(),
    after: Object.fromEntries(ALL_COUNT_KEYS.map((k) => [k, 1])),
    delta: Object.fromEntries(ALL_COUNT_KEYS.map((k) => [k, 1])),
    checked: Object.fromEntries(ALL_COUNT_KEYS.map((k) => [k, 2])),
    mismatches: Object.fromEntries(ALL_COUNT_KEYS.map((k) => [k, { expected: 2, actual: 1 }])),
  },
];

// With what the import owns (records carrying its id): a second write of the same file adds the
// same delta again, so the deltas match while the import's records are there twice (issue 14).
const OWNED: [string, Counts, Counts, Counts, Counts, string, Record<string, { expected: number; actual: number }>][] = [
  ['owned equal to the delta: matched', { transactions: 5 }, { transactions: 10 }, { transactions: 15 }, { transactions: 5 }, 'matched', {}],
  ['a second write: the delta matches, the import owns twice as many → mismatch', { accounts: 1, transactions: 5 }, { accounts: 1, transactions: 5 },
    { accounts: 2, transactions: 10 }, { accounts: 2, transactions: 10 }, 'mismatch',
    { accounts: { expected: 1, actual: 2 }, transactions: { expected: 5, actual: 10 } }],
  ['owned records of a kind the delta misses', { tags: 0 }, {}, {}, { tags: 3 }, 'mismatch', { tags: { expected: 0, actual: 3 } }],
];
describe('readback with the records the import owns', () => {
  for (const [name, expected, before, after, owned, status, mismatches] of OWNED) {
    test(name, () => {
      const r = readback(expected, before, after, AT, owned);
      assert.equal(r.status, status);
      assert.deepEqual(r.mismatches, mismatches);
    });
  }
});

describe('readback()', () => {
  for (const c of CASES) {
    test(c.name, () => {
      const r = readback(c.expected, c.before, c.after, AT);
      assert.equal(r.status, Object.keys(c.mismatches).length === 0 ? 'matched' : 'mismatch');
      assert.deepEqual(r.actual_delta_counts, c.delta);
      assert.deepEqual(r.checked_counts, c.checked);
      assert.deepEqual(r.mismatches, c.mismatches);
      assert.deepEqual([r.expected_record_counts, r.before_counts, r.after_counts], [c.expected, c.before, c.after]);
      assert.equal(r.checked_at, '2024-04-01T12:00:00.000Z');
    });
  }

  test('the result holds copies: changing the inputs later does not change it', () => {
    const expected = { accounts: 1 };
    const before = { accounts: 0 };
    const after = { accounts: 1 };
    const r = readback(expected, before, after, AT);
    expected.accounts = 9;
    before.accounts = 9;
    after.accounts = 9;
    assert.deepEqual([r.expected_record_counts, r.before_counts, r.after_counts], [{ accounts: 1 }, { accounts: 0 }, { accounts: 1 }]);
  });

  test('a clean import of the full export matches exactly', async () => {
    const reader = readNative({ path: fileURLToPath(new URL('../fixtures/ndjson/full-export.ndjson', import.meta.url)) });
    const { expected_record_counts: expected } = await reader.result();
    const before: Counts = { ...zeros(), accounts: 3, transactions: 120, categories: 12 };
    const after = Object.fromEntries(ALL_COUNT_KEYS.map((k) => [k, before[k]! + expected[k]!]));
    const r = readback(expected, before, after, AT);
    assert.equal(r.status, 'matched');
    assert.deepEqual(r.actual_delta_counts, expected);
    assert.deepEqual(r.checked_counts, expected);
    assert.deepEqual(r.mismatches, {});
    // One split transaction stored as two entries would be caught:
    const split = readback(expected, before, { ...after, transactions: after['transactions']! + 1 }, AT);
    assert.deepEqual(split.mismatches, { transactions: { expected: 10, actual: 11 } });
  });
});

describe('failedReadback() and notVerified()', () => {
  test('failed: the error is kept and nothing is compared', () => {
    const r = failedReadback({ accounts: 2, transactions: 5 }, { accounts: 1 }, 'SQLITE_CONSTRAINT: UNIQUE constraint failed', AT);
    assert.deepEqual(r, {
      status: 'failed',
      checked_at: '2024-04-01T12:00:00.000Z',
      expected_record_counts: { accounts: 2, transactions: 5 },
      before_counts: { accounts: 1 },
      after_counts: {},
      actual_delta_counts: {},
      checked_counts: { accounts: 2, transactions: 5 },
      mismatches: {},
      error: 'SQLITE_CONSTRAINT: UNIQUE constraint failed',
    });
  });

  test('not verified: before the first publish', () => {
    assert.deepEqual(notVerified({ accounts: 2 }), {
      status: 'not_verified',
      checked_at: null,
      expected_record_counts: { accounts: 2 },
      before_counts: {},
      after_counts: {},
      actual_delta_counts: {},
      checked_counts: {},
      mismatches: {},
    });
  });
});
