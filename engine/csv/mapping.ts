// Column mapping (SPEC §2.3, §2.14): which column holds each field an import type reads, and how
// that was found. In order of authority:
//   1. label       a `*_col_label` option names a header (compared after normalization) or a
//                  position (`#3`, 1-based);
//   2. layout      a budgeting-app layout's own header names (Mint, Actual, YNAB);
//   3. header      the plain default names of SPEC §2.3 (`name` before `description` before
//                  `payee`), then the multilingual vocabulary (vocabulary/), for the types that use
//                  it; with `column_names` these are matched against the names given, and `how` is
//                  `column_names`;
//   4. content     what the sampled cells look like (infer/roles.ts), for the fields still missing.
// A header match for a field whose cells can be checked (dates, amounts, currencies, direction
// markers) must be borne out by the sampled cells; one that is not is passed over for the next
// candidate. A label that is given but not found stops the file at once; required fields still
// missing after the content pass stop it with every missing field named, with the options that fix
// each.
//
//   const plan = planColumns(opts, entry.table);
//   const score = headerScore(plan, cells);         // header search (dialect.ts): how header-like a line is
//   const map = mapColumns(plan, headers, line, how, profiles);   // ColumnMap | SluiceError

import { issue, SluiceError, type Issue } from '../errors.ts';
import { FIELD_NAMES, normalizeHeader, type ColumnKey, type ColumnMap, type ColumnHow, type ColumnReport } from '../fields.ts';
import type { TableType } from '../import-types.ts';
import type { NormalizedOptions } from '../options.ts';
import { amountByContent, confirms, dateByContent, directionByContent, nameByContent } from '../infer/roles.ts';
import type { SampleProfiles } from '../infer/profile.ts';
import { matchHeaderRoles } from '../vocabulary/match.ts';
import type { HeaderRole, Lang } from '../vocabulary/languages.ts';

/** The vocabulary roles that name each field, most specific first. */
const FIELD_ROLES: Partial<Record<ColumnKey, readonly HeaderRole[]>> = {
  date: ['date', 'value_date'],
  amount: ['amount'],
  inflow: ['inflow'],
  outflow: ['outflow'],
  name: ['payee', 'description'],
  notes: ['notes', 'description'],
  currency: ['currency'],
  balance: ['balance'],
  category: ['category'],
  account: ['account'],
  direction: ['direction'],
};

export interface ColumnSpec {
  readonly key: ColumnKey;
  /** The label the caller gave, or null. */
  readonly label: string | null;
  /** A layout's own names for the field (normalized), tried first. */
  readonly layoutNames: readonly string[];
  /** The plain default names (SPEC §2.3), normalized. */
  readonly names: readonly string[];
  /** Vocabulary roles, empty for types that do not use the vocabulary. */
  readonly roles: readonly HeaderRole[];
  readonly required: boolean;
}

export interface ColumnPlan {
  readonly specs: readonly ColumnSpec[];
  /** The type has an amount: one column, or inflow − outflow. */
  readonly amount: boolean;
  /** Labels force one amount column (`single`) or two (`split`); `auto` decides from the file. */
  readonly amountMode: 'single' | 'split' | 'auto';
  /** Missing roles may be found from the cells (SPEC §2.14). */
  readonly byContent: boolean;
  /** date_format is given: a date column's cells are not judged against the candidate formats. */
  readonly dateFormatGiven: boolean;
}

const labelOf = (opts: NormalizedOptions, key: ColumnKey): string | null =>
  (opts.labels as Partial<Record<string, string>>)[key] ?? null;

