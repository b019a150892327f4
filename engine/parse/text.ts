// Small text rules shared by the row readers: tag lists (SPEC §2.3), hierarchical categories,
// colours, booleans.

/**
 * Splits a tag cell. `|` and `,` both separate; when both appear unescaped, `,` wins. A backslash
 * escapes a separator (`Food\, Dining|Trips` → `Food, Dining`, `Trips`). Tags are trimmed, empty
 * ones dropped, repeats kept once.
 */
export function splitTags(cell: string): string[] {
  if (cell === '') return [];
  let comma = false;
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    if (c === '\\') i++;
    else if (c === ',') { comma = true; break; }
  }
  const sep = comma ? ',' : '|';
  const out: string[] = [];
  let cur = '';
  const flush = () => {
    const t = cur.trim();
    if (t !== '' && !out.includes(t)) out.push(t);
    cur = '';
  };
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    if (c === '\\' && (cell[i + 1] === ',' || cell[i + 1] === '|' || cell[i + 1] === '\\')) {
      cur += cell[++i];
    } else if (c === sep) {
      flush();
    } else {
      cur += c;
    }
  }
  flush();
  return out;
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
