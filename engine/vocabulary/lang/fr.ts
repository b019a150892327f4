// French: banks of France (BNP Paribas, Société Générale, Crédit Agricole, LCL, La Banque Postale,
// Caisse d'Épargne, Banque Populaire, CIC, Crédit Mutuel, Boursorama, Fortuneo, Hello bank, Shine,
// Qonto), of Belgium (ING, Belfius, BNP Paribas Fortis, KBC), of Switzerland (PostFinance, UBS,
// Raiffeisen) and Québec (Desjardins, Banque Nationale, Tangerine), the French exports of Revolut and
// N26, and the budgeting apps Bankin' and Linxo.

import type { LanguageVocabulary } from '../languages.ts';

export const fr: LanguageVocabulary = {
  lang: 'fr',
  name: 'French',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'àâæçéèêëîïôœùûüÿ',
  headers: {
    date: [
      'Date', 'Date opération', "Date d'opération", "Date de l'opération", 'Date opé', 'Date op', 'Date comptable',
      'Date de comptabilisation', 'Date comptabilisation', 'Date de transaction', 'Date de la transaction',
      'Date transaction', "Date d'exécution", 'Date de réservation', 'Date du mouvement', 'Date mouvement',
      "Date d'achat", 'Date de début', 'Date de fin', 'Date écriture', "Date de l'écriture",
    ],
    value_date: [
      'Date de valeur', 'Date valeur', 'Valeur', 'Date val', 'Date de règlement', 'Date règlement', "Date d'effet",
    ],
    amount: [
      'Montant', 'Montant opération', "Montant de l'opération", 'Montant opération en euro', 'Montant en euros',
      'Montant en euro', 'Montant euros', 'Montant en EUR', 'Montant en CHF', 'Montant de la transaction',
      'Montant total', 'Montant net',
    ],
    inflow: [
      'Crédit', 'Crédits', 'Crédit euros', 'Crédit en EUR', 'Crédit en CHF', 'Montant crédit', 'Entrée', 'Entrées',
      'Recettes', 'Encaissement', 'Encaissements', 'Dépôt', 'Dépôts', 'Versements',
    ],
    outflow: [
      'Débit', 'Débits', 'Débit euros', 'Débit en EUR', 'Débit en CHF', 'Montant débit', 'Sortie', 'Sorties',
      'Dépenses', 'Décaissement', 'Décaissements', 'Retrait', 'Retraits',
    ],
    payee: [
      'Bénéficiaire', 'Nom du bénéficiaire', 'Bénéficiaire / Donneur d\'ordre', 'Nom de la contrepartie',
      'Nom contrepartie', 'Nom contrepartie contient', 'Tiers', 'Nom du tiers', 'Commerçant', 'Nom du commerçant',
      'Marchand', 'Destinataire', 'Nom du destinataire', 'supplierFound', 'Fournisseur',
    ],
    description: [
      'Libellé', 'Libellés', 'Libellé opération', "Libellé de l'opération", 'Libellé court', 'Libellé simplifié',
      'Libellé complet', 'Description', 'Détail', 'Détails', "Détail de l'écriture", 'Détails du mouvement',
      'Texte de notification', 'Texte comptable', 'Opération', "Nature de l'opération", 'Intitulé', 'label',
    ],
    notes: [
      'Notes', 'Note', 'Commentaire', 'Commentaires', 'Communication', 'Communications', 'Communication libre',
      'Motif', 'Motif du virement', 'Référence de paiement', 'Informations complémentaires', 'Libellé complémentaire',
      'Remarque', 'Remarques', 'Mémo', 'Notes de bas de page',
    ],
    currency: ['Devise', 'Monnaie', 'Devise du compte', 'Code devise'],
    balance: [
      'Solde', 'Solde en CHF', 'Solde en euros', 'Solde du compte', 'Solde disponible', 'Solde comptable',
      'Solde courant', 'Solde après opération', 'Nouveau solde', 'accountbalance',
    ],
    category: ['Catégorie', 'Catégories', 'Catégorie opération', "Catégorie de l'opération"],
    account: ['Compte', 'Nom du compte', 'Libellé du compte', 'Intitulé du compte', 'accountLabel'],
    direction: ['Débit/Crédit', 'Crédit/Débit', 'Sens', "Sens de l'opération", 'D/C'],
  },
  months: [
    ['janvier', 'janv'], ['février', 'févr', 'fév'], ['mars'], ['avril', 'avr'], ['mai'], ['juin'],
    ['juillet', 'juil'], ['août'], ['septembre', 'sept'], ['octobre', 'oct'], ['novembre', 'nov'], ['décembre', 'déc'],
  ],
  balanceLines: [
    'Solde', 'Ancien solde', 'Nouveau solde', 'Solde initial', 'Solde final', 'Solde de début', 'Solde de fin',
    'Solde précédent', 'Solde créditeur', 'Solde débiteur', 'Ancien solde créditeur', 'Ancien solde débiteur',
    'Nouveau solde créditeur', 'Nouveau solde débiteur', 'Solde reporté', 'À reporter', 'Report à nouveau',
    "Solde d'ouverture", 'Solde de clôture', 'Solde en début de période', 'Solde en fin de période',
    'Solde intermédiaire', 'Solde comptable', 'Solde disponible', 'Total', 'Totaux', 'Sous-total',
    'Total des opérations', 'Total des débits', 'Total des crédits', 'Total des mouvements',
  ],
  balanceConnectors: ['au', 'du', 'le', 'à', 'de', 'en', 'en date du', 'arrêté au', 'pour'],
  directions: [
    { inflow: ['Crédit', 'C'], outflow: ['Débit', 'D'] },
  ],
};
