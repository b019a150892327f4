// Account types (SPEC §2.7 AccountImport): the type as written in a file ("Checking", "Credit
// Card", "401k") mapped to one of the nine account classes of the reference application, or null
// when nothing matches (the mapping is then unassigned and invalid, SPEC §3.9).

export const ACCOUNTABLE_TYPES = [
  'Depository', 'Investment', 'Crypto', 'Property', 'Vehicle', 'OtherAsset', 'CreditCard', 'Loan', 'OtherLiability',
] as const;
export type AccountableType = (typeof ACCOUNTABLE_TYPES)[number];

const WORDS: Record<AccountableType, readonly string[]> = {
  Depository: ['depository', 'checking', 'chequing', 'savings', 'saving', 'current', 'current account', 'bank', 'bank account', 'cash', 'money market', 'moneymrkt', 'cd', 'certificate of deposit', 'hsa', 'deposit'],
  Investment: ['investment', 'investments', 'brokerage', 'broker', 'ira', 'roth', 'roth ira', '401k', '401(k)', '403b', '529', 'retirement', 'pension', 'stocks', 'securities', 'isa', 'mutual fund'],
  Crypto: ['crypto', 'cryptocurrency', 'crypto wallet', 'bitcoin', 'wallet'],
  Property: ['property', 'real estate', 'house', 'home', 'apartment', 'land'],
  Vehicle: ['vehicle', 'car', 'auto', 'automobile', 'motorcycle', 'boat', 'truck'],
  OtherAsset: ['other asset', 'otherasset', 'other_asset', 'asset', 'other assets'],
  CreditCard: ['credit card', 'creditcard', 'credit_card', 'credit', 'card', 'charge card'],
  Loan: ['loan', 'mortgage', 'student loan', 'auto loan', 'car loan', 'personal loan', 'heloc', 'line of credit', 'creditline', 'credit line'],
  OtherLiability: ['other liability', 'otherliability', 'other_liability', 'liability', 'other liabilities'],
};

const LOOKUP = new Map<string, AccountableType>();
for (const t of ACCOUNTABLE_TYPES) {
  LOOKUP.set(t.toLowerCase(), t);
  for (const w of WORDS[t]) LOOKUP.set(w, t);
}

export function accountableType(written: string): AccountableType | null {
  const key = written.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
  return LOOKUP.get(key) ?? LOOKUP.get(key.replace(/ account$/, '')) ?? LOOKUP.get(key.replace(/ /g, '')) ?? null;
}
