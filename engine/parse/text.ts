// Small text rules shared by the row readers: tag lists (SPEC §2.3), hierarchical categories,
// colours, booleans.

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
  let comma = false, pipe = false, escaped = false;
  for (let i = 0; i < n; i++) {
    const c = cell.charCodeAt(i);
    if (c === 44) comma = true;
    else if (c === 124) pipe = true;
    else if (c === 92) escaped = true;
  }
  if (!comma && !pipe && !escaped) return [cell];
  const sep = (escaped ? hasUnescaped(cell, ',') : comma) ? ',' : '|';
  const parts = escaped ? splitEscaped(cell, sep) : cell.split(sep);
  const out: string[] = [];
  for (const p of parts) {
    const t = p.trim();
    if (t !== '' && !out.includes(t)) out.push(t);
  }
  return out;
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
