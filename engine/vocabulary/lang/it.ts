// Italian: banks of Italy (Intesa Sanpaolo, UniCredit, Banco BPM, BPER, Monte dei Paschi, Credem,
// Mediolanum, Fineco, ING, BancoPosta, Banca Sella, Widiba, CheBanca!, Hype, Satispay) and of Ticino,
// and the Italian exports of Revolut, N26 and PayPal.

import type { LanguageVocabulary } from '../languages.ts';

export const it: LanguageVocabulary = {
  lang: 'it',
  name: 'Italian',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'àèéìíîòóùú',
  headers: {
    date: [
      'Data', 'Data operazione', "Data dell'operazione", 'Data contabile', 'Data contabilizzazione',
      'Data di contabilizzazione', 'Data registrazione', 'Data di registrazione', 'Data movimento',
      'Data transazione', 'Data della transazione', 'Data esecuzione', 'Data di esecuzione', 'Data acquisto',
      'Data di inizio', 'Data di completamento', 'Data e ora',
    ],
    value_date: ['Data valuta', 'Data di valuta', 'Data regolamento', 'Data di regolamento'],
    amount: [
      'Importo', 'Importo operazione', "Importo dell'operazione", 'Importo in euro', 'Importo euro',
      'Importo movimento', 'Importo transazione', 'Ammontare', 'Netto',
    ],
    inflow: ['Entrate', 'Entrata', 'Accrediti', 'Accredito', 'Avere', 'Importo avere', 'Versamenti'],
    outflow: ['Uscite', 'Uscita', 'Addebiti', 'Addebito', 'Dare', 'Importo dare', 'Prelievi'],
    payee: [
      'Beneficiario', 'Nome beneficiario', 'Beneficiario/Ordinante', 'Nome', 'Controparte', 'Nome controparte',
      'Esercente', 'Nome esercente', 'Destinatario',
    ],
    description: [
      'Descrizione', 'Descrizione operazione', 'Descrizione operazioni', 'Descrizione estesa', 'Descrizione completa',
      'Descrizione movimento', 'Dettagli', 'Dettaglio', 'Operazione', 'Causale',
    ],
    notes: [
      'Note', 'Nota', 'Commento', 'Commenti', 'Messaggio', 'Causale bonifico', 'Causale del bonifico',
      'Informazioni aggiuntive', 'Dettagli aggiuntivi', 'Extra info',
    ],
    currency: ['Divisa', 'Valuta', 'Divisa conto', 'Codice divisa'],
    balance: [
      'Saldo', 'Saldo contabile', 'Saldo disponibile', 'Saldo progressivo', 'Saldo conto', 'Saldo finale',
    ],
    category: ['Categoria', 'Categorie', 'Moneymap'],
    account: ['Conto', 'Nome conto', 'Nome del conto'],
    direction: ['Dare/Avere', 'D/A', 'Segno', 'Entrata/Uscita'],
  },
  months: [
    ['gennaio', 'gen'], ['febbraio', 'feb'], ['marzo', 'mar'], ['aprile', 'apr'], ['maggio', 'mag'], ['giugno', 'giu'],
    ['luglio', 'lug'], ['agosto', 'ago'], ['settembre', 'sett', 'set'], ['ottobre', 'ott'], ['novembre', 'nov'],
    ['dicembre', 'dic'],
  ],
  balanceLines: [
    'Saldo', 'Saldo iniziale', 'Saldo finale', 'Saldo contabile', 'Saldo disponibile', 'Saldo liquido',
    'Saldo precedente', 'Saldo contabile iniziale', 'Saldo contabile finale', 'Saldo iniziale contabile',
    'Saldo finale contabile', 'Nuovo saldo', 'Saldo di apertura', 'Saldo di chiusura', 'Saldo riportato', 'Riporto',
    'A riportare', 'Totale', 'Totali', 'Subtotale', 'Totale movimenti', 'Totale entrate', 'Totale uscite',
    'Totale dare', 'Totale avere', 'Totale addebiti', 'Totale accrediti',
  ],
  balanceConnectors: ['al', 'del', 'il', 'a', 'di', 'in data', 'alla data del', 'per'],
  directions: [
    { inflow: ['Avere', 'A'], outflow: ['Dare', 'D'] },
    { inflow: ['Accredito'], outflow: ['Addebito'] },
    { inflow: ['Entrata'], outflow: ['Uscita'] },
  ],
};
