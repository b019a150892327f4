// The category tree a new family starts with (SPEC §3.1): [name, colour, lucide icon, children].
// Data only; each store writes it in its own way when it creates a family.

export const DEFAULT_CATEGORIES: readonly (readonly [string, string, string, readonly string[]])[] = [
  ['Income', '#22a55b', 'circle-dollar-sign', ['Salary', 'Interest & Dividends']],
  ['Housing', '#6471eb', 'house', ['Rent', 'Mortgage', 'Home Maintenance']],
  ['Food & Drink', '#eb5429', 'utensils', ['Groceries', 'Restaurants', 'Coffee']],
  ['Transportation', '#df4e92', 'bus', ['Fuel', 'Public Transit', 'Parking']],
  ['Shopping', '#e99537', 'shopping-cart', ['Clothing', 'Electronics']],
  ['Utilities', '#db5a54', 'lightbulb', ['Electricity', 'Internet & Phone', 'Water']],
  ['Healthcare', '#4da568', 'pill', ['Pharmacy', 'Doctor']],
  ['Entertainment', '#a855f7', 'drama', ['Streaming', 'Events']],
  ['Travel', '#0ea5e9', 'plane', []],
  ['Insurance', '#64748b', 'shield', []],
  ['Education', '#0891b2', 'graduation-cap', []],
  ['Gifts & Donations', '#ec4899', 'hand-helping', []],
  ['Personal Care', '#f472b6', 'scissors', []],
  ['Fees', '#78716c', 'receipt', ['Bank Fees', 'Taxes']],
  ['Transfers', '#94a3b8', 'arrow-right-left', []],
];
