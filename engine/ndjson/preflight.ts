// NativeImport preflight (SPEC §2.10): every check that can be made on the file before anything
// is written. check() sees one parsed record at a time and keeps only indexes (ids, taxonomy
// names, valuation keys) and the references it could not resolve yet; finish() resolves those
// against the whole file, so line order does not matter, and then against the family's existing
// names (rule operands only).
//
// Problems are `{code, line, message}`; messages name the type, field and value. Duplicates are
// reported on the later line and name the first. Unresolved RejectedTransfer references are
// warnings: those records are skipped at publish.
//
// Duplicate ids and missing references are found when the file ends (the id index sorts what it
// holds, ids.ts), so they are in the preflight's problems but not in the issues of the record on
// whose line they are; a record with a duplicate id is still counted invalid (duplicateLines).

import { sum, sumsTo } from '../parse/decimal.ts';
import { decimalFromJson, isDecimalJson, isoDay } from './values.ts';
import { ACCOUNTABLE_TYPES } from '../parse/account-type.ts';
import { IdIndex } from './ids.ts';
import { FirstByLine, sortedCounts } from '../result/first-by-line.ts';
import {
  COUNT_KEYS, ID_SPACES, RECORD_SPECS, SPLIT_LINE_REFERENCES, emptyCounts, RULE_ACTION_REFS, isRecordType, type RecordSpec, type Reference, RULE_CONDITION_REFS, TAXONOMY_TYPES, type IdSpace, type RecordType, type TaxonomyType,
} from './records.ts';

export const PREFLIGHT_CODES = [
  'invalid_json', 'invalid_ndjson_record', 'unsupported_record_type', 'no_data_rows', 'missing_required_fields',
  'invalid_accountable_type', 'invalid_field_value', 'duplicate_source_id', 'duplicate_taxonomy_name',
  'existing_taxonomy_collision', 'missing_reference', 'invalid_split_lines', 'split_amount_mismatch', 'duplicate_valuation',
  'skipped_missing_reference',
] as const;
export type PreflightCode = (typeof PREFLIGHT_CODES)[number];

export interface PreflightProblem {
  code: PreflightCode;
  line: number | null;
  message: string;
}

export interface PreflightResult {
  valid: boolean;
  errors: PreflightProblem[];
  warnings: PreflightProblem[];
  /** Every problem counted by code, however many are listed in full. */
  error_counts: Partial<Record<PreflightCode, number>>;
  warning_counts: Partial<Record<PreflightCode, number>>;
  errors_truncated: boolean;
}

/** The family's existing taxonomy names, for collisions and rule operands. */
export type ExistingNames = Partial<Record<TaxonomyType, readonly string[]>>;

type Data = Record<string, unknown>;

/** A record type with what checking it needs resolved once. */
export interface Kind {
  type: RecordType;
  /** Its count key (`transactions`). */
  key: string;
  spec: RecordSpec;
  /** The index of its id space. */
  ids: IdIndex;
  refs: KindRef[];
  /** The compiled fast path (compileClean), or null where there is none. */
  clean: CleanCheck | null;
  /** Records of this type checked so far. */
  records: number;
}

export type KindRef = Reference & { ids: IdIndex; what: string; /** Its number in Preflight's list of what refers. */ no: number };

/**
 * Clears a record that has no problem in its common fields and records its id and references;
 * answers false, having changed nothing, when any field needs the general path to report it.
 */
type CleanCheck = (data: Data, line: number) => boolean;

/**
 * A record type's common checks as straight-line code: each field read by name (V8 keeps such
 * reads monomorphic; a loop over field names reads by key, which cost about half of preflight's
 * time on the bench export). Same verdicts as Preflight.checkFields, which stays the reference:
 * whatever this does not clear goes there and is reported field by field.
 */
