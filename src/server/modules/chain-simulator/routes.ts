import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { decimalString } from '../../../contract/amount';
import { assetCode, chainAddress, networkId } from '../../../contract/wallet-operations';
import { parseRequestPart } from '../../http/parse-request';
import type { EndpointContext } from '../../http/register-endpoint';
import { addressFlags } from '../../integrations/chain/address-flags';
import { simulateDeposit } from './deposits';
import { flagAddress } from './flags';
import { applyWithdrawalOutcome, withdrawalOutcomes } from './withdrawals';

/** Where the simulator's controls live; `npm run chain` calls them. */
export const localChainPath = '/local/chain';

const depositBody = z.object({
  network: z.optional(networkId),
  address: chainAddress,
  asset: z.optional(assetCode),
  /** Whole units, e.g. "25.5". */
  amount: decimalString,
  txid: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
});

const withdrawalParams = z.object({ id: z.uuid(), outcome: z.enum(withdrawalOutcomes) });
const withdrawalBody = z.optional(
  z.object({ reason: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))) }),
);

const flagBody = z.object({
  network: networkId,
  address: chainAddress,
  flag: z.enum(addressFlags),
  note: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
});

/**
 * Local mode only: the test-network simulator's controls (docs/chain.md). Plain JSON routes
 * outside the public API: a transfer arriving at an address, a withdrawal's outcome, a flag on an
 * address. Errors leave as `{ code, message, data? }` like the API's.
 */
export function registerChainSimulatorRoutes(app: FastifyInstance, context: EndpointContext): void {
  app.post(`${localChainPath}/deposit`, async (request) => {
    const body = parseRequestPart(depositBody, request.body, 'body');
    const deposit = await simulateDeposit(context.db, body);
    return {
      id: deposit.id,
      network: deposit.network,
      asset: deposit.asset,
      address: deposit.address,
      amount: deposit.amount,
      txid: deposit.txid,
      status: deposit.status,
      user_id: deposit.userId,
      already_recorded: deposit.alreadyRecorded,
    };
  });

  app.post(`${localChainPath}/withdrawal/:id/:outcome`, async (request) => {
    const params = parseRequestPart(withdrawalParams, request.params, 'params');
    const body = parseRequestPart(withdrawalBody, request.body ?? undefined, 'body');
    return applyWithdrawalOutcome(context.db, {
      id: params.id,
      outcome: params.outcome,
      now: context.now(),
      ...(body?.reason === undefined ? {} : { reason: body.reason }),
    });
  });

  app.post(`${localChainPath}/flag`, async (request) => {
    const body = parseRequestPart(flagBody, request.body, 'body');
    return flagAddress(context.db, body);
  });
}
