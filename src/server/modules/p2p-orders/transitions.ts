import { and, eq, gt, sql } from 'drizzle-orm';
import {
  cancelCauseOf,
  decideOrderEvent,
  type P2pOrderEvent,
  type P2pOrderEventType,
} from '../../../../machines/p2pOrder.machine';
import type {
  CancelReason,
  DisputeOutcome,
  DisputeReason,
  OrderActor,
  OrderSide,
  OrderStatus,
} from '../../../contract/p2p-orders';
import { lockUntilCommit } from '../../db/advisory-lock';
import type { Database } from '../../db/database';
import { p2pOrderHistory, p2pOrders } from '../../db/schema/p2p-orders';
import { enqueueOrderNotices } from '../p2p-notifications/notices';
import { recordTradeOutcome } from '../p2p-profile/trade-days';
import { orderErrors } from './errors';
import { releaseEscrow, returnEscrow } from './escrow';
import { lifecycleFactsOf } from './lifecycle-facts';
import { buyerOf, makerSideOf, type OrderRow, sellerOf } from './parties';
import { scheduleTimerFor } from './timer-schedule';
import { orderTransitionErrors } from './transition-errors';
import { usdCentsOf } from './usd-volume';

interface OrderParties {
  readonly buyerId: number;
  readonly sellerId: number;
  readonly makerSide: OrderSide;
}

/** Who asks for a transition: a party (by user id), the timers worker, support or the server itself. */
export type TransitionActor =
  | { readonly kind: 'user'; readonly userId: number }
  | { readonly kind: 'timer' }
  | { readonly kind: 'support' }
  | { readonly kind: 'system' };

/**
 * A lifecycle event as a caller asks for it; the sender is the request's actor. A review changes
 * nothing of the order (the reviews module asks `orderActionsOf` whether it may be written).
 */
export type TransitionEvent =
  | { readonly type: 'cancel'; readonly reason: CancelReason | null }
  | { readonly type: 'open_dispute'; readonly reason: DisputeReason }
  | { readonly type: 'resolve'; readonly outcome: DisputeOutcome; readonly atFault: OrderSide | null }
  | { readonly type: Exclude<P2pOrderEventType, 'cancel' | 'open_dispute' | 'resolve' | 'review'> };

export interface TransitionRequest {
  readonly orderId: number;
  readonly actor: TransitionActor;
  readonly event: TransitionEvent;
  readonly now: Date;
}

export interface TransitionResult {
  /** The order's row as the transition left it. */
  readonly order: OrderRow;
  readonly from: OrderStatus;
  readonly to: OrderStatus;
  /** The acting party's side, null for the timer, support and the system. */
  readonly side: OrderSide | null;
}

/** A buyer cancels at most this many orders in {@link cancelLimitWindowMs} (P2P.md). */
export const buyerCancelLimit = 3;
export const cancelLimitWindowMs = 24 * 60 * 60 * 1000;

/**
 * THE way an order changes (P2P.md "The order lifecycle"; docs/p2p.md "Orders: lifecycle,
 * transitions and timers"), inside the caller's transaction: locks the order's row, asks the
 * lifecycle machine whether its status accepts the event from this sender (409
 * `order_status_conflict` with the status, or `dispute_too_early`), then writes everything the
 * change means at once: the row, its history, the escrow's money (S1's escrow functions), the
 * order's timer, both users' trade outcomes, and the bot notices. A party that is not on the
 * order gets the same 404 as a missing order.
 */
export async function applyTransition(tx: Database, request: TransitionRequest): Promise<TransitionResult> {
  const { now } = request;
  const [order] = await tx.select().from(p2pOrders).where(eq(p2pOrders.id, request.orderId)).for('update');
  if (order === undefined) throw orderErrors.notFound();
  const parties: OrderParties = { buyerId: buyerOf(order), sellerId: sellerOf(order), makerSide: makerSideOf(order) };
  const side = sideOfActor(request.actor, parties);
  const actor: OrderActor = side ?? actorKind(request.actor);
  const event = machineEvent(request.event, actor);
  const decision = decideOrderEvent(order.status, await lifecycleFactsOf(tx, order), event);
  if (!decision.accepted) {
    throw decision.code === 'dispute_too_early'
      ? orderTransitionErrors.disputeTooEarly()
      : orderTransitionErrors.statusConflict(order.status);
  }
  const { from, to } = decision;
  const cause = cancelCauseOf(event, parties.makerSide);
  if (request.event.type === 'cancel' && side === 'buyer') await assertBuyerMayCancel(tx, parties.buyerId, now);

  // Ended orders accept no event, so reaching one of these is the order's end.
  const ends = to === 'completed' || to === 'canceled';
  // The escrow's columns go in the same UPDATE as the status: a check ties an ended order to no escrow.
  const escrowPatch =
    to === 'completed'
      ? await releaseEscrow(tx, order, now)
      : to === 'canceled'
        ? await returnEscrow(tx, order, now)
        : {};
  const [updated] = await tx
    .update(p2pOrders)
    .set({
      status: to,
      updatedAt: now,
      ...escrowPatch,
      ...(cause === null ? {} : { cancelCause: cause }),
      ...(request.event.type === 'cancel' ? { cancelReason: request.event.reason } : {}),
    })
    .where(eq(p2pOrders.id, order.id))
    .returning();
  if (updated === undefined) throw new Error(`Order ${order.id} vanished under its lock`);

  await tx.insert(p2pOrderHistory).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    actor,
    detail: historyDetail(request.event, cause),
    at: now,
  });
  await scheduleTimerFor(tx, updated, request.event.type, now);
  if (ends) await recordOutcomes(tx, updated, parties, to, cause, request.event, now);
  await enqueueOrderNotices(
    tx,
    {
      orderId: order.id,
      buyerId: parties.buyerId,
      sellerId: parties.sellerId,
      makerSide: parties.makerSide,
      from,
      to,
      actor,
      ...(request.event.type === 'respond_dispute' || request.event.type === 'confirmation_expired'
        ? { event: request.event.type }
        : {}),
    },
    now,
  );
  return { order: updated, from, to, side };
}

