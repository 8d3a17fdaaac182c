import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  cryptoForFiat,
  fiatAmountOf,
  fiatCents,
  floatingPriceCents,
  makerFee,
  reservationOf,
} from '../../src/server/modules/p2p-offers/money';

describe('offer arithmetic', () => {
  it('reads fiat amounts as cents and writes them back without trailing zeros', () => {
    expect([fiatCents('1500'), fiatCents('99.9'), fiatCents('0.05'), fiatCents('1500.00')]).toEqual([
      150000n,
      9990n,
      5n,
      150000n,
    ]);
    expect([fiatAmountOf(150000n), fiatAmountOf(9990n), fiatAmountOf(5n), fiatAmountOf(8222n)]).toEqual([
      '1500',
      '99.9',
      '0.05',
      '82.22',
    ]);
  });

  it('converts fiat to crypto at a price rounding down: 1000 RUB at 82.22 is 12.162490878131841401 USDT', () => {
    expect(cryptoForFiat(100000n, 8222n, 18)).toBe(12162490878131841401n);
    expect(cryptoForFiat(8222n, 8222n, 18)).toBe(10n ** 18n);
    expect(cryptoForFiat(1n, 3n, 0)).toBe(0n);
  });

  it('rounds the fee up to the smallest unit and takes fractional percents exactly', () => {
    expect(makerFee(100n, '1')).toBe(1n);
    expect(makerFee(101n, '1')).toBe(2n);
    expect(makerFee(1n, '1')).toBe(1n);
    expect(makerFee(0n, '1')).toBe(0n);
    expect(makerFee(1000n, '0.5')).toBe(5n);
    expect(makerFee(1001n, '0.5')).toBe(6n);
    expect(makerFee(10_000n, '1.25')).toBe(125n);
    expect(makerFee(10_000n, '0')).toBe(0n);
    expect(reservationOf(10n ** 20n, '1')).toBe(101n * 10n ** 18n);
  });

  it('prices a floating offer half up to the cent: 101.5 % of 81 is 82.22, 100.01 % of 0.5 is 0.50', () => {
    expect(floatingPriceCents(new Decimal('81'), '101.5')).toBe(8222n);
    expect(floatingPriceCents(new Decimal('81'), '101.49')).toBe(8221n);
    expect(floatingPriceCents(new Decimal('0.5'), '100.01')).toBe(50n);
    expect(floatingPriceCents(new Decimal('7695000'), '90')).toBe(692550000n);
  });
});
