// The French, Spanish, Italian and Portuguese vocabulary tables (SPEC §2.14): headers as banks print
// them find their role and language, identifiers and foreign amounts find none, month names and
// balance-line labels are known, and the four tables agree with each other and with English.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fold } from '../engine/vocabulary/fold.ts';
import { HEADER_ROLES, type HeaderRole, type Lang, type LanguageVocabulary } from '../engine/vocabulary/languages.ts';
import { en } from '../engine/vocabulary/lang/en.ts';
import { es } from '../engine/vocabulary/lang/es.ts';
import { fr } from '../engine/vocabulary/lang/fr.ts';
import { it } from '../engine/vocabulary/lang/it.ts';
import { pt } from '../engine/vocabulary/lang/pt.ts';
import { matchHeader, matchHeaderRoles } from '../engine/vocabulary/match.ts';
import { BALANCE_LABELS, MONTH_BY_NAME } from '../engine/vocabulary/tables.ts';

const ROMANCE: readonly LanguageVocabulary[] = [fr, es, it, pt];

const CASES: readonly [string, HeaderRole, Lang][] = [
  // French
  ['Date opération', 'date', 'fr'],
  ['DATE OPERATION', 'date', 'fr'],
  ["Date de l'opération", 'date', 'fr'],
  ['Date comptable', 'date', 'fr'],
  ['Date de comptabilisation', 'date', 'fr'],
  ["Date d'exécution", 'date', 'fr'],
  ['dateOp', 'date', 'fr'],
  ['Date de valeur', 'value_date', 'fr'],
  ['Date valeur', 'value_date', 'fr'],
  ['dateVal', 'value_date', 'fr'],
  ['Valeur', 'value_date', 'fr'],
  ['Montant', 'amount', 'fr'],
  ['Montant (EUR)', 'amount', 'fr'],
  ['Montant operation en euro', 'amount', 'fr'],
  ["Montant de l'opération", 'amount', 'fr'],
  ['Montant(EUROS)', 'amount', 'fr'],
  ['Crédit', 'inflow', 'fr'],
  ['Crédit euros', 'inflow', 'fr'],
  ['Crédit en CHF', 'inflow', 'fr'],
  ['Dépôts', 'inflow', 'fr'],
  ['Débit', 'outflow', 'fr'],
  ['DEBIT EUROS', 'outflow', 'fr'],
  ['Débit en CHF', 'outflow', 'fr'],
  ['Retrait', 'outflow', 'fr'],
  ['Bénéficiaire', 'payee', 'fr'],
  ['Nom contrepartie contient', 'payee', 'fr'],
  ['Nom de la contrepartie', 'payee', 'fr'],
  ['supplierFound', 'payee', 'fr'],
  ['Libellé', 'description', 'fr'],
  ['LIBELLE OPERATION', 'description', 'fr'],
  ['Libellé simplifié', 'description', 'fr'],
  ['Détail de l’écriture', 'description', 'fr'],
  ['Texte de notification', 'description', 'fr'],
  ['Détails du mouvement', 'description', 'fr'],
  ['Communication', 'notes', 'fr'],
  ['Communications', 'notes', 'fr'],
  ['Informations complémentaires', 'notes', 'fr'],
  ['Référence de paiement', 'notes', 'fr'],
  ['Commentaire', 'notes', 'fr'],
  ['Devise', 'currency', 'fr'],
  ['Monnaie', 'currency', 'fr'],
  ['Solde', 'balance', 'fr'],
  ['Solde (EUR)', 'balance', 'fr'],
  ['Solde en CHF', 'balance', 'fr'],
  ['accountbalance', 'balance', 'fr'],
  ['Catégorie', 'category', 'fr'],
  ['CATEGORIE', 'category', 'fr'],
  ['Nom du compte', 'account', 'fr'],
  ['accountLabel', 'account', 'fr'],
  ['Débit/Crédit', 'direction', 'fr'],
  ['Sens', 'direction', 'fr'],
  // Spanish
  ['Fecha', 'date', 'es'],
  ['Fecha Operación', 'date', 'es'],
  ['F.Contable', 'date', 'es'],
  ['F. Operativa', 'date', 'es'],
  ['FECHA OPERACION', 'date', 'es'],
  ['Fecha valor', 'value_date', 'es'],
  ['F.Valor', 'value_date', 'es'],
  ['F. VALOR', 'value_date', 'es'],
  ['Fecha valuta', 'value_date', 'es'],
  ['Importe', 'amount', 'es'],
  ['IMPORTE (€)', 'amount', 'es'],
  ['Importe EUR', 'amount', 'es'],
  ['Monto', 'amount', 'es'],
  ['Valor', 'amount', 'es'],
  ['Abono', 'inflow', 'es'],
  ['Abonos', 'inflow', 'es'],
  ['Depósitos', 'inflow', 'es'],
  ['Haber', 'inflow', 'es'],
  ['Cargo', 'outflow', 'es'],
  ['Cargos', 'outflow', 'es'],
  ['Retiros', 'outflow', 'es'],
  ['Debe', 'outflow', 'es'],
  ['Beneficiario', 'payee', 'es'],
  ['Nombre del comercio', 'payee', 'es'],
  ['Establecimiento', 'payee', 'es'],
  ['Concepto', 'description', 'es'],
  ['DESCRIPCIÓN', 'description', 'es'],
  ['Movimiento', 'description', 'es'],
  ['Concepto ampliado', 'description', 'es'],
  ['Observaciones', 'notes', 'es'],
  ['COMENTARIO', 'notes', 'es'],
  ['Más datos', 'notes', 'es'],
  ['Concepto complementario 1', 'notes', 'es'],
  ['Divisa', 'currency', 'es'],
  ['Moneda', 'currency', 'es'],
  ['Saldo', 'balance', 'es'],
  ['SALDO (€)', 'balance', 'es'],
  ['Disponible', 'balance', 'es'],
  ['Saldo disponible', 'balance', 'es'],
  ['CATEGORÍA', 'category', 'es'],
  ['Categoría', 'category', 'es'],
  ['Nombre de la cuenta', 'account', 'es'],
  ['Cuenta', 'account', 'es'],
  ['Cargo/Abono', 'direction', 'es'],
  ['Debe/Haber', 'direction', 'es'],
  ['D/H', 'direction', 'es'],
  // Italian
  ['Data', 'date', 'it'],
  ['Data contabile', 'date', 'it'],
  ['Data_Operazione', 'date', 'it'],
  ['DATA REGISTRAZIONE', 'date', 'it'],
  ['Data di completamento', 'date', 'it'],
  ['Data valuta', 'value_date', 'it'],
  ['Data_Valuta', 'value_date', 'it'],
  ['DATA VALUTA', 'value_date', 'it'],
  ['Importo', 'amount', 'it'],
  ['Importo (EUR)', 'amount', 'it'],
  ['Importo in euro', 'amount', 'it'],
  ['Entrate', 'inflow', 'it'],
  ['Accrediti', 'inflow', 'it'],
  ['Avere', 'inflow', 'it'],
  ['Uscite', 'outflow', 'it'],
  ['Addebiti', 'outflow', 'it'],
  ['Dare', 'outflow', 'it'],
  ['Beneficiario', 'payee', 'it'],
  ['Nome', 'payee', 'it'],
  ['Esercente', 'payee', 'it'],
  ['Controparte', 'payee', 'it'],
  ['Descrizione', 'description', 'it'],
  ['Descrizione_Completa', 'description', 'it'],
  ['Descrizione operazioni', 'description', 'it'],
  ['Causale', 'description', 'it'],
  ['Dettagli', 'description', 'it'],
  ['Note', 'notes', 'it'],
  ['Messaggio', 'notes', 'it'],
  ['Causale bonifico', 'notes', 'it'],
  ['Divisa', 'currency', 'it'],
  ['Saldo', 'balance', 'it'],
  ['Saldo contabile', 'balance', 'it'],
  ['Saldo disponibile (EUR)', 'balance', 'it'],
  ['Categoria', 'category', 'it'],
  ['Moneymap', 'category', 'it'],
  ['Nome conto', 'account', 'it'],
  ['Dare/Avere', 'direction', 'it'],
  ['Segno', 'direction', 'it'],
  // Portuguese
  ['Data', 'date', 'pt'],
  ['Data Mov.', 'date', 'pt'],
  ['DATA MOV.', 'date', 'pt'],
  ['Data Lançamento', 'date', 'pt'],
  ['Data Operação', 'date', 'pt'],
  ['Data valor', 'value_date', 'pt'],
  ['Data-Valor', 'value_date', 'pt'],
  ['Valor', 'amount', 'pt'],
  ['Valor (R$)', 'amount', 'pt'],
  ['Montante( EUR )', 'amount', 'pt'],
  ['IMPORTÂNCIA', 'amount', 'pt'],
  ['Crédito', 'inflow', 'pt'],
  ['Crédito (R$)', 'inflow', 'pt'],
  ['Entrada(R$)', 'inflow', 'pt'],
  ['Débito', 'outflow', 'pt'],
  ['Débito (R$)', 'outflow', 'pt'],
  ['Saída(R$)', 'outflow', 'pt'],
  ['Favorecido', 'payee', 'pt'],
  ['Beneficiário', 'payee', 'pt'],
  ['Estabelecimento', 'payee', 'pt'],
  ['Descrição', 'description', 'pt'],
  ['DESCRIÇÃO', 'description', 'pt'],
  ['Histórico', 'description', 'pt'],
  ['lançamento', 'description', 'pt'],
  ['Descrição do Movimento', 'description', 'pt'],
  ['Observações', 'notes', 'pt'],
  ['Notas', 'notes', 'pt'],
  ['Moeda', 'currency', 'pt'],
  ['Saldo', 'balance', 'pt'],
  ['Saldo Contabilístico( EUR )', 'balance', 'pt'],
  ['Saldo disponível', 'balance', 'pt'],
  ['saldos (R$)', 'balance', 'pt'],
  ['Categoria', 'category', 'pt'],
  ['Conta', 'account', 'pt'],
  ['Deb/Cred', 'direction', 'pt'],
];

