/**
 * The messenger start parameter → a path of the app (spec 000 s.2 "Deep links", s.5; spec 001
 * s.2 "Deep links into this area"). Pure: no I/O, no globals. The grammar, with examples, is in
 * docs/deep-links.md; in short:
 *
 *   startParam := prefix* payload?
 *   prefix     := ("r-" hash | "i-" hash) ("_" | end)     referral r, tracking i, each at most once
 *   hash       := [A-Za-z0-9]{1,64}
 *   payload    := one pattern of `patterns` below, or one keyword of `keywords`
 *
 * Identifiers in payloads are `[A-Za-z0-9_]{1,64}` (hashes and asset codes are alphanumeric), so
 * a resolved path only ever contains characters that need no escaping and can never climb out of
 * its route (`offer-../../x` is simply not an offer). Anything that does not match lands on home
 * `/`. Matching is case-sensitive: start parameters are generated, never typed by people.
 *
 * A route that the app has not built yet still resolves to its path (the not-found page shows
 * until it exists): the mapping is the specification's, not the current router's.
 */

import { shouldExpand } from './expandRule.ts';

/** Telegram allows up to 512 characters in `startapp`; anything longer is not ours. */
export const MAX_START_PARAM_LENGTH = 512;
/** Longest identifier (offer, order, user, campaign…) accepted in a payload. */
export const MAX_ID_LENGTH = 64;

/** Which pattern a start parameter matched (`home` when none or when it was empty). */
export type DeepLinkRoute =
  | 'home'
  | 'keyword'
  | 'invoice'
  | 'help'
  | 'addHome'
  | 'stars'
  | 'giveaway'
  | 'giveawayWinners'
  | 'qrPay'
  | 'passcode'
  | 'campaign'
  | 'trade'
  | 'swap'
  | 'roll'
  | 'verification'
  | 'walletAsset'
  | 'deposit'
  | 'withdraw'
  | 'lockedDeposit'
  | 'p2pOffer'
  | 'p2pOrder'
  | 'p2pUser'
  | 'p2cOrder'
  | 'p2cMethod';

export interface DeepLinkResolution {
  /** Where to go: a path, with a query string for the routes that take one. */
  path: string;
  /** Whether the mini app expands to full height there (see `shouldExpand`). */
  expand: boolean;
  /** The pattern that matched; `home` when nothing did. */
  route: DeepLinkRoute;
  /** The referral hash of an `r-` prefix, to register once signed in. */
  referralHash: string | null;
  /** The tracking hash of an `i-` prefix, to register once signed in. */
  trackingHash: string | null;
}

/** Fixed keywords: the whole payload is the keyword. Each maps to its route in spec 000/001 s.2. */
export const keywords: Readonly<Record<string, string>> = {
  home: '/',
  wallet: '/',
  'qr-pay': '/qr-pay',
  'link-pay': '/link-pay',
  deposit: '/wallet/deposit',
  withdraw: '/wallet/withdraw',
  account: '/account',
  settings: '/account/settings',
  'local-currency': '/account/settings/local-currency',
  security: '/account/security',
  'address-book': '/account/address-book',
  verification: '/account/verification',
  'personal-data': '/account/verification/personal-data',
  documents: '/account/verification/documents',
  'verified-merchant': '/account/verified-merchant',
  trade: '/trade',
  exchange: '/trade',
  'trade-pair': '/trade/pair',
  swap: '/swap',
  campaigns: '/campaigns',
  fortune: '/fortune',
  stars: '/stars',
  launchpool: '/launchpool',
  'locked-deposits': '/locked-deposits',
  help: '/help',
  'dev-portal': '/dev-portal',
  'api-keys': '/dev-portal/api-keys',
  privacy: '/privacy',
  compliance: '/compliance',
  'compliance-policy': '/compliance-policy',
  diagnostic: '/diagnostic',
  p2p: '/p2p',
  'p2p-buy': '/p2p/buy',
  'p2p-sell': '/p2p/sell',
  'p2p-new-offer': '/p2p/offers/new',
  'p2p-profile': '/p2p/profile',
  'p2p-username': '/p2p/profile/name',
  'p2p-methods': '/p2p/methods',
  'p2p-add-method': '/p2p/methods/add',
  'p2p-quiet-hours': '/p2p/quiet-hours',
  p2c: '/p2c',
  'p2c-promo': '/p2c/promo',
  'p2c-profile': '/p2c/profile',
  'p2c-statements': '/p2c/statements',
  'p2c-checks': '/p2c/checks',
  'p2c-payments': '/p2c/payments',
  'p2c-methods': '/p2c/methods',
  'p2c-add-method': '/p2c/methods/add',
  'p2c-orders': '/p2c/orders',
};