function sideOfActor(actor: TransitionActor, parties: OrderParties): OrderSide | null {
  if (actor.kind !== 'user') return null;
  if (actor.userId === parties.buyerId) return 'buyer';
  if (actor.userId === parties.sellerId) return 'seller';
  throw orderErrors.notFound();
}

function actorKind(actor: TransitionActor): 'timer' | 'support' | 'system' {
  if (actor.kind === 'user') throw new Error('A party acts through its side');
  return actor.kind;
}

function machineEvent(event: TransitionEvent, by: OrderActor): P2pOrderEvent {
  if (event.type === 'resolve') return { type: 'resolve', by, outcome: event.outcome };
  return { type: event.type, by };
}

/** What the history says beyond who: the cancel's cause, the dispute's reason, the undone "I've paid"… */
function historyDetail(event: TransitionEvent, cause: string | null): string | null {
  switch (event.type) {
    case 'decline':
      return 'declined';
    case 'open_dispute':
      return event.reason;
    case 'resolve':
      return event.outcome;
    case 'unmark_paid':
    case 'confirmation_expired':
    case 'respond_dispute':
      return event.type;
    default:
      return cause;
  }
}

/**
 * A buyer's 4th cancel within 24 h is refused until the oldest of the three is a day old. A named
 * lock per buyer makes two cancels of theirs at once count one after the other.
 */
async function assertBuyerMayCancel(tx: Database, buyerId: number, now: Date): Promise<void> {
  await lockUntilCommit(tx, `p2p-buyer-cancels:${buyerId}`);
  const since = new Date(now.getTime() - cancelLimitWindowMs);
  const buyerIsTaker = and(eq(p2pOrders.offerType, 'sell'), eq(p2pOrders.takerId, buyerId));
  const buyerIsMaker = and(eq(p2pOrders.offerType, 'buy'), eq(p2pOrders.makerId, buyerId));
  const cancels = await tx
    .select({ at: p2pOrderHistory.at })
    .from(p2pOrderHistory)
    .innerJoin(p2pOrders, eq(p2pOrders.id, p2pOrderHistory.orderId))
    .where(
      and(
        eq(p2pOrderHistory.toStatus, 'canceled'),
        eq(p2pOrderHistory.actor, 'buyer'),
        eq(p2pOrderHistory.detail, 'buyer'),
        gt(p2pOrderHistory.at, since),
        sql`(${buyerIsTaker} or ${buyerIsMaker})`,
      ),
    )
    .orderBy(p2pOrderHistory.at);
  const oldest = cancels[cancels.length - buyerCancelLimit];
  if (cancels.length >= buyerCancelLimit && oldest !== undefined) {
    throw orderTransitionErrors.cancelLimit(new Date(oldest.at.getTime() + cancelLimitWindowMs));
  }
}

/**
 * Both users' stats (P2P.md "Cancellations carry a cause"): a completed order counts for both with
 * its volume; a cancel counts only against the user who caused it (a party's own cancel or
 * decline, the maker's missed acceptance, the buyer's missed payment, or the side support found
 * at fault).
 */
async function recordOutcomes(
  tx: Database,
  order: OrderRow,
  parties: OrderParties,
  to: OrderStatus,
  cause: string | null,
  event: TransitionEvent,
  now: Date,
): Promise<void> {
  if (to === 'completed') {
    const volumeUsdCents = await usdCentsOf(tx, order.assetCode, BigInt(order.amount));
    for (const userId of [parties.buyerId, parties.sellerId]) {
      await recordTradeOutcome(tx, userId, { kind: 'completed', volumeUsdCents }, now);
    }
    return;
  }
  const culprit = culpritOf(cause, event, parties.makerSide);
  if (culprit === null) return;
  const userId = culprit === 'buyer' ? parties.buyerId : parties.sellerId;
  await recordTradeOutcome(tx, userId, { kind: 'cancelled_by_user' }, now);
}

function culpritOf(cause: string | null, event: TransitionEvent, makerSide: OrderSide): OrderSide | null {
  switch (cause) {
    case 'buyer':
    case 'buyer_timeout':
      return 'buyer';
    case 'seller':
      return 'seller';
    case 'maker_timeout':
      return makerSide;
    case 'support':
      return event.type === 'resolve' ? event.atFault : null;
    default:
      return null;
  }
}
