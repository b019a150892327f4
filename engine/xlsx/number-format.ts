// What a cell's number format says about how its number reads as text (ECMA-376 Part 1 §18.8.30
// numFmt, §18.8.31 numFmts; the format-code grammar of §18.8.31): a date (the serial becomes an ISO
// day), a time of day or a duration (the serial becomes `HH:MM:SS`), a number shown with a fixed
// count of decimals (the value is rounded to them), or a number shown as it is (General, text,
// scientific and fraction formats). Nothing here formats grouping, currency symbols or colours:
// sluice wants the value, as the user saw it rounded, not the decoration.
//
//   const f = cellFormat(formatCode(14, customCodes));   // { kind: 'date' }
//   cellFormat('#,##0.00;[Red]-#,##0.00')                 // { kind: 'number', sections: [{ decimals: 2, pad: 2 }, ...] }

/** How one section of a number format shows a value: rounded to `decimals` places, at least `pad` shown. */
export interface NumberSection {
  /** Places the value is rounded to (null: shown as stored: scientific, fraction, text and thousands-scaled sections). */
  decimals: number | null;
  /** Places always shown (`0.00` pads 12.5 to 12.50); 0 where the display scales the value (`%`). */
  pad: number;
}

export type CellFormat =
  | { kind: 'general' }
  | { kind: 'date' }
  | { kind: 'time'; elapsed: boolean }
  | { kind: 'number'; sections: NumberSection[]; conditional: boolean };

export const GENERAL: CellFormat = Object.freeze({ kind: 'general' });

/**
 * The built-in formats (numFmtId below 164) that a workbook uses without writing them out. Ids 0–4,
 * 9–22, 37–40 and 45–49 are ECMA-376's list; 5–8 and 41–44 are the en-US currency and accounting
 * formats Excel implies for them (their decimals are what matters here, and those do not vary by
 * locale); 27–36 and 50–58 are the East Asian date formats, which read as dates whatever their text.
 */
const BUILTIN: Record<number, string> = {
  0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00',
  5: '"$"#,##0_);\\("$"#,##0\\)', 6: '"$"#,##0_);[Red]\\("$"#,##0\\)',
  7: '"$"#,##0.00_);\\("$"#,##0.00\\)', 8: '"$"#,##0.00_);[Red]\\("$"#,##0.00\\)',
  9: '0%', 10: '0.00%', 11: '0.00E+00', 12: '# ?/?', 13: '# ??/??',
  14: 'mm-dd-yy', 15: 'd-mmm-yy', 16: 'd-mmm', 17: 'mmm-yy', 18: 'h:mm AM/PM', 19: 'h:mm:ss AM/PM',
  20: 'h:mm', 21: 'h:mm:ss', 22: 'm/d/yy h:mm',
  37: '#,##0 ;(#,##0)', 38: '#,##0 ;[Red](#,##0)', 39: '#,##0.00;(#,##0.00)', 40: '#,##0.00;[Red](#,##0.00)',
  41: '_(* #,##0_);_(* \\(#,##0\\);_(* "-"_);_(@_)', 42: '_("$"* #,##0_);_("$"* \\(#,##0\\);_("$"* "-"_);_(@_)',
  43: '_(* #,##0.00_);_(* \\(#,##0.00\\);_(* "-"??_);_(@_)', 44: '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
  45: 'mm:ss', 46: '[h]:mm:ss', 47: 'mmss.0', 48: '##0.0E+0', 49: '@',
};
for (const id of [27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]) BUILTIN[id] = 'yyyy-mm-dd';

/** The format code of a numFmtId: the workbook's own numFmt first (it may redefine a built-in id), then the built-in list. */
export function formatCode(id: number, custom: ReadonlyMap<number, string>): string {
  return custom.get(id) ?? BUILTIN[id] ?? 'General';
}

interface Section {
  /** The section's characters that are format tokens: no quoted text, escapes, fills, paddings or brackets. */
  bare: string;
  /** A bracket of elapsed time ([h], [mm], [ss]). */
  elapsed: boolean;
  /** A bracket of condition ([>100], [<=0]). */
  condition: boolean;
}

/**
 * Splits a format code into its sections (`;` outside quotes) and strips what is not a token:
 * "quoted text", `\x` escapes, `_x` paddings, `*x` fills and `[...]` brackets (colour, locale,
 * condition, elapsed time). Linear in the code.
 */
