/**
 * Model-based test of the order lifecycle through the real server (TESTING.md: the machine is the
 * model, the server is under test). The paths come from machines/p2pOrder.machine.ts: every
 * reachable state of it (status and the facts its guards read) and, from each, every event it
 * accepts, so every transition is taken. Each path is driven on a fresh order through the HTTP
 * calls of the parties and support and through the timers worker, and after every step the
 * order, its history, both parties' stats and the ledger are compared with what P2P.md says must
 * hold there, written out by hand below. In every state reached, every party call the state must
 * refuse is tried once and must change nothing.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  decideOrderEvent,
  initialOrderFacts,
  type P2pOrderEvent,
  type P2pOrderFacts,
} from '../../machines/p2pOrder.machine';
import { offer } from '../../src/contract/p2p-offers';
import {
  type Order,
  type OrderAction,
  type OrderStatus,
  type OrderTimerKind,
  order,
} from '../../src/contract/p2p-orders';
import { issueToken } from '../../src/server/modules/security/tokens';
import { creditUser, systemBalance, userBalance } from './helpers/ledger';
import { buyOfferBody, savedMethodId, usdt } from './helpers/p2p-offers';
import { lifecycleMarket, type MoneySnapshot, type SellOrder } from './helpers/p2p-order-lifecycle';
import { expectError, ok, resultAnswer } from './helpers/security';

// ---- the model's paths ------------------------------------------------------------------------

/** What the parties, the timers and support can send (a review changes no order: not here). */
const modelEvents: readonly P2pOrderEvent[] = [
  { type: 'accept', by: 'seller' },
  { type: 'decline', by: 'seller' },
  { type: 'cancel', by: 'buyer' },
  { type: 'acceptance_expired', by: 'timer' },
  { type: 'mark_paid', by: 'buyer' },
  { type: 'payment_expired', by: 'timer' },
  { type: 'unmark_paid', by: 'buyer' },
  { type: 'confirm_receipt', by: 'seller' },
  { type: 'confirmation_expired', by: 'timer' },
  { type: 'open_dispute', by: 'seller' },
  { type: 'open_dispute', by: 'buyer' },
  { type: 'respond_dispute', by: 'buyer' },
  { type: 'respond_dispute', by: 'seller' },
  { type: 'settle', by: 'system' },
  { type: 'resolve', by: 'support', outcome: 'release' },
  { type: 'resolve', by: 'support', outcome: 'return' },
];

interface ModelState {
  readonly status: OrderStatus;
  readonly facts: P2pOrderFacts;
}

const keyOf = (state: ModelState) => JSON.stringify(state);

/** Every edge of the model: the shortest way to each reachable state, plus one event it accepts. */
function lifecyclePaths(): P2pOrderEvent[][] {
  const start: ModelState = { status: 'processed', facts: initialOrderFacts('seller') };
  const shortest = new Map<string, { state: ModelState; path: P2pOrderEvent[] }>([
    [keyOf(start), { state: start, path: [] }],
  ]);
  const queue = [start];
  const paths: P2pOrderEvent[][] = [];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    const prefix = shortest.get(keyOf(state))?.path ?? [];
    for (const event of modelEvents) {
      const decision = decideOrderEvent(state.status, state.facts, event);
      if (!decision.accepted) continue;
      paths.push([...prefix, event]);
      const next = { status: decision.to, facts: decision.facts };
      if (!shortest.has(keyOf(next))) {
        shortest.set(keyOf(next), { state: next, path: [...prefix, event] });
        queue.push(next);
      }
    }
  }
  return paths;
}

const describeEvent = (event: P2pOrderEvent) =>
  event.type === 'resolve' ? `support ${event.outcome}s` : `${event.by}: ${event.type}`;

// ---- what must hold, by hand --------------------------------------------------------------------

type StateName =
  | 'processed'
  | 'accepted'
  | 'pending'
  | 'pending, window passed'
  | 'confirmed'
  | 'disputed by the seller'
  | 'disputed by the buyer'
  | 'disputed and answered'
  | 'completed'
  | 'canceled';

interface Expected {
  readonly status: OrderStatus;
  readonly buyer: OrderAction[];
  readonly seller: OrderAction[];
  readonly timer: OrderTimerKind | null;
  readonly money: 'open' | 'released' | 'returned';
}