/** The columns a type reads, with where to look for each. Labels in the options win over everything. */
export function planColumns(opts: NormalizedOptions, table: TableType): ColumnPlan {
  const specs: ColumnSpec[] = [];
  const add = (key: ColumnKey, required: boolean) => {
    if (specs.some((s) => s.key === key)) return;
    specs.push({
      key,
      label: labelOf(opts, key),
      layoutNames: (table.names[key] ?? []).map(normalizeHeader),
      names: (FIELD_NAMES[key] ?? []).map(normalizeHeader),
      roles: table.vocabulary ? FIELD_ROLES[key] ?? [] : [],
      required,
    });
  };
  const { fields } = table;
  for (const k of fields.required) add(k, true);
  let amountMode: ColumnPlan['amountMode'] = 'auto';
  if (fields.amount) {
    if (labelOf(opts, 'inflow') || labelOf(opts, 'outflow')) amountMode = 'split';
    else if (labelOf(opts, 'amount') || opts.amount_type_strategy === 'custom_column') amountMode = 'single';
    // The amount columns come right after the required fields, so they claim their headers
    // before optional fields whose vocabulary might share a word.
    if (amountMode !== 'split') add('amount', amountMode === 'single');
    if (amountMode !== 'single') {
      add('inflow', amountMode === 'split');
      add('outflow', amountMode === 'split');
    }
  }
  if (opts.amount_type_strategy === 'custom_column' && fields.amount) add('entity_type', true);
  for (const k of fields.optional) add(k, false);
  return { specs, amount: fields.amount, amountMode, byContent: table.vocabulary, dateFormatGiven: opts.date_format !== null };
}

/** The position a `#N` label names (0-based), or null when the label is a header. */
function positionOf(label: string): number | null {
  const m = /^#(\d+)$/.exec(label);
  return m ? Number(m[1]) - 1 : null;
}

export interface HeaderScore {
  /** Cells that name a field of the plan (label, layout, default name or vocabulary). */
  matched: number;
  /** The labels the options give by header: none given, all among the cells, or not all. */
  labels: 'none' | 'all' | 'some';
  /** Languages of the vocabulary phrases found, with how many cells each. */
  langs: ReadonlyMap<Lang, number>;
}

/** How header-like a line is, for the header search: the cells that name a field of the plan. */
export function headerScore(plan: ColumnPlan, cells: readonly string[]): HeaderScore {
  const normalized = cells.map(normalizeHeader);
  const langs = new Map<Lang, number>();
  let matched = 0;
  for (let i = 0; i < cells.length; i++) {
    const n = normalized[i]!;
    // A header is a few words: long cells (a purpose, a preamble sentence) are not looked up.
    if (n === '' || n.length > 60) continue;
    let hit = plan.specs.some((s) => (s.label !== null && normalizeHeader(s.label) === n) || s.layoutNames.includes(n) || s.names.includes(n));
    const roles = plan.byContent ? matchHeaderRoles(cells[i]!) : [];
    if (roles.length > 0) {
      hit = true;
      for (const l of roles[0]!.langs) langs.set(l, (langs.get(l) ?? 0) + 1);
    }
    if (hit) matched++;
  }
  const byHeader = plan.specs.filter((s) => s.label !== null && positionOf(s.label) === null);
  const labels = byHeader.length === 0 ? 'none'
    : byHeader.every((s) => normalized.includes(normalizeHeader(s.label!))) ? 'all' : 'some';
  return { matched, labels, langs };
}

/** The languages of a header row's vocabulary phrases, most cells first. */
export function headerLanguages(plan: ColumnPlan, headers: readonly string[]): Lang[] {
  const langs = headerScore(plan, headers).langs;
  return [...langs.entries()].sort((a, b) => b[1] - a[1]).map(([l]) => l);
}

function describeHeaders(headers: readonly string[]): string {
  return headers.map((h, i) => (h === '' ? `#${i + 1} (empty)` : JSON.stringify(h))).join(', ');
}

/** A field's label option (the CLI spells it `--date-col-label`). */
export const flagOf = (key: ColumnKey): string => `${key}_col_label`;

interface Candidate {
  column: number;
  how: ColumnHow;
}

/**
 * Applies a plan to a header row (or to the names of `column_names`, or to no names at all for a
 * headerless file: `headers` all empty). `profiles` is the sample's column profiles, or null before
 * there is one (then nothing is confirmed by content and nothing found by it). Returns the map, or
 * the fatal problem as a SluiceError (not thrown, so the header search can try lines cheaply).
 */
