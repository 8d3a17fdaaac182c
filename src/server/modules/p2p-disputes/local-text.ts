import type { DisputeReason, OrderActor, OrderSide, OrderStatus } from '../../../contract/p2p-orders';

/** The words of support's local disputes page, in the two languages of the app. */
export interface DisputePageText {
  readonly title: string;
  readonly notice: string;
  readonly back: string;
  readonly open: string;
  readonly resolved: string;
  readonly none: string;
  readonly order: string;
  readonly answered: string;
  readonly notAnswered: string;
  readonly supportDue: string;
  readonly answerDue: string;
  readonly noSuchOrder: string;
  readonly amount: string;
  readonly price: string;
  readonly fee: string;
  readonly method: string;
  readonly conditions: string;
  readonly maker: string;
  readonly opening: string;
  readonly response: string;
  readonly noResponse: string;
  readonly files: string;
  readonly history: string;
  readonly decision: string;
  readonly atFault: string;
  readonly nobody: string;
  readonly note: string;
  readonly release: string;
  readonly return: string;
  readonly decided: string;
  readonly invalid: string;
  readonly otherSite: string;
  readonly sides: Readonly<Record<OrderSide, string>>;
  readonly actors: Readonly<Record<OrderActor, string>>;
  readonly statuses: Readonly<Record<OrderStatus, string>>;
  readonly reasons: Readonly<Record<DisputeReason, string>>;
  readonly outcomes: Readonly<Record<'release' | 'return', string>>;
}

const en: DisputePageText = {
  title: 'P2P disputes (local)',
  notice: 'Local stand-in of the operator area: whoever opens this page acts as support. Decisions are final.',
  back: 'Compliance operator page',
  open: 'Open disputes',
  resolved: 'Decided',
  none: 'None.',
  order: 'Order',
  answered: 'answered',
  notAnswered: 'no answer yet',
  supportDue: 'Decide by',
  answerDue: 'Answer due by',
  noSuchOrder: 'No order with this number.',
  amount: 'Amount',
  price: 'Price',
  fee: "Maker's fee",
  method: 'Payment method',
  conditions: 'Conditions',
  maker: 'maker',
  opening: 'Opening statement',
  response: 'Answer',
  noResponse: 'The other side has not answered.',
  files: 'Files',
  history: 'History',
  decision: 'Decision',
  atFault: 'At fault',
  nobody: 'Nobody',
  note: 'Note to both sides (required)',
  release: 'Release to the buyer',
  return: 'Return to the seller',
  decided: 'Decided',
  invalid: 'Write a note of 1 to 1000 characters and choose who is at fault.',
  otherSite: 'This form was sent from another site, so nothing was done.',
  sides: { buyer: 'Buyer', seller: 'Seller' },
  actors: { buyer: 'buyer', seller: 'seller', timer: 'timer', support: 'support', system: 'system' },
  statuses: {
    processed: 'Waiting for acceptance',
    accepted: 'Accepted',
    pending: 'Paid, waiting for the seller',
    confirmed: 'Confirmed',
    disputed: 'Disputed',
    completed: 'Completed',
    canceled: 'Canceled',
  },
  reasons: {
    paid_not_released: 'Paid, crypto not released',
    payment_not_received: 'Payment not received',
    wrong_amount: 'Wrong amount paid',
    counterparty_unresponsive: 'The other side does not respond',
    fraud_suspected: 'Fraud suspected',
    other: 'Other',
  },
  outcomes: { release: 'Released to the buyer', return: 'Returned to the seller' },
};

const ru: DisputePageText = {
  title: 'Споры P2P (локально)',
  notice: 'Локальная замена операторской: кто открыл эту страницу, действует как поддержка. Решения окончательные.',
  back: 'Страница комплаенс-оператора',
  open: 'Открытые споры',
  resolved: 'Решённые',
  none: 'Нет.',
  order: 'Сделка',
  answered: 'есть ответ',
  notAnswered: 'ответа пока нет',
  supportDue: 'Решить до',
  answerDue: 'Ответить до',
  noSuchOrder: 'Сделки с таким номером нет.',
  amount: 'Сумма',
  price: 'Цена',
  fee: 'Комиссия мейкера',
  method: 'Способ оплаты',
  conditions: 'Условия',
  maker: 'мейкер',
  opening: 'Заявление',
  response: 'Ответ',
  noResponse: 'Вторая сторона не ответила.',
  files: 'Файлы',
  history: 'История',
  decision: 'Решение',
  atFault: 'Виновата сторона',
  nobody: 'Никто',
  note: 'Комментарий для обеих сторон (обязательно)',
  release: 'Передать покупателю',
  return: 'Вернуть продавцу',
  decided: 'Решено',
  invalid: 'Напишите комментарий длиной от 1 до 1000 символов и укажите виновную сторону.',
  otherSite: 'Форма отправлена с другого сайта, поэтому ничего не сделано.',
  sides: { buyer: 'Покупатель', seller: 'Продавец' },
  actors: { buyer: 'покупатель', seller: 'продавец', timer: 'таймер', support: 'поддержка', system: 'система' },
  statuses: {
    processed: 'Ждёт принятия',
    accepted: 'Принята',
    pending: 'Оплачена, ждёт продавца',
    confirmed: 'Подтверждена',
    disputed: 'Спор',
    completed: 'Завершена',
    canceled: 'Отменена',
  },
  reasons: {
    paid_not_released: 'Оплачено, криптовалюта не передана',
    payment_not_received: 'Оплата не поступила',
    wrong_amount: 'Оплачена не та сумма',
    counterparty_unresponsive: 'Вторая сторона не отвечает',
    fraud_suspected: 'Подозрение на мошенничество',
    other: 'Другое',
  },
  outcomes: { release: 'Передано покупателю', return: 'Возвращено продавцу' },
};

export function disputePageText(language: 'en' | 'ru'): DisputePageText {
  return language === 'ru' ? ru : en;
}
