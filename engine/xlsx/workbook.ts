// A workbook read as its ZIP streams in, down to the CSV text of one sheet (SPEC §2.15). The sheet
// is the `sheet` option (a name: exact, then case-insensitive; or a 1-based number in workbook
// order) or else the first sheet; it needs xl/workbook.xml (the sheets), its relationships (which
// part each sheet is, and where the shared strings and styles are), then the shared strings and
// the styles, before its cells can be read. ZIP order is the writer's choice (Excel itself writes
// the sheets before the shared strings and styles), so:
//   - a part that may turn out to be needed and cannot be read yet is held compressed (zip.ts);
//   - once the relationships are known, held parts that are not needed are dropped, the shared
//     strings and styles are read, and the sheet is read as soon as both are in: live as it
//     streams if it comes after them, else from its held bytes a budget per push (and the rest at
//     the end);
//   - never held: the inflated sheet. Rows are handed on (onText) as they parse.
// A ZIP without xl/workbook.xml, or whose parts are missing or damaged, is XLSX_UNREADABLE; a sheet
// the workbook does not have is XLSX_SHEET_NOT_FOUND, listing the sheets it has.

import { SluiceError } from '../errors.ts';
import { SharedStrings } from './bytes.ts';
import type { CellFormat } from './number-format.ts';
import { partKey, RelationshipsPart, SharedStringsPart, StylesPart, WorkbookPart, type Relationships, type SheetEntry } from './parts.ts';
import { SheetLines, SheetPart } from './sheet.ts';
import { XmlPart, type TagHandlers, type XmlHandlers } from './xml.ts';
import { ZipStream, type EntryReader, type EntryRoute, type HeldEntry } from './zip.ts';

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const EMPTY = new Uint8Array(0);
/** Inflated sheet bytes parsed, and their rows handed on, at a time. */
const PARSE_PIECE = 16 * 1024;

export interface ChosenSheet {
  name: string;
  /** 1-based, in workbook order. */
  number: number;
  how: 'given' | 'default';
}

interface Paths {
  sheet: string;
  strings: string | null;
  styles: string | null;
}

/** An XML part read as a ZIP entry (by saxes, or by the lean scanner for tag handlers), with something to do once it has been read whole. */
function xmlEntry<H extends XmlHandlers | TagHandlers>(name: string, handlers: H, done: (h: H) => void): EntryReader {
  const part = new XmlPart(name, handlers);
  return { data: (b) => part.push(b), end: () => { part.end(); done(handlers); } };
}

/** The sheet the option names, or the first; XLSX_SHEET_NOT_FOUND listing the sheets otherwise. */
export function chooseSheet(sheets: readonly SheetEntry[], option: string | number | null): ChosenSheet & { rid: string } {
  const pick = (i: number, how: 'given' | 'default') => ({ name: sheets[i]!.name, number: i + 1, how, rid: sheets[i]!.rid });
  if (option === null) {
    if (sheets.length > 0) return pick(0, 'default');
  } else {
    const text = String(option);
    let i = typeof option === 'number' && option >= 1 && option <= sheets.length ? option - 1 : -1;
    // A number past the sheets may still be a sheet's name (`2024`).
    if (i < 0) i = sheets.findIndex((s) => s.name === text);
    if (i < 0) i = sheets.findIndex((s) => s.name.toLowerCase() === text.toLowerCase());
    if (i >= 0) return pick(i, 'given');
  }
  const names = sheets.map((s) => JSON.stringify(s.name)).join(', ');
  throw new SluiceError('XLSX_SHEET_NOT_FOUND', option === null ? 'the workbook lists no sheets'
    : `the workbook has no sheet ${typeof option === 'number' ? `number ${option}` : JSON.stringify(option)}; its sheets are ${names || '(none)'}`,
  null, { sheets: sheets.map((s) => s.name) });
}

export class WorkbookReader {
  private readonly option: string | number | null;
  private readonly zip: ZipStream;
  private readonly lines: SheetLines;
  private readonly onText: (text: Uint8Array) => void;

  private workbook: WorkbookPart | null = null;
  private rels: Relationships | null = null;
  chosen: ChosenSheet | null = null;
  private rid: string | null = null;
  private paths: Paths | null = null;
  private strings: SharedStrings | null = null;
  private formats: CellFormat[] | null = null;
  private held = new Map<string, HeldEntry>();
  private sheetSeen = false;
  private sheetHeld: HeldEntry | null = null;
  private sheetStarted = false;
  private sheetDone = false;

  /** `windowEnd`: the last sheet row of the header search (SheetLines). */
  constructor(option: string | number | null, windowEnd: number, onText: (text: Uint8Array) => void) {
    this.option = option;
    this.lines = new SheetLines(windowEnd);
    this.onText = onText;
    this.zip = new ZipStream((name) => this.route(name), (entry) => this.onHeld(entry));
  }

  /**
   * The archive's next bytes. A held sheet that is already being read when they come is read
   * further, twice as many compressed bytes as they are: rows flow while the rest of the archive
   * arrives, and the more of it there is, the less is left for the end (pump()).
   */
  push(bytes: Uint8Array): void {
    const reading = this.sheetStarted && !this.sheetDone && this.sheetHeld !== null;
    this.zip.push(bytes, false);
    if (reading) this.sheetHeld!.pump(2 * bytes.length);
  }

