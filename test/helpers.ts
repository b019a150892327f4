// Shared test helpers: splitting input into chunks of a given size, and reading a source whole.

import assert from 'node:assert/strict';
import { readImport, type ImportOptions, type RowResult, type FileResult } from '../engine/node.ts';

/** The bytes cut into pieces of `size` (the last may be shorter). */
export function chunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

export async function* asStream(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const c of chunks) yield c;
}

/** Reads a source through readImport and returns every row and the result. */
export async function readAll(
  source: Parameters<typeof readImport>[0],
  options: ImportOptions = {},
): Promise<{ rows: RowResult[]; result: FileResult }> {
  const reader = readImport(source, options);
  const rows: RowResult[] = [];
  for await (const row of reader) rows.push(row);
  return { rows, result: await reader.result() };
}

export const utf8 = (s: string) => new TextEncoder().encode(s);

/** What a case table wants of one row: its line, and where given its validity, issue codes and fields. */
export type WantRow = { line: number; valid?: boolean; codes?: string[]; fields?: Record<string, unknown> };

/** Each key of `want` deep-equal in `got`. */
export function assertPartial(got: unknown, want: Record<string, unknown>, where: string): void {
  for (const [k, v] of Object.entries(want)) assert.deepEqual((got as Record<string, unknown>)[k], v, `${where} ${k}`);
}

/**
 * The rows a reader gave against a case table's, in order: the count, each row's line, validity
 * and fields where wanted, and its issue codes: where given, or (`allCodes`) always, none wanted
 * meaning none there.
 */
export function assertRows(rows: readonly RowResult[], want: readonly WantRow[], allCodes = false): void {
  assert.equal(rows.length, want.length);
  want.forEach((w, i) => {
    const row = rows[i]!;
    assert.equal(row.line, w.line, `row ${i}`);
    if (w.valid !== undefined) assert.equal(row.valid, w.valid, `row at line ${w.line}: ${JSON.stringify(row.issues)}`);
    if (w.codes || allCodes) assert.deepEqual(row.issues.map((x) => x.code), w.codes ?? [], `line ${w.line}`);
    assertPartial(row.fields, w.fields ?? {}, `line ${w.line}`);
  });
}
