/**
 * The quote's arithmetic and its signed id (docs/p2c.md "The quote"), with figures worked out by
 * hand; the API-level quote (81 RUB, 1,500 RUB) is in p2c-pay.test.ts.
 */
import { createHmac } from 'node:crypto';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  amountForKopecks,
  clientRateKopecks,
  quoteStep,
  serviceFee,
} from '../../src/server/modules/p2c-payments/money';
import { type QuoteTerms, quoteSigner } from '../../src/server/modules/p2c-payments/quote';

const terms: QuoteTerms = {
  userId: 100_000_001,
  qrId: 'AS1000670LSS7DN18SJQDNP4B05KLJL2',
  asset: 'USDT',
  fiatKopecks: 150000n,
  rateKopecks: 7938n,
  amount: 18896448000000000000n,
  fee: 188965000000000000n,
  expiresAt: new Date('2026-11-24T12:00:30.000Z'),
};

describe('the P2C quote', () => {
  it('takes 2 % off the reference price and rounds the rate down to the kopeck', () => {
    // 81.237 × 0.98 = 79.61226 → 79.61; 100 × 0.98 = 98 exactly.
    expect(clientRateKopecks(new Decimal('81.237'))).toBe(7961n);
    expect(clientRateKopecks(new Decimal('100'))).toBe(9800n);
  });

  it('moves in steps of the last decimal the screens show: a millionth of USDT, a smallest unit of TON', () => {
    expect(quoteStep(18, 6)).toBe(1_000_000_000_000n);
    expect(quoteStep(9, 9)).toBe(1n);
    expect(quoteStep(2, 6)).toBe(1n);
  });

  it('rounds the crypto amount up only when the roubles do not divide exactly', () => {
    // 79.38 RUB at 79.38 a unit of a 2-decimal asset is exactly 1.00; 79.39 needs 1.0001… → 1.01.
    expect(amountForKopecks(7938n, 7938n, 2, 1n)).toBe(100n);
    expect(amountForKopecks(7939n, 7938n, 2, 1n)).toBe(101n);
  });

  it('rounds the crypto amount up to a whole step, and leaves one that is whole', () => {
    // 1,500 RUB at 79.38 is 18.896447467876… USDT: up to the millionth, 18.896448.
    expect(amountForKopecks(150000n, 7938n, 18, 1_000_000_000_000n)).toBe(18_896448_000000_000000n);
    // 79.38 RUB at 79.38 is exactly 1 USDT, already whole.
    expect(amountForKopecks(7938n, 7938n, 18, 1_000_000_000_000n)).toBe(1_000000_000000_000000n);
  });

  it('charges 1 % of the amount, rounded up to the step', () => {
    expect(serviceFee(100n, 1n)).toBe(1n);
    expect(serviceFee(101n, 1n)).toBe(2n);
    expect(serviceFee(1n, 1n)).toBe(1n);
    // 1 % of 18.896448 USDT is 0.18896448: up to the millionth, 0.188965.
    expect(serviceFee(18_896448_000000_000000n, 1_000_000_000_000n)).toBe(188965_000000_000000n);
    // 1 % of 1 USDT is 0.01 exactly.
    expect(serviceFee(1_000000_000000_000000n, 1_000_000_000_000n)).toBe(10000_000000_000000n);
  });

  it('opens its own signed id to the same terms', () => {
    const signer = quoteSigner('secret one');
    expect(signer.open(signer.sign(terms))).toEqual(terms);
  });

  /**
   * An id for any payload, signed the way the server signs (written out here, so a payload the
   * signer itself would never produce can be tried): only the terms' own shape is refused then.
   */
  function signedAsOurs(secret: string, payloadText: string): string {
    const key = createHmac('sha256', secret).update('kopilka p2c quote v1').digest();
    const payload = Buffer.from(payloadText).toString('base64url');
    return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
  }

  it('opens an id signed as the server signs, so the tests below try only the shape', () => {
    const id = signedAsOurs(
      'secret one',
      JSON.stringify([
        100_000_001,
        terms.qrId,
        'USDT',
        '150000',
        '7938',
        '18896448000000000000',
        '188965000000000000',
        1,
      ]),
    );
    expect(quoteSigner('secret one').open(id)).toMatchObject({ amount: 18896448000000000000n, expiresAt: new Date(1) });
  });

  it('refuses a genuinely signed id that is not JSON, or whose figures are not whole numbers', () => {
    const signer = quoteSigner('secret one');
    const withAmount = (amount: string) =>
      signedAsOurs('secret one', JSON.stringify([1, terms.qrId, 'USDT', '150000', '7938', amount, '1', 1]));

    expect(signer.open(signedAsOurs('secret one', 'not json'))).toBeNull();
    expect(signer.open(signedAsOurs('secret one', JSON.stringify({ amount: '1' })))).toBeNull();
    for (const amount of ['x5', '5x', '-5', '1.5', '05', '']) expect(signer.open(withAmount(amount))).toBeNull();
  });

  it('refuses an id signed with another secret, altered, or not an id at all', () => {
    const signer = quoteSigner('secret one');
    const id = signer.sign(terms);
    const [payload = '', signature = ''] = id.split('.');
    const altered = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace('"188965000000000000"', '"1"'),
    ).toString('base64url');

    expect(quoteSigner('secret two').open(id)).toBeNull();
    expect(signer.open(`${altered}.${signature}`)).toBeNull();
    expect(signer.open(`${id}.extra`)).toBeNull();
    expect(signer.open('garbage')).toBeNull();
  });
});
