import type { OrderNoticeKind } from './kinds';
import { noticeRules } from './notices';

type Language = 'en' | 'ru';

interface Text {
  readonly en: string;
  readonly ru: string;
}

/** Each notice's text, `{id}` standing for the order's number ("сделка" as the app calls an order). */
const texts: Readonly<Record<OrderNoticeKind, Text>> = {
  created: {
    en: 'New P2P order #{id} on your offer. Accept it within 5 minutes, or it is canceled.',
    ru: 'Новая сделка №{id} по вашему объявлению. Примите её в течение 5 минут, иначе она отменится.',
  },
  accepted_pay: {
    en: 'P2P order #{id} is accepted. Pay the seller within the order\'s time limit, then tap "I\'ve paid".',
    ru: 'Сделка №{id} принята. Оплатите продавцу в отведённое время и нажмите «Я оплатил».',
  },
  accepted_wait: {
    en: 'P2P order #{id} is accepted. The buyer pays you next; you will be told when they have.',
    ru: 'Сделка №{id} принята. Теперь покупатель оплачивает — мы сообщим, когда он отметит оплату.',
  },
  paid: {
    en: 'The buyer marked P2P order #{id} as paid. Check that the money has arrived, then confirm receipt.',
    ru: 'Покупатель отметил сделку №{id} как оплаченную. Проверьте, что деньги пришли, и подтвердите получение.',
  },
  unpaid: {
    en: 'The buyer withdrew "I\'ve paid" on P2P order #{id}. The payment window starts again.',
    ru: 'Покупатель отменил отметку об оплате в сделке №{id}. Время на оплату отсчитывается заново.',
  },
  completed: {
    en: 'P2P order #{id} is complete: the crypto is in your wallet. You can leave a review.',
    ru: 'Сделка №{id} завершена: криптовалюта в вашем кошельке. Можете оставить отзыв.',
  },
  declined: {
    en: 'The other side declined P2P order #{id}.',
    ru: 'Вторая сторона отклонила сделку №{id}.',
  },
  canceled_by_buyer: {
    en: 'The buyer canceled P2P order #{id}.',
    ru: 'Покупатель отменил сделку №{id}.',
  },
  canceled_by_seller: {
    en: 'The seller canceled P2P order #{id}.',
    ru: 'Продавец отменил сделку №{id}.',
  },
  canceled_maker_timeout: {
    en: 'P2P order #{id} was canceled: it was not accepted in time.',
    ru: 'Сделка №{id} отменена: её не приняли вовремя.',
  },
  canceled_buyer_timeout: {
    en: 'P2P order #{id} was canceled: it was not paid in time.',
    ru: 'Сделка №{id} отменена: её не оплатили вовремя.',
  },
  confirm_reminder: {
    en: 'The buyer of P2P order #{id} is still waiting. Confirm receipt once the money is there, or open a dispute.',
    ru: 'Покупатель по сделке №{id} всё ещё ждёт. Подтвердите получение, когда деньги придут, или откройте спор.',
  },
  dispute_unlocked: {
    en: 'The seller has not confirmed P2P order #{id} yet. If you paid, you can now open a dispute.',
    ru: 'Продавец ещё не подтвердил сделку №{id}. Если вы оплатили, теперь можно открыть спор.',
  },
  dispute_opened: {
    en: 'A dispute was opened on P2P order #{id}. Answer it within 12 hours and add your receipts.',
    ru: 'По сделке №{id} открыт спор. Ответьте в течение 12 часов и приложите подтверждения.',
  },
  dispute_answered: {
    en: 'The other side answered the dispute on P2P order #{id}. Support will decide.',
    ru: 'Вторая сторона ответила на спор по сделке №{id}. Решение примет поддержка.',
  },
  dispute_released: {
    en: 'Support decided the dispute on P2P order #{id}: the crypto went to the buyer.',
    ru: 'Поддержка решила спор по сделке №{id}: криптовалюта передана покупателю.',
  },
  dispute_returned: {
    en: 'Support decided the dispute on P2P order #{id}: the crypto went back to the seller.',
    ru: 'Поддержка решила спор по сделке №{id}: криптовалюта возвращена продавцу.',
  },
};

const buttons: Readonly<Record<(typeof noticeRules)[OrderNoticeKind]['action'], Text>> = {
  '': { en: 'Open the order', ru: 'Открыть сделку' },
  '-confirm-payment': { en: 'Confirm receipt', ru: 'Подтвердить получение' },
  '-create-dispute': { en: 'Open a dispute', ru: 'Открыть спор' },
  '-dispute-response': { en: 'Answer the dispute', ru: 'Ответить на спор' },
};

/** A notice's text and button label in the receiver's language. */
export function orderNoticeMessage(
  kind: OrderNoticeKind,
  orderId: number,
  language: Language,
): { readonly text: string; readonly button: string } {
  return {
    text: texts[kind][language].replace('{id}', String(orderId)),
    button: buttons[noticeRules[kind].action][language],
  };
}
