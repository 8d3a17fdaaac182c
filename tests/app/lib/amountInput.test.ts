/**
 * The one amount-input rule of the app (spec 001 s.5: "A comma is taken as a decimal point and
 * spaces are removed"): typed text → smallest units, and every other ambiguous text a named
 * problem, never a guess. The two reported bugs are tests of their own: "1,000.5" was read as
 * 1.0005 and "1e3" as 13.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInputText, parseAmountInput } from '../../../src/app/lib/amountInput.ts';
import { formatAssetNumber } from '../../../src/app/lib/money.ts';
import { unitsFromSmallest } from '../../../src/app/lib/moneyUnits.ts';
import { btc, rub, usdt } from './money.assets.ts';

describe('the amount-input rule', () => {
  it('reads "1,000.5" as a mistake with two marks, not as 1.0005', () => {
    expect(parseAmountInput('1,000.5', 6)).toEqual({ ok: false, problem: 'two_marks' });
  });

  it('reads "1e3" as an exponent to write out, not as 13 or 1000', () => {
    expect(parseAmountInput('1e3', 6)).toEqual({ ok: false, problem: 'exponent' });
    expect(parseAmountInput('2.5E-3', 6)).toEqual({ ok: false, problem: 'exponent' });
    expect(parseAmountInput('1e10', 6)).toEqual({ ok: false, problem: 'exponent' });
  });

  it('reads an exponent with something else around it as not a number', () => {
    expect(parseAmountInput('a1e3', 6)).toEqual({ ok: false, problem: 'not_a_number' });
    expect(parseAmountInput('1e3x', 6)).toEqual({ ok: false, problem: 'not_a_number' });
  });

  it('takes a comma as the decimal point', () => {
    expect(parseAmountInput('0,25', 2)).toEqual({ ok: true, smallest: '25' });
    expect(parseAmountInput('1000,5', 2)).toEqual({ ok: true, smallest: '100050' });
  });

  it('removes spaces, no-break ones included, wherever they are', () => {
    expect(parseAmountInput(' 1 250.5 ', 2)).toEqual({ ok: true, smallest: '125050' });
    expect(parseAmountInput('1\u00a0250,5', 2)).toEqual({ ok: true, smallest: '125050' });
    expect(parseAmountInput('1 0 0', 0)).toEqual({ ok: true, smallest: '100' });
  });

  it('turns display units into smallest units', () => {
    expect(parseAmountInput('1.5', 8)).toEqual({ ok: true, smallest: '150000000' });
    expect(parseAmountInput('0.00000001', 8)).toEqual({ ok: true, smallest: '1' });
    expect(parseAmountInput('250', 0)).toEqual({ ok: true, smallest: '250' });
    expect(parseAmountInput('1250.5', 18)).toEqual({ ok: true, smallest: '1250500000000000000000' });
  });

  it('accepts a bare leading or trailing mark and leading zeros', () => {
    expect(parseAmountInput('.5', 2)).toEqual({ ok: true, smallest: '50' });
    expect(parseAmountInput('5,', 2)).toEqual({ ok: true, smallest: '500' });
    expect(parseAmountInput('007', 2)).toEqual({ ok: true, smallest: '700' });
  });

  it('says an empty field is empty', () => {
    expect(parseAmountInput('', 2)).toEqual({ ok: false, problem: 'empty' });
    expect(parseAmountInput(' \u00a0 ', 2)).toEqual({ ok: false, problem: 'empty' });
  });

  it('names every second separator, whichever marks they are', () => {
    for (const text of ['1.000,5', '1,000,000', '1.2.3', '1..5', ',,', '1,5.']) {
      expect(parseAmountInput(text, 2), text).toEqual({ ok: false, problem: 'two_marks' });
    }
  });

  it('names letters, signs and symbols as not a number', () => {
    for (const text of ['abc', '12a', '-1', '+1', '$5', '5 USDT', '1_000', "1'000", '.', ',', 'e3', '½']) {
      expect(parseAmountInput(text, 2), text).toEqual({ ok: false, problem: 'not_a_number' });
    }
  });

  it('refuses more decimals than the asset has, but not harmless trailing zeros', () => {
    expect(parseAmountInput('1.234', 2)).toEqual({ ok: false, problem: 'too_many_decimals' });
    expect(parseAmountInput('1.5', 0)).toEqual({ ok: false, problem: 'too_many_decimals' });
    expect(parseAmountInput('1.500', 2)).toEqual({ ok: true, smallest: '150' });
    expect(parseAmountInput('1.5000', 2)).toEqual({ ok: true, smallest: '150' });
    expect(parseAmountInput('7.0', 0)).toEqual({ ok: true, smallest: '7' });
  });

  it('says zero however it is written', () => {
    for (const text of ['0', '0.00', '000', '0,', '.0']) {
      expect(parseAmountInput(text, 2), text).toEqual({ ok: false, problem: 'zero' });
    }
  });
});

describe('the amount-input rule, for any text', () => {
  /** Text made of what people type into an amount field, plus a few things they should not. */
  const typed = fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', ',', ' ', '\u00a0', 'e', 'a', '-', '+') });

  it('reads back any amount written in display units, with either mark and spaces anywhere', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom('.', ','),
        fc.array(fc.nat(), { maxLength: 4 }),
        (smallest, decimals, mark, spacesAt) => {
          let text = unitsFromSmallest(smallest.toString(), decimals).toFixed().replace('.', mark);
          for (const at of spacesAt)
            text = `${text.slice(0, at % (text.length + 1))} ${text.slice(at % (text.length + 1))}`;
          expect(parseAmountInput(text, decimals)).toEqual({ ok: true, smallest: smallest.toString() });
        },
      ),
    );
  });

  it('never reads a text with two marks, a letter or a sign as a number', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: 0, max: 18 }), (text, decimals) => {
        const marks = (text.match(/[.,]/g) ?? []).length;
        const parsed = parseAmountInput(text, decimals);
        if (marks > 1 || /[a-z+-]/i.test(text)) expect(parsed.ok).toBe(false);
        if (marks > 1) expect(parsed).toEqual({ ok: false, problem: 'two_marks' });
      }),
    );
  });

  it('gives an amount that, written back, is what was typed without spaces and trailing zeros', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: 0, max: 18 }), (text, decimals) => {
        const parsed = parseAmountInput(text, decimals);
        if (!parsed.ok) return;
        const written = new Decimal(amountInputText(parsed.smallest, decimals));
        const compact = text.replace(/\s/g, '').replace(',', '.').replace(/\.$/, '');
        const typedNumber = new Decimal(compact.startsWith('.') ? `0${compact}` : compact);
        expect(written.eq(typedNumber)).toBe(true);
      }),
    );
  });

  it('reads back what the formatter shows for space-grouped assets, at most the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 40n }), fc.constantFrom(btc, usdt, rub), (smallest, asset) => {
        const shown = formatAssetNumber(smallest.toString(), asset, { full: true });
        const parsed = parseAmountInput(shown, asset.decimals);
        if (!parsed.ok) {
          expect(parsed.problem).toBe('zero');
          return;
        }
        expect(new Decimal(parsed.smallest).lte(smallest.toString())).toBe(true);
      }),
    );
  });
});

describe('amounts written as a person would type them', () => {
  it('writes smallest units with a point and no trailing zeros', () => {
    expect(amountInputText('99500000', 6)).toBe('99.5');
    expect(amountInputText('5', 6)).toBe('0.000005');
    expect(amountInputText('0', 6)).toBe('0');
    expect(amountInputText('1200', 0)).toBe('1200');
  });

  it('reads back as the same amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (smallest, decimals) => {
        const text = amountInputText(smallest.toString(), decimals);
        expect(parseAmountInput(text, decimals)).toEqual({ ok: true, smallest: smallest.toString() });
      }),
    );
  });
});
