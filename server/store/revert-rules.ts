// What reverting an import deletes and in which order, and which records it created may be shared
// by others since (SPEC §3.10): the same rules on every store (sqlite/revert.ts, pg/revert.ts). The
// SQL conditions are portable.

/** What the import owns alone, dependents first (foreign keys are deferred anyway). */
export const REVERT_ORDER = [
  'transfers', 'rejected_transfers', 'budget_categories', 'rules', 'valuations', 'balances', 'holdings', 'trades',
  'split_lines', 'transactions', 'recurring_transactions',
];

/**
 * Records an import created that other rows may have come to use since (a category, a tag, a
 * merchant, an account, a security, a budget): each is deleted when nothing uses it any more, and
 * otherwise kept and no longer counted as the import's, so reverting one import never breaks the
 * rows of another.
 */
export const SHARED: [table: string, usedBy: string][] = [
  ['budgets', 'EXISTS (SELECT 1 FROM budget_categories x WHERE x.budget_id = r.id)'],
  ['securities', 'EXISTS (SELECT 1 FROM trades x WHERE x.security_id = r.id) OR EXISTS (SELECT 1 FROM holdings x WHERE x.security_id = r.id)'],
  ['merchants', 'EXISTS (SELECT 1 FROM transactions x WHERE x.merchant_id = r.id) OR EXISTS (SELECT 1 FROM split_lines x WHERE x.merchant_id = r.id)'
    + ' OR EXISTS (SELECT 1 FROM recurring_transactions x WHERE x.merchant_id = r.id)'],
  ['tags', 'EXISTS (SELECT 1 FROM transaction_tags x WHERE x.tag_id = r.id)'],
  ['categories', 'EXISTS (SELECT 1 FROM transactions x WHERE x.category_id = r.id) OR EXISTS (SELECT 1 FROM split_lines x WHERE x.category_id = r.id)'
    + ' OR EXISTS (SELECT 1 FROM budget_categories x WHERE x.category_id = r.id) OR EXISTS (SELECT 1 FROM categories x WHERE x.parent_id = r.id)'],
  ['accounts', ['transactions', 'trades', 'holdings', 'valuations', 'balances', 'recurring_transactions', 'imports']
    .map((t) => `EXISTS (SELECT 1 FROM ${t} x WHERE x.account_id = r.id)`).join(' OR ')],
];
