import * as z from 'zod/mini';
import { smallestUnits } from './amount';
import { defineEndpoint } from './endpoint';
import { fiatAmount, fiatCode, marketAssetCode, offerTimeLimit, offerType, paymentDetailKind } from './p2p-market';
import { offerId } from './p2p-offers';
import { paymentMethodId } from './p2p-payment-methods';
import { offerUser, reviewType } from './p2p-profile';
import { opaqueToken } from './security';
import { visibleLines } from './visible-text';

// P2P orders (spec 001 s.3 "P2P order", s.4 "P2P order", "Taker order flow", s.7), with the
// lifecycle, escrow, timers, cancellation causes and disputes decided in
// ../shared/design/P2P.md. Crypto amounts are smallest units, fiat amounts have 2 decimals.
// The transition calls are ours (the spec does not show them): one POST per action, each
// answering the order as the caller now sees it. Decisions: docs/p2p.md "Orders".

const isoDateTime = z.iso.datetime({ offset: true });

/** An order's numeric id (the `/p2p/orders/{id}` route's number, the `order-{id}` deep link's). */
export const orderId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** Spec 001 s.4 "P2P order"; the meaning of each is P2P.md's lifecycle table. */
export const orderStatuses = [
  'processed',
  'accepted',
  'pending',
  'confirmed',
  'disputed',
  'completed',
  'canceled',
] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/** The list filters (spec 001 s.4): which group each status belongs to is ours. */
export const orderStatusGroups = ['active', 'completed', 'canceled', 'disputed'] as const;
export const orderStatusGroup = z.enum(orderStatusGroups);
export type OrderStatusGroup = z.infer<typeof orderStatusGroup>;

/** `confirmed` is active: the release is queued and takes seconds. */
export const orderStatusGroupOf: Readonly<Record<OrderStatus, OrderStatusGroup>> = {
  processed: 'active',
  accepted: 'active',
  pending: 'active',
  confirmed: 'active',
  disputed: 'disputed',
  completed: 'completed',
  canceled: 'canceled',
};

/** The seller always gives crypto, the buyer always pays fiat off the platform (P2P.md "Words"). */
export const orderSides = ['buyer', 'seller'] as const;
export const orderSide = z.enum(orderSides);
export type OrderSide = z.infer<typeof orderSide>;

/** Who caused a cancellation; completion rates count only the cancels a user caused (P2P.md). */
export const cancelCauses = ['buyer', 'seller', 'maker_timeout', 'buyer_timeout', 'support'] as const;
export const cancelCause = z.enum(cancelCauses);
export type CancelCause = z.infer<typeof cancelCause>;

/** Why a person cancels (they pick one; recorded, shown to the other side). */
export const cancelReasons = [
  'changed_mind',
  'counterparty_unresponsive',
  'payment_details_wrong',
  'cannot_pay',
  'other',
] as const;
export const cancelReason = z.enum(cancelReasons);
export type CancelReason = z.infer<typeof cancelReason>;

/** Dispute reasons, a fixed list (P2P.md "Disputes"). */
export const disputeReasons = [
  'paid_not_released',
  'payment_not_received',
  'wrong_amount',
  'counterparty_unresponsive',
  'fraud_suspected',
  'other',
] as const;
export const disputeReason = z.enum(disputeReasons);
export type DisputeReason = z.infer<typeof disputeReason>;

/**
 * What the viewer may do now, decided on the server by the lifecycle machine for their role
 * (machines/p2pOrder.machine.ts); the order page offers exactly these.
 */
export const orderActions = [
  'accept',
  'decline',
  'cancel',
  'mark_paid',
  'unmark_paid',
  'confirm_receipt',
  'open_dispute',
  'respond_dispute',
  'review',
] as const;
export const orderAction = z.enum(orderActions);
export type OrderAction = z.infer<typeof orderAction>;

/** The running timer (P2P.md "Timers"): acceptance and payment cancel; confirmation only unlocks a dispute. */
export const orderTimerKinds = ['acceptance', 'payment', 'confirmation', 'dispute_answer'] as const;
export const orderTimerKind = z.enum(orderTimerKinds);
export type OrderTimerKind = z.infer<typeof orderTimerKind>;

/** Who moved an order on, in its history. */
export const orderActors = ['buyer', 'seller', 'timer', 'support', 'system'] as const;
export const orderActor = z.enum(orderActors);
export type OrderActor = z.infer<typeof orderActor>;

