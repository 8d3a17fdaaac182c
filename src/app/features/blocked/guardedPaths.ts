/**
 * The guarded areas of spec 000 s.2 ("Guarded routes") and spec 001 s.2: when the person is
 * blocked (compliance lock or ban), the blocked screen replaces them. Decided by path prefix, a
 * whole segment at a time, so it also covers routes that are not built yet.
 */
export const guardedPrefixes: readonly string[] = [
  // Raffles: /rolls/{id}, /rolls/{id}/{ref}.
  '/rolls',
  // The wheel of fortune: /fortune, /fortune/asset.
  '/fortune',
  // Campaigns: /campaigns, /campaigns/{id}.
  '/campaigns',
  // Swap: /swap, /swap/choose-{product}, /swap/choose-receive.
  '/swap',
  // Exchange: /trade, /trade/{base}-{quote}, /trade/pair.
  '/trade',
  '/account/verified-merchant',
  // Wallet deposit: /wallet/deposit, …/{asset}, …/{asset}/{network}, …/new, …/addresses, ….
  '/wallet/deposit',
  // P2C orders: /p2c/orders, /p2c/orders/{id}, /p2c/orders/choose-method.
  '/p2c/orders',
  // P2P offer routes: /p2p/offers/new, /p2p/offers/{id} and its edit screens…
  '/p2p/offers',
  // …and the offer lists /p2p/{buy|sell} with their choose-asset, fiat, method and verification pages.
  '/p2p/buy',
  '/p2p/sell',
];

/** "/trade/" → "/trade"; "/" stays. */
function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** True when `pathname` is one of the guarded areas or lies under one (whole segments only). */
export function isGuardedPath(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return guardedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
