/**
 * Which parts of the P2P market a person sees (spec 001 s.2: "P2P and P2C screens are reachable
 * only when the relevant feature flag allows it"). The server merges the public flags with the
 * person's own and the testers', so the app reads one set: `show_p2p` opens the area, and offers
 * and payment methods each need their own flag as well. The server refuses the same calls with
 * 403 `feature_disabled`.
 */
export type MarketPart = 'market' | 'offers' | 'methods';

const partFlags: Readonly<Record<MarketPart, readonly string[]>> = {
  market: ['show_p2p'],
  offers: ['show_p2p', 'show_p2p_offers'],
  methods: ['show_p2p', 'show_p2p_methods'],
};

/** Only an explicit `true` shows a part: an absent flag hides it. */
export function canSeeMarketPart(featureFlags: Readonly<Record<string, boolean>>, part: MarketPart): boolean {
  return partFlags[part].every((flag) => featureFlags[flag] === true);
}
