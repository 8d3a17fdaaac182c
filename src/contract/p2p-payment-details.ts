import type { PaymentDetailKind } from './p2p-market';

// The checks of payment details by kind (contract p2p-market.ts `paymentDetailKinds`). Pure, so
// the app checks a value as it is typed and the server checks it again with the same code before
// saving; the server stores the normalised value (spaces and dashes gone, an IBAN upper-case).

/** Why a detail was refused: what `invalid_payment_details` reports per field key. */
export type PaymentDetailProblem =
  /** Empty, or missing from the request. */
  | 'required'
  /** Not the shape of its kind (letters in a card number, no @ in an e-mail …). */
  | 'invalid_format'
  /** The shape is right but the check digits are not (Luhn for cards, mod 97 for IBANs). */
  | 'invalid_checksum'
  /** Longer than the kind allows. */
  | 'too_long'
  /** A key the catalogue entry does not ask for. */
  | 'unknown_field';

export type PaymentDetailCheck =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly problem: PaymentDetailProblem };

const ok = (value: string): PaymentDetailCheck => ({ ok: true, value });
const refused = (problem: PaymentDetailProblem): PaymentDetailCheck => ({ ok: false, problem });

/** Spaces, dashes, dots and brackets people type to group digits. */
function withoutSeparators(value: string): string {
  return value.replace(/[\s\-.()]/g, '');
}

/** The Luhn check of a card number's last digit (ISO/IEC 7812); `digits` holds digits only. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    const digit = Number(digits[digits.length - 1 - index]);
    // Every second digit from the right counts double, its two digits summed (2·7 = 14 → 5).
    sum += index % 2 === 1 ? ([0, 2, 4, 6, 8, 1, 3, 5, 7, 9][digit] ?? Number.NaN) : digit;
  }
  return sum % 10 === 0;
}

/**
 * The ISO 13616 check of an IBAN (upper-case letters and digits): country and check digits moved
 * to the end, the number mod 97 is 1.
 */
export function passesIbanChecksum(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    // Base 36 reads a digit as itself and a letter as two digits: A = 10 … Z = 35.
    for (const digit of String(Number.parseInt(character, 36))) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function checkCardNumber(value: string): PaymentDetailCheck {
  const digits = withoutSeparators(value);
  if (!/^[0-9]{13,19}$/.test(digits)) return refused('invalid_format');
  return passesLuhn(digits) ? ok(digits) : refused('invalid_checksum');
}

/** International format: an optional +, then 7 to 15 digits not starting with 0 (E.164); saved as +digits. */
function checkPhone(value: string): PaymentDetailCheck {
  const compact = withoutSeparators(value);
  if (!/^\+?[1-9][0-9]{6,14}$/.test(compact)) return refused('invalid_format');
  return ok(compact.startsWith('+') ? compact : `+${compact}`);
}

/** Bank account and e-wallet numbers: 5 to 34 digits (a Russian account has 20, an e-wallet 11–16). */
function checkAccountNumber(value: string): PaymentDetailCheck {
  const digits = withoutSeparators(value);
  if (digits.length > 34) return refused('too_long');
  return /^[0-9]{5,34}$/.test(digits) ? ok(digits) : refused('invalid_format');
}

function checkIban(value: string): PaymentDetailCheck {
  const iban = withoutSeparators(value).toUpperCase();
  if (iban.length > 34) return refused('too_long');
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return refused('invalid_format');
  return passesIbanChecksum(iban) ? ok(iban) : refused('invalid_checksum');
}

/** Control and invisible characters (a bidi override, a zero-width space) would make a payee's address read as another. */
function checkEmail(value: string): PaymentDetailCheck {
  if (value.length > 254) return refused('too_long');
  return /^[^\s@\p{C}]+@[^\s@.\p{C}]+(\.[^\s@.\p{C}]+)*\.[^\s@.\p{C}]{2,}$/u.test(value)
    ? ok(value)
    : refused('invalid_format');
}

/**
 * The name on the account, in any alphabet: letters, with spaces, hyphens, apostrophes and dots
 * between them ("Anna-Maria O'Neil", "Иван Петров"); no digits. Inner spaces are squeezed.
 */
function checkHolderName(value: string): PaymentDetailCheck {
  const name = value.replace(/\s+/g, ' ');
  if (name.length > 64) return refused('too_long');
  return /^\p{L}[\p{L}\p{M}'’.-]*( [\p{L}\p{M}'’.-]+)*$/u.test(name) && name.length >= 2
    ? ok(name)
    : refused('invalid_format');
}

/** An identifier of another shape (a UPI ID, a PIX key): printable, without control characters. */
function checkText(value: string): PaymentDetailCheck {
  if (value.length > 64) return refused('too_long');
  return /^[^\p{C}]+$/u.test(value) ? ok(value) : refused('invalid_format');
}

const checks: Readonly<Record<PaymentDetailKind, (value: string) => PaymentDetailCheck>> = {
  card_number: checkCardNumber,
  phone: checkPhone,
  account_number: checkAccountNumber,
  iban: checkIban,
  email: checkEmail,
  holder_name: checkHolderName,
  text: checkText,
};

/** Checks a detail as typed (trimmed first) by its kind; the value to save, or why it is refused. */
export function checkPaymentDetail(kind: PaymentDetailKind, typed: string): PaymentDetailCheck {
  const value = typed.trim();
  if (value === '') return refused('required');
  return checks[kind](value);
}

/** A saved detail as every answer shows it: "•••• " and its last 4 characters (spec 001 s.3). */
export function maskPaymentData(value: string): string {
  return `•••• ${value.slice(-4)}`;
}
