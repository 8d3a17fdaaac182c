import type { P2cClientStatus, P2cDisputeReason } from '../../../contract/p2c';

type Actor = 'client' | 'merchant' | 'timer' | 'support';

/** The words of support's local P2C payments page, in the two languages of the app. */
export interface PaymentsPageText {
  readonly title: string;
  readonly notice: string;
  readonly back: string;
  readonly find: string;
  readonly paymentNumber: string;
  readonly open: string;
  readonly disputed: string;
  readonly resolved: string;
  readonly none: string;
  readonly payment: string;
  readonly noSuchPayment: string;
  readonly client: string;
  readonly merchant: string;
  readonly nobodyYet: string;
  readonly code: string;
  readonly payee: string;
  readonly roubles: string;
  readonly rate: string;
  readonly clientPaid: string;
  readonly merchantGets: string;
  readonly fee: string;
  readonly account: string;
  readonly check: string;
  readonly noCheck: string;
  readonly dispute: string;
  readonly history: string;
  readonly decision: string;
  readonly note: string;
  readonly confirm: string;
  readonly refund: string;
  readonly decided: string;
  readonly invalid: string;
  readonly otherSite: string;
  readonly statuses: Readonly<Record<P2cClientStatus, string>>;
  readonly reasons: Readonly<Record<P2cDisputeReason, string>>;
  readonly actors: Readonly<Record<Actor, string>>;
  readonly outcomes: Readonly<Record<'confirm' | 'refund', string>>;
}

const en: PaymentsPageText = {
  title: 'P2C payments (local)',
  notice:
    'Local stand-in of the operator area: whoever opens this page acts as support on QR payments. Decisions are final.',
  back: 'Compliance operator page',
  find: 'Find',
  paymentNumber: 'Payment number',
  open: 'Open',
  disputed: 'Disputed payments',
  resolved: 'Decided',
  none: 'None.',
  payment: 'Payment',
  noSuchPayment: 'No payment with this number.',
  client: 'Client',
  merchant: 'Merchant',
  nobodyYet: 'nobody has taken it',
  code: 'Code',
  payee: 'Shop',
  roubles: 'Amount',
  rate: 'Rate',
  clientPaid: 'Client paid',
  merchantGets: 'Merchant receives',
  fee: 'Service fee',
  account: 'Paid from',
  check: 'Receipt',
  noCheck: 'No receipt uploaded.',
  dispute: 'Dispute',
  history: 'History',
  decision: 'Decision',
  note: 'Note to both sides (required)',
  confirm: 'Confirm: the shop was paid',
  refund: 'Refund the client',
  decided: 'Decided',
  invalid: 'Write a note of 1 to 1000 characters and choose a decision.',
  otherSite: 'This form was sent from another site, so nothing was done.',
  statuses: {
    pending: 'Waiting for a merchant',
    processing: 'Merchant paying',
    completed: 'Completed',
    expired: 'Expired',
    disputed: 'Disputed',
    refunded: 'Refunded',
  },
  reasons: {
    shop_not_paid: 'The shop was not paid',
    wrong_amount: 'Wrong amount paid',
    paid_twice: 'Paid twice',
    other: 'Other',
  },
  actors: { client: 'client', merchant: 'merchant', timer: 'timer', support: 'support' },
  outcomes: { confirm: 'Confirmed', refund: 'Refunded to the client' },
};

const ru: PaymentsPageText = {
  title: 'Платежи P2C (локально)',
  notice:
    'Локальная замена операторской: кто открыл эту страницу, действует как поддержка по QR-платежам. Решения окончательные.',
  back: 'Страница комплаенс-оператора',
  find: 'Найти',
  paymentNumber: 'Номер платежа',
  open: 'Открыть',
  disputed: 'Оспоренные платежи',
  resolved: 'Решённые',
  none: 'Нет.',
  payment: 'Платёж',
  noSuchPayment: 'Платежа с таким номером нет.',
  client: 'Клиент',
  merchant: 'Мерчант',
  nobodyYet: 'никто не взял',
  code: 'Код',
  payee: 'Магазин',
  roubles: 'Сумма',
  rate: 'Курс',
  clientPaid: 'Клиент заплатил',
  merchantGets: 'Мерчант получает',
  fee: 'Комиссия сервиса',
  account: 'Оплачено со счёта',
  check: 'Чек',
  noCheck: 'Чек не загружен.',
  dispute: 'Спор',
  history: 'История',
  decision: 'Решение',
  note: 'Комментарий для обеих сторон (обязательно)',
  confirm: 'Подтвердить: магазин оплачен',
  refund: 'Вернуть клиенту',
  decided: 'Решено',
  invalid: 'Напишите комментарий длиной от 1 до 1000 символов и выберите решение.',
  otherSite: 'Форма отправлена с другого сайта, поэтому ничего не сделано.',
  statuses: {
    pending: 'Ждёт мерчанта',
    processing: 'Мерчант оплачивает',
    completed: 'Завершён',
    expired: 'Истёк',
    disputed: 'Спор',
    refunded: 'Возвращён',
  },
  reasons: {
    shop_not_paid: 'Магазин не получил оплату',
    wrong_amount: 'Оплачена не та сумма',
    paid_twice: 'Оплачено дважды',
    other: 'Другое',
  },
  actors: { client: 'клиент', merchant: 'мерчант', timer: 'таймер', support: 'поддержка' },
  outcomes: { confirm: 'Подтверждено', refund: 'Возвращено клиенту' },
};

export function paymentsPageText(language: 'en' | 'ru'): PaymentsPageText {
  return language === 'ru' ? ru : en;
}