export const disputeOutcomes = ['release', 'return'] as const;
export const disputeOutcome = z.enum(disputeOutcomes);
export type DisputeOutcome = z.infer<typeof disputeOutcome>;

/** An uploaded dispute image (the verification issue's upload rules); its bytes: `GET /user/files/{id}`, uploader only. */
export const disputeFile = z.object({
  id: z.string(),
  media_type: z.string(),
  size: z.int(),
  name: z.string(),
});
export type DisputeFile = z.infer<typeof disputeFile>;

/** At most this many images per dispute side. */
export const maxDisputeFiles = 5;
/** Longest dispute message (P2P.md). */
export const maxDisputeMessageLength = 2000;
/** Longest review comment (P2P.md). */
export const maxReviewCommentLength = 500;

const disputeMessage = z.string().check(z.trim(), z.minLength(1), z.maxLength(maxDisputeMessageLength), visibleLines);
const disputeFileIds = z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(maxDisputeFiles));

export const disputeSideStatement = z.object({
  side: orderSide,
  message: z.string(),
  /** The viewer's own files; the other side's files are shown only to support (count only). */
  files: z.array(disputeFile),
  file_count: z.int(),
  at: isoDateTime,
});
export type DisputeSideStatement = z.infer<typeof disputeSideStatement>;

export const orderDispute = z.object({
  reason: disputeReason,
  opened_by: orderSide,
  opening: disputeSideStatement,
  /** The other side's answer, once given. */
  response: z.nullable(disputeSideStatement),
  /** The other side must answer by then (12 h). */
  response_due_at: isoDateTime,
  /** Support's target for a decision, shown to both as a countdown. */
  support_due_at: isoDateTime,
  resolution: z.nullable(
    z.object({
      outcome: disputeOutcome,
      /** Support's note to both sides. */
      note: z.string(),
      at_fault: z.nullable(orderSide),
      at: isoDateTime,
    }),
  ),
});
export type OrderDispute = z.infer<typeof orderDispute>;

/** One detail of the seller's payment method, in full (only to the buyer, only from `accepted`). */
export const orderPaymentDetail = z.object({
  key: z.string(),
  kind: paymentDetailKind,
  value: z.string(),
});
export type OrderPaymentDetail = z.infer<typeof orderPaymentDetail>;

/** The seller's method the buyer pays to, as it was when the order was created (spec 001 s.3 "Payment method display"). */
export const orderPaymentMethod = z.object({
  identifier: z.string(),
  locale: z.string(),
  child_identifier: z.nullable(z.string()),
  child_locale: z.nullable(z.string()),
  /** The seller's name for it; shown to the seller only, else null. */
  name: z.nullable(z.string()),
  /** The main detail masked to its last 4 characters ("•••• 4417"). */
  data: z.string(),
  /** The full details: to the buyer from `accepted` until the order ends, otherwise null. */
  details: z.nullable(z.array(orderPaymentDetail)),
});
export type OrderPaymentMethod = z.infer<typeof orderPaymentMethod>;

