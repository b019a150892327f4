// The whole-file result (SPEC §2.12): counts, issue counts by code, the first issues in full, and
// the distinct categories, tags, accounts and account types the rows name (the raw material for
// mappings). Counting is complete however many issues are kept in full.

import type { Code, Issue } from '../errors.ts';
import type { ColumnReport } from '../fields.ts';
import type { ImportType } from '../import-types.ts';
import type { NormalizedOptions } from '../options.ts';
import type { NumberFormat } from '../parse/amount.ts';
import type { RowResult } from './row.ts';
import type { InferredSettings } from './settings.ts';

export interface CategoryRef {
  name: string;
  parent: string | null;
}

export interface FileResult {
  type: ImportType;
  encoding: string;
  encoding_detected: boolean;
  bom: boolean;
  undecodable_chars: number;
  /** The separator character; null for formats that are not tables (QIF). */
  col_sep: string | null;
  header_line: number | null;
  header_searched: boolean;
  headers: string[];
  /** For each mapped field: the header, its position, how it was found, a close second. */
  columns: Partial<Record<string, ColumnReport>>;
  amount_columns: 'single' | 'split' | 'none';
  date_format: string | null;
  date_format_inferred: boolean;
  number_format: NumberFormat;
  signage_convention: string;
  /** Every setting the file was read with: given, inferred (with evidence) or default. */
  inferred: InferredSettings;
  rows_count: number;
  valid_rows_count: number;
  invalid_rows_count: number;
  issue_counts: Partial<Record<Code, number>>;
  issues: Issue[];
  issues_truncated: boolean;
  categories: CategoryRef[];
  tags: string[];
  accounts: string[];
  account_types: string[];
}

export type DialectReport = Pick<
  FileResult,
  'encoding' | 'encoding_detected' | 'bom' | 'undecodable_chars' | 'col_sep' | 'header_line' | 'header_searched' | 'headers' |
  'columns' | 'amount_columns' | 'date_format' | 'date_format_inferred' | 'number_format' | 'inferred'
>;

const RECENT_SLOTS = 32; // a power of two

/**
 * The last (name, parent) pairs added to a collection, one per slot chosen by the name's length
 * and end characters. Every row's cells are new strings, so a Map or Set lookup hashes each name
 * afresh (about 50 ns); a file repeats a handful of categories and tags on most rows, and one
 * string comparison here tells most of them are known. seen() is true only for a pair that was
 * passed to it before (and so added by the caller); a miss is merely a lookup the caller does anyway.
 */
class Recent {
  // '' marks an empty slot (names are never empty; seen('') is false), so the names are all
  // strings and the first comparison is a string comparison, not a generic one.
  private readonly names: string[] = new Array<string>(RECENT_SLOTS).fill('');
  private readonly parents: (string | null)[] = new Array<string | null>(RECENT_SLOTS).fill(null);

  seen(name: string, parent: string | null): boolean {
    const n = name.length;
    if (n === 0) return false;
    const slot = (n + 7 * name.charCodeAt(0) + 31 * name.charCodeAt(n - 1)) & (RECENT_SLOTS - 1);
    if (this.names[slot] === name && this.parents[slot] === parent) return true;
    this.names[slot] = name;
    this.parents[slot] = parent;
    return false;
  }
}

export class Stats {
  private readonly opts: NormalizedOptions;
  rowsCount = 0;
  private valid = 0;
  private readonly counts = new Map<Code, number>();
  private readonly kept: Issue[] = [];
  private truncated = false;
  private readonly categories = new Map<string | null, Map<string, CategoryRef>>();
  private readonly tags = new Set<string>();
  private readonly accounts = new Set<string>();
  private readonly accountTypes = new Set<string>();
  private readonly recentCategories = new Recent();
  private readonly recentTags = new Recent();

  constructor(opts: NormalizedOptions) {
    this.opts = opts;
  }

  has(code: Code): boolean {
    return this.counts.has(code);
  }

  fileIssue(i: Issue): void {
    this.count(i);
  }

  private count(i: Issue): void {
    this.counts.set(i.code, (this.counts.get(i.code) ?? 0) + 1);
    if (this.kept.length < this.opts.max_issues) this.kept.push(i);
    else this.truncated = true;
  }

  add(row: RowResult): void {
    this.rowsCount++;
    if (row.valid) this.valid++;
    const issues = row.issues;
    if (issues.length > 0) for (let i = 0; i < issues.length; i++) this.count(issues[i]!);
    const f = row.fields;
    const category = f['category'];
    if (typeof category === 'string') {
      const parent = typeof f['category_parent'] === 'string' ? f['category_parent'] : null;
      if (!this.recentCategories.seen(category, parent)) {
        let names = this.categories.get(parent);
        if (names === undefined) this.categories.set(parent, (names = new Map()));
        if (!names.has(category)) names.set(category, { name: category, parent });
      }
    }
    const tags = f['tags'];
    if (Array.isArray(tags) && tags.length > 0) {
      for (let i = 0; i < tags.length; i++) {
        const tag = tags[i] as string;
        if (!this.recentTags.seen(tag, null)) this.tags.add(tag);
      }
    }
    if (typeof f['account'] === 'string') this.accounts.add(f['account']);
    if (this.opts.type === 'AccountImport' && typeof f['entity_type'] === 'string') this.accountTypes.add(f['entity_type']);
  }

  result(dialect: DialectReport): FileResult {
    return {
      type: this.opts.type,
      ...dialect,
      signage_convention: this.opts.signage_convention,
      rows_count: this.rowsCount,
      valid_rows_count: this.valid,
      invalid_rows_count: this.rowsCount - this.valid,
      issue_counts: Object.fromEntries(this.counts) as Partial<Record<Code, number>>,
      issues: this.kept.slice(),
      issues_truncated: this.truncated,
      categories: [...this.categories.values()].flatMap((m) => [...m.values()]),
      tags: [...this.tags],
      accounts: [...this.accounts],
      account_types: [...this.accountTypes],
    };
  }
}
