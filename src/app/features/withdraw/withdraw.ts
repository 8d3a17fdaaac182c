import { type ActorRefFrom, fromPromise } from 'xstate';
import * as z from 'zod/mini';
import {
  type CheckAddressInput,
  type CheckAddressOutput,
  type CreateWithdrawalInput,
  type WithdrawalFailure,
  type WithdrawInput,
  withdrawMachine,
} from '../../../../machines/withdraw.machine.ts';
import type { AssetBalance } from '../../../contract/wallet-operations.ts';
import { networkId, walletOperationEndpoints } from '../../../contract/wallet-operations.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { availableOf, type WithdrawTarget } from './withdrawChoices.ts';

/**
 * The withdraw machine (machines/withdraw.machine.ts) wired to the app:
 *
 * - `checkAddress`: `POST /wallet/withdrawal/check-address {asset, network, address}`;
 * - `createWithdrawal`: `POST /wallet/withdrawal`, rejecting with `WithdrawalFailure`: the status
 *   (null without an answer), the server's stable code and its data.
 */

export function toWithdrawalFailure(thrown: unknown): WithdrawalFailure {
  const error = toApiError(thrown);
  if (error === null) return { status: null, code: null };
  return { status: error.code, code: error.reason, data: error.data };
}

export function provideWithdraw() {
  return withdrawMachine.provide({
    actors: {
      checkAddress: fromPromise<CheckAddressOutput, CheckAddressInput>(({ input, signal }) =>
        call(walletOperationEndpoints.checkAddress, {
          body: { asset: input.asset, network: z.parse(networkId, input.network), address: input.address },
          signal,
        }),
      ),
      createWithdrawal: fromPromise<{ id: string }, CreateWithdrawalInput>(async ({ input }) => {
        try {
          // No abort signal: once sent, the answer is wanted even if the person leaves the page.
          return await call(walletOperationEndpoints.createWithdrawal, {
            body: { ...input, network: z.parse(networkId, input.network) },
          });
        } catch (thrown) {
          throw toWithdrawalFailure(thrown);
        }
      }),
    },
  });
}

export type ProvidedWithdraw = ReturnType<typeof provideWithdraw>;
export type WithdrawActor = ActorRefFrom<typeof withdrawMachine>;

/** The machine's input for sending `target` with the balance of now. */
export function withdrawInput(target: WithdrawTarget, balances: readonly AssetBalance[]): WithdrawInput {
  const { asset, network } = target;
  return {
    asset: asset.code,
    network: network.network,
    decimals: asset.decimals,
    available: availableOf(balances, asset.code),
    fee: network.withdraw_fee,
    min: network.limits.withdraw.min,
    max: network.limits.withdraw.max,
  };
}