/** P2P.md's lifecycle table, per state: who may do what, which clock runs, where the money is. */
const expectedIn: Readonly<Record<StateName, Expected>> = {
  processed: {
    status: 'processed',
    buyer: ['cancel'],
    seller: ['accept', 'decline'],
    timer: 'acceptance',
    money: 'open',
  },
  accepted: {
    status: 'accepted',
    buyer: ['cancel', 'mark_paid'],
    seller: [],
    timer: 'payment',
    money: 'open',
  },
  pending: {
    status: 'pending',
    buyer: ['unmark_paid'],
    seller: ['confirm_receipt', 'open_dispute'],
    timer: 'confirmation',
    money: 'open',
  },
  'pending, window passed': {
    status: 'pending',
    buyer: ['unmark_paid', 'open_dispute'],
    seller: ['confirm_receipt', 'open_dispute'],
    timer: null,
    money: 'open',
  },
  confirmed: {
    status: 'confirmed',
    buyer: [],
    seller: [],
    timer: null,
    money: 'open',
  },
  'disputed by the seller': {
    status: 'disputed',
    buyer: ['respond_dispute'],
    seller: [],
    timer: 'dispute_answer',
    money: 'open',
  },
  'disputed by the buyer': {
    status: 'disputed',
    buyer: [],
    seller: ['respond_dispute'],
    timer: 'dispute_answer',
    money: 'open',
  },
  'disputed and answered': {
    status: 'disputed',
    buyer: [],
    seller: [],
    timer: null,
    money: 'open',
  },
  completed: {
    status: 'completed',
    buyer: ['review'],
    seller: ['review'],
    timer: null,
    money: 'released',
  },
  canceled: {
    status: 'canceled',
    buyer: [],
    seller: [],
    timer: null,
    money: 'returned',
  },
};

/**
 * The seller had 110 USDT and put a 100 USDT offer online (101 reserved with the 1 % fee); the
 * order takes 50 USDT of it with a 0.5 USDT fee.
 */
const moneyIn: Readonly<Record<Expected['money'], MoneySnapshot>> = {
  open: {
    escrow: usdt('50.5'),
    offerRemaining: usdt(50),
    offerReserved: usdt('50.5'),
    seller: { available: usdt(9), held: usdt(101) },
    buyer: { available: 0n, held: 0n },
    fees: 0n,
  },
  released: {
    escrow: 0n,
    offerRemaining: usdt(50),
    offerReserved: usdt('50.5'),
    seller: { available: usdt(9), held: usdt('50.5') },
    buyer: { available: usdt(50), held: 0n },
    fees: usdt('0.5'),
  },
  // The offer is still online with room: the escrow goes back into its reservation.
  returned: {
    escrow: 0n,
    offerRemaining: usdt(100),
    offerReserved: usdt(101),
    seller: { available: usdt(9), held: usdt(101) },
    buyer: { available: 0n, held: 0n },
    fees: 0n,
  },
};

interface EdgeExpectation {
  /** The history's newest entry. */
  readonly history: { from: OrderStatus; to: OrderStatus; actor: string; detail: string | null };
  /** The order's cancel, once canceled. */
  readonly cancel?: { cause: string; reason: string | null };
  /** Stats: orders completed and cancels caused, per side. */
  readonly stats?: { buyer: [number, number]; seller: [number, number] };
}

