import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { changePasscodeMachine } from '../../../../../machines/changePasscode.machine.ts';
import { securityEndpoints } from '../../../../contract/security.ts';
import { call } from '../../../api/call.ts';
import { refreshSecurity } from '../../../api/securityQueries.ts';
import type { Platform } from '../../../platform/types.ts';
import { toSecurityFailure } from '../../../ui/passcodeConfirm/passcodeCalls.ts';

/**
 * The change-passcode ("forgot passcode") machine (machines/changePasscode.machine.ts) wired to
 * the app:
 *
 * - `sendEmailCode`: `POST /security/email-code {transactionType: 'changePassCode'}` → the code id;
 * - `verifyEmailCode`: `POST /security/email-code/token {code, id}` → the mail confirmation token;
 * - `restorePasscode`: `POST /security/pass-code/recovery {code, mailConfirmationToken}`; an answer
 *   with `result: false` counts as a failure (spec 001 s.8 "Mutation results");
 * - `errorHaptics`: `platform.haptic('error')`;
 * - `clearLockout`: the server cleared the lock with the recovery; the security info and the
 *   settings are refetched, so every screen sees the passcode unlocked.
 *
 * Calls reject with `{ status, seconds? }` (see `toSecurityFailure`).
 */
export function provideChangePasscode(platform: Platform, queryClient: QueryClient) {
  return changePasscodeMachine.provide({
    actors: {
      sendEmailCode: fromPromise<string, { transactionType: 'changePassCode' }>(async ({ input, signal }) => {
        try {
          return (await call(securityEndpoints.sendEmailCode, { body: input, signal })).id;
        } catch (thrown) {
          throw toSecurityFailure(thrown);
        }
      }),
      verifyEmailCode: fromPromise<string, { code: string; id: string }>(async ({ input, signal }) => {
        try {
          return (await call(securityEndpoints.emailCodeToken, { body: input, signal })).token;
        } catch (thrown) {
          throw toSecurityFailure(thrown);
        }
      }),
      restorePasscode: fromPromise<unknown, { code: string; mailConfirmationToken: string }>(
        async ({ input, signal }) => {
          let answer: { result: boolean };
          try {
            answer = await call(securityEndpoints.recoverPassCode, { body: input, signal });
          } catch (thrown) {
            throw toSecurityFailure(thrown);
          }
          if (!answer.result) throw { status: null };
          return answer.result;
        },
      ),
    },
    actions: {
      errorHaptics: () => platform.haptic('error'),
      clearLockout: () => void refreshSecurity(queryClient),
    },
  });
}
