// Turkish: the account and card statement exports (hesap hareketleri, kredi kartı ekstresi) of
// Ziraat, İş Bankası, Garanti BBVA, Akbank, Yapı Kredi, VakıfBank, Halkbank, QNB, DenizBank, Enpara,
// TEB, ING TR, Kuveyt Türk and Albaraka, of Papara, and of budgeting apps localised to Turkish.
//
// Left out on purpose: `Dekont No`, `Fiş No`, `Fiş/Dekont No`, `Referans No`, `İşlem No`
// (identifiers), `Kart No`, `Hesap No`, `IBAN`, `Karşı Hesap`, `Şube` (account and branch
// numbers), `Komisyon`, `Masraf`, `BSMV` (fees and taxes), `Döviz Kuru` (the rate), `Bonus`,
// `Chip Para / Mil`, `Puan` (rewards), `Taksit` (instalment counts), `Kanal` (the channel),
// `İşlem Tipi`/`İşlem Türü` (transfer type codes: FAST, EFT, POS…). `TL` is not an ISO code, so
// the usual `(TL)` decoration is spelt out on the main phrases (`Tutar TL`, `Bakiye TL`…).
// `Valör` folds to `valor`, the amount in Spanish and Portuguese: it stays here as the value date
// and the mapping lets the cells decide.

import type { LanguageVocabulary } from '../languages.ts';

export const tr: LanguageVocabulary = {
  lang: 'tr',
  name: 'Turkish',
  dateOrder: 'dmy',
  decimalMark: ',',
  codePages: ['windows-1254'],
  letters: 'çğıöşü',
  headers: {
    date: [
      'Tarih', 'İşlem Tarihi', 'Tarih/Saat', 'İşlem Tarihi/Saati', 'İşlem Zamanı', 'Kayıt Tarihi', 'Muhasebe Tarihi',
      'Hareket Tarihi', 'Harcama Tarihi',
    ],
    value_date: ['Valör', 'Valör Tarihi'],
    amount: ['Tutar', 'İşlem Tutarı', 'Tutar TL', 'İşlem Tutarı TL', 'Hareket Tutarı', 'Net Tutar'],
    inflow: ['Alacak', 'Alacak TL', 'Alacak Tutarı', 'Alacak Tutarı TL', 'Gelen', 'Gelen Tutar', 'Giriş', 'Para Girişi', 'Gelir'],
    outflow: ['Borç', 'Borç TL', 'Borç Tutarı', 'Borç Tutarı TL', 'Giden', 'Giden Tutar', 'Çıkış', 'Para Çıkışı', 'Gider'],
    payee: [
      'Alıcı', 'Alıcı Adı', 'Alıcı Adı Soyadı', 'Alıcı Unvanı', 'Gönderen', 'Gönderen Adı',
      'Gönderen Adı Soyadı', 'Alıcı/Gönderen', 'Gönderen/Alıcı', 'Karşı Taraf', 'Karşı Taraf Adı', 'Üye İşyeri',
      'Üye İşyeri Adı', 'İşyeri', 'İşyeri Adı',
    ],
    description: [
      'Açıklama', 'İşlem Açıklaması', 'İşlem', 'İşlem Adı', 'Hareket Açıklaması', 'İşlem Detayı', 'İşlem Detayları',
      'Detay', 'Dönem İçi İşlemler', 'Harcama Açıklaması',
    ],
    notes: [
      'Not', 'Notlar', 'Ek Açıklama', 'Ek Bilgi', 'Mesaj', 'Ödeme Açıklaması', 'Havale Açıklaması', 'Müşteri Açıklaması',
      'Kullanıcı Açıklaması',
    ],
    currency: ['Döviz', 'Döviz Cinsi', 'Döviz Kodu', 'Döviz Türü', 'Para Birimi', 'Para Cinsi'],
    balance: [
      'Bakiye', 'Güncel Bakiye', 'Yeni Bakiye', 'Kalan Bakiye', 'Bakiye TL', 'İşlem Sonrası Bakiye', 'Hesap Bakiyesi',
      'Kullanılabilir Bakiye',
    ],
    category: ['Kategori', 'Kategori Adı', 'Harcama Kategorisi', 'Etiket'],
    account: ['Hesap Adı', 'Hesap İsmi', 'Hesap Tanımı'],
    direction: ['Borç/Alacak', 'Alacak/Borç', 'B/A', 'İşlem Yönü'],
  },
  months: [
    ['Ocak', 'Oca'],
    ['Şubat', 'Şub'],
    ['Mart', 'Mar'],
    ['Nisan', 'Nis'],
    ['Mayıs', 'May'],
    ['Haziran', 'Haz'],
    ['Temmuz', 'Tem'],
    ['Ağustos', 'Ağu'],
    ['Eylül', 'Eyl'],
    ['Ekim', 'Eki'],
    ['Kasım', 'Kas'],
    ['Aralık', 'Ara'],
  ],
  balanceLines: [
    'Devreden Bakiye', 'Devir Bakiyesi', 'Devir', 'Devreden', 'Önceki Bakiye', 'Önceki Dönem Bakiyesi', 'Açılış Bakiyesi',
    'Kapanış Bakiyesi', 'Dönem Başı Bakiye', 'Dönem Sonu Bakiye', 'Dönem Başı Bakiyesi', 'Dönem Sonu Bakiyesi', 'Bakiye',
    'Yeni Bakiye', 'Güncel Bakiye', 'Toplam', 'Genel Toplam', 'Ara Toplam', 'Toplam Borç', 'Toplam Alacak', 'Dönem Borcu',
    'Toplam Harcama',
  ],
  balanceConnectors: ['itibarıyla', 'itibariyle', 'tarihli', 'tarihinde'],
  directions: [
    { inflow: ['Alacak', 'A'], outflow: ['Borç', 'B'] },
    { inflow: ['Gelir'], outflow: ['Gider'] },
  ],
};