/** What each transition writes, by hand (keyed by the event and, where it matters, the status it left). */
function expectedEdge(from: OrderStatus, event: P2pOrderEvent): EdgeExpectation {
  const none = { buyer: [0, 0], seller: [0, 0] } satisfies EdgeExpectation['stats'];
  switch (event.type) {
    case 'accept':
      return { history: { from, to: 'accepted', actor: 'seller', detail: null }, stats: none };
    case 'decline':
      return {
        history: { from, to: 'canceled', actor: 'seller', detail: 'declined' },
        cancel: { cause: 'seller', reason: null },
        stats: { buyer: [0, 0], seller: [0, 1] },
      };
    case 'cancel':
      return {
        history: { from, to: 'canceled', actor: 'buyer', detail: 'buyer' },
        cancel: { cause: 'buyer', reason: 'changed_mind' },
        stats: { buyer: [0, 1], seller: [0, 0] },
      };
    case 'acceptance_expired':
      return {
        history: { from, to: 'canceled', actor: 'timer', detail: 'maker_timeout' },
        cancel: { cause: 'maker_timeout', reason: null },
        stats: { buyer: [0, 0], seller: [0, 1] },
      };
    case 'payment_expired':
      return {
        history: { from, to: 'canceled', actor: 'timer', detail: 'buyer_timeout' },
        cancel: { cause: 'buyer_timeout', reason: null },
        stats: { buyer: [0, 1], seller: [0, 0] },
      };
    case 'mark_paid':
      return { history: { from, to: 'pending', actor: 'buyer', detail: null }, stats: none };
    case 'unmark_paid':
      return { history: { from, to: 'accepted', actor: 'buyer', detail: 'unmark_paid' }, stats: none };
    case 'confirm_receipt':
      return { history: { from, to: 'confirmed', actor: 'seller', detail: null }, stats: none };
    case 'confirmation_expired':
      return { history: { from, to: 'pending', actor: 'timer', detail: 'confirmation_expired' }, stats: none };
    case 'open_dispute':
      return {
        history: { from, to: 'disputed', actor: event.by, detail: disputeReasonOf(event.by) },
        stats: none,
      };
    case 'respond_dispute':
      return { history: { from, to: 'disputed', actor: event.by, detail: 'respond_dispute' }, stats: none };
    case 'settle':
      return {
        history: { from, to: 'completed', actor: 'system', detail: null },
        stats: { buyer: [1, 0], seller: [1, 0] },
      };
    case 'resolve':
      return event.outcome === 'release'
        ? {
            history: { from, to: 'completed', actor: 'support', detail: 'release' },
            stats: { buyer: [1, 0], seller: [1, 0] },
          }
        : {
            // Support found the buyer at fault: the cancel counts against them.
            history: { from, to: 'canceled', actor: 'support', detail: 'return' },
            cancel: { cause: 'support', reason: null },
            stats: { buyer: [0, 1], seller: [0, 0] },
          };
    default:
      throw new Error(`no expectation written for ${event.type}`);
  }
}

const disputeReasonOf = (by: string) => (by === 'seller' ? 'payment_not_received' : 'paid_not_released');

function stateNameOf(view: Order, passedWindow: boolean, opener: string | null, answered: boolean): StateName {
  switch (view.status) {
    case 'pending':
      return passedWindow ? 'pending, window passed' : 'pending';
    case 'disputed':
      if (answered) return 'disputed and answered';
      return opener === 'seller' ? 'disputed by the seller' : 'disputed by the buyer';
    default:
      return view.status;
  }
}

// ---- driving the server -------------------------------------------------------------------------

const minute = 60_000;