// Phrases other languages may give another role: the Romance role is among the roles found.
const SHARED: readonly [string, HeaderRole, Lang][] = [
  ['Valuta', 'currency', 'it'],
  ['VALUTA', 'currency', 'it'],
];

// Identifiers, foreign amounts, fees, rates and other columns that must find no role.
const NOT_HEADERS: readonly string[] = [
  'IBAN', 'BIC', 'Numéro de compte', 'Numero de compte', 'Compte contrepartie', "Numéro d'extrait", 'Numéro de transaction',
  'Numéro de séquence', 'Communication structurée', 'Montant (Devise étrangère)', 'Montant original', "Devise d'origine",
  'Devise étrangère', 'Taux de change', 'Taux de conversion', 'Frais', 'Code ISIN', 'Heure',
  'Número de cuenta', 'Importe original', 'Divisa original', 'Tipo de cambio', 'Comisión', 'Referencia', 'Referencia 1',
  'Número de comprobante', 'Nº de operación', 'Sucursal', 'Hora', 'Estado',
  'Numero conto', 'Numero carta', 'Importo originale', 'Divisa originale', 'Tasso di cambio', 'Commissioni', 'Costo',
  'Riferimento', 'CRO', 'Codice identificativo', 'Stato',
  'Número do documento', 'Nr. Doc', 'Número da conta', 'Identificador', 'Valor original', 'Moeda original',
  'Taxa de câmbio', 'Taxa', 'Dcto.', 'Situação', 'Agência',
];