export const orderHistoryEntry = z.object({
  from: z.nullable(orderStatus),
  to: orderStatus,
  actor: orderActor,
  /** A cancel's cause, a dispute's reason, "unmark_paid"…: why, when there is more than who. */
  detail: z.nullable(z.string()),
  at: isoDateTime,
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

export const orderReview = z.object({ type: reviewType, comment: z.nullable(z.string()) });

/** An order as one of its two parties sees it. */
export const order = z.object({
  id: z.int(),
  offer_id: z.int(),
  /** The offer's type: on a `sell` offer the maker sells. */
  offer_type: offerType,
  asset: marketAssetCode,
  fiat: fiatCode,
  status: orderStatus,
  /** The viewer's side and whether they made the offer. */
  side: orderSide,
  is_maker: z.boolean(),
  counterparty: offerUser,
  /** Locked when the order was created. */
  price: fiatAmount,
  /** The crypto traded (fiat_amount ÷ price), smallest units: the buyer receives it all on a sell offer, less `fee` on a buy offer. */
  amount: smallestUnits,
  /** Fiat the buyer pays. */
  fiat_amount: fiatAmount,
  /** The maker's fee in crypto, smallest units (the taker pays nothing). */
  fee: smallestUnits,
  /** The payment window in minutes (the offer's time limit when created). */
  time_limit: offerTimeLimit,
  payment_method: orderPaymentMethod,
  /** The offer's conditions when the order was created. */
  conditions: z.string(),
  actions: z.array(orderAction),
  /** The running timer, or null. */
  timer: z.nullable(z.object({ kind: orderTimerKind, due_at: isoDateTime })),
  /** Set once canceled. */
  cancel: z.nullable(z.object({ cause: cancelCause, reason: z.nullable(cancelReason), at: isoDateTime })),
  dispute: z.nullable(orderDispute),
  reviews: z.object({ mine: z.nullable(orderReview), theirs: z.nullable(orderReview) }),
  /**
   * For a buyer without passport or address verification: when the bought crypto frees
   * (`unlock_duration` after completion, P2P.md); null otherwise.
   */
  locked_until: z.nullable(isoDateTime),
  history: z.array(orderHistoryEntry),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Order = z.infer<typeof order>;

/** A row of the orders list: the order without its history, details and dispute statements. */
export const orderListItem = z.object({
  id: z.int(),
  offer_type: offerType,
  asset: marketAssetCode,
  fiat: fiatCode,
  status: orderStatus,
  side: orderSide,
  is_maker: z.boolean(),
  counterparty: offerUser,
  price: fiatAmount,
  amount: smallestUnits,
  fiat_amount: fiatAmount,
  actions: z.array(orderAction),
  timer: z.nullable(z.object({ kind: orderTimerKind, due_at: isoDateTime })),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type OrderListItem = z.infer<typeof orderListItem>;

/** `unique_hash`: 64 characters, regenerated when the take form opens and after an error (spec 001 s.9). */
export const orderUniqueHash = z.string().check(z.regex(/^[A-Za-z0-9_-]{64}$/, 'Expected 64 characters'));

export const amountTypes = ['fiat', 'crypto'] as const;
export const amountType = z.enum(amountTypes);
export type AmountType = z.infer<typeof amountType>;

/**
 * Spec 001 s.7 `POST /p2p/orders/{offerId}`. `amount` is a fiat amount (2 decimals) when
 * `amount_type` is fiat, else smallest units of the asset. `payment_method_id` is always the
 * seller's saved method: on a sell offer one of the offer's `maker_accepts`, on a buy offer one
 * of the taker's own (`taker_accepts`). `identifier`/`child_identifier` name its catalogue entry.
 * `token` is the passcode token (transaction type `p2p`, hash = `unique_hash`), required when the
 * taker sells (a buy offer), because the escrow then leaves their balance; null otherwise.
 */
export const createOrderBody = z
  .object({
    identifier: z.string().check(z.minLength(1), z.maxLength(48)),
    child_identifier: z.nullable(z.string().check(z.minLength(1), z.maxLength(48))),
    payment_method_id: paymentMethodId,
    amount: z.string().check(z.regex(/^(0|[1-9][0-9]{0,29})(\.[0-9]{1,2})?$/, 'Expected an amount')),
    amount_type: amountType,
    price: fiatAmount,
    unique_hash: orderUniqueHash,
    token: z.nullable(opaqueToken),
  })
  .check(
    z.refine(
      (body) => body.amount_type === 'fiat' || /^[1-9][0-9]*$/.test(body.amount),
      'A crypto amount is a positive whole number of smallest units',
    ),
  );
export type CreateOrderBody = z.infer<typeof createOrderBody>;

/** The passcode token's hash for releasing an order's escrow (transaction type `p2p`). */
export function releaseHash(id: number): string {
  return `p2p-release-${id}`;
}

/** The offer restrictions a taker may fail (spec 001 s.3 "Offer restrictions"). */
export const restrictionNames = [
  'telegram_premium_required',
  'completed_trades_percent',
  'trades_count_min',
  'trades_volume_usd_min',
  'account_age_days_min',
] as const;
export const restrictionName = z.enum(restrictionNames);
export type RestrictionName = z.infer<typeof restrictionName>;

/** data of `restriction_failed`: which restriction, what it asks and the taker's own figure. */
export const restrictionFailedData = z.object({
  restriction: restrictionName,
  required: z.union([z.boolean(), z.number(), z.string()]),
  actual: z.union([z.boolean(), z.number(), z.string()]),
});
export type RestrictionFailedData = z.infer<typeof restrictionFailedData>;

/** Codes of order calls; create refusals are shown as errors.create.{code}. */
export const orderErrorCodes = {
  /** 404: no such order of the caller (another user's is the same 404). */
  orderNotFound: 'order_not_found',
  /** 404: no such offer. */
  offerNotFound: 'offer_not_found',
  /** 403: canCreateMarketOrder is false. */
  cannotCreateOrder: 'cannot_create_order',
  /** 409: a maker may not take their own offer. */
  ownOffer: 'own_offer',
  /** 409: the offer is offline. */
  offerOffline: 'offer_offline',
  /** 409: the maker is in quiet hours. */
  offerQuietHours: 'offer_quiet_hours',
  /** 409: the offer has its most open orders (4, 10 for a verified merchant). */
  offerBusy: 'offer_busy',
  /** 409, data { price }: the price moved since the taker saw it; confirm again at `price`. */
  priceChanged: 'price_changed',
  /** 422, data { min } (fiat): below the offer's minimum or the asset's market minimum. */
  amountTooSmall: 'amount_too_small',
  /** 422, data { max } (fiat): above the offer's maximum, its remaining volume or the asset's market maximum. */
  amountTooLarge: 'amount_too_large',
  /** 409: the seller's available balance does not cover the amount. */
  insufficientFunds: 'insufficient_funds',
  /** 403, data {@link restrictionFailedData}. */
  restrictionFailed: 'restriction_failed',
  /** 422: the payment method is not one the offer or the taker can use. */
  paymentMethodInvalid: 'payment_method_invalid',
  /** 403: the passcode token is missing, used, or for another operation. */
  tokenInvalid: 'invalid_token',
  /** 409: this unique_hash already made an order with other values. */
  hashReused: 'hash_reused',
  /** 409, data { status }: the order's status (or the caller's side) does not accept this action. */
  statusConflict: 'order_status_conflict',
  /** 409, data { until }: a buyer cancels at most 3 orders in 24 h. */
  cancelLimit: 'cancel_limit',
  /** 409: the confirmation window has not passed yet, so the buyer may not dispute yet. */
  disputeTooEarly: 'dispute_too_early',
  /** 409: this side already reviewed this order. */
  alreadyReviewed: 'already_reviewed',
  /** 422: a file id is not the caller's dispute upload for this order. */
  fileInvalid: 'file_invalid',
} as const;

const idParams = z.object({ id: orderId });

/** A transition without a body. */
function transitionEndpoint<const P extends string>(path: P) {
  return defineEndpoint({
    method: 'POST',
    path: `/p2p/orders/:id/${path}`,
    params: idParams,
    response: order,
    errors: [401, 403, 404, 409, 422, 429],
    auth: true,
  });
}

/** A transition with a body (its own function: a conditional spread would type `body` as possibly undefined). */
function transitionWithBody<const P extends string, const B extends z.ZodMiniType>(path: P, body: B) {
  return defineEndpoint({
    method: 'POST',
    path: `/p2p/orders/:id/${path}`,
    params: idParams,
    body,
    response: order,
    errors: [401, 403, 404, 409, 422, 429],
    auth: true,
  });
}

export const p2pOrderEndpoints = {
  createOrder: defineEndpoint({
    method: 'POST',
    // `:id` is the offer's id: Fastify names a path segment once, and the order calls have `:id` there.
    path: '/p2p/orders/:id',
    params: z.object({ id: offerId }),
    body: createOrderBody,
    response: z.object({ order }),
    errors: [401, 403, 404, 409, 422, 429],
    auth: true,
  }),
  /** Counts per list filter, and how many orders wait for the caller's action; polled every 5 s. */
  getOrderStatistic: defineEndpoint({
    method: 'GET',
    path: '/p2p/orders/statistic',
    response: z.object({
      active: z.int(),
      completed: z.int(),
      canceled: z.int(),
      disputed: z.int(),
      action_required: z.int(),
    }),
    errors: [401, 403],
    auth: true,
  }),
  listOrders: defineEndpoint({
    method: 'GET',
    path: '/p2p/orders',
    query: z.object({
      count: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
      cursor: z.optional(z.string().check(z.maxLength(200))),
      status: z.optional(orderStatusGroup),
    }),
    /** Newest first. */
    response: z.object({ orders: z.array(orderListItem), cursor: z.nullable(z.string()) }),
    errors: [401, 403],
    auth: true,
  }),
  getOrder: defineEndpoint({
    method: 'GET',
    path: '/p2p/orders/:id',
    params: idParams,
    response: order,
    errors: [401, 403, 404],
    auth: true,
  }),
  /** The maker accepts a `processed` order. */
  acceptOrder: transitionEndpoint('accept'),
  /** The maker declines a `processed` order (canceled, caused by the maker's side). */
  declineOrder: transitionEndpoint('decline'),
  /** Either side in `processed`, the buyer in `accepted`. */
  cancelOrder: transitionWithBody('cancel', z.object({ reason: cancelReason })),
  /** The buyer: "I've paid" (`accepted` → `pending`). */
  markOrderPaid: transitionEndpoint('paid'),
  /** The buyer withdraws "I've paid" (`pending` → `accepted`, recorded; the payment window starts again). */
  unmarkOrderPaid: transitionEndpoint('unpaid'),
  /** The seller confirms receipt with a passcode token (type `p2p`, hash {@link releaseHash}). */
  confirmOrderReceipt: transitionWithBody('confirm', z.object({ token: opaqueToken })),
  openOrderDispute: transitionWithBody(
    'dispute',
    z.object({ reason: disputeReason, message: disputeMessage, file_ids: disputeFileIds }),
  ),
  respondToOrderDispute: transitionWithBody(
    'dispute/response',
    z.object({ message: disputeMessage, file_ids: disputeFileIds }),
  ),
  /** One review per side, after completion. */
  reviewOrder: transitionWithBody(
    'review',
    z.object({
      type: reviewType,
      comment: z.nullable(z.string().check(z.trim(), z.maxLength(maxReviewCommentLength), visibleLines)),
    }),
  ),
  /** Multipart, the one part `file`: an image (or PDF) for the caller's dispute statement on this order. */
  uploadDisputeFile: defineEndpoint({
    method: 'POST',
    path: '/p2p/orders/:id/dispute/files',
    params: idParams,
    response: disputeFile,
    errors: [401, 403, 404, 409, 413, 415, 429],
    auth: true,
    upload: true,
  }),
};

// The operator area's side of disputes (src/contract/operator.ts's area, same operators).

/** An order as support sees it: both sides, their statements and files, the whole history. */
export const operatorOrderView = z.object({
  id: z.int(),
  offer_id: z.int(),
  offer_type: offerType,
  asset: marketAssetCode,
  fiat: fiatCode,
  status: orderStatus,
  price: fiatAmount,
  amount: smallestUnits,
  fiat_amount: fiatAmount,
  fee: smallestUnits,
  buyer: z.object({ user: offerUser, telegram_id: z.number(), is_maker: z.boolean() }),
  seller: z.object({ user: offerUser, telegram_id: z.number(), is_maker: z.boolean() }),
  payment_method: orderPaymentMethod,
  conditions: z.string(),
  /** Statements carry every file of both sides here. */
  dispute: z.nullable(orderDispute),
  history: z.array(orderHistoryEntry),
  created_at: isoDateTime,
});
export type OperatorOrderView = z.infer<typeof operatorOrderView>;

export const operatorDisputeListItem = z.object({
  order_id: z.int(),
  status: orderStatus,
  reason: disputeReason,
  opened_by: orderSide,
  asset: marketAssetCode,
  amount: smallestUnits,
  fiat: fiatCode,
  fiat_amount: fiatAmount,
  has_response: z.boolean(),
  opened_at: isoDateTime,
  support_due_at: isoDateTime,
});

export const p2pOperatorEndpoints = {
  /** Open disputes first, oldest support target first. */
  listOperatorDisputes: defineEndpoint({
    method: 'GET',
    path: '/operator/p2p/disputes',
    query: z.object({ state: z.optional(z.enum(['open', 'resolved'])) }),
    response: z.object({ disputes: z.array(operatorDisputeListItem) }),
    errors: [401, 404],
    auth: true,
  }),
  getOperatorOrder: defineEndpoint({
    method: 'GET',
    path: '/operator/p2p/orders/:id',
    params: idParams,
    response: operatorOrderView,
    errors: [401, 404],
    auth: true,
  }),
  /** Final: release to the buyer (`completed`) or return to the seller (`canceled`, cause `support`). */
  resolveOperatorDispute: defineEndpoint({
    method: 'POST',
    path: '/operator/p2p/orders/:id/resolve',
    params: idParams,
    body: z.object({
      outcome: disputeOutcome,
      at_fault: z.nullable(orderSide),
      note: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000), visibleLines),
    }),
    response: operatorOrderView,
    errors: [401, 404, 409],
    auth: true,
  }),
  /** A dispute file's bytes, for support. */
  getOperatorDisputeFile: defineEndpoint({
    method: 'GET',
    path: '/operator/p2p/orders/:id/files/:file_id',
    params: z.object({ id: orderId, file_id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: z.unknown(),
    errors: [401, 404],
    auth: true,
    download: true,
  }),
};
