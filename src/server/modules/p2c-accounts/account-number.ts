import { createHmac, hkdfSync } from 'node:crypto';
import { type P2cAccountKind, p2cErrorCodes } from '../../../contract/p2c';
import { passesLuhn } from '../../../contract/p2p-payment-details';
import { ApiError } from '../../http/api-error';

/** A Russian bank account number: 20 digits (the contract lets 16–20 digits through to here). */
const accountDigits = 20;

/**
 * 422 `account_number_invalid` unless the number fits its kind: a card of 16 to 19 digits whose
 * last digit is its Luhn check, or an account of exactly 20 digits.
 */
export function assertAccountNumber(kind: P2cAccountKind, number: string): void {
  const fits = kind === 'card' ? number.length <= 19 && passesLuhn(number) : number.length === accountDigits;
  if (!fits) {
    throw new ApiError(
      422,
      p2cErrorCodes.accountNumberInvalid,
      kind === 'card' ? 'The card number is not valid: check its digits' : 'An account number has exactly 20 digits',
    );
  }
}

/** The key of {@link accountNumberDigest}, derived from the deployment's payment details secret. */
export function accountDigestKeyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'kopilka', 'p2c account number digest v1', 32));
}

/**
 * A keyed hash of the number: it finds the same number again without unsealing any account, and
 * without the key (not in the database) it cannot be reversed by trying every card number.
 */
export function accountNumberDigest(key: Buffer, number: string): string {
  return createHmac('sha256', key).update(number, 'utf8').digest('base64url');
}

/** What lists show of a number. */
export function lastFour(number: string): string {
  return number.slice(-4);
}