function compileClean(kind: Kind): CleanCheck {
  const { spec } = kind;
  // Each field the checks use is read once, into f0, f1, ... in order of first use.
  const fields: string[] = [];
  const local = (f: string) => {
    if (!fields.includes(f)) fields.push(f);
    return `f${fields.indexOf(f)}`;
  };
  const present = (v: string) => `(${v} !== undefined && ${v} !== null && ${v} !== "")`;
  const src: string[] = [];
  // Stateless checks first: any failure returns before the index is touched.
  for (const f of spec.required) src.push(`if (!${present(local(f))}) return false;`);
  for (const f of spec.decimals) src.push(`if (${present(local(f))} && !isDecimalJson(${local(f)})) return false;`);
  for (const f of spec.dates) src.push(`if (${present(local(f))} && isoDay(${local(f)}) === null) return false;`);
  src.push(`if (${present(local('id'))} && typeof ${local('id')} !== "string") return false;`);
  kind.refs.forEach((r) => {
    const v = local(r.field);
    src.push(r.many ? `if (${present(v)} && !idList(${v})) return false;` : `if (${present(v)} && typeof ${v} !== "string") return false;`);
  });
  // Then the id and the references.
  src.push(`if (typeof ${local('id')} === "string" && ${local('id')} !== "") ids.add(${local('id')}, line, false);`);
  kind.refs.forEach((r, i) => {
    const v = local(r.field);
    src.push(r.many
      ? `if (Array.isArray(${v})) for (const x of ${v}) r${i}.refer(x, line, n${i});`
      : `if (typeof ${v} === "string" && ${v} !== "") r${i}.refer(${v}, line, n${i});`);
  });
  const reads = fields.map((f, i) => `f${i} = d[${JSON.stringify(f)}]`).join(', ');
  const bound = kind.refs.map((_, i) => `const r${i} = refs[${i}].ids, n${i} = refs[${i}].no;\n`).join('');
  const make = new Function('isDecimalJson', 'isoDay', 'idList', 'ids', 'refs',
    `${bound}return function clean(d, line) {\n  const ${reads};\n  ${src.join('\n  ')}\n  return true;\n};`);
  return make(isDecimalJson, isoDay, idList, kind.ids, kind.refs) as CleanCheck;
}

/** A list of ids as strings, none empty. */
function idList(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (const x of v) if (typeof x !== 'string' || x === '') return false;
  return true;
}

/** The problems of a record that has none: shared, so a clean record allocates no list. */
export const NONE: readonly PreflightProblem[] = Object.freeze([]);

/** What refers: "Transaction account_id", into which space, and whether a miss is only a warning. */
interface Referrer {
  space: IdSpace;
  what: string;
  warn: boolean;
}

interface PendingName {
  type: TaxonomyType;
  name: string;
  line: number;
  what: string;
}

const show = (v: unknown) => JSON.stringify(v);
const present = (v: unknown) => v !== undefined && v !== null && v !== '';
const idText = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const nameKey = (s: string) => s.trim().toLowerCase();

/** Splits a multi-value rule operand (`Food,Trips`, with `\,` escaping a comma in a name). */
function operandNames(value: unknown, valueRef: unknown): string[] {
  const refs = Array.isArray(valueRef) ? valueRef : valueRef ? [valueRef] : [];
  const fromRefs = refs.map((r) => (r && typeof r === 'object' ? (r as Data)['name'] : undefined)).filter((n): n is string => typeof n === 'string' && n !== '');
  if (fromRefs.length > 0) return fromRefs;
  if (typeof value !== 'string' || value.trim() === '') return [];
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) cur += value[++i];
    else if (c === ',') { out.push(cur.trim()); cur = ''; }
    else cur += c;
  }
  out.push(cur.trim());
  return out.filter((n) => n !== '');
}

export class Preflight {
  private readonly ids = new Map<RecordType | IdSpace, IdIndex>();
  private readonly kinds = new Map<string, Kind | null>();
  /** The problems of the record being checked. */
  private found: PreflightProblem[] = NONE as PreflightProblem[];
  private readonly names = new Map<TaxonomyType, Map<string, { line: number; name: string }>>();
  private readonly existing = new Map<TaxonomyType, Set<string>>();
  private readonly valuations = new Map<string, number>();
  /** What refers, numbered for the id index's queue (referrer()). */
  private readonly referrers: Referrer[] = [];
  private readonly referrerNumbers = new Map<string, number>();
  private pendingNames: PendingName[] = [];
  /** What a split line refers to (SPLIT_LINE_REFERENCES), made on the first split line. */
  private splitRefs: KindRef[] | null = null;
  private readonly unsupported = new Map<string, { line: number; count: number }>();
  private readonly errors: FirstByLine<PreflightProblem>;
  private readonly warnings: FirstByLine<PreflightProblem>;
  private readonly errorCounts: Partial<Record<PreflightCode, number>> = {};
  private readonly warningCounts: Partial<Record<PreflightCode, number>> = {};
  importable = 0;
  /** The lines finish() found a duplicate id on (a line more than once if it has more). */
  readonly duplicateLines: number[] = [];

