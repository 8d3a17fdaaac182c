/**
 * The start parameter → path table (spec 000 s.2 "Deep links", s.5; spec 001 s.2) and the prefix
 * rules of machines/deepLink/resolveStartParam.ts, and the expansion rule of
 * machines/deepLink/expandRule.ts. The grammar is in docs/deep-links.md; every example there is a
 * row here.
 */
import { describe, expect, it } from 'vitest';
import { shouldExpand } from '../../machines/deepLink/expandRule.ts';
import {
  keywords,
  MAX_START_PARAM_LENGTH,
  resolveStartParam,
  stripPrefixes,
} from '../../machines/deepLink/resolveStartParam.ts';

const ID_64 = 'a'.repeat(64);
const ID_65 = 'a'.repeat(65);

/** [start parameter, path] */
const routes: ReadonlyArray<readonly [string, string]> = [
  // Invoices: IV + exactly 10 alphanumerics, optionally choose or deposit + network letters.
  ['IV1234567890', '/invoices/IV1234567890'],
  ['IVabcDEF7890', '/invoices/IVabcDEF7890'],
  ['IV1234567890choose', '/invoices/IV1234567890/choose'],
  ['IV1234567890-choose', '/invoices/IV1234567890/choose'],
  ['IV1234567890depositton', '/invoices/IV1234567890/deposit/ton'],
  ['IV1234567890deposit-TRON', '/invoices/IV1234567890/deposit/TRON'],
  ['IV1234567890-deposit-bsc', '/invoices/IV1234567890/deposit/bsc'],
  // Help, add to home screen, stars.
  ['help-fees', '/help/fees'],
  ['help-p2p-disputes', '/help/p2p-disputes'],
  ['add-home', '/add-home/app'],
  ['add-home-wallet', '/add-home/wallet'],
  ['stars-77', '/stars/77'],
  // Giveaways, QR pay, passcode, campaigns.
  ['giveaway-Gx7k2', '/giveaways/Gx7k2'],
  ['giveaway-Gx7k2-ref_9', '/giveaways/Gx7k2?ref=ref_9'],
  ['giveaway-winners-Gx7k2', '/giveaways/Gx7k2/winners'],
  ['qr-pay-pay_123', '/qr-pay?id=pay_123'],
  ['passcode-9f8e7d', '/passcode/9f8e7d'],
  ['campaign-spring_24', '/campaigns/spring_24'],
  // Exchange, swap, rolls, verification.
  ['trade-TON-USDT', '/trade/TON-USDT'],
  ['swap-BTC-USDT', '/swap?base=BTC&quote=USDT'],
  ['roll-r77', '/rolls/r77'],
  ['roll-r77-friend_1', '/rolls/r77/friend_1'],
  ['verification-p2p-merchant', '/account/verification/p2p-merchant'],
  ['verification-basic', '/account/verification/basic'],
  // Wallet shortcuts.
  ['wallet-TON', '/wallet/TON'],
  ['deposit-USDT', '/wallet/deposit/USDT'],
  ['deposit-USDT-tron', '/wallet/deposit/USDT/tron'],
  ['withdraw-BTC-bitcoin', '/wallet/withdraw/BTC/bitcoin'],
  ['locked-deposit-5', '/locked-deposits/5'],
  // P2P: offers, orders and their sub-screens, users.
  ['offer-42', '/p2p/offers/42'],
  ['order-1001', '/p2p/orders/1001'],
  ['order-1001-create-dispute', '/p2p/orders/1001/create-dispute'],
  ['order-1001-dispute', '/p2p/orders/1001/create-dispute'],
  ['order-1001-dispute-response', '/p2p/orders/1001/dispute-response'],
  ['order-1001-confirm-payment', '/p2p/orders/1001/confirm-payment'],
  ['order-1001-method', '/p2p/orders/1001/method'],
  ['user-55', '/p2p/users/55'],
  ['offer-2147483647', '/p2p/offers/2147483647'],
  // P2C.
  ['p2c-order-abc123', '/p2c/orders/abc123'],
  ['p2c-method-m1', '/p2c/methods/m1'],
  // Fixed keywords.
  ['wallet', '/'],
  ['deposit', '/wallet/deposit'],
  ['p2p-sell', '/p2p/sell'],
  ['p2c-orders', '/p2c/orders'],
  ['exchange', '/trade'],
  ['local-currency', '/account/settings/local-currency'],
  ['dev-portal', '/dev-portal'],
  // Referral and tracking prefixes are removed first.
  ['r-abc123_offer-42', '/p2p/offers/42'],
  ['i-ads7_IV1234567890choose', '/invoices/IV1234567890/choose'],
  ['r-abc123_i-ads7_order-9-confirm-payment', '/p2p/orders/9/confirm-payment'],
  ['i-ads7_r-abc123_help-fees', '/help/fees'],
  ['r-abc123', '/'],
  ['i-ads7', '/'],
  ['r-abc123_i-ads7', '/'],
];

