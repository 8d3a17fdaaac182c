import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { Database } from '../../db/database';
import { p2cPaymentTimers } from '../../db/schema/p2c';
import { ApiError } from '../../http/api-error';
import { parseRequestPart } from '../../http/parse-request';

/** Where P2C's local-mode controls live (docs/p2c.md "Local controls for end-to-end runs"). */
export const localP2cPath = '/local/p2c';

const paymentParams = z.object({ id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });

/**
 * Local mode only: time passes for one payment. Its running timer (pending, processing or the
 * dispute window) falls due now, and the timers worker (on the real clock, within a second) does
 * what that timer does, exactly as at the real deadline.
 */
export function registerLocalP2cControls(
  app: FastifyInstance,
  context: { readonly db: Database; readonly now: () => Date },
): void {
  app.post(`${localP2cPath}/payments/:id/timer-due`, async (request) => {
    const { id } = parseRequestPart(paymentParams, request.params, 'params');
    const now = context.now();
    const [timer] = await context.db
      .update(p2cPaymentTimers)
      .set({ dueAt: now })
      .where(and(eq(p2cPaymentTimers.paymentId, id), isNull(p2cPaymentTimers.doneAt)))
      .returning({ kind: p2cPaymentTimers.kind, dueAt: p2cPaymentTimers.dueAt });
    if (timer === undefined) throw new ApiError(404, 'not_found', `Payment ${id} has no running timer`);
    return { payment_id: id, kind: timer.kind, due_at: timer.dueAt.toISOString() };
  });
}
