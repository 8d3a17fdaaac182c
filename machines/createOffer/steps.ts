/**
 * The create-offer flow's steps, in order (createOffer.machine.ts). A module of its own, with no
 * imports: the app's route for `/p2p/offers/new` reads `?step=` with it, and route definitions
 * are on every first screen (docs/performance.md, "How to write a route file").
 */
export const createOfferSteps = [
  'type',
  'currency',
  'price',
  'amounts',
  'methods',
  'time',
  'conditions',
  'restrictions',
  'review',
] as const;
export type CreateOfferStep = (typeof createOfferSteps)[number];
