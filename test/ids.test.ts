// Record ids (server/store/ids.ts): UUIDv7 text, strictly increasing in the order made, even many
// thousands within one millisecond (SQLite and PostgreSQL append to their indexes in that order).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isUuid, uuidv7 } from '../server/store/ids.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('uuidv7: the layout of RFC 9562, the current time in its first 48 bits', () => {
  const before = Date.now();
  const id = uuidv7();
  assert.match(id, V7);
  assert.ok(isUuid(id));
  const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
  assert.ok(ms >= before && ms <= Date.now() + 100, `${ms} against ${before}`);
});

test('uuidv7: 300,000 made at once are distinct and each sorts after the one before', () => {
  const ids: string[] = [];
  for (let i = 0; i < 300_000; i++) ids.push(uuidv7());
  for (let i = 1; i < ids.length; i++) {
    if (!(ids[i - 1]! < ids[i]!)) assert.fail(`id ${i} (${ids[i]}) does not sort after ${ids[i - 1]}`);
  }
  assert.equal(new Set(ids).size, ids.length);
  for (const id of [ids[0]!, ids[150_000]!, ids[299_999]!]) assert.match(id, V7);
});
