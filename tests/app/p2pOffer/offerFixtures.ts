/**
 * What the offer screen's fake server answers: offer 42, a fixed-price sell offer of 100 USDT for
 * RUB at 95.50 (limits 500–10 000 RUB, 30 minutes), by the market user 7 "anna_trades"; the
 * market's configuration and reference price (96 RUB per USDT); the person's own market profile
 * and verification. Every figure is written here by hand.
 */

import type { SessionState } from '../../../src/app/lib/session.ts';
import type { Offer } from '../../../src/contract/p2p-offers.ts';
import type { OwnMarketProfile } from '../../../src/contract/p2p-profile.ts';
import type { AssetCatalogue } from '../../../src/contract/wallet.ts';
import { cryptoAsset, fiatAsset } from '../support/assets.ts';
import { type Answer, baseSettings, ok } from '../support/fakeApi.ts';

export const p2pCatalogue: AssetCatalogue = {
  assets: {
    USDT: cryptoAsset('USDT', 'Tether', 6, [], { view_decimals: 2, view_full_decimals: 6 }),
    RUB: fiatAsset('RUB', 'Russian ruble', '₽'),
  },
};

/** A signed-in person who sees the market's offers (show_p2p, show_p2p_offers). */
export function marketSession(permissions: Record<string, boolean> = {}): SessionState {
  return {
    status: 'signed-in',
    settings: {
      ...baseSettings,
      permissions,
      feature_flags: { show_p2p: true, show_p2p_offers: true, show_p2p_methods: true },
    },
  };
}

const sbp = {
  id: 3,
  name: null,
  fiat: 'RUB',
  identifier: 'sbp',
  locale: 'SBP',
  child_identifier: 'sberbank',
  child_locale: 'Sberbank',
  data: '•••• 4417',
};

export function offerFixture(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 42,
    type: 'sell',
    asset: 'USDT',
    fiat: 'RUB',
    status: 'inactive',
    price: '95.5',
    price_type: 'fixed',
    price_floating_ratio: null,
    volume: '100000000',
    remaining_volume: '100000000',
    reserved: '0',
    limits: { min: '500', max: '10000' },
    description: '',
    restrictions: {
      telegram_premium_required: false,
      completed_trades_percent: null,
      trades_count_min: null,
      trades_volume_usd_min: null,
      account_age_days_min: null,
    },
    user: {
      id: 7,
      username: 'anna_trades',
      name: 'Anna Petrova',
      user_color_index: 2,
      orders: 12,
      orders_percent: 98,
      volume: '1520.5',
      is_verified_merchant: false,
    },
    payment: {
      time_limit: 30,
      maker: [{ identifier: 'sbp', locale: 'SBP', child_identifier: 'sberbank', child_locale: 'Sberbank' }],
      maker_accepts: [sbp],
      maker_sends: [],
      taker_accepts: [],
    },
    is_mine: true,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

export const marketConfig = {
  floating_ratio: { min: '90', max: '110' },
  fixed_price_ratio: { min: '80', max: '120' },
  time_limits: [15, 30, 45, 60, 120, 180],
  default_time_limit: 30,
  max_active_offers: 10,
  max_payment_methods: 20,
  max_offer_payment_methods: 5,
  max_description_length: 1000,
  open_orders_per_offer: { regular: 4, verified_merchant: 10 },
  unlock_duration_hours: 24,
  price_refresh_ms: 5000,
};

export const marketFiats = { fiats: [{ code: 'RUB', prices: { USDT: '96' } }] };

export function ownProfile(canEditRemark: boolean): OwnMarketProfile {
  const stats = { completed_orders: 0, completion_percent: 0 };
  return {
    user: offerFixture().user,
    stats: {
      all_time: stats,
      last_30_days: stats,
      volume_usd: '0',
      positive_reviews: 0,
      negative_reviews: 0,
      account_age_days: 30,
    },
    is_online: true,
    last_seen_at: null,
    registered_at: '2026-10-25T10:00:00.000Z',
    account_info: { can_edit_remark: canEditRemark },
    is_premium: false,
    username_changes_left: 2,
    quiet_hours: null,
    is_quiet_now: false,
  };
}

/** The person's security: a passcode is set, no biometrics, no lockout. */
export const securityInfo = {
  passCode: true,
  passCodePending: false,
  email: null,
  isEmailConfirmed: true,
  biometric: false,
  lockSeconds: null,
  attemptsExhausted: false,
  outflowsHeldUntil: null,
};

export function verificationOverview(passport: boolean) {
  return { levels: [], passport: { completed: passport }, address: { completed: false }, phone: null };
}

/**
 * The fake server's answers to the offer pages' reads of the person and the market: their own
 * market profile (`canEditRemark`, false unless said), their verification (`passport`, done
 * unless said), the market's configuration and reference prices, and the sign-in configuration.
 * Undefined for any other route.
 */
export function marketAnswer(
  route: string,
  person: { canEditRemark?: boolean; passport?: boolean } = {},
): Answer | undefined {
  switch (route) {
    case 'GET /p2p/profile':
      return ok(ownProfile(person.canEditRemark ?? false));
    case 'GET /verification':
      return ok(verificationOverview(person.passport ?? true));
    case 'GET /p2p/config':
      return ok(marketConfig);
    case 'GET /security':
      return ok(securityInfo);
    case 'GET /p2p/currencies/fiats':
      return ok(marketFiats);
    case 'GET /authentication/config':
      return ok({ bot_id: 1, bot_username: 'kopilka_bot', login_url: '/x', local_mode: false });
    default:
      return undefined;
  }
}