  constructor(existing: ExistingNames = {}, maxListed = 1000) {
    this.errors = new FirstByLine(maxListed);
    this.warnings = new FirstByLine(maxListed);
    for (const t of TAXONOMY_TYPES) {
      this.existing.set(t, new Set((existing[t] ?? []).map(nameKey)));
      this.names.set(t, new Map());
    }
  }

  error(code: PreflightCode, line: number | null, message: string): PreflightProblem {
    const p = { code, line, message };
    this.errorCounts[code] = (this.errorCounts[code] ?? 0) + 1;
    this.errors.add(p);
    return p;
  }

  private warning(code: PreflightCode, line: number | null, message: string): PreflightProblem {
    const p = { code, line, message };
    this.warningCounts[code] = (this.warningCounts[code] ?? 0) + 1;
    this.warnings.add(p);
    return p;
  }

  private index(space: RecordType | IdSpace): IdIndex {
    let idx = this.ids.get(space);
    // Lookups while reading pay where many references name the same few ids (accounts,
    // categories, merchants, tags, budgets). Transfers name each transaction once or twice: those
    // references are settled when the file ends, without a table of transactions.
    if (!idx) this.ids.set(space, (idx = new IdIndex(space !== 'Transaction' && (ID_SPACES as readonly string[]).includes(space))));
    return idx;
  }

  unsupportedType(type: string, line: number): void {
    const u = this.unsupported.get(type);
    if (u) u.count++;
    else this.unsupported.set(type, { line, count: 1 });
  }

  /** Records checked, by count key (all 15 keys). */
  recordCounts(): Record<string, number> {
    const out = emptyCounts();
    for (const kind of this.kinds.values()) if (kind !== null) out[kind.key] = kind.records;
    return out;
  }

  unsupportedCounts(): Record<string, number> {
    return Object.fromEntries([...this.unsupported].map(([t, u]) => [t, u.count]));
  }

  /** An error on `line`, kept with the problems of the record being checked. */
  private fail(code: PreflightCode, line: number, message: string): void {
    if (this.found === NONE) this.found = [];
    this.found.push(this.error(code, line, message));
  }

  /** A record type's checks, resolved once; null for a type that is not one of the 15. */
  kind(type: string): Kind | null {
    let kind = this.kinds.get(type);
    if (kind === undefined) {
      kind = isRecordType(type) ? this.makeKind(type) : null;
      this.kinds.set(type, kind);
    }
    return kind;
  }

  private makeKind(type: RecordType): Kind {
    const spec = RECORD_SPECS[type];
    const kind: Kind = {
      type, key: COUNT_KEYS[type], spec, ids: this.index(spec.idSpace),
      refs: spec.references.map((r) => this.kindRef(r, type, type === 'RejectedTransfer')),
      clean: null,
      records: 0,
    };
    // An Account's checks keep their order in the general path (the accountable_type check sits
    // between the fields and the id); there are a handful of them in a file.
    if (type !== 'Account') kind.clean = compileClean(kind);
    return kind;
  }

  /** Checks one record; returns the problems found on its line. */
  check(kind: Kind, data: Data, line: number): readonly PreflightProblem[] {
    this.found = NONE as PreflightProblem[];
    this.importable++;
    kind.records++;
    const { type } = kind;
    if (kind.clean === null || !kind.clean(data, line)) this.checkFields(kind, data, line);
    if (type === 'Category' || type === 'Tag' || type === 'Merchant') this.checkName(type, data, line);
    if (type === 'Category') {
      const id = idText(data['id']);
      if (id !== null && idText(data['parent_id']) === id) this.fail('invalid_field_value', line, `Category ${show(id)} names itself as its parent`);
    }
    if (type === 'Transaction') this.checkSplits(data, line);
    if (type === 'Valuation' && present(data['account_id']) && isoDay(data['date']) !== null) {
      // Same account and calendar day, however the time of day is written.
      const key = `${data['account_id']}\u0000${isoDay(data['date'])}`;
      const first = this.valuations.get(key);
      if (first !== undefined) {
        this.fail('duplicate_valuation', line, `Valuation for account ${show(data['account_id'])} on ${data['date']} was already given on line ${first}`);
      } else this.valuations.set(key, line);
    }
    if (type === 'Rule') this.checkRule(data, line);
    return this.found;
  }

