import type { FastifyInstance } from 'fastify';
import { p2pProfileEndpoints } from '../../../contract/p2p-profile';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { assertP2pAccess } from '../p2p-market/access';
import { ensureProfile } from './profiles';
import { assertQuietHours, setQuietHours } from './quiet-hours';
import { listReviewsOf, reviewStatsOf } from './reviews';
import { changeUsername, isUsernameTaken, marketProfileOf, ownMarketProfileOf, profileByPublicId } from './service';

/** Market profiles, usernames and reviews (docs/p2p.md "Profiles, reputation and reviews"). */
export function registerP2pProfileRoutes(app: FastifyInstance, context: EndpointContext): void {
  const read = { area: 'market', write: false } as const;
  const write = { area: 'market', write: true } as const;

  registerEndpoint(app, context, p2pProfileEndpoints.getOwnMarketProfile, async ({ userId }) => {
    await assertP2pAccess(context, userId, read);
    return ownMarketProfileOf(context.db, context.featureFlags, userId, context.now());
  });

  registerEndpoint(
    app,
    context,
    p2pProfileEndpoints.updateOwnMarketProfile,
    async ({ userId, body }) => {
      await assertP2pAccess(context, userId, write);
      const now = context.now();
      // Both are checked before either is saved: a refused window must not leave a changed name behind.
      if (body.quiet_hours !== undefined) assertQuietHours(body.quiet_hours);
      if (body.username !== undefined) await changeUsername(context.db, userId, body.username, now);
      if (body.quiet_hours !== undefined) {
        await ensureProfile(context.db, userId, now);
        await setQuietHours(context.db, userId, body.quiet_hours);
      }
      return { result: true };
    },
    // A refused change says whether the name is taken: limited like the availability check.
    { rateLimit: 'username_check' },
  );

  registerEndpoint(
    app,
    context,
    p2pProfileEndpoints.checkUsername,
    async ({ userId, body }) => {
      await assertP2pAccess(context, userId, read);
      return { exists: await isUsernameTaken(context.db, userId, body.username) };
    },
    { rateLimit: 'username_check' },
  );

  registerEndpoint(app, context, p2pProfileEndpoints.getMarketProfile, async ({ userId, params }) => {
    await assertP2pAccess(context, userId, read);
    return marketProfileOf(context.db, params.id, context.now());
  });

  registerEndpoint(app, context, p2pProfileEndpoints.getReviewStats, async ({ userId, params }) => {
    await assertP2pAccess(context, userId, read);
    return reviewStatsOf(context.db, (await profileByPublicId(context.db, params.id)).userId);
  });

  registerEndpoint(app, context, p2pProfileEndpoints.listReviews, async ({ userId, params, query }) => {
    await assertP2pAccess(context, userId, read);
    const subject = await profileByPublicId(context.db, params.id);
    return listReviewsOf(context.db, subject.userId, query, context.now());
  });
}