  /**
   * The archive has ended: checks that the workbook, its relationships and the sheet's part were
   * there, and starts reading the sheet if it was held. pump() then reads what is left of it.
   */
  endArchive(): void {
    this.zip.push(EMPTY, true);
    if (this.workbook === null) throw new SluiceError('XLSX_UNREADABLE', `the ZIP archive holds no ${WORKBOOK}: it is not an XLSX workbook`);
    if (this.rels === null) throw new SluiceError('XLSX_UNREADABLE', `the workbook has no ${WORKBOOK_RELS}, which says where its sheets are`);
    const paths = this.paths!;
    if (!this.sheetSeen) {
      throw new SluiceError('XLSX_UNREADABLE', `the part of sheet ${JSON.stringify(this.chosen!.name)} (${paths.sheet}) is not in the archive`, null, { part: paths.sheet });
    }
    // Shared strings or styles the relationships name but the archive lacks: read without them
    // (a cell that refers to a missing shared string stops the file where it is met).
    this.strings ??= new SharedStrings();
    this.formats ??= [];
    if (!this.sheetStarted) this.startHeldSheet();
    if (!this.sheetDone && this.sheetHeld === null) {
      throw new SluiceError('XLSX_UNREADABLE', `the sheet part ${paths.sheet} ends before its end`, null, { part: paths.sheet });
    }
  }

  /** After endArchive(): reads about `budget` more compressed bytes of a held sheet. True once the sheet has been read whole. */
  pump(budget: number): boolean {
    if (!this.sheetDone) this.sheetHeld!.pump(budget);
    return this.sheetDone;
  }

  private route(name: string): EntryRoute {
    const key = partKey(name);
    if (key === WORKBOOK) return xmlEntry(name, new WorkbookPart(), (w) => this.onWorkbook(w));
    if (key === WORKBOOK_RELS) return xmlEntry(name, new RelationshipsPart(), (r) => this.onRels(r.rels));
    const paths = this.paths;
    if (paths === null) return key.startsWith('xl/') && key.endsWith('.xml') ? 'hold' : 'skip';
    if (key === paths.strings && this.strings === null) return this.stringsReader(name);
    if (key === paths.styles && this.formats === null) return this.stylesReader(name);
    if (key === paths.sheet && !this.sheetSeen) {
      this.sheetSeen = true;
      if (!this.ready()) return 'hold';
      this.sheetStarted = true;
      return this.sheetReader(name);
    }
    return 'skip';
  }

  private onHeld(entry: HeldEntry): void {
    const key = partKey(entry.name);
    if (this.paths !== null && key === this.paths.sheet) this.sheetHeld = entry;
    else this.held.set(key, entry);
  }

  private stringsReader(name: string): EntryReader {
    return xmlEntry(name, new SharedStringsPart(), (p) => { this.strings = p.strings.trim(); this.onPrerequisite(); });
  }

  private stylesReader(name: string): EntryReader {
    return xmlEntry(name, new StylesPart(), (p) => { this.formats = p.formats(); this.onPrerequisite(); });
  }

  private sheetReader(name: string): EntryReader {
    const handlers = new SheetPart(name, { strings: this.strings ?? new SharedStrings(), formats: this.formats ?? [], date1904: this.workbook!.date1904 }, this.lines);
    // The sheet is the large part (SheetPart is read by the lean scanner).
    const part = new XmlPart(name, handlers);
    return {
      // In small pieces, each handed on before the next: text and rows then die young, instead of
      // living through the parse of a large piece and being promoted to the old generation.
      data: (b) => {
        for (let i = 0; i < b.length; i += PARSE_PIECE) {
          part.push(b.subarray(i, i + PARSE_PIECE));
          this.flush();
        }
      },
      end: () => {
        part.end();
        this.lines.end();
        this.flush();
        this.sheetDone = true;
      },
    };
  }

  private flush(): void {
    const text = this.lines.takeBytes();
    if (text.length > 0) this.onText(text);
  }

  private onWorkbook(w: WorkbookPart): void {
    this.workbook = w;
    const chosen = chooseSheet(w.sheets, this.option);
    this.chosen = { name: chosen.name, number: chosen.number, how: chosen.how };
    this.rid = chosen.rid;
    this.resolve();
  }

  private onRels(rels: Relationships): void {
    this.rels = rels;
    this.resolve();
  }

  /** Once both the sheets and the relationships are known: where everything is, and what held parts are for. */
  private resolve(): void {
    if (this.workbook === null || this.rels === null) return;
    const sheet = this.rels.targets.get(this.rid!);
    if (sheet === undefined) {
      throw new SluiceError('XLSX_UNREADABLE', `sheet ${JSON.stringify(this.chosen!.name)} has no part in ${WORKBOOK_RELS} (relationship ${this.rid})`);
    }
    this.paths = { sheet, strings: this.rels.sharedStrings, styles: this.rels.styles };
    const held = this.held;
    this.held = new Map();
    for (const [key, entry] of held) {
      if (key === this.paths.strings) this.readHeld(entry, this.stringsReader(entry.name));
      else if (key === this.paths.styles) this.readHeld(entry, this.stylesReader(entry.name));
      else if (key === sheet) {
        this.sheetSeen = true;
        this.sheetHeld = entry;
      }
    }
    this.onPrerequisite();
  }

  /** A held prerequisite, read whole now (it was complete before the relationships came). */
  private readHeld(entry: HeldEntry, reader: EntryReader): void {
    entry.start(reader);
    entry.pump(Infinity);
  }

  private ready(): boolean {
    const p = this.paths;
    return p !== null && (p.strings === null || this.strings !== null) && (p.styles === null || this.formats !== null);
  }

  private onPrerequisite(): void {
    if (this.sheetHeld !== null && !this.sheetStarted && this.ready()) this.startHeldSheet();
  }

  private startHeldSheet(): void {
    this.sheetStarted = true;
    this.sheetHeld!.start(this.sheetReader(this.sheetHeld!.name));
  }
}
