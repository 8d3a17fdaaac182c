import * as z from 'zod/mini';
import { smallestUnits } from './amount';
import { defineEndpoint } from './endpoint';
import { telegramUserIdText } from './operator';
import { marketAssetCode } from './p2p-market';
import { visibleLines } from './visible-text';

// Verified merchants (spec 001 s.3, s.4 "Verified merchant"; P2P.md "Verified merchant"): the
// statuses are the spec's, the conditions, the deposit and the transitions ours (docs/p2p.md).

const isoDateTime = z.iso.datetime({ offset: true });

export const verifiedMerchantStatuses = [
  'conditions_not_met',
  'can_apply',
  'on_review',
  'verified_merchant',
  'refund_pending',
] as const;
export const verifiedMerchantStatus = z.enum(verifiedMerchantStatuses);
export type VerifiedMerchantStatus = z.infer<typeof verifiedMerchantStatus>;

/** The conditions, each with its required value and the user's progress. */
export const merchantConditionKinds = [
  'completed_orders',
  'completion_percent_30d',
  'verification_level',
  'deposit_balance',
] as const;
export const merchantConditionKind = z.enum(merchantConditionKinds);
export type MerchantConditionKind = z.infer<typeof merchantConditionKind>;

export const merchantCondition = z.object({
  kind: merchantConditionKind,
  /**
   * Numbers as text: orders (whole), percent (whole), the deposit in smallest units of the deposit
   * asset; for `verification_level` the level's name (required) and "true"/"false" (current).
   */
  required: z.string(),
  current: z.string(),
  met: z.boolean(),
});
export type MerchantCondition = z.infer<typeof merchantCondition>;

/** `GET /p2p/profile/verified-merchant`: the user's status, conditions and deposit. */
export const verifiedMerchantState = z.object({
  status: verifiedMerchantStatus,
  conditions: z.array(merchantCondition),
  /** The security deposit held while the status lasts (P2P.md: 500 USDT). */
  deposit: z.object({ asset: marketAssetCode, amount: smallestUnits }),
  /** While `on_review`, `verified_merchant` or `refund_pending`: the deposit is held. */
  deposit_held: z.boolean(),
  /** With `refund_pending`: when the deposit is released (7 days after leaving). */
  refund_at: z.nullable(isoDateTime),
  /** Support's note after a rejection, shown once the user can apply again. */
  rejection_note: z.nullable(z.string()),
  updated_at: z.nullable(isoDateTime),
});
export type VerifiedMerchantState = z.infer<typeof verifiedMerchantState>;

export const merchantErrorCodes = {
  /** 409, data { status }: the status does not allow this (e.g. applying while conditions are not met). */
  merchantStatusConflict: 'merchant_status_conflict',
  /** 409: the available balance does not cover the deposit. */
  insufficientFunds: 'insufficient_funds',
} as const;

export const p2pMerchantEndpoints = {
  getVerifiedMerchant: defineEndpoint({
    method: 'GET',
    path: '/p2p/profile/verified-merchant',
    response: verifiedMerchantState,
    errors: [401, 403],
    auth: true,
  }),
  /** Holds the deposit and puts the application on review (`can_apply` → `on_review`). */
  applyVerifiedMerchant: defineEndpoint({
    method: 'POST',
    path: '/p2p/profile/verified-merchant/apply',
    response: verifiedMerchantState,
    errors: [401, 403, 409, 429],
    auth: true,
  }),
  /** Leaves the status or withdraws an application: `refund_pending` (7 days), then the deposit is released. */
  leaveVerifiedMerchant: defineEndpoint({
    method: 'POST',
    path: '/p2p/profile/verified-merchant/leave',
    response: verifiedMerchantState,
    errors: [401, 403, 409],
    auth: true,
  }),
};

export const operatorMerchantApplication = z.object({
  user_id: z.number(),
  username: z.string(),
  status: verifiedMerchantStatus,
  conditions: z.array(merchantCondition),
  applied_at: isoDateTime,
});

export const p2pOperatorMerchantEndpoints = {
  listMerchantApplications: defineEndpoint({
    method: 'GET',
    path: '/operator/p2p/merchant-applications',
    response: z.object({ applications: z.array(operatorMerchantApplication) }),
    errors: [401, 404],
    auth: true,
  }),
  /** `on_review` → `verified_merchant` (approve) or back to `can_apply`/`conditions_not_met` with the deposit released (reject). */
  decideMerchantApplication: defineEndpoint({
    method: 'POST',
    path: '/operator/p2p/merchant-applications/:user_id',
    params: z.object({ user_id: telegramUserIdText }),
    body: z.object({
      decision: z.enum(['approve', 'reject']),
      note: z.string().check(z.trim(), z.minLength(1), z.maxLength(500), visibleLines),
    }),
    response: operatorMerchantApplication,
    errors: [401, 404, 409],
    auth: true,
  }),
};
