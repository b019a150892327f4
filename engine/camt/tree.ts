// A minimal element tree for one small piece of a CAMT document at a time: one `Ntry`, one `Bal`,
// the `Acct` of a statement. The pipeline builds it from saxes events and drops it once read, so
// the tree never holds more than one entry (flat memory on any file size). Elements are known by
// their local name (`ns2:Amt` is `Amt`), which is how ISO 20022 messages read whatever prefix the
// writer chose. Only the `Ccy` attribute is kept: it is the only one the CAMT fields carry that
// sluice reads (`<Amt Ccy="EUR">`).
//
//   const amt = at(entry, 'AmtDtls', 'TxAmt', 'Amt');   // the first such element, or undefined
//   textOf(amt)                                         // its trimmed text, null when empty

export interface XmlNode {
  /** Local name (prefix removed). */
  readonly name: string;
  /** The text directly inside the element (leaves are what is read; whitespace is trimmed on use). */
  text: string;
  /** The `Ccy` attribute, when the element has one. */
  readonly ccy: string | null;
  /** Physical line of the start tag (of its `>`; CAMT start tags are one line). */
  readonly line: number;
  /** Child elements in document order; null until the first one. */
  kids: XmlNode[] | null;
}

export function node(name: string, ccy: string | null, line: number): XmlNode {
  return { name, text: '', ccy, line, kids: null };
}

/** The first child named `name`. */
export function child(n: XmlNode | undefined, name: string): XmlNode | undefined {
  const kids = n?.kids;
  if (!kids) return undefined;
  for (let i = 0; i < kids.length; i++) if (kids[i]!.name === name) return kids[i];
  return undefined;
}

/** Every child named `name`, in order. */
export function children(n: XmlNode | undefined, name: string): XmlNode[] {
  const kids = n?.kids;
  return kids ? kids.filter((k) => k.name === name) : [];
}

/** Follows first children by name: at(n, 'Acct', 'Id', 'IBAN'). */
export function at(n: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let cur = n;
  for (let i = 0; i < path.length && cur !== undefined; i++) cur = child(cur, path[i]!);
  return cur;
}

/** The element's trimmed text; null when it is missing or empty. */
export function textOf(n: XmlNode | undefined): string | null {
  if (n === undefined) return null;
  const t = n.text.trim();
  return t === '' ? null : t;
}

/** Text at a path, trimmed; null when missing or empty. */
export function textAt(n: XmlNode | undefined, ...path: string[]): string | null {
  return textOf(at(n, ...path));
}
