/**
 * What a bot message about an order tells its receiver; each has its text (messages.ts), its
 * deep link and whether it can wait out the receiver's quiet hours (notices.ts).
 */
export const orderNoticeKinds = [
  /** To the maker: a new order to accept within the acceptance window. */
  'created',
  /** To the buyer: the order is accepted, pay now. */
  'accepted_pay',
  /** To the seller: the order is accepted, the buyer pays next. */
  'accepted_wait',
  /** To the seller: the buyer says they paid; check and confirm receipt. */
  'paid',
  /** To the seller: the buyer withdrew "I've paid". */
  'unpaid',
  /** To the buyer: the crypto is in their wallet. */
  'completed',
  /** To the other side: the maker declined. */
  'declined',
  /** To the other side: a party canceled. */
  'canceled_by_buyer',
  'canceled_by_seller',
  /** To both: nobody accepted in time / the buyer did not pay in time. */
  'canceled_maker_timeout',
  'canceled_buyer_timeout',
  /** To the seller: the confirmation window passed; confirm or dispute. */
  'confirm_reminder',
  /** To the buyer: the confirmation window passed; a dispute may now be opened. */
  'dispute_unlocked',
  /** To the other side: a dispute was opened; answer within 12 h. */
  'dispute_opened',
  /** To the opener: the other side answered. */
  'dispute_answered',
  /** To both: support released the crypto to the buyer / returned it to the seller. */
  'dispute_released',
  'dispute_returned',
] as const;
export type OrderNoticeKind = (typeof orderNoticeKinds)[number];