describe('the order lifecycle through the real server', () => {
  const market = lifecycleMarket();
  const paths = lifecyclePaths();

  it('walks every transition of the machine: 32 paths', () => {
    // A tripwire for a changed machine, not a check of behaviour.
    expect(paths).toHaveLength(32);
  });

  async function drive(placed: SellOrder, event: P2pOrderEvent): Promise<void> {
    const { orderId, seller, buyer } = placed;
    const url = `/p2p/orders/${orderId}`;
    const sideOf = (by: string) => (by === 'seller' ? seller : buyer);
    switch (event.type) {
      case 'accept':
        ok(await seller.send('POST', `${url}/accept`), order);
        return;
      case 'decline':
        ok(await seller.send('POST', `${url}/decline`), order);
        return;
      case 'cancel':
        ok(await buyer.send('POST', `${url}/cancel`, { reason: 'changed_mind' }), order);
        return;
      case 'mark_paid':
        ok(await buyer.send('POST', `${url}/paid`), order);
        return;
      case 'unmark_paid':
        ok(await buyer.send('POST', `${url}/unpaid`), order);
        return;
      case 'confirm_receipt':
        ok(await seller.send('POST', `${url}/confirm`, { token: await market.releaseToken(seller, orderId) }), order);
        return;
      case 'open_dispute':
        ok(
          await sideOf(event.by).send('POST', `${url}/dispute`, {
            reason: disputeReasonOf(event.by),
            message: 'See the bank statement.',
            file_ids: [],
          }),
          order,
        );
        return;
      case 'respond_dispute':
        ok(await sideOf(event.by).send('POST', `${url}/dispute/response`, { message: 'Not so.', file_ids: [] }), order);
        return;
      case 'resolve':
        expect(
          (
            await market.support().send('POST', `/operator/p2p/orders/${orderId}/resolve`, {
              outcome: event.outcome,
              at_fault: event.outcome === 'release' ? 'seller' : 'buyer',
              note: 'Decided on the statements.',
            })
          ).statusCode,
        ).toBe(200);
        return;
      case 'acceptance_expired':
        market.advance(5 * minute + 1000);
        break;
      case 'payment_expired':
      case 'confirmation_expired':
        market.advance(15 * minute + 1000);
        break;
      case 'settle':
        break;
      default:
        throw new Error(`no driver for ${event.type}`);
    }
    const steps = await market.runTimers();
    expect(steps.filter((step) => step.orderId === orderId).length).toBe(1);
  }

  /** Every party call the state must refuse: 409 with the status, nothing written. */
  async function expectRefusals(placed: SellOrder, view: Order, expected: Expected): Promise<void> {
    const before = await market.money(placed);
    const calls: Array<[OrderAction, 'buyer' | 'seller', string, Record<string, unknown> | undefined]> = [];
    for (const side of ['buyer', 'seller'] as const) {
      calls.push(
        ['accept', side, 'accept', undefined],
        ['decline', side, 'decline', undefined],
        ['cancel', side, 'cancel', { reason: 'other' }],
        ['mark_paid', side, 'paid', undefined],
        ['unmark_paid', side, 'unpaid', undefined],
      );
    }
    for (const [action, side, path, body] of calls) {
      if (expected[side].includes(action)) continue;
      const who = side === 'buyer' ? placed.buyer : placed.seller;
      const data = expectError(
        await who.send('POST', `/p2p/orders/${placed.orderId}/${path}`, body),
        409,
        'order_status_conflict',
      );
      expect(data).toEqual({ status: view.status });
    }
    if (!expected.seller.includes('confirm_receipt')) {
      const token = await market.releaseToken(placed.seller, placed.orderId);
      expectError(
        await placed.seller.send('POST', `/p2p/orders/${placed.orderId}/confirm`, { token }),
        409,
        'order_status_conflict',
      );
    }
    expect(await market.money(placed)).toEqual(before);
    const after = ok(await placed.buyer.send('GET', `/p2p/orders/${placed.orderId}`), order);
    expect(after.history).toEqual(view.history);
  }

  it.each(paths.map((path) => [path.map(describeEvent).join(' → '), path] as const))('%s', async (_name, path) => {
    const placed = await market.sellOrder();
    const seen = new Set<StateName>();
    let status: OrderStatus = 'processed';
    let passedWindow = false;
    let opener: string | null = null;
    let answered = false;
    const check = async (edge: EdgeExpectation | null) => {
      const buyerView = ok(await placed.buyer.send('GET', `/p2p/orders/${placed.orderId}`), order);
      const sellerView = ok(await placed.seller.send('GET', `/p2p/orders/${placed.orderId}`), order);
      const name = stateNameOf(buyerView, passedWindow, opener, answered);
      const expected = expectedIn[name];
      expect({ status: buyerView.status, actions: buyerView.actions, timer: buyerView.timer?.kind ?? null }).toEqual({
        status: expected.status,
        actions: expected.buyer,
        timer: expected.timer,
      });
      expect(sellerView.actions).toEqual(expected.seller);
      expect(await market.money(placed)).toEqual(moneyIn[expected.money]);
      if (edge !== null) {
        expect(buyerView.history.at(-1)).toMatchObject(edge.history);
        expect(
          buyerView.cancel === null ? null : { cause: buyerView.cancel.cause, reason: buyerView.cancel.reason },
        ).toEqual(edge.cancel ?? null);
        const [buyerStats, sellerStats] = [
          await market.outcomes(placed.buyer.userId),
          await market.outcomes(placed.seller.userId),
        ];
        expect({
          buyer: [buyerStats.completed, buyerStats.cancelled],
          seller: [sellerStats.completed, sellerStats.cancelled],
        }).toEqual(edge.stats);
        if (edge.stats?.buyer[0] === 1) expect(buyerStats.volumeUsdCents).toBe(5000n);
      } else {
        expect(buyerView.history).toEqual([
          { from: null, to: 'processed', actor: 'buyer', detail: null, at: buyerView.created_at },
        ]);
      }
      if (!seen.has(name)) {
        seen.add(name);
        await expectRefusals(placed, buyerView, expected);
      }
    };

    await check(null);
    for (const event of path) {
      const edge = expectedEdge(status, event);
      await drive(placed, event);
      status = edge.history.to;
      if (event.type === 'confirmation_expired') passedWindow = true;
      if (event.type === 'unmark_paid') passedWindow = false;
      if (event.type === 'open_dispute') opener = event.by;
      if (event.type === 'respond_dispute') answered = true;
      await check(edge);
    }
  });
});

