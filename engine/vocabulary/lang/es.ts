// Spanish: banks of Spain (Santander, BBVA, CaixaBank, Sabadell, Bankinter, ING, Unicaja, Abanca,
// Ibercaja, Kutxabank, Openbank, EVO, Cajamar), of Mexico (BBVA México, Banorte, Santander, Citibanamex),
// Argentina (Galicia, Santander, BBVA), Chile (Banco de Chile, BancoEstado), Colombia (Bancolombia) and
// Peru (BCP), the Spanish exports of Revolut, N26 and PayPal, and budgeting apps (Fintonic, Wallet).

import type { LanguageVocabulary } from '../languages.ts';

export const es: LanguageVocabulary = {
  lang: 'es',
  name: 'Spanish',
  dateOrder: 'dmy',
  // Spain, Argentina, Colombia, Chile and Venezuela write 1.234,56; Mexico, Peru, Central America and
  // the Caribbean write 1,234.56.
  decimalMark: null,
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: 'áéíñóúü',
  headers: {
    date: [
      'Fecha', 'Fecha operación', 'Fecha de operación', 'Fecha de la operación', 'F. Operación', 'Fecha oper',
      'F. Operativa', 'Fecha operativa', 'Fecha contable', 'F. Contable', 'Fecha ctble', 'Fecha de contabilización',
      'Fecha transacción', 'Fecha de transacción', 'Fecha de la transacción', 'Fecha movimiento',
      'Fecha de movimiento', 'Fecha del movimiento', 'Fecha de aplicación', 'Fecha de compra', 'Fecha de inicio',
      'Fecha de finalización', 'Fecha y hora',
    ],
    value_date: [
      'Fecha valor', 'F. Valor', 'Fecha de valor', 'Fecha valuta', 'Fecha de liquidación', 'Fecha liquidación',
    ],
    amount: [
      'Importe', 'Importe operación', 'Importe de la operación', 'Importe movimiento', 'Importe del movimiento',
      'Importe total', 'Monto', 'Monto de la operación', 'Valor', 'Neto',
    ],
    inflow: [
      'Abono', 'Abonos', 'Haber', 'Ingreso', 'Ingresos', 'Crédito', 'Créditos', 'Depósito', 'Depósitos', 'Entrada',
      'Entradas',
    ],
    outflow: [
      'Cargo', 'Cargos', 'Debe', 'Débito', 'Débitos', 'Retiro', 'Retiros', 'Salida', 'Salidas',
    ],
    payee: [
      'Beneficiario', 'Nombre del beneficiario', 'Beneficiario / Ordenante', 'Nombre', 'Comercio',
      'Nombre del comercio', 'Establecimiento', 'Destinatario', 'Contraparte', 'Nombre de la contraparte',
    ],
    description: [
      'Concepto', 'Descripción', 'Movimiento', 'Concepto ampliado', 'Detalle', 'Detalles', 'Descripción operación',
      'Descripción de la operación', 'Descripción movimiento', 'Descripción del movimiento', 'Concepto operación',
    ],
    notes: [
      'Observaciones', 'Observaciones cliente', 'Comentario', 'Comentarios', 'Notas', 'Nota', 'Más datos',
      'Información adicional', 'Datos adicionales', 'Concepto complementario', 'Leyendas adicionales', 'Mensaje',
    ],
    currency: ['Divisa', 'Moneda', 'Código de divisa'],
    balance: [
      'Saldo', 'Saldo disponible', 'Saldo contable', 'Disponible', 'Saldo actual', 'Saldo final', 'Saldo de la cuenta',
      'Saldo cuenta', 'Saldo tras la operación',
    ],
    category: ['Categoría', 'Categorías', 'Rubro'],
    account: ['Cuenta', 'Nombre de la cuenta', 'Alias de la cuenta'],
    direction: ['Cargo/Abono', 'Abono/Cargo', 'Debe/Haber', 'D/H', 'Débito/Crédito', 'Crédito/Débito', 'Signo'],
  },
  months: [
    ['enero', 'ene'], ['febrero', 'feb'], ['marzo', 'mar'], ['abril', 'abr'], ['mayo', 'may'], ['junio', 'jun'],
    ['julio', 'jul'], ['agosto', 'ago'], ['septiembre', 'setiembre', 'sept', 'sep', 'set'], ['octubre', 'oct'],
    ['noviembre', 'nov'], ['diciembre', 'dic'],
  ],
  balanceLines: [
    'Saldo', 'Saldo inicial', 'Saldo final', 'Saldo anterior', 'Saldo actual', 'Nuevo saldo', 'Saldo de apertura',
    'Saldo de cierre', 'Saldo al cierre', 'Saldo al corte', 'Saldo disponible', 'Saldo contable', 'Saldo promedio',
    'Suma y sigue', 'Suma anterior', 'Total', 'Totales', 'Subtotal', 'Total cargos', 'Total abonos', 'Total débitos',
    'Total créditos', 'Total movimientos', 'Total ingresos', 'Total gastos', 'Total depósitos', 'Total retiros',
  ],
  balanceConnectors: ['al', 'a', 'de', 'del', 'en', 'el', 'a fecha', 'a la fecha', 'hasta'],
  directions: [
    { inflow: ['Haber', 'H'], outflow: ['Debe', 'D'] },
    { inflow: ['Abono'], outflow: ['Cargo'] },
    { inflow: ['Crédito', 'C'], outflow: ['Débito', 'D'] },
    { inflow: ['Ingreso'], outflow: ['Gasto'] },
  ],
};
