import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '../../contract/endpoint.ts';
import { type P2cAccount, type P2cCheck, type P2cMerchantPayment, p2cEndpoints } from '../../contract/p2c.ts';
import { balanceQueryKey } from './balanceQueryKey.ts';
import { call } from './call.ts';
import { type UploadProgress, uploadCall } from './upload.ts';

// P2C, the merchant's side (spec 001 s.7 "P2C"): the area's summary, statements and receipts,
// payment accounts, and a taken payment's calls. Every key sits under ['p2c'] (as the client's,
// api/p2cQueries.ts) so that a payment taken or marked paid refreshes every P2C list.

const p2cKey = ['p2c'] as const;
const accountsKey = [...p2cKey, 'accounts'] as const;
const merchantPaymentKey = (id: number) => [...p2cKey, 'merchant-payment', id] as const;

/** A taken payment runs against a 5-minute deadline: its page looks again every 5 s (spec 001 s.9). */
export const merchantPaymentRefetchMs = 5_000;

/** GET /p2c/profile: what the caller may do and their figures as client and merchant. */
export function p2cProfileQueryOptions() {
  return queryOptions({
    queryKey: [...p2cKey, 'profile'] as const,
    queryFn: ({ signal }) => call(p2cEndpoints.getProfile, { signal }),
  });
}

/** GET /p2c/statements: the last 12 months. */
export function p2cStatementsQueryOptions() {
  return queryOptions({
    queryKey: [...p2cKey, 'statements'] as const,
    queryFn: ({ signal }) => call(p2cEndpoints.listStatements, { signal }),
  });
}

const firstPage: string | null = null;

/** GET /p2c/checks: the merchant's receipts, newest first, a page at a time. */
export function p2cChecksQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...p2cKey, 'checks'] as const,
    queryFn: ({ signal, pageParam }) =>
      call(p2cEndpoints.listChecks, { signal, query: { cursor: pageParam ?? undefined } }),
    initialPageParam: firstPage,
    getNextPageParam: (lastPage) => lastPage.cursor,
  });
}

/** GET /p2c/accounts. */
export function p2cAccountsQueryOptions() {
  return queryOptions({
    queryKey: [...accountsKey, 'list'] as const,
    queryFn: ({ signal }) => call(p2cEndpoints.listAccounts, { signal }),
  });
}

/** GET /p2c/accounts/{id}. */
export function p2cAccountQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...accountsKey, 'one', id] as const,
    queryFn: ({ signal }) => call(p2cEndpoints.getAccount, { signal, params: { id } }),
  });
}

/** GET /p2c/accounts/banks: a fixed list, changed with a release. */
export function p2cBanksQueryOptions() {
  return queryOptions({
    queryKey: [...accountsKey, 'banks'] as const,
    queryFn: ({ signal }) => call(p2cEndpoints.listBanks, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** GET /p2c/payments/{id} as the merchant who took it; refreshed while it runs. */
export function merchantPaymentQueryOptions(id: number) {
  return queryOptions({
    queryKey: merchantPaymentKey(id),
    queryFn: ({ signal }) => call(p2cEndpoints.getPayment, { signal, params: { id } }),
    refetchInterval: (query) =>
      query.state.data?.role === 'merchant' && query.state.data.payment.status === 'processing'
        ? merchantPaymentRefetchMs
        : false,
  });
}

export type NewP2cAccount = BodyOf<typeof p2cEndpoints.createAccount>;
export type P2cAccountChange = BodyOf<typeof p2cEndpoints.updateAccount>;

/** An account's calls, each answering the account as it now is. */
export const p2cAccountCalls = {
  create: (body: NewP2cAccount) => call(p2cEndpoints.createAccount, { body }),
  update: (id: number, body: P2cAccountChange) => call(p2cEndpoints.updateAccount, { params: { id }, body }),
  submit: (id: number) => call(p2cEndpoints.submitAccount, { params: { id } }),
  enable: (id: number) => call(p2cEndpoints.enableAccount, { params: { id } }),
  disable: (id: number) => call(p2cEndpoints.disableAccount, { params: { id } }),
};

/** The account's answer in its own cache at once; the list (and the summary's count) stale. */
export function storeAccount(queryClient: QueryClient, account: P2cAccount): void {
  queryClient.setQueryData(p2cAccountQueryOptions(account.id).queryKey, account);
  void queryClient.invalidateQueries({ queryKey: [...accountsKey, 'list'] });
  void queryClient.invalidateQueries({ queryKey: [...p2cKey, 'profile'] });
}

type UploadOptions = { readonly signal?: AbortSignal; readonly onProgress?: (progress: UploadProgress) => void };

function formWith(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** POST /p2c/accounts/{id}/documents: a statement or photo proving the account is the merchant's. */
export function uploadAccountDocument(id: number, file: File, options: UploadOptions = {}): Promise<P2cAccount> {
  return uploadCall(p2cEndpoints.uploadAccountDocument, { params: { id }, form: formWith(file), ...options });
}

/** POST /p2c/payments/{id}/check: the bank's receipt (replaces an earlier one). */
export function uploadPaymentCheck(id: number, file: File, options: UploadOptions = {}): Promise<P2cCheck> {
  return uploadCall(p2cEndpoints.uploadCheck, { params: { id }, form: formWith(file), ...options });
}

/** POST /p2c/payments/take/{id}. */
export function takePayment(id: number): Promise<P2cMerchantPayment> {
  return call(p2cEndpoints.takePayment, { params: { id } });
}

/** POST /p2c/payments/{id}/paid from `accountId`. */
export function markPaymentPaid(id: number, accountId: number): Promise<P2cMerchantPayment> {
  return call(p2cEndpoints.markPaymentPaid, { params: { id }, body: { account_id: accountId } });
}

/**
 * After a take or mark paid (issue 14: take "refreshes payments, balance, transactions and
 * stats"): the payment's own cache gets the answer, every P2C list, the balance and the history
 * are stale.
 */
export function storeMerchantPayment(queryClient: QueryClient, payment: P2cMerchantPayment): void {
  queryClient.setQueryData(merchantPaymentKey(payment.id), { role: 'merchant' as const, payment });
  void queryClient.invalidateQueries({
    queryKey: p2cKey,
    predicate: (query) => query.queryKey[1] !== 'merchant-payment' || query.queryKey[2] !== payment.id,
  });
  void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['wallet', 'transactions'] });
}
