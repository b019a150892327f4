// The workbook parts a sheet needs before its cells can be read (ECMA-376 Part 1 §18.2 workbook,
// §18.4 shared strings, §18.8 styles; Part 2 §9.3 relationships), each as XML handlers for
// XmlPart:
//   - xl/workbook.xml: the sheets in workbook order (name, relationship id), and the date system
//     (`workbookPr@date1904`);
//   - xl/_rels/workbook.xml.rels: relationship id → part name, and which parts hold the shared
//     strings and the styles;
//   - the shared strings: one string per `<si>`, rich-text runs (`<r><t>`) joined, phonetic
//     guides (`<rPh>`) left out; held in memory as an array (cells refer to them by index);
//   - the styles: the custom number formats (`numFmts`) and, per cell style (`cellXfs/xf`, the
//     index a cell's `s` names), what its number format says (number-format.ts).

import { SharedStrings } from './bytes.ts';
import { cellFormat, formatCode, GENERAL, type CellFormat } from './number-format.ts';
import { attr, type Attributes, type TagHandlers, type XmlHandlers } from './xml.ts';

export interface SheetEntry {
  name: string;
  /** The relationship id (`r:id`) that leads to the sheet's part. */
  rid: string;
}

/** xl/workbook.xml: the sheets in order and the date system. */
export class WorkbookPart implements XmlHandlers {
  readonly sheets: SheetEntry[] = [];
  date1904 = false;

  open(name: string, attrs: Attributes): void {
    if (name === 'sheet') {
      this.sheets.push({ name: attr(attrs, 'name') ?? '', rid: attr(attrs, 'id') ?? '' });
    } else if (name === 'workbookPr') {
      const v = attr(attrs, 'date1904');
      this.date1904 = v === '1' || v === 'true';
    }
  }

  close(): void {}
}

export interface Relationships {
  /** Relationship id → part name in the archive (`xl/worksheets/sheet1.xml`). */
  targets: Map<string, string>;
  sharedStrings: string | null;
  styles: string | null;
}

/**
 * A relationship's target as a part name: relative targets resolve against the folder of the
 * part that owns them (`xl/`), absolute ones (`/xl/...`) against the archive root; `..` climbs.
 */
export function resolveTarget(base: string, target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : base + target;
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '..') out.pop();
    else if (seg !== '.' && seg !== '') out.push(seg);
  }
  return out.join('/');
}

/** Part names compare case-insensitively (ECMA-376 Part 2 §9.1.1.1); backslashes of careless zippers are slashes. */
export const partKey = (name: string): string => name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase();

/** xl/_rels/workbook.xml.rels. */
export class RelationshipsPart implements XmlHandlers {
  readonly rels: Relationships = { targets: new Map(), sharedStrings: null, styles: null };

  open(name: string, attrs: Attributes): void {
    if (name !== 'Relationship' || attr(attrs, 'TargetMode') === 'External') return;
    const id = attr(attrs, 'Id'), target = attr(attrs, 'Target'), type = attr(attrs, 'Type') ?? '';
    if (id === undefined || target === undefined) return;
    const part = partKey(resolveTarget('xl/', target));
    this.rels.targets.set(id, part);
    // Transitional and Strict types differ in their namespace, not in their last segment.
    const kind = type.slice(type.lastIndexOf('/') + 1);
    if (kind === 'sharedStrings') this.rels.sharedStrings = part;
    else if (kind === 'styles') this.rels.styles = part;
  }

  close(): void {}
}

/**
 * Escaped characters of OOXML strings (ST_Xstring, ECMA-376 Part 1 §22.9.2.19): `_x000D_` is a
 * carriage return, `_x005F_` an underscore. Control characters other than tab and line breaks
 * stay escaped: they are no text a table cell can hold.
 */
export function unescapeXstring(s: string): string {
  if (s.indexOf('_x') < 0) return s;
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (m, hex: string) => {
    const c = parseInt(hex, 16);
    return c < 0x20 && c !== 9 && c !== 10 && c !== 13 ? m : String.fromCharCode(c);
  });
}

/**
 * Text of a string item (`<si>` or an inline `<is>`): every `<t>` joined, except those inside a
 * phonetic run `<rPh>`. Fed by the part's handlers; reset per item.
 */
export class StringItem {
  private depthPh = 0;
  private inT = false;
  private text = '';

  open(name: string): void {
    if (name === 't') this.inT = this.depthPh === 0;
    else if (name === 'rPh') this.depthPh++;
  }

  close(name: string): void {
    if (name === 't') this.inT = false;
    else if (name === 'rPh') this.depthPh--;
  }

  chars(t: string): void {
    if (this.inT) this.text += t;
  }

  take(): string {
    const s = unescapeXstring(this.text);
    this.text = '';
    this.inT = false;
    this.depthPh = 0;
    return s;
  }
}

/**
 * The shared strings part (§18.4.9 sst), as the bytes of CSV fields (SharedStrings, bytes.ts). Read
 * by the lean scanner: it can be as large as the sheet, and no attribute of it is needed.
 */
export class SharedStringsPart implements TagHandlers {
  readonly strings = new SharedStrings();
  private readonly item = new StringItem();
  private inSi = false;

  openTag(name: string): void {
    if (name === 'si') this.inSi = true;
    else if (this.inSi) this.item.open(name);
  }

  close(name: string): void {
    if (name === 'si') {
      this.strings.add(this.item.take());
      this.inSi = false;
    } else if (this.inSi) this.item.close(name);
  }

  text(t: string): void {
    if (this.inSi) this.item.chars(t);
  }
}

/** The styles part (§18.8.39 styleSheet): each cell style's number format. */
export class StylesPart implements XmlHandlers {
  private readonly custom = new Map<number, string>();
  private readonly ids: number[] = [];
  /** The element path below styleSheet, as far as it matters: numFmts and cellXfs are direct children. */
  private readonly path: string[] = [];

  open(name: string, attrs: Attributes): void {
    const parent = this.path[this.path.length - 1];
    const top = this.path.length === 2;
    if (name === 'numFmt' && parent === 'numFmts' && top) {
      const id = Number(attr(attrs, 'numFmtId'));
      if (Number.isInteger(id)) this.custom.set(id, attr(attrs, 'formatCode') ?? 'General');
    } else if (name === 'xf' && parent === 'cellXfs' && top) {
      const id = Number(attr(attrs, 'numFmtId') ?? '0');
      this.ids.push(Number.isInteger(id) ? id : 0);
    }
    this.path.push(name);
  }

  close(): void {
    this.path.pop();
  }

  /** The format of each cell style, by the index a cell's `s` gives. */
  formats(): CellFormat[] {
    const cache = new Map<number, CellFormat>();
    return this.ids.map((id) => {
      let f = cache.get(id);
      if (f === undefined) {
        f = id === 0 && !this.custom.has(0) ? GENERAL : cellFormat(formatCode(id, this.custom));
        cache.set(id, f);
      }
      return f;
    });
  }
}
