import {
  type TransactionDetailKind,
  transactionDetailKinds,
  type WalletTransactionType,
} from '../../../contract/wallet-operations.ts';

/** The `{kind}` of `/transactions/{kind}/{id}` as spec 000 s.2 writes it (with `-`). */
export const transactionRouteKinds = [
  'deposit',
  'withdrawal',
  'market',
  'exchange',
  'invoice',
  'qr-pay',
  'giveaway',
  'swap',
  'campaign-reward',
] as const;
export type TransactionRouteKind = (typeof transactionRouteKinds)[number];

// Both directions are spelled out so the compiler checks that each covers every kind.
const routeKindOfLookup: Record<TransactionDetailKind, TransactionRouteKind> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  market: 'market',
  exchange: 'exchange',
  invoice: 'invoice',
  qr_pay: 'qr-pay',
  giveaway: 'giveaway',
  swap: 'swap',
  campaign_reward: 'campaign-reward',
};
const lookupKindOfRoute: Record<TransactionRouteKind, TransactionDetailKind> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  market: 'market',
  exchange: 'exchange',
  invoice: 'invoice',
  'qr-pay': 'qr_pay',
  giveaway: 'giveaway',
  swap: 'swap',
  'campaign-reward': 'campaign_reward',
};

/** The kind the detail lookup (GET /wallet/transactions/{kind}/{id}) takes for a route's kind. */
export function lookupKindOf(routeKind: TransactionRouteKind): TransactionDetailKind {
  return lookupKindOfRoute[routeKind];
}

function isLookupKind(value: string): value is TransactionDetailKind {
  return Object.hasOwn(transactionDetailKinds, value);
}
const lookupKinds: readonly TransactionDetailKind[] = Object.keys(transactionDetailKinds).filter(isLookupKind);

/**
 * The route kind whose detail page shows a transaction of `type`, or null for the types that
 * have no detail page (transfers, referral rewards, boxes…): their items do not lead anywhere.
 */
export function routeKindOfType(type: WalletTransactionType): TransactionRouteKind | null {
  const kind = lookupKinds.find((candidate) => {
    const types: readonly WalletTransactionType[] = transactionDetailKinds[candidate];
    return types.includes(type);
  });
  return kind === undefined ? null : routeKindOfLookup[kind];
}
