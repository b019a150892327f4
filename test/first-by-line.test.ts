// FirstByLine keeps the first N problems by line whatever order they arrive in, so a result's
// listed problems do not depend on chunk boundaries (found by the fuzz: an NDJSON file with more
// problems than are listed kept different ones for different chunk sizes).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FirstByLine, sortedCounts } from '../engine/result/first-by-line.ts';

const lines = (xs: (number | null)[]) => xs.map((line, i) => ({ line, i }));

const cases: [string, number, (number | null)[], (number | null)[], boolean][] = [
  ['fewer than the limit: all, in line order', 5, [3, 1, 2], [1, 2, 3], false],
  ['more than the limit: the smallest lines', 3, [9, 8, 1, 7, 2, 6, 3], [1, 2, 3], true],
  ['many more (trimmed on the way): still the smallest', 2, [50, 40, 30, 20, 10, 5, 4, 3, 2, 1], [1, 2], true],
  ['problems of no line come last', 3, [null, 2, 1], [1, 2, null], false],
];
for (const [name, max, input, want, truncated] of cases) {
  test(name, () => {
    const kept = new FirstByLine<{ line: number | null; i: number }>(max);
    for (const p of lines(input)) kept.add(p);
    assert.deepEqual(kept.list().map((p) => p.line), want);
    assert.equal(kept.truncated, truncated);
  });
}

test('any arrival order gives the same list (ties keep their order)', () => {
  const items = lines([4, 2, 2, 9, 1, 7, 3, 3, 8]);
  const want = new FirstByLine<{ line: number | null; i: number }>(4);
  for (const p of items) want.add(p);
  const reversedBlocks = [...items.slice(5), ...items.slice(0, 5)];
  const got = new FirstByLine<{ line: number | null; i: number }>(4);
  for (const p of reversedBlocks) got.add(p);
  assert.deepEqual(got.list().map((p) => p.line), want.list().map((p) => p.line));
});

test('counts come out in code order', () => {
  assert.deepEqual(Object.keys(sortedCounts({ b: 1, a: 2, c: 3 })), ['a', 'b', 'c']);
  assert.deepEqual(Object.keys(sortedCounts(new Map([['z', 1], ['y', 1]]))), ['y', 'z']);
});
