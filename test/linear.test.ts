// Linear work on hostile input (SPEC §3.12 "Linear work", issue 14 finding 2). Each stage gets
// pathological input of growing size (n and 4n) and the time taken must grow like the input, not
// like its square: the ratio of the two times is checked, never an absolute time, so a slow
// machine does not fail it. Linear work gives a ratio near 4 and quadratic near 16; the bound is
// 9, each size timed as the best of three runs to keep scheduler noise out. LINEAR_REPORT=1 prints
// every ratio (the largest is about 5 here).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkImport, readNative } from '../engine/node.ts';
import { splitLine } from '../engine/csv/dialect.ts';
import { CsvTokenizer } from '../engine/csv/tokenizer.ts';

const N = 256 * 1024;
const RATIO = 9;

/** Inputs that once cost quadratic time somewhere, or could: quotes, breaks, blank lines, long lines. */
const INPUTS: Record<string, (n: number) => string> = {
  'a"a"a" (quotes inside unquoted text)': (n) => 'a"'.repeat(n / 2),
  'an opening quote never closed': (n) => '"' + 'a'.repeat(n - 1),
  'doubled quotes': (n) => '"' + '""'.repeat(n / 2),
  'quoted fields': (n) => '"a",'.repeat(n / 4),
  'lone CRs (blank lines)': (n) => '\r'.repeat(n),
  'quote, newline, repeated': (n) => '"\n'.repeat(n / 2),
  'separators only': (n) => ';,'.repeat(n / 2),
  'dates in one line': (n) => '01/02/2024,'.repeat(Math.floor(n / 11)),
  'short data lines': (n) => '2024-01-01,"1,5"x,a b\n'.repeat(Math.floor(n / 22)),
};

async function bestOf3(run: () => unknown): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await run();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

async function quiet(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch {
    // A refusal is an answer too; only the time to reach it is measured here.
  }
}

const STAGES: Record<string, (text: string) => Promise<unknown> | unknown> = {
  'header search (splitLine)': (text) => { for (const sep of [',', ';', '\t', '|']) splitLine(text, sep); },
  'tokenizer': (text) => {
    const t = new CsvTokenizer(',', 0, Number.MAX_SAFE_INTEGER);
    let records = 0;
    try {
      for (let i = 0; i < text.length; i += 65536) t.push(text.slice(i, i + 65536), () => { records++; });
      t.end(() => { records++; });
    } catch {
      // an unterminated quote or an oversized record: refused, in time
    }
    return records;
  },
  'CSV pipeline (TransactionImport)': (text) => quiet(checkImport(Buffer.from(text), { type: 'TransactionImport' })),
  'CSV pipeline, no options (file type, dialect, inference)': (text) => quiet(checkImport(Buffer.from(text))),
  'QIF pipeline': (text) => quiet(checkImport(Buffer.from(text), { type: 'QifImport' })),
  'NDJSON pipeline': (text) => quiet((async () => {
    const reader = readNative(Buffer.from(text));
    for await (const _ of reader);
  })()),
};

describe('every stage is linear in hostile input', () => {
  for (const [stage, run] of Object.entries(STAGES)) {
    test(stage, async () => {
      const ratios: string[] = [];
      for (const [name, make] of Object.entries(INPUTS)) {
        const small = make(N), large = make(4 * N);
        await run(small); // warm the code paths before timing
        const a = await bestOf3(() => run(small));
        const b = await bestOf3(() => run(large));
        // Below a few milliseconds the ratio is noise; the large input alone must then be quick.
        const ratio = b / Math.max(a, 5);
        ratios.push(`${name}: ${a.toFixed(1)} → ${b.toFixed(1)} ms`);
        if (process.env["LINEAR_REPORT"]) console.log(`${stage} | ${name} | ×${ratio.toFixed(1)}`);
        assert.ok(ratio < RATIO, `${stage}, ${name}: ${a.toFixed(1)} ms for ${N} characters, ${b.toFixed(1)} ms for ${4 * N} (×${ratio.toFixed(1)})\n${ratios.join('\n')}`);
      }
    });
  }
});
