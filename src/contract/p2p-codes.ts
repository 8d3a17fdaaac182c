import * as z from 'zod/mini';

// The market's codes and amounts as they appear in URLs as well as in the API: a module of their
// own, with nothing but zod, because the app's route definitions (which every first screen
// loads) check their search params with them (docs/performance.md, "How to write a route file").

/** Crypto asset code as in the wallet catalogue (USDT, TON, BTC …). */
export const marketAssetCode = z.string().check(z.regex(/^[A-Z0-9]{2,12}$/));

export const fiatCodePattern = /^[A-Z]{3}$/;
/** Fiat code as in the wallet catalogue (RUB, USD, EUR …). */
export const fiatCode = z.string().check(z.regex(fiatCodePattern));

/** A payment catalogue entry's identifier (`sbp`, `tinkoff`). */
export const catalogueIdentifierPattern = /^[a-z0-9_-]{1,48}$/;

/**
 * An amount of fiat money as a decimal string with at most 2 decimals (spec 001 s.9 "Fiat
 * precision"), e.g. "1500" or "99.9". Limits and prices are fiat amounts.
 */
export const fiatAmount = z.string().check(z.regex(/^(0|[1-9][0-9]{0,14})(\.[0-9]{1,2})?$/, 'Expected a fiat amount'));
export type FiatAmount = z.infer<typeof fiatAmount>;
