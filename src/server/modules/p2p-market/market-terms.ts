import type { MarketTerms } from '../../../contract/p2p-market';
import type { Language } from '../../../contract/settings';

/** Raise when a point's meaning changes: makers are asked to read the terms again. */
const termsVersion = '2026-11-24';

/** The market's rules in the app's languages, user-visible text (GET /p2p/marketTerms). */
const terms: Readonly<Record<Language, MarketTerms['points']>> = {
  en: [
    {
      title: 'Your crypto is held safely',
      text: 'While a sell offer is online, its volume and the fee are reserved in your wallet. When an order is placed, the crypto for it moves to escrow and is released to the buyer only after the seller confirms the payment.',
    },
    {
      title: 'Pay only with your own account',
      text: 'Send and receive money only from an account or card in your own name, using the payment method of the order. Payments from third parties may be returned and lead to a block.',
    },
    {
      title: 'Confirm only what you have received',
      text: 'Release crypto only after the money has arrived in your account. Never rely on screenshots, messages or calls: check your bank.',
    },
    {
      title: 'Keep everything in the order',
      text: 'Agree on the terms and share the payment details only inside the order. Nobody from support will ask you to pay outside the order or to cancel a paid one.',
    },
    {
      title: 'Maker’s fee',
      text: 'The maker pays the fee of the asset, a percentage of each completed order’s crypto amount. Takers pay nothing.',
    },
    {
      title: 'Disputes',
      text: 'If something goes wrong, open a dispute in the order. Support reviews the evidence of both sides and decides; its decision is final.',
    },
  ],
  ru: [
    {
      title: 'Ваша криптовалюта под защитой',
      text: 'Пока объявление о продаже активно, его объём и комиссия зарезервированы в вашем кошельке. Когда создаётся сделка, криптовалюта по ней переходит на эскроу и отправляется покупателю только после того, как продавец подтвердит оплату.',
    },
    {
      title: 'Платите только со своего счёта',
      text: 'Отправляйте и получайте деньги только со счёта или карты на ваше имя и только способом оплаты из сделки. Платежи от третьих лиц могут быть возвращены и привести к блокировке.',
    },
    {
      title: 'Подтверждайте только полученное',
      text: 'Отправляйте криптовалюту только после того, как деньги пришли на ваш счёт. Не доверяйте скриншотам, сообщениям и звонкам — проверьте банк.',
    },
    {
      title: 'Всё — внутри сделки',
      text: 'Договаривайтесь об условиях и передавайте реквизиты только внутри сделки. Поддержка никогда не попросит заплатить вне сделки или отменить оплаченную сделку.',
    },
    {
      title: 'Комиссия мейкера',
      text: 'Мейкер платит комиссию актива — процент от суммы криптовалюты каждой завершённой сделки. Тейкеры ничего не платят.',
    },
    {
      title: 'Споры',
      text: 'Если что-то пошло не так, откройте спор в сделке. Поддержка изучит доказательства обеих сторон и примет решение; оно окончательное.',
    },
  ],
};

export function marketTermsIn(language: Language): MarketTerms {
  return { version: termsVersion, points: terms[language].map((point) => ({ ...point })) };
}
