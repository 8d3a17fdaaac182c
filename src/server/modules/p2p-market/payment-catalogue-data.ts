import type { PaymentDetailField } from '../../../contract/p2p-market';

/** One entry of the curated catalogue, with its name in each language of the app. */
export interface CatalogueEntryData {
  readonly type: 'bank' | 'emoney';
  /** Stable and unique within the fiat (a group's children included). */
  readonly identifier: string;
  readonly names: { readonly en: string; readonly ru: string };
  /** What a saved method of this entry holds; empty for a group, whose children say. */
  readonly fields: readonly PaymentDetailField[];
  /** A group's entries (RUB's SBP: the banks a phone transfer reaches); empty otherwise. */
  readonly children: readonly CatalogueEntryData[];
}

const data = (key: string, kind: PaymentDetailField['kind']): PaymentDetailField => ({ key, kind, is_data: true });
const holder: PaymentDetailField = { key: 'holder_name', kind: 'holder_name', is_data: false };

/** The detail sets: the first field is the method's `data` (shown by its last 4 characters). */
const card = [data('card_number', 'card_number'), holder];
const phone = [data('phone', 'phone'), holder];
const account = [data('account_number', 'account_number'), holder];
const iban = [data('iban', 'iban'), holder];
const email = [data('email', 'email'), holder];
const walletNumber = [data('account_number', 'account_number')];
const handle = (key: string) => [data(key, 'text'), holder];

function entry(
  type: CatalogueEntryData['type'],
  identifier: string,
  en: string,
  fields: readonly PaymentDetailField[],
  ru: string = en,
): CatalogueEntryData {
  return { type, identifier, names: { en, ru }, fields, children: [] };
}

const bank = (identifier: string, en: string, fields: readonly PaymentDetailField[], ru?: string) =>
  entry('bank', identifier, en, fields, ru);
const emoney = (identifier: string, en: string, fields: readonly PaymentDetailField[], ru?: string) =>
  entry('emoney', identifier, en, fields, ru);

/** Russia's largest banks, each reachable by card and through SBP (en, ru). */
const russianBanks: readonly (readonly [string, string, string])[] = [
  ['sberbank', 'Sberbank', 'Сбербанк'],
  ['tbank', 'T-Bank', 'Т-Банк'],
  ['alfabank', 'Alfa-Bank', 'Альфа-Банк'],
  ['vtb', 'VTB', 'ВТБ'],
  ['raiffeisen', 'Raiffeisenbank', 'Райффайзенбанк'],
  ['gazprombank', 'Gazprombank', 'Газпромбанк'],
  ['sovcombank', 'Sovcombank', 'Совкомбанк'],
  ['pochtabank', 'Pochta Bank', 'Почта Банк'],
  ['rshb', 'Rosselkhozbank', 'Россельхозбанк'],
  ['mtsbank', 'MTS Bank', 'МТС Банк'],
  ['ozonbank', 'Ozon Bank', 'Озон Банк'],
  ['yandexbank', 'Yandex Bank', 'Яндекс Банк'],
  ['psb', 'PSB', 'ПСБ'],
  ['rosbank', 'Rosbank', 'Росбанк'],
  ['otpbank', 'OTP Bank', 'ОТП Банк'],
  ['domrf', 'DOM.RF Bank', 'Банк ДОМ.РФ'],
  ['uralsib', 'Uralsib', 'Уралсиб'],
  ['akbars', 'Ak Bars Bank', 'Ак Барс Банк'],
  ['homebank', 'Home Bank', 'Хоум Банк'],
  ['russianstandard', 'Russian Standard Bank', 'Банк Русский Стандарт'],
  ['mkb', 'MKB', 'МКБ'],
];

const rub: readonly CatalogueEntryData[] = [
  {
    type: 'bank',
    identifier: 'sbp',
    names: { en: 'SBP (Faster Payments System)', ru: 'СБП (Система быстрых платежей)' },
    fields: [],
    children: russianBanks.map(([identifier, en, ru]) => bank(`${identifier}_sbp`, en, phone, ru)),
  },
  ...russianBanks.map(([identifier, en, ru]) => bank(identifier, en, card, ru)),
  emoney('yoomoney', 'YooMoney', walletNumber, 'ЮMoney'),
  bank('bank_transfer', 'Bank transfer', account, 'Банковский перевод'),
];

