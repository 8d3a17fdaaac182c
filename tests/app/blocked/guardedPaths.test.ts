import { describe, expect, it } from 'vitest';
import { isGuardedPath } from '../../../src/app/features/blocked/guardedPaths.ts';

describe('the guarded areas (spec 000 s.2, spec 001 s.2)', () => {
  it.each([
    // Raffles, fortune, campaigns.
    '/rolls/17',
    '/rolls/17/abc',
    '/fortune',
    '/fortune/asset',
    '/campaigns',
    '/campaigns/5',
    // Swap and exchange.
    '/swap',
    '/swap/choose-receive',
    '/swap/choose-TON',
    '/trade',
    '/trade/',
    '/trade/BTC-USDT',
    '/trade/pair',
    // Verified merchant, wallet deposit.
    '/account/verified-merchant',
    '/wallet/deposit',
    '/wallet/deposit/TON',
    '/wallet/deposit/USDT/TRX',
    '/wallet/deposit/USDT/TRX/addresses/3/edit',
    // P2C orders.
    '/p2c/orders',
    '/p2c/orders/9',
    '/p2c/orders/choose-method',
    // P2P offer routes and offer lists.
    '/p2p/offers/new',
    '/p2p/offers/12',
    '/p2p/offers/12/restrictions/premium',
    '/p2p/buy',
    '/p2p/sell',
    '/p2p/buy/asset',
    '/p2p/sell/verification',
  ])('guards %s', (path) => {
    expect(isGuardedPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/account',
    '/account/settings',
    '/account/settings/local-currency',
    '/account/verification',
    '/account/security',
    '/wallet/TON',
    '/wallet/withdraw',
    '/wallet/withdraw/TON',
    '/p2p',
    '/p2p/orders/4',
    '/p2p/profile',
    '/p2p/methods',
    '/p2c',
    '/p2c/promo',
    '/p2c/methods',
    '/giveaways/abc',
    '/transactions/swap/1',
    '/help/fees',
    '/diagnostic',
    // Whole segments only.
    '/swapper',
    '/trades',
    '/rollsback',
    '/p2p/buyer',
    '/wallet/deposits',
    '/account/verified-merchants',
  ])('leaves %s open', (path) => {
    expect(isGuardedPath(path)).toBe(false);
  });
});
