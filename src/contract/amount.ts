import * as z from 'zod/mini';

/**
 * A non-negative amount in an asset's smallest units (satoshi, wei, 1e-8 of a fiat unit), as an
 * integer string. Strings, not numbers: 18-decimal tokens overflow a float long before they
 * overflow a wallet. Convert to display units with decimal.js and the asset's `decimals`.
 */
export const smallestUnits = z.string().check(z.regex(/^(0|[1-9][0-9]*)$/, 'Expected a non-negative integer string'));

/** A non-negative decimal number as a string (prices, percentages), e.g. "0.5" or "93412.18". */
export const decimalString = z
  .string()
  .check(z.regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'Expected a non-negative decimal string'));

/** An amount in smallest units that may be negative: a movement's effect on a balance. */
export const signedSmallestUnits = z.string().check(z.regex(/^(0|-?[1-9][0-9]*)$/, 'Expected an integer string'));

/** A positive amount in smallest units: what a person asks to move. */
export const positiveSmallestUnits = z.string().check(z.regex(/^[1-9][0-9]*$/, 'Expected a positive integer string'));
