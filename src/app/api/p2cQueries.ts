import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  DisputeInput,
  LookupAnswer,
  LookupInput,
  PayInput,
  QrPaymentFailure,
} from '../../../machines/qrPayment.machine.ts';
import type { QueryOf } from '../../contract/endpoint.ts';
import { type P2cClientPayment, p2cEndpoints } from '../../contract/p2c.ts';
import { balanceQueryKey } from './balanceQueryKey.ts';
import { call } from './call.ts';
import { toApiError } from './errors.ts';

// P2C (spec 001 s.7 "P2C"): the client's calls (codes, paying, their payments) and the lists.
// Every key sits under ['p2c'] so that a payment made or taken refreshes them all.

export const p2cQueryKey = ['p2c'] as const;
export const p2cPaymentsQueryKey = [...p2cQueryKey, 'payments'] as const;

/** Spec 001 s.9 "P2C payments refetch: 5 s". */
export const p2cPaymentsRefetchMs = 5_000;
/** Spec 000 s.7: lists fetch 40 items divided by the device divider (1 today). */
export const p2cPaymentsPageSize = 40;

/** What a call threw, as the qrPayment machine reads it: the status (null without an answer), code and data. */
export function toQrPaymentFailure(thrown: unknown): QrPaymentFailure {
  const error = toApiError(thrown);
  if (error === null) return { status: null, code: null };
  return { status: error.code, code: error.reason, data: error.data };
}

async function failingAs<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (thrown) {
    throw toQrPaymentFailure(thrown);
  }
}

/** GET /p2c/qr/{id}?asset=: what the code asks for, the quote, and the caller's own unfinished payment of it. */
export function lookupQrCode(input: LookupInput): Promise<LookupAnswer> {
  return failingAs(call(p2cEndpoints.getQrCode, { params: { id: input.qrId }, query: { asset: input.asset } }));
}

/**
 * POST /p2c/qr/{id}/pay. No abort signal: once sent, the answer is wanted even if the person
 * leaves the page (the same hash and token find the same payment on a retry).
 */
export function payQrCode(input: PayInput): Promise<P2cClientPayment> {
  return failingAs(call(p2cEndpoints.payQrCode, { params: { id: input.qrId }, body: input.body }));
}

/** GET /p2c/payments/{id} as its client; a merchant's view of it is not this flow's (a 404 to it). */
export async function fetchClientPayment({ paymentId }: { paymentId: number }): Promise<P2cClientPayment> {
  const answer = await failingAs(call(p2cEndpoints.getPayment, { params: { id: paymentId } }));
  if (answer.role !== 'client') throw { status: 404, code: 'payment_not_found' } satisfies QrPaymentFailure;
  return answer.payment;
}

/** POST /p2c/payments/{id}/dispute. */
export function disputePayment(input: DisputeInput): Promise<P2cClientPayment> {
  return failingAs(call(p2cEndpoints.disputePayment, { params: { id: input.paymentId }, body: input.body }));
}

/** After paying (spec 001 s.4): the balance (the total is held), the history and every P2C list. */
export async function refreshAfterPayment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: p2cQueryKey }),
    queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['wallet', 'transactions'] }),
  ]);
}

export type P2cPaymentFilters = Pick<QueryOf<typeof p2cEndpoints.listPayments>, 'status' | 'role'>;

/** The first page has no cursor. */
const firstPage: string | null = null;

/** GET /p2c/payments: newest first, a page at a time by cursor, refetched every 5 s. */
export function p2cPaymentsQueryOptions(filters: P2cPaymentFilters) {
  return infiniteQueryOptions({
    queryKey: [...p2cPaymentsQueryKey, 'list', filters.status ?? null, filters.role ?? null] as const,
    queryFn: ({ signal, pageParam }) =>
      call(p2cEndpoints.listPayments, {
        signal,
        query: { size: p2cPaymentsPageSize, cursor: pageParam ?? undefined, ...filters },
      }),
    initialPageParam: firstPage,
    getNextPageParam: (lastPage) => lastPage.cursor,
    refetchInterval: p2cPaymentsRefetchMs,
  });
}
