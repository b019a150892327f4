// The seeded camt.053 statement of the benchmark (SPEC §5, §2.15): one camt.053.001.02 document
// with one statement of `entries` booked entries, each with one TxDtls (so one row each), in the
// shapes German and Dutch banks write: an ISO bank transaction code, references, debtor and
// creditor with their accounts and postal addresses, the agents, remittance text (some with two
// Ustrd lines, some with a structured creditor reference, some with `&amp;` and umlauts), and
// AddtlNtryInf. The opening (OPBD) and closing (CLBD) balances add up with the entries, so the
// engine must read every row valid with no warning.
//
// About 1,760 bytes an entry: 57,000 entries make ~100 MB. Deterministic: the same arguments write
// the same bytes. Streams its output (64 KiB writes that wait for 'drain').
//
//   const { entries, bytes } = await generateCamt('/tmp/camt-57k.xml', 57_000);

import { createWriteStream } from 'node:fs';
import { rng } from './generate.ts';

export const CAMT_SEED = 20241127;

const NAMES = ['Stadtwerke München GmbH', 'REWE Markt GmbH', 'Deutsche Bahn AG', 'Müller &amp; Söhne KG', 'Amazon EU S.a.r.l.',
  'Techniker Krankenkasse', 'Vodafone GmbH', 'ALDI SÜD', 'Hausverwaltung Schmidt', 'Arbeitgeber AG', 'Finanzamt Köln-Mitte', 'Spotify AB'];
const TOWNS = ['10115 Berlin', '80331 München', '50667 Köln', '20095 Hamburg', '60311 Frankfurt am Main', '1012 Amsterdam'];
const TEXTS = ['Rechnung', 'Miete', 'Abschlag Strom', 'Beitrag', 'Gehalt', 'Erstattung', 'Bestellung', 'Lastschrift'];
const CODES = [['PMNT', 'ICDT', 'ESCT'], ['PMNT', 'RCDT', 'ESCT'], ['PMNT', 'IDDT', 'ESDD'], ['PMNT', 'CCRD', 'POSD']];
const OWN_IBAN = 'DE89370400440532013000';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const cents = (c: number) => `${Math.floor(c / 100)}.${pad(c % 100)}`;
const iban = (r: () => number) => 'DE' + pad(Math.floor(r() * 100)) + String(Math.floor(r() * 1e9)).padStart(9, '0') + String(Math.floor(r() * 1e9)).padStart(9, '0');

