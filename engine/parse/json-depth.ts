// How deep parsed JSON nests (SPEC §3.12 "Depth"). JSON.parse reads any depth, but what later
// walks the value recursively (JSON.stringify when rows are stored or printed, the rule checks)
// overflows the stack on tens of thousands of levels: a value nested deeper than MAX_JSON_DEPTH is
// refused on its row instead (ROW_TOO_DEEP; an NDJSON record: invalid_ndjson_record).

/** Levels of arrays and objects a value may nest, counting the value itself when it is one. */
export const MAX_JSON_DEPTH = 64;

/** Whether `v` nests arrays or objects more than `max` levels deep (v itself, when one, is level 1). */
export function tooDeep(v: unknown, max = MAX_JSON_DEPTH): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (max === 0) return true;
  if (Array.isArray(v)) {
    for (const x of v) if (typeof x === 'object' && x !== null && tooDeep(x, max - 1)) return true;
    return false;
  }
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (typeof x === 'object' && x !== null && tooDeep(x, max - 1)) return true;
  }
  return false;
}
