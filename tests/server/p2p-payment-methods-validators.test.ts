import { describe, expect, it } from 'vitest';
import {
  checkPaymentDetail,
  maskPaymentData,
  passesIbanChecksum,
  passesLuhn,
} from '../../src/contract/p2p-payment-details';
import { detailsCipher, detailsKeyFrom } from '../../src/server/modules/p2p-payment-methods/details-cipher';

describe('card numbers', () => {
  it.each([
    ['4111 1111 1111 1111', '4111111111111111'],
    ['5555-5555-5555-4444', '5555555555554444'],
    ['378282246310005', '378282246310005'],
    ['6011 1111 1111 1117', '6011111111111117'],
    ['4012888888881881', '4012888888881881'],
  ])('accepts %s, a number whose Luhn digit is right, as %s', (typed, saved) => {
    expect(checkPaymentDetail('card_number', typed)).toEqual({ ok: true, value: saved });
  });

  it.each(['4111 1111 1111 1112', '5555555555554445', '378282246310006'])(
    'refuses %s: its Luhn digit is wrong',
    (typed) => {
      expect(checkPaymentDetail('card_number', typed)).toEqual({ ok: false, problem: 'invalid_checksum' });
    },
  );

  it.each(['4111 1111 1111', '4111 1111 1111 111a', '41111111111111111111', '+4111111111111111'])(
    'refuses %s: not 13 to 19 digits',
    (typed) => {
      expect(checkPaymentDetail('card_number', typed)).toEqual({ ok: false, problem: 'invalid_format' });
    },
  );

  it('counts the Luhn sum from the right', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});

describe('IBANs', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['gb82 west 1234 5698 7654 32', 'GB82WEST12345698765432'],
    ['FR14 2004 1010 0505 0001 3M02 606', 'FR1420041010050500013M02606'],
    ['NL91ABNA0417164300', 'NL91ABNA0417164300'],
  ])('accepts %s, whose mod 97 check holds, as %s', (typed, saved) => {
    expect(checkPaymentDetail('iban', typed)).toEqual({ ok: true, value: saved });
  });

  it.each(['DE89 3704 0044 0532 0130 01', 'GB82 WEST 1234 5698 7654 33', 'NL92ABNA0417164300'])(
    'refuses %s: its check digits do not match',
    (typed) => {
      expect(checkPaymentDetail('iban', typed)).toEqual({ ok: false, problem: 'invalid_checksum' });
    },
  );

  it.each([
    'DE89 3704',
    '1234 5678 9012 3456 78',
    'DEXX370400440532013000',
    'DE8X370400440532013000',
    'DE89370400440532013000!',
  ])('refuses %s: not an IBAN', (typed) => {
    expect(checkPaymentDetail('iban', typed)).toEqual({ ok: false, problem: 'invalid_format' });
  });

  it('refuses an IBAN longer than 34 characters, and checks one of exactly 34', () => {
    // Check digits 00 are never valid (ISO 13616 gives 02 to 98).
    expect(checkPaymentDetail('iban', `DE00${'1'.repeat(30)}`)).toEqual({ ok: false, problem: 'invalid_checksum' });
    expect(checkPaymentDetail('iban', 'MT84MALT011000012345MTLCAST001S12345')).toEqual({
      ok: false,
      problem: 'too_long',
    });
  });

  it('checks the mod 97 rule on its own, letters counted A = 10 … Z = 35', () => {
    expect(passesIbanChecksum('DE89370400440532013000')).toBe(true);
    expect(passesIbanChecksum('MT84MALT011000012345MTLCAST001S')).toBe(true);
    expect(passesIbanChecksum('GB33BUKB20201555555555')).toBe(true);
    expect(passesIbanChecksum('AZ21NABZ00000000137010001944')).toBe(true);
    expect(passesIbanChecksum('DE88370400440532013000')).toBe(false);
  });
});

