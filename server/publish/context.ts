// What a write shares: the publish's unit of work (store.ts Ledger), and find-or-create for the
// records rows name (categories with their parents, tags, merchants, accounts, securities) on top
// of it. Everything created carries the import's id (the ledger adds it), so revert can find it.
//
// The ledger's reads see the family as it was when the publish began, so what this write creates
// is remembered here (names, a new category's colours, securities) rather than read back.

import type { Ledger, NamedTable } from '../store/store.ts';
import { nameKey, uuidv7 } from '../store/ids.ts';

const DEFAULT_COLOR = '#94a3b8';

type Style = { color: string; lucide_icon: string; classification: string };

export class WriteContext {
  readonly ledger: Ledger;
  private readonly names = new Map<NamedTable, Map<string, string>>();
  /** Ids by table and name as the rows spell it. */
  private readonly spellings = new Map<NamedTable, Map<string, string>>();
  private readonly styles = new Map<string, Style>();
  private readonly securities = new Map<string, string>();

  constructor(ledger: Ledger) {
    this.ledger = ledger;
  }

  private index(table: NamedTable): Map<string, string> {
    let m = this.names.get(table);
    if (!m) this.names.set(table, (m = this.ledger.nameIndex(table)));
    return m;
  }

  findId(table: NamedTable, name: string): string | undefined {
    // Rows repeat the same few names: remember each spelling seen, so most lookups skip nameKey().
    let spelled = this.spellings.get(table);
    if (!spelled) this.spellings.set(table, (spelled = new Map()));
    const hit = spelled.get(name);
    if (hit !== undefined) return hit;
    const id = this.index(table).get(nameKey(name));
    if (id !== undefined) spelled.set(name, id);
    return id;
  }

  remember(table: NamedTable, name: string, id: string): void {
    this.index(table).set(nameKey(name), id);
  }

  /** A category by name (two levels: `parent`), created with its parent when missing; a child takes its parent's colours. */
  category(name: string, parent: string | null = null, color?: string | null, icon?: string | null): string {
    const found = this.findId('categories', name);
    if (found) return found;
    const parentId = parent ? this.category(parent) : null;
    const inherited = parentId ? this.styles.get(parentId) ?? this.ledger.categoryStyle(parentId) : undefined;
    const style: Style = {
      color: color ?? inherited?.color ?? DEFAULT_COLOR, lucide_icon: icon ?? inherited?.lucide_icon ?? 'shapes',
      classification: inherited?.classification ?? 'expense',
    };
    const id = uuidv7();
    this.ledger.insert('categories', { id, name: name.trim(), name_key: nameKey(name), ...style, parent_id: parentId });
    this.styles.set(id, style);
    this.remember('categories', name, id);
    return id;
  }

  tag(name: string): string {
    return this.named('tags', name);
  }

  /** A merchant by name; one created here takes `details` (its colour and website). */
  merchant(name: string, details: { color: string | null; website_url: string | null } | null = null): string {
    return this.named('merchants', name, details);
  }

  /** A tag or merchant by name, created when missing. */
  private named(table: 'tags' | 'merchants', name: string, details: Record<string, unknown> | null = null): string {
    const found = this.findId(table, name);
    if (found) return found;
    const id = uuidv7();
    this.ledger.insert(table, { id, name: name.trim(), name_key: nameKey(name), ...details });
    this.remember(table, name, id);
    return id;
  }

  /** An account by name, created (as `accountableType`, default Depository) when missing. */
  account(name: string, currency: string, accountableType = 'Depository'): string {
    const found = this.findId('accounts', name);
    if (found) return found;
    const id = uuidv7();
    this.ledger.insert('accounts', { id, name: name.trim(), name_key: nameKey(name), accountable_type: accountableType, balance: '0', currency });
    this.remember('accounts', name, id);
    return id;
  }

  /** A security by ticker and exchange, created when missing. */
  security(ticker: string, mic: string | null, name: string | null = null): string {
    const m = mic ?? '';
    const key = `${ticker}\u0000${m}`;
    let id = this.securities.get(key) ?? this.ledger.securityId(ticker, m);
    if (id === undefined) {
      id = uuidv7();
      this.ledger.insert('securities', { id, ticker, name, exchange_operating_mic: m });
    }
    this.securities.set(key, id);
    return id;
  }
}