describe('an order on a buy offer (the maker buys, the taker sells)', () => {
  const market = lifecycleMarket();

  /** The maker buys 50 USDT at 80 RUB; the taker, with 60 USDT, sells them 4000 RUB of it (50 USDT, fee 0.5). */
  async function buyOrder() {
    const maker = await market.party();
    const created = ok(await maker.send('POST', '/p2p/offers', buyOfferBody()), offer);
    ok(await maker.send('PUT', `/p2p/offers/${created.id}/active`, { active: true }), resultAnswer);
    const taker = await market.party();
    await creditUser(market.db(), { userId: taker.userId, asset: 'USDT', amount: usdt(60) });
    const methodId = await savedMethodId(taker.send);
    const uniqueHash = randomBytes(48).toString('base64url');
    const token = await issueToken(
      market.db(),
      { userId: taker.userId, kind: 'confirmation', transactionType: 'p2p', operationHash: uniqueHash },
      market.now(),
    );
    const placed = ok(
      await taker.send('POST', `/p2p/orders/${created.id}`, {
        identifier: 'sbp',
        child_identifier: 'sberbank_sbp',
        payment_method_id: methodId,
        amount: '4000',
        amount_type: 'fiat',
        price: '80',
        unique_hash: uniqueHash,
        token,
      }),
      z.object({ order }),
    );
    return { orderId: placed.order.id, maker, taker };
  }

  const balances = async (userId: number) => userBalance(market.db(), userId, 'USDT');

  it('holds the taker 50 USDT, then pays the maker 49.5 and the fees 0.5 when the taker confirms', async () => {
    const { orderId, maker, taker } = await buyOrder();
    expect(await balances(taker.userId)).toEqual({ available: usdt(10), held: usdt(50) });
    ok(await maker.send('POST', `/p2p/orders/${orderId}/accept`), order);
    ok(await maker.send('POST', `/p2p/orders/${orderId}/paid`), order);
    const token = await market.releaseToken(taker, orderId);
    ok(await taker.send('POST', `/p2p/orders/${orderId}/confirm`, { token }), order);
    const feesBefore = await systemBalance(market.db(), 'USDT', 'fees');
    await market.runTimers();

    const seen = ok(await maker.send('GET', `/p2p/orders/${orderId}`), order);
    expect({ status: seen.status, side: seen.side, is_maker: seen.is_maker, fee: seen.fee }).toEqual({
      status: 'completed',
      side: 'buyer',
      is_maker: true,
      fee: usdt('0.5').toString(),
    });
    expect(await balances(maker.userId)).toEqual({ available: usdt('49.5'), held: 0n });
    expect(await balances(taker.userId)).toEqual({ available: usdt(10), held: 0n });
    expect((await systemBalance(market.db(), 'USDT', 'fees')) - feesBefore).toBe(usdt('0.5'));
  });

  it('gives the taker all 50 USDT back when the maker declines, counting the decline against the maker', async () => {
    const { orderId, maker, taker } = await buyOrder();
    const declined = ok(await maker.send('POST', `/p2p/orders/${orderId}/decline`), order);
    expect(declined.cancel).toMatchObject({ cause: 'buyer', reason: null });
    expect(await balances(taker.userId)).toEqual({ available: usdt(60), held: 0n });
    expect(await market.outcomes(maker.userId)).toEqual({ completed: 0, cancelled: 1, volumeUsdCents: 0n });
    expect(await market.outcomes(taker.userId)).toEqual({ completed: 0, cancelled: 0, volumeUsdCents: 0n });
  });
});