/** P2P order sub-screens: `order-{id}-{suffix}` → /p2p/orders/{id}/{segment}. */
export const orderSubScreens: Readonly<Record<string, string>> = {
  'create-dispute': 'create-dispute',
  dispute: 'create-dispute',
  'dispute-response': 'dispute-response',
  'confirm-payment': 'confirm-payment',
  method: 'method',
};

const ID = `[A-Za-z0-9_]{1,${MAX_ID_LENGTH}}`;
const ALNUM = `[A-Za-z0-9]{1,${MAX_ID_LENGTH}}`;
/**
 * A P2P offer's or market user's number (src/contract/p2p-offers.ts `offerId`, p2p-profile.ts
 * `marketUserId`): digits without a leading zero, at most 10 (2^31 − 1 has 10; a larger one is the
 * route's not-found). Anything else was never an offer or a user: home.
 */
const MARKET_NUMBER = '[1-9][0-9]{0,9}';
const SLUG = '[A-Za-z0-9_]{1,32}(?:-[A-Za-z0-9_]{1,32}){0,3}';
const ASSET = '[A-Za-z0-9]{1,16}';
const LETTERS = '[A-Za-z]{1,32}';

interface Pattern {
  route: Exclude<DeepLinkRoute, 'home' | 'keyword'>;
  match: RegExp;
  path: (groups: readonly string[]) => string | null;
}

function whole(source: string): RegExp {
  return new RegExp(`^(?:${source})$`);
}

/**
 * Tried in order; the first that matches wins. Order matters only where a longer keyword shares
 * its start with a shorter pattern (`giveaway-winners-…` before `giveaway-…`).
 */
