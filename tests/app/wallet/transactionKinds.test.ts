/**
 * Which detail page each transaction type leads to: the contract's `transactionDetailKinds`,
 * written the spec's way in the path (qr-pay, campaign-reward) and the lookup's way (`_`) in
 * the call.
 */
import { describe, expect, it } from 'vitest';
import {
  lookupKindOf,
  routeKindOfType,
  transactionRouteKinds,
} from '../../../src/app/features/wallet/transactionKinds.ts';
import {
  transactionDetailKind,
  transactionDetailKinds,
  walletTransactionTypes,
} from '../../../src/contract/wallet-operations.ts';

describe('transaction kinds', () => {
  it('lists exactly the kinds of spec 000 s.2 for the path', () => {
    expect([...transactionRouteKinds].sort()).toEqual(
      [
        'campaign-reward',
        'deposit',
        'exchange',
        'giveaway',
        'invoice',
        'market',
        'qr-pay',
        'swap',
        'withdrawal',
      ].sort(),
    );
  });

  it('looks every path kind up with underscores, and every lookup kind has a path', () => {
    const lookups = transactionRouteKinds.map(lookupKindOf);
    expect(lookups).toEqual(transactionRouteKinds.map((kind) => kind.replaceAll('-', '_')));
    for (const lookup of lookups) expect(transactionDetailKind.safeParse(lookup).success).toBe(true);
    expect(new Set(lookups).size).toBe(Object.keys(transactionDetailKinds).length);
  });

  it('sends each type to the kind whose list holds it', () => {
    expect(routeKindOfType('deposit')).toBe('deposit');
    expect(routeKindOfType('p2c_merchant_deposit')).toBe('deposit');
    expect(routeKindOfType('app_withdrawal')).toBe('withdrawal');
    expect(routeKindOfType('order')).toBe('market');
    expect(routeKindOfType('stars_check_refund')).toBe('qr-pay');
    expect(routeKindOfType('giveaway_delete')).toBe('giveaway');
    expect(routeKindOfType('campaign_reward')).toBe('campaign-reward');
    for (const [kind, types] of Object.entries(transactionDetailKinds)) {
      for (const type of types) expect(routeKindOfType(type)).toBe(kind.replaceAll('_', '-'));
    }
  });

  it('gives no detail page to the types no kind lists', () => {
    const listed = new Set<string>(Object.values(transactionDetailKinds).flat());
    const unlisted = walletTransactionTypes.filter((type) => !listed.has(type));
    expect(unlisted).toContain('transfer');
    expect(unlisted).toContain('raffle_create');
    for (const type of unlisted) expect(routeKindOfType(type)).toBeNull();
  });
});