describe('phone numbers', () => {
  it.each([
    ['+7 (900) 123-45-67', '+79001234567'],
    ['79001234567', '+79001234567'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('accepts %s in international format as %s', (typed, saved) => {
    expect(checkPaymentDetail('phone', typed)).toEqual({ ok: true, value: saved });
  });

  it.each(['+0 900 123 45 67', '12345', '+7900123456789012', '8-900-CALL-NOW'])(
    'refuses %s: not 7 to 15 digits without a leading zero',
    (typed) => {
      expect(checkPaymentDetail('phone', typed)).toEqual({ ok: false, problem: 'invalid_format' });
    },
  );
});

describe('the other kinds', () => {
  it('accepts a 20-digit Russian account number and refuses four digits or letters', () => {
    expect(checkPaymentDetail('account_number', '40817 810 0999 1000 4312')).toEqual({
      ok: true,
      value: '40817810099910004312',
    });
    expect(checkPaymentDetail('account_number', '1234')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('account_number', 'acc12345')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('account_number', '12345acc')).toEqual({ ok: false, problem: 'invalid_format' });
  });

  it.each([
    ['account_number', '1'.repeat(34), '1'.repeat(35)],
    ['email', `${'a'.repeat(242)}@example.com`, `${'a'.repeat(243)}@example.com`],
    ['holder_name', 'A'.repeat(64), 'A'.repeat(65)],
    ['text', 'x'.repeat(64), 'x'.repeat(65)],
  ] as const)('accepts a %s at its longest and refuses one character more', (kind, longest, tooLong) => {
    expect(checkPaymentDetail(kind, longest)).toEqual({ ok: true, value: longest });
    expect(checkPaymentDetail(kind, tooLong)).toEqual({ ok: false, problem: 'too_long' });
  });

  it('accepts holders’ names in any alphabet and refuses digits or a single letter', () => {
    expect(checkPaymentDetail('holder_name', '  Иван   Петров ')).toEqual({ ok: true, value: 'Иван Петров' });
    expect(checkPaymentDetail('holder_name', "Anna-Maria O'Neil")).toEqual({ ok: true, value: "Anna-Maria O'Neil" });
    expect(checkPaymentDetail('holder_name', 'Maria de la Cruz')).toEqual({ ok: true, value: 'Maria de la Cruz' });
    expect(checkPaymentDetail('holder_name', 'Madonna')).toEqual({ ok: true, value: 'Madonna' });
    expect(checkPaymentDetail('holder_name', 'Li')).toEqual({ ok: true, value: 'Li' });
    expect(checkPaymentDetail('holder_name', 'R2D2')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('holder_name', 'Anna B2')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('holder_name', '1Anna')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('holder_name', 'A')).toEqual({ ok: false, problem: 'invalid_format' });
  });

  it('accepts an e-mail with a dotted domain and refuses one without', () => {
    expect(checkPaymentDetail('email', 'anna.p@example.com')).toEqual({ ok: true, value: 'anna.p@example.com' });
    expect(checkPaymentDetail('email', 'anna@example')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('email', 'anna example.com')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('email', 'anna b@example.com')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('email', 'anna@example.com x')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('email', 'anna@mail.example.com')).toEqual({ ok: true, value: 'anna@mail.example.com' });
    expect(checkPaymentDetail('email', 'anna@mail x.example.com')).toEqual({ ok: false, problem: 'invalid_format' });
  });

  it('accepts a UPI id as text and refuses control characters', () => {
    expect(checkPaymentDetail('text', 'anna@okhdfcbank')).toEqual({ ok: true, value: 'anna@okhdfcbank' });
    expect(checkPaymentDetail('text', 'anna\u0000')).toEqual({ ok: false, problem: 'invalid_format' });
    expect(checkPaymentDetail('text', '\u0007anna')).toEqual({ ok: false, problem: 'invalid_format' });
  });

  it('calls an empty or blank value required, whatever the kind', () => {
    expect(checkPaymentDetail('card_number', '')).toEqual({ ok: false, problem: 'required' });
    expect(checkPaymentDetail('holder_name', '   ')).toEqual({ ok: false, problem: 'required' });
  });
});

describe('masking and sealing', () => {
  it('shows only the last 4 characters', () => {
    expect(maskPaymentData('4111111111111111')).toBe('•••• 1111');
    expect(maskPaymentData('+79001234567')).toBe('•••• 4567');
  });

  it('seals details so the text holds none of them, opens them for the owner, and refuses another owner', () => {
    const cipher = detailsCipher(detailsKeyFrom('a secret of the deployment, long enough'));

    const sealed = cipher.seal(42, { card_number: '4111111111111111', holder_name: 'Anna Petrova' });

    expect(sealed).not.toContain('4111');
    expect(sealed).not.toContain('Anna');
    expect(cipher.open(42, sealed)).toEqual({ card_number: '4111111111111111', holder_name: 'Anna Petrova' });
    expect(() => cipher.open(43, sealed)).toThrow();
    expect(() => detailsCipher(detailsKeyFrom('another secret, also long enough!!')).open(42, sealed)).toThrow();
  });
});