export function mapColumns(
  plan: ColumnPlan,
  headers: readonly string[],
  headerLine: number | null,
  namesHow: 'header' | 'column_names',
  profiles: SampleProfiles | null,
): ColumnMap | SluiceError {
  const normalized = headers.map(normalizeHeader);
  const roles = plan.byContent ? headers.map((h) => matchHeaderRoles(h)) : headers.map(() => []);
  const index: Partial<Record<ColumnKey, number>> = {};
  const report: Partial<Record<ColumnKey, ColumnReport>> = {};
  const warnings: Issue[] = [];
  const taken = new Set<number>();
  const found = () => `; the headers found are ${describeHeaders(headers)}${headerLine === null ? '' : ` (line ${headerLine})`}`;
  const sampled = profiles !== null && profiles.sample.length > 0;
  const headerOf = (c: number) => (headers[c] ? headers[c]! : `#${c + 1}`);

  const take = (key: ColumnKey, c: number, how: ColumnHow, second: number | null) => {
    index[key] = c;
    taken.add(c);
    report[key] = {
      header: headerOf(c), position: c + 1, how,
      second: second === null ? null : { header: headerOf(second), position: second + 1 },
    };
  };
  const columnsNamed = (name: string): number[] => {
    const out: number[] = [];
    for (let i = 0; i < normalized.length; i++) if (normalized[i] === name) out.push(i);
    return out;
  };
  const warnDuplicates = (key: ColumnKey, hits: readonly number[]) => {
    if (hits.length < 2) return;
    const cols = hits.map((i) => `#${i + 1} ${JSON.stringify(headers[i])}`).join(', ');
    warnings.push(issue('MAP_DUPLICATE_HEADER', headerLine, key,
      `${hits.length} columns are named like ${JSON.stringify(headers[hits[0]!])} (${cols}); ${key} uses the first`, headers[hits[0]!]!));
  };

  // 1. Labels.
  for (const spec of plan.specs) {
    if (spec.label === null) continue;
    const pos = positionOf(spec.label);
    if (pos !== null) {
      if (pos < 0 || pos >= Math.max(headers.length, profiles?.width ?? 0)) {
        return new SluiceError('MAP_COLUMN_NOT_FOUND', `${spec.key}_col_label ${JSON.stringify(spec.label)} points past the ${headers.length} columns of the file${found()}`, headerLine, { field: spec.key, label: spec.label, headers });
      }
      take(spec.key, pos, 'label', null);
      if (!headers[pos]) report[spec.key]!.header = spec.label;
      continue;
    }
    const hits = columnsNamed(normalizeHeader(spec.label));
    if (hits.length === 0) {
      return new SluiceError('MAP_COLUMN_NOT_FOUND', `${spec.key}_col_label ${JSON.stringify(spec.label)} is not a column of the file${found()}`, headerLine, { field: spec.key, label: spec.label, headers });
    }
    take(spec.key, hits[0]!, 'label', null);
    warnDuplicates(spec.key, hits);
  }

  // 2–3. Names: a layout's, the plain defaults, then the vocabulary. Candidates are gathered per
  // field in that order; the first one the sample bears out wins, the next is its close second.
  const confirmed = (key: ColumnKey, c: number) =>
    !sampled || profiles === null || ((key === 'date' || key === 'effective_date') && plan.dateFormatGiven) || confirms(key, profiles.get(c), true);
  // A required field's header that the cells did not bear out is still taken when nothing else is found.
  const unconfirmed = new Map<ColumnKey, Candidate>();
  const candidatesOf = (spec: ColumnSpec): Candidate[] => {
    const out: Candidate[] = [];
    const push = (c: number, how: ColumnHow) => { if (!taken.has(c) && !out.some((x) => x.column === c)) out.push({ column: c, how }); };
    for (const n of spec.layoutNames) for (const c of columnsNamed(n)) push(c, 'layout');
    for (const n of spec.names) for (const c of columnsNamed(n)) push(c, namesHow);
    for (const role of spec.roles) {
      for (let c = 0; c < roles.length; c++) if (roles[c]!.some((r) => r.role === role)) push(c, namesHow);
    }
    // A name column that holds one value on every sampled row (the account holder, the product)
    // gives way to one whose values vary.
    if (spec.key === 'name' && sampled && profiles !== null && profiles.sample.length >= 3) {
      const constant = (x: Candidate) => Number(x.how !== 'layout' && profiles.get(x.column).distinct <= 1);
      out.sort((a, b) => constant(a) - constant(b));
    }
    return out;
  };
  for (const spec of plan.specs) {
    if (index[spec.key] !== undefined) continue;
    const all = candidatesOf(spec);
    // A layout's own names are the app's export format: no need for the cells to bear them out.
    const candidates = all.filter((x) => x.how === 'layout' || confirmed(spec.key, x.column));
    if (candidates.length === 0) {
      if (all.length > 0 && (spec.required || spec.key === 'amount' || spec.key === 'inflow' || spec.key === 'outflow')) unconfirmed.set(spec.key, all[0]!);
      continue;
    }
    const first = candidates[0]!;
    take(spec.key, first.column, first.how, candidates[1]?.column ?? null);
    warnDuplicates(spec.key, columnsNamed(normalized[first.column]!).filter((c) => c === first.column || !taken.has(c)));
  }

  // A bank file's one text column named as notes or description is the row's name rather than
  // leaving every name "Imported item".
  const nameSpec = plan.specs.find((s) => s.key === 'name');
  if (plan.byContent && nameSpec !== undefined && nameSpec.label === null && index.name === undefined && index.notes !== undefined && report.notes!.how !== 'label') {
    const c = index.notes;
    const r = report.notes!;
    delete index.notes;
    delete report.notes;
    index.name = c;
    report.name = { ...r, second: null };
  }

  // Headers of required fields the cells did not bear out, when the cells named nothing better.
  const settleUnconfirmed = () => {
    for (const [key, c] of unconfirmed) {
      if (index[key] === undefined && !taken.has(c.column)) take(key, c.column, c.how, null);
    }
    unconfirmed.clear();
  };

  // 4. Content, for the types that read bank files.
  if (plan.byContent && sampled && profiles !== null) {
    const free = (c: number) => !taken.has(c);
    const want = (key: ColumnKey) => plan.specs.some((s) => s.key === key) && index[key] === undefined;
    if (want('date')) {
      const c = dateByContent(profiles, free);
      if (c !== null) take('date', c, 'content', null);
    }
    if (plan.amount && index.amount === undefined && !(index.inflow !== undefined && index.outflow !== undefined)) {
      const a = amountByContent(profiles, free);
      if (a?.mode === 'single' && want('amount')) take('amount', a.column, 'content', null);
      else if (a?.mode === 'split' && plan.amountMode !== 'single') {
        if (want('outflow')) take('outflow', a.outflow, 'content', null);
        if (want('inflow')) take('inflow', a.inflow, 'content', null);
      }
    }
    settleUnconfirmed();
    if (want('direction')) {
      const c = directionByContent(profiles, free);
      if (c !== null) take('direction', c, 'content', null);
    }
    if (want('name')) {
      const c = nameByContent(profiles, free);
      if (c !== null) take('name', c, 'content', null);
    }
  }

  settleUnconfirmed();

  // Which amount: one column, or inflow − outflow.
  let amountMode: ColumnMap['amountMode'] = 'none';
  if (plan.amount) {
    if (plan.amountMode === 'single' || (plan.amountMode === 'auto' && index.amount !== undefined)) amountMode = 'single';
    else if (index.inflow !== undefined && index.outflow !== undefined) amountMode = 'split';
    if (amountMode === 'single') { for (const k of ['inflow', 'outflow'] as const) { delete index[k]; delete report[k]; } }
    else if (amountMode === 'split') { delete index.amount; delete report.amount; }
  }

  // Every required field still missing, at once, with the options that fix each.
  const missing: { field: string; fix: string }[] = [];
  for (const spec of plan.specs) {
    if (!spec.required || index[spec.key] !== undefined) continue;
    missing.push({ field: spec.key, fix: flagOf(spec.key) });
  }
  if (plan.amount && amountMode === 'none' && plan.amountMode === 'auto') {
    missing.push({ field: 'amount', fix: `${flagOf('amount')} (or ${flagOf('inflow')} and ${flagOf('outflow')})` });
  }
  if (missing.length > 0) {
    const what = missing.map((m) => m.field).join(', ');
    const fixes = missing.map((m) => m.fix).join('; ');
    return new SluiceError('MAP_REQUIRED_COLUMN_MISSING',
      `no column for the required field${missing.length > 1 ? 's' : ''} ${what}: no header names ${missing.length > 1 ? 'them' : 'it'} and no column's cells read as ${missing.length > 1 ? 'them' : 'one'} (set ${fixes})${found()}`,
      headerLine, { field: missing[0]!.field, fields: missing.map((m) => m.field), fixes: missing.map((m) => m.fix), headers });
  }

  // Warn only about duplicates of columns actually used.
  const used = new Set(Object.values(index));
  return {
    index, report, amountMode,
    header: Object.fromEntries(Object.entries(report).map(([k, r]) => [k, r!.header])),
    warnings: warnings.filter((w) => used.has(index[w.field as ColumnKey]!)),
  };
}
