/**
 * Amount fields: typed text → smallest units with "," or "." as the decimal mark and spaces
 * ignored, refusing what is empty, malformed, too precise or zero; and the typing filter that
 * keeps a field to digits, one mark and the asset's decimals.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmountInput, sanitiseAmountTyping } from '../../../src/app/lib/amountInput.ts';
import { formatAssetNumber, unitsFromSmallest } from '../../../src/app/lib/money.ts';
import { btc, rub, usdt } from './money.assets.ts';

describe('reading a typed amount', () => {
  it('turns display units into smallest units', () => {
    expect(parseAmountInput('1.5', 8)).toEqual({ ok: true, smallest: '150000000' });
    expect(parseAmountInput('0.00000001', 8)).toEqual({ ok: true, smallest: '1' });
    expect(parseAmountInput('250', 0)).toEqual({ ok: true, smallest: '250' });
    expect(parseAmountInput('1250.5', 18)).toEqual({ ok: true, smallest: '1250500000000000000000' });
  });

  it('takes a comma as the decimal mark', () => {
    expect(parseAmountInput('0,25', 2)).toEqual({ ok: true, smallest: '25' });
  });

  it('ignores spaces, no-break ones included', () => {
    expect(parseAmountInput(' 1 250.5 ', 2)).toEqual({ ok: true, smallest: '125050' });
    expect(parseAmountInput('1\u00a0250,5', 2)).toEqual({ ok: true, smallest: '125050' });
  });

  it('accepts a bare leading or trailing mark and leading zeros', () => {
    expect(parseAmountInput('.5', 2)).toEqual({ ok: true, smallest: '50' });
    expect(parseAmountInput('5.', 2)).toEqual({ ok: true, smallest: '500' });
    expect(parseAmountInput('007', 2)).toEqual({ ok: true, smallest: '700' });
  });

  it('refuses an empty field', () => {
    expect(parseAmountInput('', 2)).toEqual({ ok: false, reason: 'empty' });
    expect(parseAmountInput('   ', 2)).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses text that is not a plain number', () => {
    for (const text of ['.', 'abc', '1.2.3', '1,2.3', '-1', '+1', '1e3', '1,000.50', '$5']) {
      expect(parseAmountInput(text, 2)).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('refuses more decimals than the asset has, but not harmless trailing zeros', () => {
    expect(parseAmountInput('1.234', 2)).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(parseAmountInput('1.5', 0)).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(parseAmountInput('1.500', 2)).toEqual({ ok: true, smallest: '150' });
  });

  it('refuses zero however it is written', () => {
    for (const text of ['0', '0.00', '000', '0,', '.0']) {
      expect(parseAmountInput(text, 2)).toEqual({ ok: false, reason: 'zero' });
    }
  });

  it('reads back any amount written in display units, with either mark', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom('.', ','),
        (smallest, decimals, mark) => {
          const text = unitsFromSmallest(smallest.toString(), decimals).toFixed().replace('.', mark);
          expect(parseAmountInput(text, decimals)).toEqual({ ok: true, smallest: smallest.toString() });
        },
      ),
    );
  });

  it('reads back what the formatter shows for space-grouped assets, at most the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 40n }), fc.constantFrom(btc, usdt, rub), (smallest, asset) => {
        const shown = formatAssetNumber(smallest.toString(), asset, { full: true });
        const parsed = parseAmountInput(shown, asset.decimals);
        if (!parsed.ok) {
          expect(parsed.reason).toBe('zero');
          return;
        }
        expect(new Decimal(parsed.smallest).lte(smallest.toString())).toBe(true);
      }),
    );
  });
});

describe('keeping a field sane while typing', () => {
  it('keeps digits and one decimal mark, written as a point', () => {
    expect(sanitiseAmountTyping('12a3', 2)).toBe('123');
    expect(sanitiseAmountTyping('1,5', 2)).toBe('1.5');
    expect(sanitiseAmountTyping('1.5.', 2)).toBe('1.5');
    expect(sanitiseAmountTyping('1 250', 2)).toBe('1250');
  });

  it('stops at the asset decimals', () => {
    expect(sanitiseAmountTyping('0.123', 2)).toBe('0.12');
    expect(sanitiseAmountTyping('7.', 0)).toBe('7');
  });

  it('writes a leading mark as 0. and drops leading zeros', () => {
    expect(sanitiseAmountTyping(',', 2)).toBe('0.');
    expect(sanitiseAmountTyping('.5', 2)).toBe('0.5');
    expect(sanitiseAmountTyping('0005', 2)).toBe('5');
    expect(sanitiseAmountTyping('00.5', 2)).toBe('0.5');
    expect(sanitiseAmountTyping('0', 2)).toBe('0');
  });

  it('leaves an empty field empty', () => {
    expect(sanitiseAmountTyping('', 2)).toBe('');
    expect(sanitiseAmountTyping('abc', 2)).toBe('');
  });

  it('always yields digits, at most one point and at most the asset decimals, and is stable', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '1', '9', '.', ',', ' ', 'a', '-') }),
        fc.integer({ min: 0, max: 18 }),
        (text, decimals) => {
          const sane = sanitiseAmountTyping(text, decimals);
          expect(sane).toMatch(/^\d*(\.\d*)?$/);
          expect((sane.split('.')[1] ?? '').length).toBeLessThanOrEqual(decimals);
          expect(sanitiseAmountTyping(sane, decimals)).toBe(sane);
          const parsed = parseAmountInput(sane, decimals);
          if (!parsed.ok) expect(['empty', 'zero']).toContain(parsed.reason);
        },
      ),
    );
  });
});