/** [start parameter, why it lands on home] */
const home: ReadonlyArray<readonly [string, string]> = [
  ['', 'it is empty'],
  ['nonsense', 'it is unknown'],
  ['OFFER-42', 'keywords are case-sensitive'],
  ['offer-', 'the id is missing'],
  ['offer-../../x', 'the id tries to climb out of its route'],
  ['offer-42/../../admin', 'the id carries a path'],
  ['offer-42?next=https://evil.example', 'the id carries a query'],
  ['user-%2e%2e', 'the id is percent-encoded'],
  [`order-${ID_65}`, 'the id is longer than 64 characters'],
  ['offer-abc', 'an offer is known by its number'],
  ['user-u_55', 'a market user is known by their public number'],
  ['offer-042', 'an offer number has no leading zero'],
  ['offer-0', 'offer numbers start at 1'],
  ['user-12345678901', 'a market user number has at most 10 digits'],
  ['IV123456789', 'an invoice id has 9 alphanumerics'],
  ['IV12345678901', 'an invoice id has 11 alphanumerics'],
  ['iv1234567890', 'the invoice prefix is lower-case'],
  ['IV1234567890deposit', 'the deposit network is missing'],
  ['IV1234567890deposit-t0n', 'a network is letters only'],
  ['IV1234567890pay', 'the invoice suffix is unknown'],
  ['order-1001-refund', 'the order sub-screen is unknown'],
  ['trade-TON', 'the quote asset is missing'],
  ['swap-BTC-USDT-ETH', 'a pair has two assets'],
  ['giveaway-Gx7k2-ref-extra', 'a giveaway takes one ref'],
  ['r-ab.c_offer-42', 'the referral hash is not alphanumeric'],
  ['r-abc_r-def_offer-42', 'a prefix is repeated'],
  ['r-abc-offer-42', 'a prefix ends with an underscore'],
  ['__proto__', 'only own keywords count'],
  ['constructor', 'only own keywords count'],
  ['help-', 'the help key is missing'],
];

describe('start parameter resolution', () => {
  it.each(routes)('resolves %s to %s', (startParam, path) => {
    expect(resolveStartParam(startParam).path).toBe(path);
  });

  it.each(home)('lands %s on home because %s', (startParam) => {
    expect(resolveStartParam(startParam)).toMatchObject({ path: '/', route: 'home' });
  });

  it('lands on home without a start parameter', () => {
    expect(resolveStartParam(null)).toEqual({
      path: '/',
      expand: true,
      route: 'home',
      referralHash: null,
      trackingHash: null,
    });
    expect(resolveStartParam(undefined).path).toBe('/');
  });

  it('accepts an id of exactly 64 characters', () => {
    expect(resolveStartParam(`order-${ID_64}`).path).toBe(`/p2p/orders/${ID_64}`);
  });

  it(`ignores a start parameter longer than ${MAX_START_PARAM_LENGTH} characters, prefixes included`, () => {
    const long = `r-abc_${'x'.repeat(MAX_START_PARAM_LENGTH)}`;
    expect(resolveStartParam(long)).toEqual({
      path: '/',
      expand: true,
      route: 'home',
      referralHash: null,
      trackingHash: null,
    });
  });

  it('only ever produces paths made of safe characters', () => {
    for (const [startParam] of [...routes, ...home]) {
      expect(resolveStartParam(startParam).path).toMatch(/^\/[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_=&-]*)?$/);
    }
  });

  it('maps every fixed keyword to a path', () => {
    for (const [keyword, path] of Object.entries(keywords)) {
      expect(resolveStartParam(keyword)).toMatchObject({ path, route: 'keyword' });
    }
  });
});

describe('referral and tracking prefixes', () => {
  it.each([
    ['r-abc123_offer-42', 'abc123', null],
    ['i-ads7_offer-42', null, 'ads7'],
    ['r-abc123_i-ads7_offer-42', 'abc123', 'ads7'],
    ['i-ads7_r-abc123', 'abc123', 'ads7'],
    ['r-abc123', 'abc123', null],
    ['offer-42', null, null],
    ['r-ab.c_offer-42', null, null],
    ['r-abc_r-def_offer-42', 'abc', null],
  ])('finds in %s the referral hash %s and the tracking hash %s', (startParam, referralHash, trackingHash) => {
    expect(resolveStartParam(startParam)).toMatchObject({ referralHash, trackingHash });
  });

  it('leaves a repeated prefix in the payload', () => {
    expect(stripPrefixes('r-abc_r-def_offer-42')).toEqual({
      payload: 'r-def_offer-42',
      referralHash: 'abc',
      trackingHash: null,
    });
  });
});

describe('mini app expansion', () => {
  it.each([
    ['IV1234567890', false],
    ['IV1234567890-deposit-ton', false],
    ['help-fees', false],
    ['help', false],
    ['add-home', false],
    ['offer-42', true],
    ['giveaway-Gx7k2-ref_9', true],
    ['nonsense', true],
    ['r-abc123', true],
  ])('for %s expands: %s', (startParam, expand) => {
    expect(resolveStartParam(startParam).expand).toBe(expand);
  });

  it.each([
    ['/invoices/IV1234567890/choose', false],
    ['/help?x=1', false],
    ['/add-home/app', false],
    ['/', true],
    ['/invoicesx', true],
    ['/wallet/deposit', true],
  ])('expands on %s: %s', (path, expand) => {
    expect(shouldExpand(path)).toBe(expand);
  });
});
