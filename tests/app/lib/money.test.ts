/**
 * Amount display, rule by rule (spec 000 s.5 and s.9): exact conversion from smallest units,
 * rounding down, the representable minimum, list and full precision, the below-1 rule, separators
 * per currency kind, symbol placement, KGS by code, signs and en-US percentages.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatAssetAmount, formatAssetNumber } from '../../../src/app/lib/money.ts';
import {
  formatPercent,
  isRepresentable,
  smallestFromUnits,
  unitsFromSmallest,
} from '../../../src/app/lib/moneyUnits.ts';
import { btc, eth, eur, jet, kgs, rub, trx, uah, usd, usdt } from './money.assets.ts';

/** The no-break space the formatter groups with, written visibly. */
const nbsp = '\u00a0';

describe('converting between smallest units and display units', () => {
  it('divides by ten to the asset decimals exactly, even for 18-decimal tokens', () => {
    expect(unitsFromSmallest('150000000', 8).toFixed()).toBe('1.5');
    expect(unitsFromSmallest('123456789012345678901234567', 18).toFixed()).toBe('123456789.012345678901234567');
    expect(unitsFromSmallest('1', 18).toFixed()).toBe('0.000000000000000001');
  });

  it('rounds down to whole smallest units and never up', () => {
    expect(smallestFromUnits('1.999999999', 8)).toBe('199999999');
    expect(smallestFromUnits(new Decimal('0.123456789'), 6)).toBe('123456');
    expect(smallestFromUnits('42', 0)).toBe('42');
  });

  it('ignores spaces around the number', () => {
    expect(smallestFromUnits(' 2.5 ', 2)).toBe('250');
  });

  it('answers null for less than one smallest unit and for text that is not a number', () => {
    expect(smallestFromUnits('0.000000009', 8)).toBeNull();
    expect(smallestFromUnits('0', 8)).toBeNull();
    expect(smallestFromUnits('one', 8)).toBeNull();
    expect(smallestFromUnits('', 8)).toBeNull();
    expect(smallestFromUnits('Infinity', 8)).toBeNull();
  });

  it('calls an amount representable only from one smallest unit up', () => {
    expect(isRepresentable('0.00000001', 8)).toBe(true);
    expect(isRepresentable('0.000000019', 8)).toBe(true);
    expect(isRepresentable('0.000000009', 8)).toBe(false);
    expect(isRepresentable('1', 0)).toBe(true);
    expect(isRepresentable('0.9', 0)).toBe(false);
  });
});

