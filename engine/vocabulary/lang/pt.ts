// Portuguese: banks of Portugal (Caixa Geral de Depósitos, Millennium BCP, Novo Banco, Santander,
// BPI, Montepio, Crédito Agrícola, ActivoBank, moey!) and of Brazil (Itaú, Bradesco, Banco do Brasil,
// Caixa, Santander, Nubank, Inter, C6, PicPay), the Portuguese exports of Revolut and PayPal, and
// Brazilian budgeting apps (Organizze, Mobills). Brazilian headers often carry `(R$)`, which folds
// to a stray `r` the matcher does not drop, so those are listed as printed.

import type { LanguageVocabulary } from '../languages.ts';

export const pt: LanguageVocabulary = {
  lang: 'pt',
  name: 'Portuguese',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'àáâãçéêíóôõú',
  headers: {
    date: [
      'Data', 'Data mov.', 'Data movimento', 'Data do movimento', 'Data de movimento', 'Data lançamento',
      'Data de lançamento', 'Data do lançamento', 'Data operação', 'Data da operação', 'Data de operação',
      'Data transação', 'Data da transação', 'Data contábil', 'Data da compra', 'Data de início', 'Data de conclusão',
      'Data e hora',
    ],
    value_date: ['Data valor', 'Data de valor', 'Data de liquidação'],
    amount: [
      'Valor', 'Valor (R$)', 'Montante', 'Importância', 'Quantia', 'Valor da transação', 'Valor da operação',
      'Valor do lançamento', 'Valor do movimento', 'Líquido',
    ],
    inflow: [
      'Crédito', 'Créditos', 'Crédito (R$)', 'Entrada', 'Entradas', 'Entrada (R$)', 'Receita', 'Receitas',
    ],
    outflow: ['Débito', 'Débitos', 'Débito (R$)', 'Saída', 'Saídas', 'Saída (R$)', 'Despesa', 'Despesas'],
    payee: [
      'Beneficiário', 'Nome do beneficiário', 'Favorecido', 'Nome do favorecido', 'Destinatário', 'Estabelecimento',
      'Comerciante', 'Contraparte', 'Nome da contraparte', 'Nome',
    ],
    description: [
      'Descrição', 'Histórico', 'Lançamento', 'Descritivo', 'Descrição do movimento', 'Descrição da operação',
      'Descrição do lançamento', 'Detalhes',
    ],
    notes: [
      'Observações', 'Observação', 'Notas', 'Nota', 'Comentário', 'Comentários', 'Mensagem',
      'Informações adicionais', 'Informação adicional',
    ],
    currency: ['Moeda', 'Divisa'],
    balance: [
      'Saldo', 'Saldo (R$)', 'Saldos', 'Saldos (R$)', 'Saldo contabilístico', 'Saldo disponível', 'Saldo contábil',
      'Saldo do dia', 'Saldo do dia (R$)', 'Saldo atual', 'Saldo após movimento',
    ],
    category: ['Categoria', 'Categorias'],
    account: ['Conta', 'Nome da conta'],
    direction: ['Deb/Cred', 'Débito/Crédito', 'Crédito/Débito', 'D/C', 'C/D'],
  },
  months: [
    ['janeiro', 'jan'], ['fevereiro', 'fev'], ['março', 'mar'], ['abril', 'abr'], ['maio', 'mai'], ['junho', 'jun'],
    ['julho', 'jul'], ['agosto', 'ago'], ['setembro', 'set'], ['outubro', 'out'], ['novembro', 'nov'],
    ['dezembro', 'dez'],
  ],
  balanceLines: [
    'Saldo', 'Saldo inicial', 'Saldo final', 'Saldo anterior', 'Saldo atual', 'Saldo do dia', 'Saldo dia',
    'Saldo disponível', 'Saldo contabilístico', 'Saldo contábil', 'Saldo total disponível dia', 'S A L D O',
    'Novo saldo', 'Saldo transportado', 'A transportar', 'Saldo de abertura', 'Saldo de fecho', 'Total', 'Totais',
    'Subtotal', 'Total de débitos', 'Total de créditos', 'Total de movimentos', 'Total de entradas',
    'Total de saídas',
  ],
  balanceConnectors: ['em', 'a', 'de', 'do', 'da', 'até', 'no', 'na'],
  directions: [
    { inflow: ['Crédito', 'Cred', 'C'], outflow: ['Débito', 'Deb', 'D'] },
    { inflow: ['Entrada'], outflow: ['Saída'] },
    { inflow: ['Receita'], outflow: ['Despesa'] },
  ],
};
