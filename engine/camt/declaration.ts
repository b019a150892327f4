// The encoding a CAMT file declares for itself (XML 1.0 §4.3.3): the `encoding` pseudo-attribute
// of the XML declaration `<?xml version="1.0" encoding="ISO-8859-1"?>`, read from the raw bytes
// before anything is decoded (the declaration is ASCII in every encoding it can name but UTF-16).
//
// declaredEncoding(head, ended) answers from the first bytes only, so the answer never depends on
// how the input was chunked: 'wait' while the declaration may still be incomplete; null when the
// bytes carry a byte order mark (the BOM decides, XML 1.0 Appendix F), look like UTF-16, have no
// declaration, or the declaration names no encoding (then the file is UTF-8 by XML's rule, which
// StreamDecoder's detection confirms or, for bytes that are not UTF-8, corrects and reports);
// otherwise the declared label as written.

/** The declaration must end within this many bytes (it is `<?xml` plus three short pseudo-attributes). */
export const DECLARATION_BYTES = 512;

const LT = 0x3c;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

export function declaredEncoding(head: Uint8Array, ended: boolean): string | null | 'wait' {
  if (head.length < 3 && !ended) return 'wait';
  const b0 = head[0], b1 = head[1], b2 = head[2];
  if ((b0 === 0xef && b1 === 0xbb && b2 === 0xbf) || (b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) return null;
  // Writers sometimes put blank lines before the declaration; anything else first means there is none.
  let i = 0;
  while (i < head.length && i < DECLARATION_BYTES && isSpace(head[i]!)) i++;
  if (i === head.length && !ended && i < DECLARATION_BYTES) return 'wait';
  if (head[i] !== LT) return null;
  let text = '';
  let k = i;
  for (; k < head.length && k < i + DECLARATION_BYTES; k++) {
    const c = head[k]!;
    if (c === 0 || c > 0x7f) return null; // UTF-16 or binary: not an ASCII declaration
    text += String.fromCharCode(c);
    if (text.length <= 6 && !'<?xml '.startsWith(text) && !(text.length === 6 && /^<\?xml\s$/.test(text))) return null;
    if (c === 0x3e /* > */) break;
  }
  if (!text.endsWith('>')) return k === head.length && !ended && k < i + DECLARATION_BYTES ? 'wait' : null;
  const m = /\sencoding\s*=\s*(?:"([A-Za-z][A-Za-z0-9._-]*)"|'([A-Za-z][A-Za-z0-9._-]*)')/.exec(text);
  return m ? (m[1] ?? m[2])! : null;
}