const MONTHS: readonly [string, number][] = [
  ['janvier', 1], ['janv', 1], ['février', 2], ['FÉVR', 2], ['fév', 2], ['mars', 3], ['avril', 4], ['avr', 4], ['mai', 5],
  ['juin', 6], ['juillet', 7], ['juil', 7], ['août', 8], ['aout', 8], ['septembre', 9], ['sept', 9], ['octobre', 10],
  ['novembre', 11], ['décembre', 12], ['déc', 12],
  ['enero', 1], ['ene', 1], ['febrero', 2], ['marzo', 3], ['abril', 4], ['abr', 4], ['mayo', 5], ['junio', 6], ['julio', 7],
  ['agosto', 8], ['ago', 8], ['septiembre', 9], ['setiembre', 9], ['set', 9], ['octubre', 10], ['noviembre', 11],
  ['diciembre', 12], ['dic', 12],
  ['gennaio', 1], ['gen', 1], ['febbraio', 2], ['aprile', 4], ['maggio', 5], ['mag', 5], ['giugno', 6], ['giu', 6],
  ['luglio', 7], ['lug', 7], ['settembre', 9], ['sett', 9], ['ottobre', 10], ['ott', 10], ['dicembre', 12],
  ['janeiro', 1], ['fevereiro', 2], ['fev', 2], ['março', 3], ['MARCO', 3], ['maio', 5], ['junho', 6], ['julho', 7],
  ['setembro', 9], ['outubro', 10], ['out', 10], ['novembro', 11], ['dezembro', 12], ['dez', 12],
];

const BALANCE: readonly string[] = [
  'Solde', 'Ancien solde', 'Nouveau solde', 'SOLDE INITIAL', 'Solde final', 'Solde créditeur', 'Solde reporté',
  'Total des opérations', 'Sous-total', 'Report à nouveau',
  'Saldo inicial', 'SALDO FINAL', 'Saldo anterior', 'Suma y sigue', 'Total cargos', 'Total abonos', 'Saldo al corte',
  'Saldo iniziale', 'Saldo finale', 'Saldo contabile finale', 'Riporto', 'A riportare', 'Totale', 'Totale uscite',
  'Saldo atual', 'SALDO ANTERIOR', 'S A L D O', 'Saldo do dia', 'Saldo transportado', 'Totais', 'Saldo de fecho',
];