function sections(code: string): Section[] {
  const out: Section[] = [];
  let bare = '';
  let elapsed = false;
  let condition = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"') {
      const close = code.indexOf('"', i + 1);
      i = close < 0 ? code.length : close;
    } else if (c === '\\' || c === '_' || c === '*') {
      i++;
    } else if (c === '[') {
      const close = code.indexOf(']', i + 1);
      const inner = code.slice(i + 1, close < 0 ? code.length : close);
      if (/^(h+|m+|s+)$/i.test(inner)) elapsed = true;
      else if (/^[<>=]/.test(inner)) condition = true;
      i = close < 0 ? code.length : close;
    } else if (c === ';') {
      out.push({ bare, elapsed, condition });
      bare = '';
      elapsed = false;
      condition = false;
    } else {
      bare += c;
    }
  }
  out.push({ bare, elapsed, condition });
  return out;
}

/**
 * Date, time or neither, from the first section's tokens. `y` or `d` make a date; `m` is a month
 * unless the section also has hours or seconds (then it is minutes: `h:mm`, `mm:ss`), in which
 * case, as with `h`, `s` or an elapsed bracket alone, the format is a time. AM/PM markers and the
 * word General are removed first, so their letters do not count.
 */
function dateOrTime(s: Section): 'date' | 'time' | null {
  const t = s.bare.toLowerCase().replace(/am\/pm|a\/p|general/g, '');
  const y = t.includes('y'), d = t.includes('d'), m = t.includes('m'), h = t.includes('h'), sec = t.includes('s');
  if (y || d || (m && !h && !sec && !s.elapsed)) return 'date';
  if (h || sec || s.elapsed) return 'time';
  return null;
}

const PLACEHOLDER = /[0#?]/;

/** How one number section shows its value. */
function numberSection(bare: string): NumberSection {
  if (!PLACEHOLDER.test(bare) || /[eE][+-]/.test(bare) || bare.includes('/')) return { decimals: null, pad: 0 };
  const percent = bare.split('%').length - 1;
  let last = -1;
  for (let i = bare.length - 1; i >= 0; i--) if (PLACEHOLDER.test(bare[i]!)) { last = i; break; }
  // Commas right after the last digit placeholder scale the shown value by 1000 each (`#,##0,`).
  let scale = 0;
  for (let i = last + 1; i < bare.length && bare[i] === ','; i++) scale++;
  const dot = bare.indexOf('.');
  let places = 0, zeros = 0;
  if (dot >= 0 && dot < last) {
    for (let i = dot + 1; i <= last; i++) {
      const c = bare[i]!;
      if (c === '0') { places++; zeros++; } else if (c === '#' || c === '?') places++;
    }
  }
  // A value shown in thousands is not rounded to hundreds: that would lose what the file holds.
  if (scale > 0) return { decimals: null, pad: 0 };
  // A percentage shows the value times 100: two more of its decimals.
  return { decimals: places + 2 * percent, pad: percent === 0 ? zeros : 0 };
}

/** What a format code says about its cells (see the header). */
export function cellFormat(code: string): CellFormat {
  const parts = sections(code);
  const kind = dateOrTime(parts[0]!);
  if (kind === 'date') return { kind: 'date' };
  if (kind === 'time') return { kind: 'time', elapsed: parts[0]!.elapsed };
  if (parts.length === 1 && /^\s*general\s*$/i.test(parts[0]!.bare)) return GENERAL;
  return {
    kind: 'number',
    sections: parts.map((p) => (/general/i.test(p.bare) ? { decimals: null, pad: 0 } : numberSection(p.bare))),
    conditional: parts.some((p) => p.condition),
  };
}

/**
 * The section that shows a value (§18.8.31): the first for positive numbers, the second (if any)
 * for negative ones, the third (if any) for zero. Conditional sections are not evaluated; the
 * first section is used for every value then.
 */
export function sectionFor(f: { sections: NumberSection[]; conditional: boolean }, sign: -1 | 0 | 1): NumberSection {
  const s = f.sections;
  if (f.conditional) return s[0]!;
  if (sign < 0 && s.length >= 2) return s[1]!;
  if (sign === 0 && s.length >= 3) return s[2]!;
  return s[0]!;
}