describe('the number of an amount', () => {
  it('shows 4 decimals of crypto in lists and rounds down', () => {
    expect(formatAssetNumber('123456789', btc)).toBe('1.2345');
    expect(formatAssetNumber('199999999', btc)).toBe('1.9999');
  });

  it('shows 2 decimals of stablecoins and fiat in lists', () => {
    expect(formatAssetNumber('1999999999999999999', usdt)).toBe('1.99');
    expect(formatAssetNumber('199999999', usd)).toBe('1.99');
  });

  it('shows view_full_decimals when full', () => {
    expect(formatAssetNumber('123456789', btc, { full: true })).toBe('1.23456789');
    expect(formatAssetNumber('1234567891234567891', eth, { full: true })).toBe('1.234567891');
    expect(formatAssetNumber('1234567891234567891', usdt, { full: true })).toBe('1.234567');
  });

  it('trims trailing zeros of crypto but keeps two decimals of fiat', () => {
    expect(formatAssetNumber('150000000', btc)).toBe('1.5');
    expect(formatAssetNumber('100000000', btc)).toBe('1');
    expect(formatAssetNumber('150000000', usd)).toBe('1.50');
    expect(formatAssetNumber('100000000', rub)).toBe('1.00');
  });

  it('shows zero as 0 for crypto and 0.00 for fiat', () => {
    expect(formatAssetNumber('0', btc)).toBe('0');
    expect(formatAssetNumber('0', eur)).toBe('0.00');
  });

  it('gives a number below 1 decimals until its first significant digit, no more', () => {
    expect(formatAssetNumber('1234', btc)).toBe('0.00001');
    expect(formatAssetNumber('1', btc)).toBe('0.00000001');
    expect(formatAssetNumber('1', usdt)).toBe('0.000000000000000001');
    expect(formatAssetNumber('1234', usd)).toBe('0.00001');
    expect(formatAssetNumber('5', trx)).toBe('0.000005');
  });

  it('keeps the list precision for a number below 1 whose first digit is within it', () => {
    expect(formatAssetNumber('12345678', btc)).toBe('0.1234');
    expect(formatAssetNumber('500000000', jet)).toBe('0.5');
  });

  it('leaves numbers of 1 and more at their precision even if that hides small digits', () => {
    expect(formatAssetNumber('100000001', btc)).toBe('1');
  });

  it('groups thousands with a space for crypto and RUB and a comma for other fiat', () => {
    expect(formatAssetNumber('123456789000000', btc)).toBe(`1${nbsp}234${nbsp}567.89`);
    expect(formatAssetNumber('123456789000000', rub)).toBe(`1${nbsp}234${nbsp}567.89`);
    expect(formatAssetNumber('123456789000000', usd)).toBe('1,234,567.89');
    expect(formatAssetNumber('123456789000000', uah)).toBe('1,234,567.89');
    expect(formatAssetNumber('123456789000000', kgs)).toBe('1,234,567.89');
    expect(formatAssetNumber('99900000000', usd)).toBe('999.00');
  });

  it('signs non-zero amounts on request, with a true minus sign', () => {
    expect(formatAssetNumber('150000000', btc, { signed: true })).toBe('+1.5');
    expect(formatAssetNumber('-150000000', btc, { signed: true })).toBe('\u22121.5');
    expect(formatAssetNumber('0', btc, { signed: true })).toBe('0');
  });

  it('always shows the minus of a negative amount', () => {
    expect(formatAssetNumber('-150000000', usd)).toBe('\u22121.50');
  });
});

describe('an amount with its unit', () => {
  it('puts the code after crypto', () => {
    expect(formatAssetAmount('120000', btc)).toBe(`0.0012${nbsp}BTC`);
    expect(formatAssetAmount('1250500000000000000000', usdt)).toBe(`1${nbsp}250.5${nbsp}USDT`);
  });

  it('puts a dollar-like sign before the number and other signs after it', () => {
    expect(formatAssetAmount('123456000000', usd)).toBe('$1,234.56');
    expect(formatAssetAmount('123456000000', eur)).toBe('€1,234.56');
    expect(formatAssetAmount('123456000000', rub)).toBe(`1${nbsp}234.56${nbsp}₽`);
    expect(formatAssetAmount('123456000000', uah)).toBe(`1,234.56${nbsp}₴`);
  });

  it('shows KGS by its code', () => {
    expect(formatAssetAmount('123456000000', kgs)).toBe(`1,234.56${nbsp}KGS`);
  });

  it('puts the sign before a leading currency symbol', () => {
    expect(formatAssetAmount('500000000', usd, { signed: true })).toBe('+$5.00');
    expect(formatAssetAmount('-500000000', usd)).toBe('\u2212$5.00');
    expect(formatAssetAmount('-500000000', rub)).toBe(`\u22125.00${nbsp}₽`);
  });

  it('uses the full precision on request', () => {
    expect(formatAssetAmount('123456789', btc, { full: true })).toBe(`1.23456789${nbsp}BTC`);
  });
});

describe('percentages', () => {
  it('are written the en-US way', () => {
    expect(formatPercent('1')).toBe('1%');
    expect(formatPercent('0.5')).toBe('0.5%');
    expect(formatPercent('12.50')).toBe('12.5%');
    expect(formatPercent('1234.5')).toBe('1,234.5%');
    expect(formatPercent('0')).toBe('0%');
  });

  it('keep at most two decimals, rounding half up', () => {
    expect(formatPercent('0.125')).toBe('0.13%');
    expect(formatPercent('0.004')).toBe('0%');
  });

  it('pass text that is not a number through unchanged', () => {
    expect(formatPercent('n/a')).toBe('n/a');
  });
});