const patterns: readonly Pattern[] = [
  {
    // IV + exactly 10 alphanumerics, then optionally (with or without a `-`) `choose` or
    // `deposit` + network letters (again with or without a `-`).
    route: 'invoice',
    match: whole(`(IV[A-Za-z0-9]{10})(?:-?(?:(choose)|deposit-?(${LETTERS})))?`),
    path: ([id, choose, network]) => {
      if (choose !== undefined) return `/invoices/${id}/choose`;
      if (network !== undefined) return `/invoices/${id}/deposit/${network}`;
      return `/invoices/${id}`;
    },
  },
  { route: 'help', match: whole(`help-(${SLUG})`), path: ([key]) => `/help/${key}` },
  { route: 'addHome', match: whole(`add-home(?:-(${ID}))?`), path: ([id]) => `/add-home/${id ?? 'app'}` },
  { route: 'stars', match: whole(`stars-(${ID})`), path: ([id]) => `/stars/${id}` },
  {
    route: 'giveawayWinners',
    match: whole(`giveaway-winners-(${ALNUM})`),
    path: ([hash]) => `/giveaways/${hash}/winners`,
  },
  {
    route: 'giveaway',
    match: whole(`giveaway-(${ALNUM})(?:-(${ID}))?`),
    path: ([hash, ref]) => (ref === undefined ? `/giveaways/${hash}` : `/giveaways/${hash}?ref=${ref}`),
  },
  { route: 'qrPay', match: whole(`qr-pay-(${ID})`), path: ([id]) => `/qr-pay?id=${id}` },
  { route: 'passcode', match: whole(`passcode-(${ALNUM})`), path: ([hash]) => `/passcode/${hash}` },
  { route: 'campaign', match: whole(`campaign-(${ID})`), path: ([id]) => `/campaigns/${id}` },
  {
    route: 'trade',
    match: whole(`trade-(${ASSET})-(${ASSET})`),
    path: ([base, quote]) => `/trade/${base}-${quote}`,
  },
  {
    route: 'swap',
    match: whole(`swap-(${ASSET})-(${ASSET})`),
    path: ([base, quote]) => `/swap?base=${base}&quote=${quote}`,
  },
  {
    route: 'roll',
    match: whole(`roll-(${ALNUM})(?:-(${ID}))?`),
    path: ([id, ref]) => (ref === undefined ? `/rolls/${id}` : `/rolls/${id}/${ref}`),
  },
  {
    route: 'verification',
    match: whole(`verification-(${SLUG})`),
    path: ([flow]) => `/account/verification/${flow}`,
  },
  { route: 'walletAsset', match: whole(`wallet-(${ASSET})`), path: ([asset]) => `/wallet/${asset}` },
  {
    route: 'deposit',
    match: whole(`deposit-(${ASSET})(?:-(${ALNUM}))?`),
    path: ([asset, network]) =>
      network === undefined ? `/wallet/deposit/${asset}` : `/wallet/deposit/${asset}/${network}`,
  },
  {
    route: 'withdraw',
    match: whole(`withdraw-(${ASSET})(?:-(${ALNUM}))?`),
    path: ([asset, network]) =>
      network === undefined ? `/wallet/withdraw/${asset}` : `/wallet/withdraw/${asset}/${network}`,
  },
  { route: 'lockedDeposit', match: whole(`locked-deposit-(${ID})`), path: ([id]) => `/locked-deposits/${id}` },
  { route: 'p2pOffer', match: whole(`offer-(${MARKET_NUMBER})`), path: ([id]) => `/p2p/offers/${id}` },
  {
    route: 'p2pOrder',
    match: whole(`order-(${ID})(?:-(${SLUG}))?`),
    path: ([id, suffix]) => {
      if (suffix === undefined) return `/p2p/orders/${id}`;
      const segment = orderSubScreens[suffix];
      return segment === undefined ? null : `/p2p/orders/${id}/${segment}`;
    },
  },
  { route: 'p2pUser', match: whole(`user-(${MARKET_NUMBER})`), path: ([id]) => `/p2p/users/${id}` },
  { route: 'p2cOrder', match: whole(`p2c-order-(${ID})`), path: ([id]) => `/p2c/orders/${id}` },
  { route: 'p2cMethod', match: whole(`p2c-method-(${ID})`), path: ([id]) => `/p2c/methods/${id}` },
];

const PREFIX = new RegExp(`^([ri])-(${ALNUM})(?:_|$)`);

/** Splits off the `r-` / `i-` prefixes; a repeated or malformed prefix is left in the payload. */
export function stripPrefixes(startParam: string): {
  payload: string;
  referralHash: string | null;
  trackingHash: string | null;
} {
  let payload = startParam;
  let referralHash: string | null = null;
  let trackingHash: string | null = null;
  for (;;) {
    const match = PREFIX.exec(payload);
    if (match === null) break;
    const [all, kind, hash = ''] = match;
    if (kind === 'r' && referralHash === null) referralHash = hash;
    else if (kind === 'i' && trackingHash === null) trackingHash = hash;
    else break;
    payload = payload.slice(all.length);
  }
  return { payload, referralHash, trackingHash };
}

function resolvePayload(payload: string): { route: DeepLinkRoute; path: string } {
  if (payload === '') return { route: 'home', path: '/' };
  if (Object.hasOwn(keywords, payload)) {
    const path = keywords[payload];
    if (path !== undefined) return { route: 'keyword', path };
  }
  for (const pattern of patterns) {
    const match = pattern.match.exec(payload);
    if (match === null) continue;
    const path = pattern.path(match.slice(1));
    if (path !== null) return { route: pattern.route, path };
  }
  return { route: 'home', path: '/' };
}

/** Resolves a start parameter; absent, empty, over-long, unknown or malformed ones give home. */
export function resolveStartParam(startParam: string | null | undefined): DeepLinkResolution {
  if (startParam === null || startParam === undefined || startParam.length > MAX_START_PARAM_LENGTH) {
    return { path: '/', expand: true, route: 'home', referralHash: null, trackingHash: null };
  }
  const { payload, referralHash, trackingHash } = stripPrefixes(startParam);
  const { route, path } = resolvePayload(payload);
  return { path, expand: shouldExpand(path), route, referralHash, trackingHash };
}
