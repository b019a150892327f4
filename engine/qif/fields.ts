// QIF field values (SPEC §2.8): the category field `L` (`Cat:Sub/Class`, `[Transfer account]`,
// `Cat|[Account]`) and the investment actions with the sign each gives to quantity and cash.

export interface CategoryField {
  category: string | null;
  classes: string[];
  transfer: string | null;
}

/** Reads an L or S value. */
export function categoryField(value: string): CategoryField {
  const out: CategoryField = { category: null, classes: [], transfer: null };
  for (const part of value.split('|')) {
    const p = part.trim();
    if (p === '') continue;
    const t = /^\[(.*?)\](?:\/(.*))?$/.exec(p);
    if (t) {
      out.transfer = t[1]!.trim() || null;
      if (t[2]) out.classes.push(t[2].trim());
      continue;
    }
    const slash = p.indexOf('/');
    const cat = (slash < 0 ? p : p.slice(0, slash)).trim();
    if (cat !== '') out.category = cat;
    if (slash >= 0 && p.slice(slash + 1).trim() !== '') out.classes.push(p.slice(slash + 1).trim());
  }
  return out;
}

/**
 * Investment actions: the sign of the share quantity (+1 in, −1 out, 0 none) and of the cash
 * effect in ledger terms (+1 money leaves the account, −1 money comes in, 0 none). The `X`
 * variants (BuyX, SellX, DivX, …: the cash moves through another account) sign like their base.
 */
const ACTIONS: Record<string, { qty: 1 | -1 | 0; cash: 1 | -1 | 0 }> = {
  buy: { qty: 1, cash: 1 },
  sell: { qty: -1, cash: -1 },
  shrsin: { qty: 1, cash: 0 },
  shrsout: { qty: -1, cash: 0 },
  div: { qty: 0, cash: -1 },
  intinc: { qty: 0, cash: -1 },
  cglong: { qty: 0, cash: -1 },
  cgmid: { qty: 0, cash: -1 },
  cgshort: { qty: 0, cash: -1 },
  miscinc: { qty: 0, cash: -1 },
  rtrncap: { qty: 0, cash: -1 },
  reinvdiv: { qty: 1, cash: 0 },
  reinvint: { qty: 1, cash: 0 },
  reinvlg: { qty: 1, cash: 0 },
  reinvmd: { qty: 1, cash: 0 },
  reinvsh: { qty: 1, cash: 0 },
  xin: { qty: 0, cash: -1 },
  xout: { qty: 0, cash: 1 },
  miscexp: { qty: 0, cash: 1 },
  margint: { qty: 0, cash: 1 },
  stksplit: { qty: 0, cash: 0 },
};

export function actionOf(name: string): { qty: 1 | -1 | 0; cash: 1 | -1 | 0; base: string } | null {
  const key = name.trim().toLowerCase();
  const hit = ACTIONS[key] ?? (key.endsWith('x') ? ACTIONS[key.slice(0, -1)] : undefined);
  if (hit) return { ...hit, base: ACTIONS[key] ? key : key.slice(0, -1) };
  if (key === 'cash') return { qty: 0, cash: 0, base: 'cash' }; // sign comes from the amount, as in a bank account
  return null;
}
