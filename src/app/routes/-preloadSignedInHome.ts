import { requestEarly } from '../api/earlyRequests.ts';

/** The paths whose page is the home (spec 000 s.2: "/qr-pay shows the same page"). */
const homePaths = new Set(['/', '/qr-pay']);

/**
 * Inside the mini app sign-in cannot end on the sign-in prompt's page for long: the init data signs
 * in. So while it runs, the page's early start (earlyStart.ts) already fetches what the signed-in
 * first screen needs besides the sign-in's own answer (settings and balance): the asset catalogue,
 * which every signed-in screen reads (`GET /wallet/asset`, public; the path is the contract's
 * `walletEndpoints.listAssets`, which the early start does not carry), and on the home its chunks.
 * Without this, each starts only once the one before has arrived.
 */
export function preloadSignedInHome(pathname: string): void {
  requestEarly('/wallet/asset');
  if (homePaths.has(pathname)) void import('./-signedInHome.tsx');
}
