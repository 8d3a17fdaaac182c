/**
 * Properties of amount conversion and display over generated amounts: smallest units survive the
 * trip through display units, rounding down never increases a value, what is shown reads back
 * within the precision shown, thousands are grouped per currency kind, numbers below 1 always
 * show a significant digit, and signs follow the amount.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAssetAmount, formatAssetNumber } from '../../../src/app/lib/money.ts';
import { smallestFromUnits, unitsFromSmallest } from '../../../src/app/lib/moneyUnits.ts';
import type { Asset } from '../../../src/contract/wallet.ts';
import { allAssets, cryptoAssets, fiatAssets } from './money.assets.ts';

/** Amounts from dust to far beyond any float's exact range. */
const smallestAmount = fc.bigInt({ min: 0n, max: 10n ** 40n }).map((value) => value.toString());
const positiveSmallestAmount = fc.bigInt({ min: 1n, max: 10n ** 40n }).map((value) => value.toString());
/** Amounts biased towards below one unit, where the extra-decimals rule applies. */
const dustAmount = fc.oneof(
  fc.bigInt({ min: 1n, max: 10n ** 9n }),
  fc.integer({ min: 0, max: 17 }).map((exponent) => 10n ** BigInt(exponent)),
);
const decimals = fc.integer({ min: 0, max: 30 });
const anyAsset = fc.constantFrom<Asset>(...allAssets);
const formatOptions = fc.record({ full: fc.boolean() });

/** A decimal string with up to 40 decimals, as a person or a price feed might give. */
const decimalText = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 40 }))
  .map(([digits, scale]) => new Decimal(digits.toString()).div(new Decimal(10).pow(scale)).toFixed());

/** Reads a formatted number back: separators out, the minus sign as "-". */
function readBack(formatted: string): Decimal {
  return new Decimal(formatted.replace(/[\u00a0,+]/g, '').replace('\u2212', '-'));
}

function precisionOf(asset: Asset, full: boolean): number {
  return Math.min(full ? asset.view_full_decimals : asset.view_decimals, asset.decimals);
}

describe('conversion properties', () => {
  it('returns every positive amount of smallest units unchanged after a trip through display units', () => {
    fc.assert(
      fc.property(positiveSmallestAmount, decimals, (smallest, places) => {
        expect(smallestFromUnits(unitsFromSmallest(smallest, places), places)).toBe(smallest);
      }),
    );
  });

  it('never rounds a value up, and loses less than one smallest unit', () => {
    fc.assert(
      fc.property(decimalText, decimals, (units, places) => {
        const smallest = smallestFromUnits(units, places);
        const oneUnit = new Decimal(10).pow(-places);
        if (smallest === null) {
          expect(new Decimal(units).lt(oneUnit)).toBe(true);
          return;
        }
        const back = unitsFromSmallest(smallest, places);
        expect(back.lte(units)).toBe(true);
        expect(new Decimal(units).minus(back).lt(oneUnit)).toBe(true);
      }),
    );
  });
});

describe('display properties', () => {
  it('shows a number that reads back at most the amount and within the precision shown', () => {
    fc.assert(
      fc.property(smallestAmount, anyAsset, formatOptions, (smallest, asset, { full }) => {
        const units = unitsFromSmallest(smallest, asset.decimals);
        const shown = readBack(formatAssetNumber(smallest, asset, { full }));
        expect(shown.lte(units)).toBe(true);
        expect(units.minus(shown).lt(new Decimal(10).pow(-precisionOf(asset, full)))).toBe(true);
      }),
    );
  });

  it('never shows a bigger number for a smaller amount', () => {
    fc.assert(
      fc.property(smallestAmount, smallestAmount, anyAsset, formatOptions, (first, second, asset, { full }) => {
        const [low, high] = BigInt(first) <= BigInt(second) ? [first, second] : [second, first];
        const lowShown = readBack(formatAssetNumber(low, asset, { full }));
        const highShown = readBack(formatAssetNumber(high, asset, { full }));
        expect(lowShown.lte(highShown)).toBe(true);
      }),
    );
  });

  it('groups thousands with a space for crypto and RUB and with a comma for other fiat', () => {
    fc.assert(
      fc.property(smallestAmount, anyAsset, (smallest, asset) => {
        const formatted = formatAssetNumber(smallest, asset);
        const spaced = asset.is_fiat === false || asset.code === 'RUB';
        const pattern = spaced ? /^\d{1,3}(\u00a0\d{3})*(\.\d+)?$/ : /^\d{1,3}(,\d{3})*(\.\d+)?$/;
        expect(formatted).toMatch(pattern);
      }),
    );
  });

  it('shows a non-zero amount below 1 with exactly one significant digit when its precision would hide it', () => {
    fc.assert(
      fc.property(dustAmount, anyAsset, formatOptions, (smallest, asset, { full }) => {
        const units = unitsFromSmallest(smallest.toString(), asset.decimals);
        fc.pre(units.gt(0) && units.lt(1));
        const formatted = formatAssetNumber(smallest.toString(), asset, { full });
        expect(readBack(formatted).gt(0)).toBe(true);
        const precision = precisionOf(asset, full);
        if (units.lt(new Decimal(10).pow(-precision))) {
          expect(formatted).toMatch(/^0\.0*[1-9]$/);
        }
      }),
    );
  });

  it('trims trailing zeros of crypto and keeps at least two decimals of fiat', () => {
    fc.assert(
      fc.property(smallestAmount, fc.constantFrom<Asset>(...cryptoAssets), (smallest, asset) => {
        expect(formatAssetNumber(smallest, asset)).not.toMatch(/\.\d*0$|\.$/);
      }),
    );
    fc.assert(
      fc.property(smallestAmount, fc.constantFrom<Asset>(...fiatAssets), (smallest, asset) => {
        expect(formatAssetNumber(smallest, asset)).toMatch(/\.\d{2,}$/);
      }),
    );
  });

  it('signs positive amounts with "+" and negative ones with "−", and zero with nothing', () => {
    fc.assert(
      fc.property(smallestAmount, anyAsset, fc.boolean(), (smallest, asset, negative) => {
        const amount = negative && smallest !== '0' ? `-${smallest}` : smallest;
        const signed = formatAssetNumber(amount, asset, { signed: true });
        const magnitude = formatAssetNumber(smallest, asset);
        if (smallest === '0') expect(signed).toBe(magnitude);
        else expect(signed).toBe(`${negative ? '\u2212' : '+'}${magnitude}`);
      }),
    );
  });

  it('writes the amount with its unit around the same number', () => {
    fc.assert(
      fc.property(smallestAmount, anyAsset, (smallest, asset) => {
        const number = formatAssetNumber(smallest, asset);
        const amount = formatAssetAmount(smallest, asset);
        const unit = asset.is_fiat ? asset.symbol : asset.code;
        expect([`${number}\u00a0${unit}`, `${unit}${number}`]).toContain(amount);
      }),
    );
  });
});
