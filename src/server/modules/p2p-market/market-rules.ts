import type { MarketConfig } from '../../../contract/p2p-market';

/**
 * The market's bounds (GET /p2p/config), the one place the offers and methods modules read them
 * from. P2P.md gives the floating band, the active-offer cap, open orders per offer and
 * `unlock_duration`; the rest are our decisions (docs/p2p.md "Market configuration").
 */
export const marketRules: Readonly<MarketConfig> = {
  floating_ratio: { min: '90', max: '110' },
  fixed_price_ratio: { min: '80', max: '120' },
  time_limits: [15, 30, 45, 60, 120, 180],
  default_time_limit: 15,
  max_active_offers: 10,
  max_payment_methods: 20,
  max_offer_payment_methods: 5,
  max_description_length: 1000,
  open_orders_per_offer: { regular: 4, verified_merchant: 10 },
  unlock_duration_hours: 24,
  price_refresh_ms: 10_000,
};
