// Small text rules shared by the row readers: trimming cells, tag lists (SPEC §2.3), hierarchical
// categories, colours, booleans.

/**
 * Whether a text that starts or ends with this character might lose it to trim(): a superset of
 * trim()'s whitespace (U+00A0, and U+1680 and above, might be; ASCII only up to the space).
 */
export const untidy = (c: number): boolean => c <= 32 || c === 0xa0 || c >= 0x1680;

/**
 * The cell trimmed of Unicode whitespace (SPEC §2.2); '' for a missing cell. Most cells have
 * nothing to trim, which two char checks tell without calling trim().
 */
export function clean(v: string | undefined): string {
  if (v === undefined) return '';
  const n = v.length;
  if (n === 0 || (!untidy(v.charCodeAt(0)) && !untidy(v.charCodeAt(n - 1)))) return v;
  return v.trim();
}

/** The shared empty tag list; row fields are read-only. */
const NO_TAGS: string[] = Object.freeze([]) as unknown as string[];

/**
 * Splits a tag cell. `|` and `,` both separate; when both appear unescaped, `,` wins. A backslash
 * escapes a separator (`Food\, Dining|Trips` → `Food, Dining`, `Trips`). Tags are trimmed, empty
 * ones dropped, repeats kept once.
 */
export function splitTags(cell: string): string[] {
  const n = cell.length;
  if (n === 0) return NO_TAGS;
  // Three native searches rather than a loop over the characters (a little cheaper: ~40 instructions a row on the bench file).
  const comma = cell.indexOf(',') >= 0, pipe = cell.indexOf('|') >= 0, escaped = cell.indexOf('\\') >= 0;
  if (!comma && !pipe && !escaped) return [cell];
  const sep = (escaped ? hasUnescaped(cell, ',') : comma) ? ',' : '|';
  if (!escaped) return splitPlain(cell, sep);
  const out: string[] = [];
  for (const p of splitEscaped(cell, sep)) {
    const t = p.trim();
    if (t !== '' && !out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * splitTags without backslashes: pieces are sliced between separators and trimmed only when an
 * end is whitespace. The usual two-tag cell (`family|kids`) becomes an array of exactly two,
 * without the intermediate array of split() or the spare capacity push() gives a new array.
 */
function splitPlain(cell: string, sep: string): string[] {
  const at = cell.indexOf(sep);
  const first = clean(cell.slice(0, at));
  if (cell.indexOf(sep, at + 1) < 0) {
    const second = clean(cell.slice(at + 1));
    if (first === '' || first === second) return second === '' ? [] : [second];
    return second === '' ? [first] : [first, second];
  }
  const out: string[] = first === '' ? [] : [first];
  for (let from = at + 1; ;) {
    const next = cell.indexOf(sep, from);
    const t = clean(cell.slice(from, next < 0 ? cell.length : next));
    if (t !== '' && !out.includes(t)) out.push(t);
    if (next < 0) return out;
    from = next + 1;
  }
}

function hasUnescaped(cell: string, ch: string): boolean {
  for (let i = 0; i < cell.length; i++) {
    if (cell[i] === '\\') i++;
    else if (cell[i] === ch) return true;
  }
  return false;
}

/** Splits on `sep`, turning `\,` `\|` `\\` into the character itself. */
function splitEscaped(cell: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    const next = cell[i + 1];
    if (c === '\\' && (next === ',' || next === '|' || next === '\\')) {
      cur += next;
      i++;
    } else if (c === sep) {
      parts.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  parts.push(cur);
  return parts;
}

/** `Parent:Child` / `Parent: Child` → child under parent (two levels at most: split at the first colon). */
export function splitCategory(cell: string): { name: string; parent: string | null } {
  const i = cell.indexOf(':');
  if (i < 0) return { name: cell, parent: null };
  const parent = cell.slice(0, i).trim();
  const name = cell.slice(i + 1).trim();
  if (name === '') return { name: parent, parent: null };
  return { name, parent: parent === '' ? null : parent };
}

/** `#RRGGBB` (also `RRGGBB` and `#RGB`), returned as lower-case `#rrggbb`; null when not a colour. */
export function normalizeColor(cell: string): string | null {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(cell);
  if (!m) return null;
  const hex = m[1]!.length === 3 ? m[1]!.replace(/./g, (c) => c + c) : m[1]!;
  return '#' + hex.toLowerCase();
}

const TRUE = new Set(['true', '1', 'yes', 'y', 't']);
const FALSE = new Set(['false', '0', 'no', 'n', 'f']);
export function parseBoolean(cell: string): boolean | null {
  const v = cell.toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return null;
}

/** A website: `https://x.y`, `http://x.y` or a bare domain; returned as written. */
export function isWebsite(cell: string): boolean {
  if (/\s/.test(cell)) return false;
  const host = cell.replace(/^https?:\/\//i, '').split(/[/?#]/)[0]!;
  return /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?$/u.test(host);
}
