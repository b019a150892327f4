// Field :86: of an entry ("information to account owner", SWIFT 6*65x) as a row's name, notes,
// reference and counterparty account. Three shapes are read:
//
// - German structured (DK "Spezifikation der Datenformate", Anlage 3 §8.2.4): `GVC?00…?10…?20…?63`.
//   Three digits (the Geschäftsvorfallcode), then subfields opened by a separator and two digits.
//   The separator is the fourth character: `?` nearly always; a bank may declare another there,
//   which is then the one split on, unless it is SWIFT punctuation (see germanSeparator).
//   ?20–?29 and ?60–?63 are the purpose (notes), ?32–?33 the counterparty's name, ?30/?31 its bank
//   code or BIC and account or IBAN; ?00 (posting text), ?10 (primanota) and ?34 are not used. SEPA
//   identifiers (EREF+, KREF+, MREF+, CRED+, SVWZ+, …) start a subfield (DK: "Jeder Bezeichner muss
//   am Anfang eines Subfeldes stehen"); SVWZ+ is the purpose text (with any text before the first
//   identifier), EREF+ (else KREF+) the reference when :61: has none. GVC 999 (DK: unstructured)
//   followed by text is read as unstructured text without the code.
// - Dutch structured (ING, ABN AMRO, Rabobank, Knab): `/CODE/value` pairs: /NAME/, /REMI/, /IBAN/,
//   /EREF/, /TRTP/ … and ING's `/CNTP/iban/bic/name/city/`.
// - Anything else is unstructured text: the notes, with no name (statementRow gives 'Imported item').
//
// Joining the physical lines (SWIFT wraps at 65 characters; a line never starts with `:` or `-`):
// - German structured: lines are joined with nothing between them. The DK's own example breaks
//   `?20Miete Novem` / `ber`: the line break has no meaning there, the subfields are the structure.
// - Other text: a line that is full (65 characters or more, the tag counted on the first line: ING
//   writes 65 after the tag, others 65 with it) was cut by the line limit, possibly inside a word, so
//   the next line follows it directly; a shorter line was ended by the bank on purpose and the next
//   one follows after one space. In the Dutch form a break next to a `/` separator takes no space.
//   A writer that cuts a full line at a space and drops that space cannot be told from one that cuts
//   inside a word: the two words are then joined.
// - Purpose subfields ?20–?29/?60–?63 (27 characters each) follow the same idea: after a full
//   subfield the next continues directly (SEPA text is cut every 27 characters); after a shorter one
//   (the DK cuts the spaces at a subfield's end, so a word ended there) with one space.
// Runs of spaces in the results are collapsed to one; nothing else is changed or invented.

export interface Details {
  name: string | null;
  notes: string | null;
  /** An end-to-end or customer reference found in the text (EREF, KREF), for rows whose :61: has none. */
  reference: string | null;
  /**
   * References by kind (EREF, KREF, MREF, PREF, MARF). ING writes the kind in :61:'s customer
   * reference (`EREF`, `PREF`, `MARF`) and the value in :86:; the pipeline looks it up here.
   */
  refs: Readonly<Record<string, string>>;
  counterpartyAccount: string | null;
}

/** The physical lines of the field: the first one after its tag, whose width `tagWidth` is. */
export interface FieldLines {
  lines: readonly string[];
  tagWidth: number;
}

const FULL_LINE = 65;
const FULL_SUBFIELD = 27;

const clean = (s: string | null | undefined): string | null => {
  const t = s ? s.replace(/\s+/g, ' ').trim() : '';
  return t === '' ? null : t;
};

/** Reads the :86: of an entry. */
export function readDetails(field: FieldLines): Details {
  const direct = field.lines.join('');
  const sep = germanSeparator(direct);
  if (sep !== null) return german(direct, sep);
  const dutchForm = DUTCH_START.test(direct);
  const text = joinLines(field, dutchForm);
  if (dutchForm) return dutch(text);
  return { name: null, notes: clean(unstructuredText(text)), reference: null, refs: {}, counterpartyAccount: null };
}

function joinLines(field: FieldLines, dutchForm: boolean): string {
  const { lines, tagWidth } = field;
  let out = lines[0]!;
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!, next = lines[i]!;
    const full = prev.length + (i === 1 ? tagWidth : 0) >= FULL_LINE;
    const atSlash = dutchForm && (prev.endsWith('/') || next.startsWith('/'));
    out += full || atSlash ? next : ' ' + next;
  }
  return out;
}

/** DK GVC 999 marks unstructured text after the code. */
function unstructuredText(text: string): string {
  return /^999[^\d\s]/.test(text) ? text.slice(3) : text;
}

// --- German structured -------------------------------------------------------------------------

/**
 * The subfield separator when the text is `NNN` + separator + two digits, else null. `?` nearly
 * always; another character only when it is outside SWIFT's own punctuation (`/ - : ( ) . , ' +`),
 * so that text such as `100/20 …` or `123-45 …` stays unstructured.
 */