  /**
   * The checks every type has (required fields, decimals, dates, the id, references), field by
   * field with a message for each problem: the general path, for records the compiled one does
   * not clear and for Accounts.
   */
  private checkFields(kind: Kind, data: Data, line: number): void {
    const { type, spec } = kind;
    let missing: string[] | null = null;
    for (const f of spec.required) if (!present(data[f])) (missing ??= []).push(f);
    if (missing !== null) this.fail('missing_required_fields', line, `${type} is missing ${missing.join(', ')}`);
    for (const f of spec.decimals) {
      const v = data[f];
      if (present(v) && !isDecimalJson(v)) this.fail('invalid_field_value', line, `${type} ${f} ${show(v)} is not a decimal number`);
    }
    for (const f of spec.dates) {
      const v = data[f];
      if (present(v) && isoDay(v) === null) this.fail('invalid_field_value', line, `${type} ${f} ${show(v)} is not a date (YYYY-MM-DD)`);
    }
    if (type === 'Account' && present(data['accountable_type']) && !ACCOUNTABLE_TYPES.includes(data['accountable_type'] as never)) {
      this.fail('invalid_accountable_type', line,
        `Account ${show(data['id'])} has accountable_type ${show(data['accountable_type'])}; expected one of ${ACCOUNTABLE_TYPES.join(', ')}`);
    }
    const id = idText(data['id']);
    if (id !== null) kind.ids.add(id, line);
    for (const r of kind.refs) this.reference(r, data, line);
  }

  /** A reference as checks need it: its id space's index and its number for what refers. */
  private kindRef(r: Reference, type: string, warn: boolean): KindRef {
    const what = `${type} ${r.field}`;
    return { ...r, ids: this.index(r.space), what, no: this.referrer(r.space, what, warn) };
  }

  /** The number of what refers (`what` into `space`), for the id index's queue. */
  private referrer(space: IdSpace, what: string, warn: boolean): number {
    const key = `${space}\u0000${what}\u0000${warn}`;
    let no = this.referrerNumbers.get(key);
    if (no === undefined) {
      no = this.referrers.push({ space, what, warn }) - 1;
      this.referrerNumbers.set(key, no);
    }
    return no;
  }

  /** A reference that names nothing in the file. */
  private unresolved(id: string, line: number, ref: number): void {
    const r = this.referrers[ref]!;
    const msg = `${r.what} ${show(id)} names no ${r.space} in this file`;
    if (r.warn) this.warning('skipped_missing_reference', line, msg + '; the rejected transfer is skipped');
    else this.error('missing_reference', line, msg);
  }

  private checkName(type: TaxonomyType, data: Data, line: number): void {
    if (typeof data['name'] !== 'string' || data['name'].trim() === '') return;
    const name = data['name'];
    const key = nameKey(name);
    const seen = this.names.get(type)!;
    const first = seen.get(key);
    if (first) this.fail('duplicate_taxonomy_name', line, `${type} name ${show(name)} was already used on line ${first.line}`);
    else seen.set(key, { line, name });
    if (this.existing.get(type)!.has(key)) this.fail('existing_taxonomy_collision', line, `${type} ${show(name)} already exists in this family`);
  }

  private reference(ref: KindRef, data: Data, line: number): void {
    const v = data[ref.field];
    if (!present(v)) return; // required ones are reported as missing fields
    if (!ref.many) {
      this.referenceOne(ref, v, line);
      return;
    }
    if (!Array.isArray(v)) {
      this.fail('invalid_field_value', line, `${ref.what} must be a list of ids (got ${show(v)})`);
      return;
    }
    for (const item of v) this.referenceOne(ref, item, line);
  }

  private referenceOne(ref: KindRef, v: unknown, line: number): void {
    const id = idText(v);
    if (id === null) this.fail('invalid_field_value', line, `${ref.what} ${show(v)} is not an id`);
    else ref.ids.refer(id, line, ref.no);
  }

