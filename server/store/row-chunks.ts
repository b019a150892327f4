// How an import's read rows are stored (SPEC §3.12 "Storage"): compact chunks of up to
// ROWS_PER_CHUNK rows, values by column position, so stored rows take well under twice the bytes of
// the content they came from (objects repeating every key took about five times).
//
// A chunk is one JSON object:
//   {"v":2, "s":[[key, …], …], "r":[skip, kind, mask, value…, skip, kind, mask, …],
//    "i":{"<row index>":[[code, field, message, error], …]}}
// - `s`: the key lists (shapes) of the chunk's rows' fields, in their order; a CSV import has one.
// - `r`: every row flattened: `skip`, the lines between it and the row before (0 for the next line;
//   the first row's is its line minus 1), `kind` = shape × 2 + 1 when valid, a bit mask of the keys
//   whose value is not null (bit k = key k; a shape of more than 52 keys stores -1 and every value),
//   then the non-null values in key order: as many as the mask has bits set.
// - `i`: issues of the rows that have any (most have none); `error` 1 marks those that make the
//   row invalid (the row's `errors` are their messages).
// `row_number` is not stored: it is the chunk's first row number plus the row's index.
// Chunks written before this format (a JSON array of StoredRow) are still read.

/** Rows per stored chunk: one insert per chunk instead of one per row. */
export const ROWS_PER_CHUNK = 500;

export interface StoredRow {
  row_number: number;
  line: number;
  valid: boolean;
  errors: string[];
  issues: { code: string; field: string | null; message: string }[];
  fields: Record<string, unknown>;
}

type Issue = [code: string, field: string | null, message: string, error: 0 | 1];

interface Chunk {
  v: 2;
  s: string[][];
  r: unknown[];
  i?: Record<string, Issue[]>;
}

/** Keys a bit mask can cover exactly (2^52 is still an exact integer). */
const MASK_KEYS = 52;

/** Whether an object's own keys are `keys`, in that order. */
function hasKeys(fields: Record<string, unknown>, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in fields) if (keys[i++] !== k) return false;
  return i === keys.length;
}

/** The chunk's JSON. Runs on every stored row of an upload, so it allocates little per row. */
export function encodeRows(rows: readonly StoredRow[]): string {
  const shapes: string[][] = [];
  const flat: unknown[] = [];
  let previous = 0;
  let shape = -1;
  let issues: Record<string, Issue[]> | undefined;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    const fields = row.fields;
    if (shape < 0 || !hasKeys(fields, shapes[shape]!)) {
      shape = shapes.findIndex((keys) => hasKeys(fields, keys));
      if (shape < 0) shape = shapes.push(Object.keys(fields)) - 1;
    }
    const keys = shapes[shape]!;
    flat.push(row.line - previous - 1, shape * 2 + (row.valid ? 1 : 0));
    previous = row.line;
    const maskAt = flat.length;
    flat.push(0);
    if (keys.length > MASK_KEYS) {
      flat[maskAt] = -1;
      for (const k of keys) flat.push(fields[k] ?? null);
    } else {
      let mask = 0;
      let bit = 1;
      for (const k of keys) {
        const v = fields[k];
        if (v !== null && v !== undefined) {
          mask += bit;
          flat.push(v);
        }
        bit *= 2;
      }
      flat[maskAt] = mask;
    }
    if (row.issues.length > 0) {
      (issues ??= {})[index] = row.issues.map((i) => [i.code, i.field, i.message, row.errors.includes(i.message) ? 1 : 0]);
    }
  }
  const chunk: Chunk = { v: 2, s: shapes, r: flat };
  if (issues) chunk.i = issues;
  return JSON.stringify(chunk);
}

/** The rows of a stored chunk whose first row is row number `firstRow + 1`. */
export function decodeRows(text: string, firstRow: number): StoredRow[] {
  const parsed = JSON.parse(text) as Chunk | StoredRow[];
  if (Array.isArray(parsed)) return parsed; // written before the compact format
  const { s: shapes, r: flat, i: issues = {} } = parsed;
  const out: StoredRow[] = [];
  let line = 0;
  for (let p = 0, index = 0; p < flat.length; index++) {
    line += (flat[p] as number) + 1;
    const kind = flat[p + 1] as number, mask = flat[p + 2] as number;
    const keys = shapes[kind >> 1]!;
    let v = p + 3;
    const fields: Record<string, unknown> = {};
    if (mask < 0) {
      for (const k of keys) fields[k] = flat[v++];
    } else {
      let bits = mask;
      for (const k of keys) {
        fields[k] = bits % 2 === 1 ? flat[v++] : null;
        bits = Math.floor(bits / 2);
      }
    }
    p = v;
    const own = issues[index];
    out.push({
      row_number: firstRow + index + 1, line, valid: (kind & 1) === 1,
      errors: own ? own.filter((i) => i[3] === 1).map((i) => i[2]) : [],
      issues: own ? own.map(([code, field, message]) => ({ code, field, message })) : [],
      fields,
    });
  }
  return out;
}

/** The chunks that hold rows [offset, offset + limit): first and last chunk number (inclusive); null when none. */
export function chunkSpan(offset: number, limit: number): { first: number; last: number } | null {
  if (limit <= 0) return null;
  return { first: Math.floor(offset / ROWS_PER_CHUNK), last: Math.floor((offset + limit - 1) / ROWS_PER_CHUNK) };
}

/** Rows [offset, offset + limit) out of the stored chunks of chunkSpan(), in order. */
export function rowsInSpan(chunks: readonly { first_row: number; data: string }[], offset: number, limit: number): StoredRow[] {
  const out: StoredRow[] = [];
  for (const c of chunks) {
    const rows = decodeRows(c.data, c.first_row);
    for (let i = 0; i < rows.length; i++) {
      const n = c.first_row + i;
      if (n >= offset && n < offset + limit) out.push(rows[i]!);
    }
  }
  return out;
}
