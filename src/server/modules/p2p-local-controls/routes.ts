import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { orderId } from '../../../contract/p2p-orders';
import { assetCode } from '../../../contract/wallet-operations';
import { ledgerAccounts } from '../../db/schema/ledger';
import { p2pOrderTimers } from '../../db/schema/p2p-orders';
import { ApiError } from '../../http/api-error';
import { parseRequestPart } from '../../http/parse-request';
import type { EndpointContext } from '../../http/register-endpoint';

/** Where the market's local-mode controls live (docs/p2p.md "Local controls for end-to-end runs"). */
export const localP2pPath = '/local/p2p';

const orderParams = z.object({ id: orderId });
const assetParams = z.object({ asset: assetCode });

/**
 * Local mode only: what an end-to-end run needs to prove the market without waiting or reading
 * the database. Time passes for one order: its running timer falls due now, and the timers worker
 * (which runs on the real clock, within a second) does what that timer does, exactly as it would
 * at the real deadline. And the fees account of an asset is read, so a run can see a fee arrive.
 */
export function registerLocalP2pControls(app: FastifyInstance, context: EndpointContext): void {
  app.post(`${localP2pPath}/orders/:id/timer-due`, async (request) => {
    const { id } = parseRequestPart(orderParams, request.params, 'params');
    const now = context.now();
    const [timer] = await context.db
      .update(p2pOrderTimers)
      .set({ dueAt: now })
      .where(and(eq(p2pOrderTimers.orderId, id), isNull(p2pOrderTimers.doneAt)))
      .returning({ kind: p2pOrderTimers.kind, dueAt: p2pOrderTimers.dueAt });
    if (timer === undefined) throw new ApiError(404, 'not_found', `Order ${id} has no running timer`);
    return { order_id: id, kind: timer.kind, due_at: timer.dueAt.toISOString() };
  });

  app.get(`${localP2pPath}/fees/:asset`, async (request) => {
    const { asset } = parseRequestPart(assetParams, request.params, 'params');
    const [account] = await context.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.assetCode, asset), isNull(ledgerAccounts.userId), eq(ledgerAccounts.kind, 'fees')));
    return { asset, balance: account?.balance ?? '0' };
  });
}
