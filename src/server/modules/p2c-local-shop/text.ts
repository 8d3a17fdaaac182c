import type { BankPayment } from './codes';

type BankProblem = Extract<BankPayment, { ok: false }>['problem'];

/** The words of the local shop and bank stand-ins, in the two languages of the app. */
export interface LocalShopText {
  readonly shopTitle: string;
  readonly shopNotice: string;
  readonly toBank: string;
  readonly amount: string;
  readonly issue: string;
  readonly invalidAmount: string;
  readonly code: string;
  readonly qrLabel: string;
  readonly link: string;
  readonly copy: string;
  readonly copied: string;
  readonly paid: string;
  readonly notPaid: string;
  readonly expired: string;
  readonly issued: string;
  readonly recent: string;
  readonly none: string;
  readonly noSuchCode: string;
  readonly bankTitle: string;
  readonly bankNotice: string;
  readonly toShop: string;
  readonly pasteLink: string;
  readonly pay: string;
  readonly paidDone: string;
  readonly payee: string;
  readonly paidAt: string;
  readonly receipt: string;
  readonly receiptHint: string;
  readonly otherSite: string;
  readonly problems: Readonly<Record<BankProblem, string>>;
}

const en: LocalShopText = {
  shopTitle: 'Shop (local)',
  shopNotice:
    'Local stand-in of a shop: it issues payment QR codes of the national payment system and shows whether each has been paid.',
  toBank: 'Bank (local)',
  amount: 'Amount, RUB',
  issue: 'Issue a QR code',
  invalidAmount: 'Enter an amount from 1 to 1,000,000 RUB, with at most two decimals.',
  code: 'QR code',
  qrLabel: 'Payment QR code',
  link: 'Payment link',
  copy: 'Copy',
  copied: 'Copied',
  paid: 'Paid',
  notPaid: 'Not paid yet',
  expired: 'Expired',
  issued: 'Issued',
  recent: 'Issued codes',
  none: 'None yet.',
  noSuchCode: 'No code with this id.',
  bankTitle: 'Bank (local)',
  bankNotice:
    "Local stand-in of a merchant's bank: paste a payment link and pay it. The shop sees the code paid at once.",
  toShop: 'Shop (local)',
  pasteLink: 'Payment link',
  pay: 'Pay',
  paidDone: 'Payment made',
  payee: 'Payee',
  paidAt: 'Paid at',
  receipt: 'Download the receipt (PDF)',
  receiptHint: 'Upload this file as the check of the payment.',
  otherSite: 'This form was sent from another site.',
  problems: {
    not_a_payment_link: 'This is not a payment link.',
    checksum_mismatch: 'The link is damaged: its checksum does not match.',
    unsupported_currency: 'Only payments in roubles are possible.',
    malformed: 'The link is damaged.',
    unknown_code: 'The payment system knows no such code.',
    already_paid: 'This code has already been paid.',
    expired: 'This code has expired.',
  },
};

const ru: LocalShopText = {
  shopTitle: 'Магазин (локальный)',
  shopNotice:
    'Локальная замена магазина: выпускает платёжные QR-коды национальной платёжной системы и показывает, оплачен ли каждый.',
  toBank: 'Банк (локальный)',
  amount: 'Сумма, ₽',
  issue: 'Выпустить QR-код',
  invalidAmount: 'Введите сумму от 1 до 1 000 000 ₽, не больше двух знаков после запятой.',
  code: 'QR-код',
  qrLabel: 'Платёжный QR-код',
  link: 'Платёжная ссылка',
  copy: 'Скопировать',
  copied: 'Скопировано',
  paid: 'Оплачен',
  notPaid: 'Ещё не оплачен',
  expired: 'Истёк',
  issued: 'Выпущен',
  recent: 'Выпущенные коды',
  none: 'Пока нет.',
  noSuchCode: 'Кода с таким номером нет.',
  bankTitle: 'Банк (локальный)',
  bankNotice:
    'Локальная замена банка мерчанта: вставьте платёжную ссылку и оплатите её. Магазин сразу увидит код оплаченным.',
  toShop: 'Магазин (локальный)',
  pasteLink: 'Платёжная ссылка',
  pay: 'Оплатить',
  paidDone: 'Платёж выполнен',
  payee: 'Получатель',
  paidAt: 'Оплачен',
  receipt: 'Скачать квитанцию (PDF)',
  receiptHint: 'Загрузите этот файл как чек платежа.',
  otherSite: 'Эта форма отправлена с другого сайта.',
  problems: {
    not_a_payment_link: 'Это не платёжная ссылка.',
    checksum_mismatch: 'Ссылка повреждена: контрольная сумма не совпадает.',
    unsupported_currency: 'Оплатить можно только в рублях.',
    malformed: 'Ссылка повреждена.',
    unknown_code: 'Платёжная система не знает такого кода.',
    already_paid: 'Этот код уже оплачен.',
    expired: 'Срок действия кода истёк.',
  },
};

export function localShopText(language: 'en' | 'ru'): LocalShopText {
  return language === 'ru' ? ru : en;
}
