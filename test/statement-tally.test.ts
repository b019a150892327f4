// StatementTally's total against sum() over the same amounts: generated statements of amounts at
// scales 0–4, small and large, of either sign, some past 2^53 or 15 digits (where the sums go
// through big.js), some longer than the tally's batch of 1,024; the total, the balance check and
// the mismatch warning must be what sum() gives, and unread amounts leave the check undecided.
// The same with the amounts given as the OFX reader gives them, with their units as ofxAmount()
// counts them (entryUnits), some of them through entry() in between.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { add, equal, sum } from '../engine/parse/decimal.ts';
import { StatementTally } from '../engine/statement/statement.ts';
import { AmountUnits, ofxAmount } from '../engine/ofx/values.ts';
import { rng } from '../bench/generate.ts'; // mulberry32: a failure replays by its seed

/** A canonical decimal: sign, a whole part of 1 to `digits` digits (no leading zero), 0–4 fraction digits. */
function amount(r: () => number, digits: number): string {
  const n = 1 + Math.floor(r() * digits);
  let whole = String(1 + Math.floor(r() * 9));
  for (let i = 1; i < n; i++) whole += String(Math.floor(r() * 10));
  if (r() < 0.2) whole = '0';
  const scale = Math.floor(r() * 5);
  let fraction = '';
  for (let i = 0; i < scale; i++) fraction += String(Math.floor(r() * 10));
  const body = scale === 0 ? whole : `${whole}.${fraction}`;
  return r() < 0.5 && /[1-9]/.test(body) ? `-${body}` : body;
}

describe('StatementTally against sum()', () => {
  for (let seed = 1; seed <= 400; seed++) {
    const units = seed > 200;
    test(`seed ${seed}${units ? ' (entryUnits)' : ''}`, () => {
      const r = rng(seed);
      const big = r() < 0.2 ? 17 : r() < 0.4 ? 11 : r() < 0.6 ? 12 : 6;
      const count = Math.floor(r() * (r() < 0.1 ? 3000 : 60));
      const amounts: (string | null)[] = [];
      for (let i = 0; i < count; i++) amounts.push(r() < 0.02 ? null : amount(r, big));
      const tally = new StatementTally(1, 'A', null, 'USD', null);
      const opening = amount(r, 6);
      const read = amounts.filter((a): a is string => a !== null);
      const total = sum(['0', ...read]);
      // A closing balance that agrees half of the time.
      const closing = r() < 0.5 ? add(opening, total) : amount(r, 6);
      tally.info.opening = { amount: opening, currency: 'USD', date: null };
      tally.info.closing = { amount: closing, currency: 'USD', date: null };
      const counted = new AmountUnits();
      for (const a of amounts) {
        if (!units || a === null || r() < 0.1) {
          tally.entry(a);
        } else {
          assert.equal(ofxAmount(a, counted), a);
          tally.entryUnits(a, counted.units, counted.scale);
        }
      }
      const warning = tally.close();
      assert.equal(tally.info.total, total);
      assert.equal(tally.info.rows, amounts.length);
      const unread = read.length < amounts.length;
      assert.equal(tally.info.balanced, unread ? null : equal(add(opening, total), closing));
      assert.equal(warning === null, unread || equal(add(opening, total), closing));
    });
  }
});
