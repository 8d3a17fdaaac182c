import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import {
  type operatorMerchantApplication,
  p2pMerchantEndpoints,
  p2pOperatorMerchantEndpoints,
} from '../../../contract/p2p-merchant';
import type { Database } from '../../db/database';
import { p2pProfiles } from '../../db/schema/p2p-profile';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { type OperatorSettings, registerOperatorArea } from '../operator/access';
import { assertP2pAccess } from '../p2p-market/access';
import {
  applicationsOnReview,
  applyForVerifiedMerchant,
  decideMerchantApplication,
  leaveVerifiedMerchant,
} from './service';
import { type MerchantRow, merchantConditions, statusOf, verifiedMerchantStateOf } from './state';

type OperatorApplication = z.infer<typeof operatorMerchantApplication>;

async function operatorView(db: Database, row: MerchantRow, now: Date): Promise<OperatorApplication> {
  const [profile] = await db
    .select({ username: p2pProfiles.username })
    .from(p2pProfiles)
    .where(eq(p2pProfiles.userId, row.userId));
  const conditions = await merchantConditions(db, row.userId, row, now);
  return {
    user_id: row.userId,
    username: profile?.username ?? '',
    status: statusOf(row, conditions),
    conditions,
    applied_at: row.appliedAt.toISOString(),
  };
}

/** Verified merchants (docs/p2p.md "Reputation, quiet hours and verified merchants"): the user's calls and support's. */
export async function registerP2pMerchantRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  operators: OperatorSettings,
): Promise<void> {
  const read = { area: 'market', write: false } as const;
  const write = { area: 'market', write: true } as const;

  registerEndpoint(app, context, p2pMerchantEndpoints.getVerifiedMerchant, async ({ userId }) => {
    await assertP2pAccess(context, userId, read);
    return verifiedMerchantStateOf(context.db, userId, context.now());
  });
  registerEndpoint(
    app,
    context,
    p2pMerchantEndpoints.applyVerifiedMerchant,
    async ({ userId }) => {
      await assertP2pAccess(context, userId, write);
      return applyForVerifiedMerchant(context.db, userId, context.now());
    },
    { rateLimit: 'merchant_apply' },
  );
  registerEndpoint(app, context, p2pMerchantEndpoints.leaveVerifiedMerchant, async ({ userId }) => {
    await assertP2pAccess(context, userId, write);
    return leaveVerifiedMerchant(context.db, userId, context.now());
  });

  await registerOperatorArea(app, context, operators, (area) => {
    area.endpoint(p2pOperatorMerchantEndpoints.listMerchantApplications, async () => {
      const now = context.now();
      const rows = await applicationsOnReview(context.db);
      return { applications: await Promise.all(rows.map((row) => operatorView(context.db, row, now))) };
    });
    area.endpoint(p2pOperatorMerchantEndpoints.decideMerchantApplication, async ({ params, body }) => {
      const userId = Number(params.user_id);
      const now = context.now();
      return operatorView(context.db, await decideMerchantApplication(context.db, userId, body, now), now);
    });
  });
}
