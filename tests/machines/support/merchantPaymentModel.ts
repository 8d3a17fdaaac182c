/**
 * The merchantPayment machine's model, shared by tests/machines/merchantPayment.model.test.ts:
 * payment 31 taken from the live list, or opened on its page in each status the server may give.
 * The events are what the pages can send, the live list moving (31 still there, or gone) and the
 * payment query's refresh.
 */
import type { EventFrom } from 'xstate';
import { type MerchantPaymentInput, merchantPaymentMachine } from '../../../machines/merchantPayment.machine.ts';
import { type ActorSettleOf, eventsWhileActive, isActorSettle, type ModelEvent, transitionPaths } from './model.ts';

export type MerchantPaymentMachine = typeof merchantPaymentMachine;
type Settle = ActorSettleOf<MerchantPaymentMachine>;
type Event = EventFrom<MerchantPaymentMachine>;

export const PAYMENT_ID = 31;
export const ACCOUNT_ID = 5;

export const failure = (status: number | null, reason: string | null = null) => ({ status, reason });

const processing = { status: 'processing' as const, hasCheck: false };

export const SCENARIOS: ReadonlyArray<{ name: string; input: MerchantPaymentInput }> = [
  { name: 'from the live list', input: { from: 'list' } },
  {
    name: 'a taken payment, no receipt, no account',
    input: { from: 'payment', paymentId: PAYMENT_ID, facts: processing, accountId: null },
  },
  {
    name: 'a taken payment with its receipt and an account',
    input: {
      from: 'payment',
      paymentId: PAYMENT_ID,
      facts: { status: 'processing', hasCheck: true },
      accountId: ACCOUNT_ID,
    },
  },
  {
    name: 'an expired payment',
    input: { from: 'payment', paymentId: PAYMENT_ID, facts: { status: 'canceled', hasCheck: false }, accountId: null },
  },
  {
    name: 'a completed payment',
    input: { from: 'payment', paymentId: PAYMENT_ID, facts: { status: 'completed', hasCheck: true }, accountId: null },
  },
];

const events: Event[] = [
  { type: 'take.start', paymentId: PAYMENT_ID },
  { type: 'take.confirm' },
  { type: 'take.dismiss' },
  { type: 'list.changed', ids: [PAYMENT_ID, 32] },
  { type: 'list.changed', ids: [32] },
  { type: 'check.uploaded' },
  { type: 'account.choose', accountId: ACCOUNT_ID },
  { type: 'paid.start' },
  { type: 'paid.confirm' },
  { type: 'paid.dismiss' },
  { type: 'payment.sync', facts: { status: 'processing', hasCheck: true } },
  { type: 'payment.sync', facts: { status: 'canceled', hasCheck: false } },
  { type: 'payment.sync', facts: { status: 'completed', hasCheck: true } },
  { type: 'error.dismiss' },
];

const settles: Settle[] = [
  { type: 'actor.done', id: 'take', output: processing },
  { type: 'actor.error', id: 'take', error: failure(409, 'payment_not_pending') },
  { type: 'actor.error', id: 'take', error: failure(409, 'p2c_too_many_taken') },
  { type: 'actor.error', id: 'take', error: failure(null) },
  { type: 'actor.done', id: 'markPaid', output: { status: 'completed', hasCheck: true } },
  { type: 'actor.error', id: 'markPaid', error: failure(422, 'check_required') },
  { type: 'actor.error', id: 'markPaid', error: failure(422, 'account_not_active') },
  { type: 'actor.error', id: 'markPaid', error: failure(null) },
];

export function merchantPaymentPaths(input: MerchantPaymentInput) {
  return transitionPaths(merchantPaymentMachine, {
    input,
    events: (snapshot) => eventsWhileActive(snapshot, events, settles),
    key: (snapshot) => [snapshot.value, snapshot.context],
  });
}

export function describeEvent(event: ModelEvent<MerchantPaymentMachine>): string {
  if (isActorSettle(event)) {
    if (event.type === 'actor.done') return `${event.id} answers`;
    return `${event.id} fails (${JSON.stringify(event.error)})`;
  }
  switch (event.type) {
    case 'time.pass':
      return `${event.ms} ms pass`;
    case 'list.changed':
      return `the list now holds ${event.ids.join(', ')}`;
    case 'payment.sync':
      return `the payment is now ${event.facts.status}`;
    default:
      return `the person does ${event.type}`;
  }
}