// Text cells of real transactions that must not be taken for balance lines.
const NOT_BALANCE: readonly string[] = [
  'Transporte', 'Transport', 'Alimentação', 'Virement', 'Carte', 'Transferencia', 'Bonifico', 'Prélèvement', 'Disponible',
  'Report',
];

describe('Romance header phrases', () => {
  for (const [header, role, lang] of CASES) {
    test(`${header} → ${role} (${lang})`, () => {
      const m = matchHeader(header);
      assert.equal(m?.role, role);
      assert.ok(m!.langs.includes(lang), `langs ${m!.langs.join(',')} lacks ${lang}`);
    });
  }
  for (const [header, role, lang] of SHARED) {
    test(`${header} may be ${role} (${lang})`, () => {
      const entry = matchHeaderRoles(header).find((e) => e.role === role);
      assert.ok(entry?.langs.includes(lang), JSON.stringify(matchHeaderRoles(header)));
    });
  }
  for (const header of NOT_HEADERS) {
    test(`${header} → no role`, () => assert.equal(matchHeader(header), null));
  }
});

describe('Romance months', () => {
  for (const [form, month] of MONTHS) {
    test(`${form} → ${month}`, () => assert.equal(MONTH_BY_NAME.get(fold(form)), month));
  }
});

describe('Romance balance lines', () => {
  for (const label of BALANCE) test(`${label} is a balance line`, () => assert.ok(BALANCE_LABELS.has(fold(label))));
  for (const text of NOT_BALANCE) test(`${text} is not a balance line`, () => assert.ok(!BALANCE_LABELS.has(fold(text))));
});

describe('Romance tables are consistent', () => {
  test('a folded phrase has one role across en, fr, es, it and pt', () => {
    const roles = new Map<string, string>();
    const clashes: string[] = [];
    for (const v of [en, ...ROMANCE]) {
      for (const role of HEADER_ROLES) {
        for (const p of v.headers[role] ?? []) {
          const key = fold(p);
          const known = roles.get(key);
          if (known !== undefined && !known.startsWith(`${role}:`)) clashes.push(`${v.lang} ${p} ${role} vs ${known}`);
          else roles.set(key, `${role}:${v.lang}`);
        }
      }
    }
    assert.deepEqual(clashes, []);
  });

  test('no phrase is listed twice in one table', () => {
    for (const v of ROMANCE) {
      const seen = new Set<string>();
      for (const role of HEADER_ROLES) {
        for (const p of v.headers[role] ?? []) {
          assert.ok(!seen.has(fold(p)), `${v.lang}: ${p} twice`);
          seen.add(fold(p));
        }
      }
    }
  });

  test('every role has phrases', () => {
    for (const v of ROMANCE) for (const role of HEADER_ROLES) assert.ok((v.headers[role] ?? []).length > 0, `${v.lang} ${role}`);
  });

  test('twelve months, forms of 3+ letters, no form naming two months across en, fr, es, it and pt', () => {
    const month = new Map<string, number>();
    for (const v of [en, ...ROMANCE]) {
      assert.equal(v.months.length, 12, v.lang);
      v.months.forEach((forms, i) => {
        assert.ok(forms.length > 0, `${v.lang} month ${i + 1}`);
        for (const f of forms) {
          const key = fold(f);
          assert.ok(key.length >= 3 && /^\p{L}+$/u.test(key), `${v.lang} ${f}`);
          const known = month.get(key);
          assert.ok(known === undefined || known === i + 1, `${v.lang} ${f} is month ${i + 1} and ${known}`);
          month.set(key, i + 1);
        }
      });
    }
  });

  test('a direction marker means one way only', () => {
    const way = new Map<string, string>();
    for (const v of [en, ...ROMANCE]) {
      for (const f of v.directions) {
        for (const [side, values] of [['in', f.inflow], ['out', f.outflow]] as const) {
          for (const m of values) {
            const key = fold(m);
            assert.ok(way.get(key) === undefined || way.get(key) === side, `${v.lang} ${m}`);
            way.set(key, side);
          }
        }
      }
    }
  });

  test('letters and code pages', () => {
    for (const v of ROMANCE) {
      assert.ok(v.codePages.length > 0 && v.codePages[0] === 'windows-1252', v.lang);
      assert.equal(v.letters, v.letters.toLowerCase());
      assert.ok(![...v.letters].some((c) => /[a-z]/.test(c)), v.lang);
    }
  });
});
