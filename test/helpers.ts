// Shared test helpers: splitting input into chunks of a given size, and reading a source whole.

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
