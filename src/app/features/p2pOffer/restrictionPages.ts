/**
 * The sub-pages of `/p2p/offers/{id}/restrictions` (spec 001 s.3 "Offer restrictions"), one per
 * restriction. A module of its own: the route parses its segment with it, and route definitions
 * are on every first screen (docs/performance.md, "How to write a route file").
 */
export const restrictionPages = ['premium', 'orders-percent', 'orders', 'volume', 'age'] as const;
export type RestrictionPage = (typeof restrictionPages)[number];