/** The curated payment-method catalogue of every fiat of the wallet catalogue (P2P.md "Payment methods"). */
export const paymentCatalogueData: Readonly<Record<string, readonly CatalogueEntryData[]>> = {
  RUB: rub,
  USD: [
    bank('ach', 'Bank transfer (ACH)', account, 'Банковский перевод (ACH)'),
    emoney('zelle', 'Zelle', email),
    emoney('wise', 'Wise', email),
    emoney('paypal', 'PayPal', email),
    emoney('revolut', 'Revolut', phone),
    emoney('cashapp', 'Cash App', handle('cashtag')),
    emoney('venmo', 'Venmo', handle('venmo_username')),
  ],
  EUR: [
    bank('sepa', 'SEPA transfer', iban, 'Перевод SEPA'),
    bank('sepa_instant', 'SEPA Instant', iban, 'SEPA Instant'),
    emoney('revolut', 'Revolut', phone),
    emoney('wise', 'Wise', email),
    emoney('paypal', 'PayPal', email),
    bank('n26', 'N26', iban),
    bank('bunq', 'bunq', iban),
  ],
  BYN: [
    bank('belarusbank', 'Belarusbank', card, 'Беларусбанк'),
    bank('priorbank', 'Priorbank', card, 'Приорбанк'),
    bank('belagroprombank', 'Belagroprombank', card, 'Белагропромбанк'),
    bank('alfabank_by', 'Alfa Bank Belarus', card, 'Альфа-Банк Беларусь'),
    bank('mtbank', 'MTBank', card, 'МТБанк'),
    bank('belinvestbank', 'Belinvestbank', card, 'Белинвестбанк'),
  ],
  UAH: [
    bank('privatbank', 'PrivatBank', card, 'ПриватБанк'),
    bank('monobank', 'monobank', card),
    bank('oschadbank', 'Oschadbank', card, 'Ощадбанк'),
    bank('pumb', 'PUMB', card, 'ПУМБ'),
    bank('raiffeisen_ua', 'Raiffeisen Bank Ukraine', card, 'Райффайзен Банк Украина'),
    bank('abank', 'A-Bank', card, 'А-Банк'),
    bank('sensebank', 'Sense Bank', card),
  ],
  GBP: [
    bank('faster_payments', 'Faster Payments', account, 'Faster Payments'),
    bank('monzo', 'Monzo', account),
    bank('starling', 'Starling Bank', account),
    emoney('revolut', 'Revolut', phone),
    emoney('wise', 'Wise', email),
    emoney('paypal', 'PayPal', email),
  ],
  CNY: [
    emoney('alipay', 'Alipay', handle('alipay_account'), 'Alipay'),
    emoney('wechat_pay', 'WeChat Pay', handle('wechat_id'), 'WeChat Pay'),
    bank('icbc', 'ICBC', card),
    bank('ccb', 'China Construction Bank', card),
    bank('boc', 'Bank of China', card),
    bank('abc', 'Agricultural Bank of China', card),
  ],
  KZT: [
    bank('kaspi', 'Kaspi Bank', card, 'Kaspi Bank'),
    bank('halyk', 'Halyk Bank', card, 'Halyk Bank'),
    bank('jusan', 'Jusan Bank', card),
    bank('freedom', 'Freedom Bank', card),
    bank('bereke', 'Bereke Bank', card),
    bank('forte', 'ForteBank', card),
  ],
  UZS: [
    bank('uzcard', 'Uzcard', card),
    bank('humo', 'Humo', card),
    emoney('payme', 'Payme', phone),
    emoney('click', 'Click', phone),
    bank('kapitalbank', 'Kapitalbank', card, 'Капиталбанк'),
  ],
  GEL: [
    bank('bank_of_georgia', 'Bank of Georgia', iban, 'Банк Грузии'),
    bank('tbc', 'TBC Bank', iban),
    bank('liberty', 'Liberty Bank', iban),
  ],
  TRY: [
    bank('ziraat', 'Ziraat Bankası', iban),
    bank('garanti', 'Garanti BBVA', iban),
    bank('isbank', 'İş Bankası', iban),
    bank('akbank', 'Akbank', iban),
    bank('yapikredi', 'Yapı Kredi', iban),
    emoney('papara', 'Papara', walletNumber),
  ],
  AMD: [
    bank('ameriabank', 'Ameriabank', card),
    bank('acba', 'ACBA Bank', card),
    bank('ardshinbank', 'Ardshinbank', card),
    bank('inecobank', 'Inecobank', card),
    emoney('idram', 'Idram', walletNumber),
  ],
  THB: [
    emoney('promptpay', 'PromptPay', phone),
    bank('kasikorn', 'Kasikornbank', account),
    bank('bangkok_bank', 'Bangkok Bank', account),
    bank('scb', 'Siam Commercial Bank', account),
    bank('krungthai', 'Krungthai Bank', account),
  ],
  INR: [
    emoney('upi', 'UPI', handle('upi_id')),
    bank('imps', 'IMPS bank transfer', [...account, { key: 'ifsc', kind: 'text', is_data: false }], 'Перевод IMPS'),
    emoney('paytm', 'Paytm', phone),
    emoney('phonepe', 'PhonePe', phone),
  ],
  BRL: [
    emoney('pix', 'PIX', handle('pix_key')),
    bank('nubank', 'Nubank', account),
    bank('banco_do_brasil', 'Banco do Brasil', account),
    bank('itau', 'Itaú', account),
    bank('bradesco', 'Bradesco', account),
  ],
  IDR: [
    bank('bca', 'BCA', account),
    bank('mandiri', 'Bank Mandiri', account),
    bank('bri', 'BRI', account),
    bank('bni', 'BNI', account),
    emoney('dana', 'DANA', phone),
    emoney('ovo', 'OVO', phone),
    emoney('gopay', 'GoPay', phone),
  ],
  AZN: [
    bank('kapital_bank', 'Kapital Bank', card),
    bank('pasha_bank', 'PASHA Bank', card),
    bank('abb', 'ABB', card),
    bank('leobank', 'Leobank', card),
    emoney('m10', 'm10', phone),
  ],
  AED: [
    bank('emirates_nbd', 'Emirates NBD', iban),
    bank('adcb', 'ADCB', iban),
    bank('fab', 'First Abu Dhabi Bank', iban),
    bank('mashreq', 'Mashreq', iban),
  ],
  PLN: [
    emoney('blik', 'BLIK', phone),
    bank('pko_bp', 'PKO Bank Polski', iban),
    bank('mbank_pl', 'mBank', iban),
    bank('santander_pl', 'Santander Bank Polska', iban),
    bank('pekao', 'Bank Pekao', iban),
    emoney('revolut', 'Revolut', phone),
  ],
  ILS: [
    emoney('bit', 'Bit', phone),
    emoney('paybox', 'PayBox', phone),
    bank('hapoalim', 'Bank Hapoalim', iban),
    bank('leumi', 'Bank Leumi', iban),
    bank('discount', 'Discount Bank', iban),
  ],
  KGS: [
    emoney('mbank_kg', 'MBank', phone),
    bank('optima', 'Optima Bank', card, 'Оптима Банк'),
    bank('demir', 'Demir Bank', card, 'Демир Банк'),
    bank('kicb', 'KICB', card),
    emoney('odengi', 'O!Dengi', phone, 'О!Деньги'),
  ],
  TJS: [
    emoney('alif', 'Alif', phone, 'Алиф'),
    emoney('dc_wallet', 'DC Wallet', phone),
    bank('eskhata', 'Bank Eskhata', card, 'Банк Эсхата'),
    bank('amonatbonk', 'Amonatbonk', card, 'Амонатбонк'),
  ],
};
