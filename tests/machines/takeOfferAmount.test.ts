/**
 * The take form's amount rules on an 18-decimal token (USDT as the catalogue has it): what the
 * messages name and what Max fills are written at the catalogue's full view precision (6), rounded
 * so that they stay inside the offer's bounds; the checks themselves are exact.
 */
import { describe, expect, it } from 'vitest';
import {
  checkTakeAmount,
  convertAmountText,
  maxAmountText,
  minimumText,
} from '../../machines/takeOffer/amountRules.ts';

const facts = {
  type: 'buy' as const,
  price: '95.5',
  limits: { min: '500', max: '10000' },
  remainingVolume: '100000000000000000000',
  assetDecimals: 18,
  shownDecimals: 6,
  balance: '5759162303664921466',
};

describe('an 18-decimal asset', () => {
  it('names the minimum rounded up to 6 decimals', () => {
    expect(minimumText('crypto', facts)).toBe('5.235603');
  });

  it('fills Max rounded down to 6 decimals, and that amount passes the checks', () => {
    expect(maxAmountText('crypto', facts)).toBe('5.759162');
    expect(checkTakeAmount('5.759162', 'crypto', facts)).toEqual({
      status: 'valid',
      fiat: '549.99',
      crypto: '5759162000000000000',
    });
  });

  it('shows a fiat amount’s crypto at 6 decimals, and refuses a hair over the balance', () => {
    expect(convertAmountText('550', 'fiat', facts)).toBe('5.759162');
    expect(checkTakeAmount('550.01', 'fiat', facts)).toEqual({ status: 'invalid', problem: 'not_enough_balance' });
  });
});