  private checkSplits(data: Data, line: number): void {
    const lines = data['split_lines'];
    if (lines === undefined || lines === null) return;
    if (!Array.isArray(lines)) {
      this.fail('invalid_split_lines', line, `Transaction ${show(data['id'])} split_lines must be a list`);
      return;
    }
    if (lines.length === 0) return;
    const amounts: string[] = [];
    let ok = true;
    const refs = (this.splitRefs ??= SPLIT_LINE_REFERENCES.map((r) => this.kindRef(r, 'Transaction split line', false)));
    for (let i = 0; i < lines.length; i++) {
      const l: unknown = lines[i];
      if (!l || typeof l !== 'object' || Array.isArray(l)) {
        this.fail('invalid_split_lines', line, `Transaction ${show(data['id'])} split line ${i + 1} is not an object`);
        ok = false;
        continue;
      }
      const sl = l as Data;
      const amount = decimalFromJson(sl['amount']);
      if (amount === null) {
        this.fail('invalid_split_lines', line, `Transaction ${show(data['id'])} split line ${i + 1} has no valid amount (got ${show(sl['amount'])})`);
        ok = false;
      } else amounts.push(amount);
      const id = idText(sl['id']);
      if (id !== null) this.index('Transaction').add(id, line, true);
      for (const r of refs) this.reference(r, sl, line);
    }
    const total = decimalFromJson(data['amount']);
    if (ok && total !== null && !sumsTo(amounts, total)) {
      this.fail('split_amount_mismatch', line, `Transaction ${show(data['id'])} split lines sum to ${sum(amounts)}, not its amount ${total}`);
    }
  }

  private checkRule(data: Data, line: number): void {
    const visit = (list: unknown, kind: 'conditions' | 'actions', depth: number) => {
      if (list === undefined || list === null) return;
      if (!Array.isArray(list)) {
        this.fail('invalid_field_value', line, `Rule ${show(data['id'])} ${kind} must be a list`);
        return;
      }
      for (const item of list) {
        if (!item || typeof item !== 'object') {
          this.fail('invalid_field_value', line, `Rule ${show(data['id'])} has a ${kind} entry that is not an object`);
          continue;
        }
        const it = item as Data;
        const key = kind === 'conditions' ? it['condition_type'] : it['action_type'];
        const target = typeof key === 'string' ? (kind === 'conditions' ? RULE_CONDITION_REFS : RULE_ACTION_REFS)[key] : undefined;
        if (target) {
          for (const name of operandNames(it['value'], it['value_ref'])) {
            this.pendingNames.push({ type: target, name, line, what: `Rule ${show(data['id'])} ${kind === 'conditions' ? 'condition' : 'action'} ${key}` });
          }
        }
        if (kind === 'conditions' && depth === 0) visit(it['sub_conditions'], 'conditions', 1);
      }
    };
    visit(data['conditions'], 'conditions', 0);
    visit(data['actions'], 'actions', 0);
  }

  /** Resolves what is left against the whole file and the family; call once, after the last record. */
  finish(): PreflightResult {
    for (const [space, ids] of this.ids) {
      ids.seal(
        (id, line, first, split) => {
          this.error('duplicate_source_id', line, `${split ? 'Transaction split line' : space} id ${show(id)} was already used on line ${first}`);
          this.duplicateLines.push(line);
        },
        (id, line, ref) => this.unresolved(id, line, ref),
      );
    }
    for (const n of this.pendingNames) {
      const key = nameKey(n.name);
      if (this.names.get(n.type)!.has(key) || this.existing.get(n.type)!.has(key)) continue;
      this.error('missing_reference', n.line, `${n.what} names ${n.type} ${show(n.name)}, which is neither in this file nor in the family`);
    }
    this.pendingNames = [];
    for (const [type, u] of this.unsupported) {
      this.error('unsupported_record_type', u.line, `record type ${show(type)} is not supported (${u.count} line${u.count === 1 ? '' : 's'}, the first on line ${u.line})`);
    }
    if (this.importable === 0) this.error('no_data_rows', null, 'the file holds no records of a supported type');
    return {
      valid: Object.keys(this.errorCounts).length === 0,
      errors: this.errors.list(),
      warnings: this.warnings.list(),
      error_counts: sortedCounts(this.errorCounts),
      warning_counts: sortedCounts(this.warningCounts),
      errors_truncated: this.errors.truncated,
    };
  }
}
