import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { type CallFailure, p2pUsernameMachine } from '../../../../machines/p2pUsername.machine.ts';
import { p2pProfileEndpoints } from '../../../contract/p2p-profile.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { ownMarketProfileQueryOptions } from '../../api/p2pProfileQueries.ts';

/** An answer of `{ result: false }`: refused, with no code (spec 001 s.8 "Mutation results"). */
class ResultFalse extends Error {}

function failure(thrown: unknown): CallFailure {
  if (thrown instanceof ResultFalse) return { status: 200, reason: null };
  const error = toApiError(thrown);
  return { status: error?.code ?? null, reason: error?.reason ?? null };
}

export interface UsernameEffects {
  queryClient: QueryClient;
  showProfile: () => void;
  showMarket: () => void;
}

/**
 * The username machine wired to the app: `checkAvailability` (POST /p2p/profile/check-username)
 * and `saveUsername` (PATCH /p2p/profile {username}); a saved name refreshes the own profile.
 */
export function provideUsername({ queryClient, showProfile, showMarket }: UsernameEffects) {
  return p2pUsernameMachine.provide({
    actors: {
      checkAvailability: fromPromise<boolean, { username: string }>(async ({ input }) => {
        try {
          const answer = await call(p2pProfileEndpoints.checkUsername, { body: { username: input.username } });
          return answer.exists;
        } catch (thrown) {
          throw failure(thrown);
        }
      }),
      saveUsername: fromPromise<void, { username: string }>(async ({ input }) => {
        try {
          const answer = await call(p2pProfileEndpoints.updateOwnMarketProfile, {
            body: { username: input.username },
          });
          if (!answer.result) throw new ResultFalse('result: false');
        } catch (thrown) {
          throw failure(thrown);
        }
        await queryClient.invalidateQueries({ queryKey: ownMarketProfileQueryOptions().queryKey });
      }),
    },
    actions: { showProfile, showMarket },
  });
}