function germanSeparator(text: string): string | null {
  const m = /^\d{3}([^A-Za-z0-9\s/\-:().,'+])\d\d/.exec(text);
  return m ? m[1]! : null;
}

/** The subfields in order: separator + two digits opens one; a separator not followed by two digits is text. */
function subfields(text: string, sep: string): { code: number; value: string }[] {
  const out: { code: number; value: string }[] = [];
  let start = -1, code = -1;
  for (let i = text.indexOf(sep, 3); i >= 0; i = text.indexOf(sep, i + 1)) {
    if (!/^\d\d$/.test(text.slice(i + 1, i + 3))) continue;
    if (code >= 0) out.push({ code, value: text.slice(start, i) });
    code = +text.slice(i + 1, i + 3);
    start = i + 3;
  }
  if (code >= 0) out.push({ code, value: text.slice(start) });
  return out;
}

/** The references among `kinds` that `get` finds (NOTPROVIDED is no reference). */
function refsOf(kinds: readonly string[], get: (kind: string) => string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of kinds) {
    const v = get(k);
    if (v !== null && v.toUpperCase() !== 'NOTPROVIDED') out[k] = v;
  }
  return out;
}

const SEPA_KEYS = new Set(['EREF', 'KREF', 'MREF', 'CRED', 'DEBT', 'SVWZ', 'ABWA', 'ABWE', 'IBAN', 'BIC', 'COAM', 'OAMT', 'SQTP', 'PURP']);

/** Subfields joined by the 27-character rule (see the header). */
function joinSubfields(values: readonly string[]): string {
  let out = '';
  values.forEach((v, i) => {
    out += i === 0 || values[i - 1]!.length >= FULL_SUBFIELD ? v : ' ' + v;
  });
  return out;
}

/**
 * The purpose subfields split by SEPA identifier: '' holds text before any identifier. The
 * subfields are joined whole (their width decides the join), then the identifier is cut off.
 */
function sepaParts(purpose: readonly string[]): Map<string, string> {
  const parts = new Map<string, string[]>();
  let key = '';
  for (const v of purpose) {
    const m = /^([A-Z]{3,4})\+/.exec(v);
    if (m && SEPA_KEYS.has(m[1]!)) {
      key = m[1]!;
      parts.set(key, [v]);
      continue;
    }
    const list = parts.get(key);
    if (list) list.push(v);
    else parts.set(key, [v]);
  }
  const out = new Map<string, string>();
  for (const [k, list] of parts) out.set(k, joinSubfields(list).slice(k === '' ? 0 : k.length + 1));
  return out;
}

function german(text: string, sep: string): Details {
  // One pass: the purpose subfields (20–29 before 60–63, as the DK numbers them), the name (32, 33), 30 and 31.
  const purpose: { code: number; value: string }[] = [];
  const names: string[] = [];
  let bank: string | null = null, account: string | null = null;
  for (const f of subfields(text, sep)) {
    if ((f.code >= 20 && f.code <= 29) || (f.code >= 60 && f.code <= 63)) purpose.push(f);
    else if (f.code === 32 || f.code === 33) names.push(f.value);
    else if (f.code === 30) bank ??= clean(f.value);
    else if (f.code === 31) account ??= clean(f.value);
  }
  purpose.sort((a, b) => a.code - b.code); // stable: written order within one code
  const parts = sepaParts(purpose.map((f) => f.value));
  const notes = clean([parts.get(''), parts.get('SVWZ')].filter((s) => s).join(' '));
  const refs = refsOf(['EREF', 'KREF', 'MREF'], (k) => clean(parts.get(k)));
  // An IBAN names the account on its own; a domestic account number needs its bank code (as :25: writes BLZ/account).
  const counterpartyAccount = account === null ? null : bank === null || /^[A-Z]{2}\d\d/.test(account) ? account : `${bank}/${account}`;
  return { name: clean(joinSubfields(names)), notes, reference: refs['EREF'] ?? refs['KREF'] ?? null, refs, counterpartyAccount };
}

// --- Dutch structured --------------------------------------------------------------------------

const DUTCH_CODES = new Set([
  'TRTP', 'IBAN', 'BIC', 'NAME', 'REMI', 'EREF', 'CNTP', 'RTRN', 'PREF', 'MARF', 'CSID', 'ORDP', 'BENM', 'ULTC', 'ULTD',
  'ULTB', 'PURP', 'ADDR', 'ISDT', 'ACCW', 'BUSP', 'SVCL', 'OCMT', 'CHGS', 'EXCH', 'BBAN', 'TRCD',
]);

const DUTCH_START = new RegExp(`^/(${[...DUTCH_CODES].join('|')})/`);

/** `/CODE/value` pairs; a `/WORD/` that is not a known code is part of the value before it. */
function dutchPairs(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let code: string | null = null, start = 0;
  for (let i = text.indexOf('/'); i >= 0; i = text.indexOf('/', i + 1)) {
    const m = /^\/([A-Z]{2,4})\//.exec(text.slice(i, i + 6));
    if (!m || !DUTCH_CODES.has(m[1]!)) continue;
    if (code !== null && !out.has(code)) out.set(code, text.slice(start, i));
    code = m[1]!;
    start = i + code.length + 2;
    i = start - 1;
  }
  if (code !== null && !out.has(code)) out.set(code, text.slice(start));
  return out;
}

/** A value with ING's trailing `/` (and the `//` before the next code) removed. */
const value = (v: string | undefined): string | null => clean(v?.replace(/\/+$/, ''));

function dutch(text: string): Details {
  const pairs = dutchPairs(text);
  // ING: /CNTP/account/BIC/name/city/
  const cntp = pairs.get('CNTP')?.split('/') ?? [];
  // ING writes /REMI/USTD//text/ (unstructured) or /REMI/STRD/CUR/reference/ (a structured creditor reference).
  const remi = pairs.get('REMI')?.replace(/^USTD\/\//, '').replace(/^STRD\/CUR\//, '');
  const refs = refsOf(['EREF', 'PREF', 'MARF'], (k) => value(pairs.get(k)));
  return {
    name: clean(cntp[2]) ?? value(pairs.get('NAME')),
    notes: value(remi),
    reference: refs['EREF'] ?? null,
    refs,
    counterpartyAccount: value(pairs.get('IBAN')) ?? clean(cntp[0]) ?? value(pairs.get('BBAN')),
  };
}