function entry(i: number, r: () => number, amount: number, credit: boolean): string {
  const day = 1 + (i % 28), month = 1 + Math.floor(i / 28) % 12;
  const date = `2023-${pad(month)}-${pad(day)}`;
  const [domain, family, sub] = CODES[Math.floor(r() * CODES.length)]!;
  const name = NAMES[Math.floor(r() * NAMES.length)]!;
  const text = TEXTS[Math.floor(r() * TEXTS.length)]!;
  const other = `<Nm>${name}</Nm>
              <PstlAdr>
                <AdrLine>Hauptstraße ${1 + Math.floor(r() * 200)}</AdrLine>
                <AdrLine>${TOWNS[Math.floor(r() * TOWNS.length)]}</AdrLine>
              </PstlAdr>`;
  const [dbtr, cdtr] = credit ? [other, '<Nm>Max Mustermann</Nm>'] : ['<Nm>Max Mustermann</Nm>', other];
  const [dbtrAcct, cdtrAcct] = credit ? [iban(r), OWN_IBAN] : [OWN_IBAN, iban(r)];
  const k = r();
  const rmt = k < 0.15
    ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF${pad(Math.floor(r() * 100))}${String(i).padStart(12, '0')}</Ref></CdtrRefInf></Strd>`
    : k < 0.45 ? `<Ustrd>${text} ${100000 + i} vom ${date}</Ustrd>\n              <Ustrd>Kunde ${Math.floor(r() * 1e6)} – Danke</Ustrd>`
    : `<Ustrd>${text} ${100000 + i}</Ustrd>`;
  return `      <Ntry>
        <NtryRef>${String(i).padStart(10, '0')}</NtryRef>
        <Amt Ccy="EUR">${cents(amount)}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt>
          <Dt>${date}</Dt>
        </BookgDt>
        <ValDt>
          <Dt>${date}</Dt>
        </ValDt>
        <AcctSvcrRef>2023${pad(month)}${pad(day)}${String(i).padStart(12, '0')}</AcctSvcrRef>
        <BkTxCd>
          <Domn>
            <Cd>${domain}</Cd>
            <Fmly>
              <Cd>${family}</Cd>
              <SubFmlyCd>${sub}</SubFmlyCd>
            </Fmly>
          </Domn>
        </BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs>
              <EndToEndId>${r() < 0.3 ? 'NOTPROVIDED' : `E2E-${i}-${Math.floor(r() * 1e6)}`}</EndToEndId>
            </Refs>
            <RltdPties>
              <Dbtr>
                ${dbtr}
              </Dbtr>
              <DbtrAcct>
                <Id>
                  <IBAN>${dbtrAcct}</IBAN>
                </Id>
              </DbtrAcct>
              <Cdtr>
                ${cdtr}
              </Cdtr>
              <CdtrAcct>
                <Id>
                  <IBAN>${cdtrAcct}</IBAN>
                </Id>
              </CdtrAcct>
            </RltdPties>
            <RltdAgts>
              <DbtrAgt>
                <FinInstnId>
                  <BIC>COBADEFFXXX</BIC>
                </FinInstnId>
              </DbtrAgt>
            </RltdAgts>
            <RmtInf>
              ${rmt}
            </RmtInf>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>${credit ? 'GUTSCHRIFT' : 'SEPA-UEBERWEISUNG'}</AddtlNtryInf>
      </Ntry>
`;
}

function balance(code: string, amount: number, date: string): string {
  return `      <Bal>
        <Tp>
          <CdOrPrtry>
            <Cd>${code}</Cd>
          </CdOrPrtry>
        </Tp>
        <Amt Ccy="EUR">${cents(Math.abs(amount))}</Amt>
        <CdtDbtInd>${amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>
        <Dt>
          <Dt>${date}</Dt>
        </Dt>
      </Bal>
`;
}

export async function generateCamt(path: string, entries: number): Promise<{ entries: number; bytes: number }> {
  const r = rng(CAMT_SEED);
  // The amounts first (a cheap pass of their own), so the closing balance can precede the entries
  // as banks write it. Whole cents: the sum stays an exact integer far below 2^53.
  const opening = 1_000_000;
  let total = 0;
  const amountOf = rng(CAMT_SEED ^ 0x5bd1e995);
  for (let i = 0; i < entries; i++) {
    const c = 1 + Math.floor(amountOf() * 250_000);
    total += amountOf() < 0.5 ? c : -c;
  }
  const out = createWriteStream(path);
  let bytes = 0;
  let buf = '';
  const write = async (s: string) => {
    buf += s;
    if (buf.length < 1 << 16) return;
    bytes += Buffer.byteLength(buf);
    if (!out.write(buf)) await new Promise<void>((res) => out.once('drain', () => res()));
    buf = '';
  };
  await write(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>BENCH-${CAMT_SEED}-${entries}</MsgId>
      <CreDtTm>2024-01-01T06:00:00+01:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>BENCH-STMT-1</Id>
      <CreDtTm>2024-01-01T06:00:00+01:00</CreDtTm>
      <Acct>
        <Id>
          <IBAN>${OWN_IBAN}</IBAN>
        </Id>
        <Ccy>EUR</Ccy>
      </Acct>
`);
  await write(balance('OPBD', opening, '2023-01-01'));
  await write(balance('CLBD', opening + total, '2023-12-31'));
  const again = rng(CAMT_SEED ^ 0x5bd1e995);
  for (let i = 0; i < entries; i++) {
    const c = 1 + Math.floor(again() * 250_000);
    await write(entry(i, r, c, again() < 0.5));
  }
  await write('    </Stmt>\n  </BkToCstmrStmt>\n</Document>\n');
  bytes += Buffer.byteLength(buf);
  out.end(buf);
  await new Promise<void>((res) => out.once('finish', () => res()));
  return { entries, bytes };
}
