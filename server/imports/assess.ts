// What an uploaded import needs before it can be published (SPEC §3.9): its mappings (the
// distinct categories, tags, accounts and account types its rows name, each matched by name to a
// family record or marked to be created at publish) and its blockers (each reason it is not
// publishable). Status flags are derived from these in view.ts.

import { accountableType, IMPORT_TYPE_ENTRIES, type FileResult, type ImportType, type NdjsonResult } from 'sluice';
import { nameKey } from '../store/ids.ts';
import type { FamilyStore, MappingInput } from '../store/store.ts';

export interface Blocker {
  code: 'not_uploaded' | 'no_rows' | 'invalid_rows' | 'invalid_mappings' | 'account_required' | 'max_row_count_exceeded' | 'preflight_failed' | 'extraction_unavailable';
  message: string;
}

export async function csvMappings(families: FamilyStore, familyId: string, type: ImportType, accountId: string | null, r: FileResult): Promise<MappingInput[]> {
  const out: MappingInput[] = [];
  const categories = await families.nameIndex(familyId, 'categories');
  const seen = new Set<string>();
  const category = (name: string, parent: string | null) => {
    const k = nameKey(name);
    if (seen.has(k)) return;
    seen.add(k);
    const id = categories.get(k) ?? null;
    out.push({ kind: 'category', key: name, parent_key: parent, mappable_id: id, value: null, assigned: id !== null, valid: true });
  };
  for (const c of r.categories) {
    if (c.parent !== null) category(c.parent, null);
    category(c.name, c.parent);
  }
  const named = async (kind: 'tag' | 'account', table: 'tags' | 'accounts', names: readonly string[]) => {
    if (names.length === 0) return;
    const ids = await families.nameIndex(familyId, table);
    const done = new Set<string>();
    for (const n of names) {
      const k = nameKey(n);
      if (done.has(k)) continue; // names are matched case-insensitively: "Savings" and "SAVINGS" are one
      done.add(k);
      const id = ids.get(k) ?? null;
      out.push({ kind, key: n, parent_key: null, mappable_id: id, value: null, assigned: id !== null, valid: true });
    }
  };
  await named('tag', 'tags', r.tags);
  if (accountId === null) await named('account', 'accounts', r.accounts);
  if (type === 'AccountImport') {
    for (const t of r.account_types) {
      const cls = accountableType(t);
      out.push({ kind: 'account_type', key: t, parent_key: null, mappable_id: null, value: cls, assigned: cls !== null, valid: cls !== null });
    }
  }
  return out;
}

export interface AssessInput {
  type: ImportType;
  uploaded: boolean;
  rowsCount: number;
  invalidRowsCount: number;
  accountId: string | null;
  maxRows: number;
  mappings: readonly MappingInput[];
  csv: FileResult | null;
  native: NdjsonResult | null;
  /** Valid rows that name no account (transaction-like types without account_id). */
  rowsWithoutAccount: number;
}

export function blockersOf(a: AssessInput): Blocker[] {
  const out: Blocker[] = [];
  if (a.type === 'PdfImport') {
    out.push({ code: 'extraction_unavailable', message: 'Statement extraction from PDF is not available; the file is stored but has no rows to publish' });
    return out;
  }
  if (!a.uploaded) {
    out.push({ code: 'not_uploaded', message: 'The import has no content' });
    return out;
  }
  if (a.rowsCount === 0 && a.type !== 'NativeImport') out.push({ code: 'no_rows', message: 'The file has no data rows' });
  if (a.invalidRowsCount > 0 && a.type !== 'NativeImport') {
    out.push({ code: 'invalid_rows', message: `${a.invalidRowsCount} row${a.invalidRowsCount === 1 ? ' is' : 's are'} invalid` });
  }
  const bad = a.mappings.filter((m) => !m.valid);
  if (bad.length > 0) {
    out.push({ code: 'invalid_mappings', message: `unmatched ${bad.map((m) => `${m.kind.replace('_', ' ')} ${JSON.stringify(m.key)}`).join(', ')}` });
  }
  if (IMPORT_TYPE_ENTRIES[a.type].needsAccount && a.accountId === null) {
    // A QIF record names its account through !Account blocks, a statement row its statement's
    // account (OFX ACCTID, CAMT IBAN, MT940 :25:); a CSV row through its account column.
    const rowsCanName = IMPORT_TYPE_ENTRIES[a.type].table === null || (a.csv !== null && a.csv.columns['account'] !== undefined);
    if (!rowsCanName) {
      out.push({ code: 'account_required', message: 'Give account_id, or an account column naming each row\'s account' });
    } else if (a.rowsWithoutAccount > 0) {
      out.push({ code: 'account_required', message: `${a.rowsWithoutAccount} rows name no account and the import has no account_id` });
    }
  }
  if (a.rowsCount > a.maxRows) {
    out.push({ code: 'max_row_count_exceeded', message: `The file has ${a.rowsCount} rows; at most ${a.maxRows} can be published` });
  }
  if (a.native !== null && !a.native.preflight.valid) {
    out.push({ code: 'preflight_failed', message: `Preflight found ${a.native.preflight.errors.length} problem(s)` });
  }
  return out;
}
