import type { QueryClient } from '@tanstack/react-query';
import { type ActorRefFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { type ContactAnswer, verificationFlowMachine } from '../../../../machines/verificationFlow.machine.ts';
import type { AuthenticationConfig } from '../../../contract/auth.ts';
import {
  type ProviderStepType,
  type VerificationFlow,
  type VerificationStep,
  verificationEndpoints,
} from '../../../contract/verification.ts';
import type { VerificationLevel } from '../../../contract/verification-level.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { verificationFlowQueryOptions } from '../../api/verificationFlowQueries.ts';
import { verificationQueryKey } from '../../api/verificationQueries.ts';
import type { Platform } from '../../platform/types.ts';
import type { VerificationUrlStep } from './verificationFlowUrl.ts';

/**
 * The verificationFlow machine (machines/verificationFlow.machine.ts) wired to the app:
 *
 * - `loadFlow`: `GET /verification-flow/{section}` through the query cache (the levels list and
 *   this flow read the same answer);
 * - `requestContact`: the platform's contact request (Telegram's prompt in the mini app);
 * - `submitPhone`: `POST /verification/phone {response}`;
 * - `submitDocuments`: `POST /verification/provider/{type}/submit {file_ids}`;
 * - `openPersonalData`: the personal-data route, with this level to come back to;
 * - `openBot`: the bot's chat (`?start=verify-phone`), or in local mode the server's stand-in page.
 *
 * Every call rejects with `{ status }` (null without an answer); a submission refreshes the
 * verification queries.
 */

export type VerificationFlowActor = ActorRefFrom<typeof verificationFlowMachine>;
export type VerificationFlowSnapshot = SnapshotFrom<typeof verificationFlowMachine>;

/** What a screen of one of the flow's steps gets: the snapshot, the actor to send to, the flow's back. */
export interface FlowStepProps {
  snapshot: VerificationFlowSnapshot;
  actor: VerificationFlowActor;
  onBack: () => void;
}

/** Where the web sends the person to share the phone number: the bot, or the local stand-in page. */
export function phoneBotUrl(config: AuthenticationConfig): string {
  return config.local_mode ? '/local/verification/phone' : `https://t.me/${config.bot_username}?start=verify-phone`;
}

function failure(thrown: unknown): { status: number | null } {
  return { status: toApiError(thrown)?.code ?? null };
}

async function failingAs<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (thrown) {
    throw failure(thrown);
  }
}

export interface VerificationFlowEffects {
  queryClient: QueryClient;
  platform: Platform;
  /** Goes to the personal-data route, which comes back to `section`'s flow when done. */
  openPersonalData: (section: VerificationLevel) => void;
  /** Opens the bot (or the local stand-in page); null while the configuration is not known. */
  botUrl: () => string | null;
}

export function provideVerificationFlow({ queryClient, platform, openPersonalData, botUrl }: VerificationFlowEffects) {
  const submitted = (step: VerificationStep): VerificationStep => {
    void queryClient.invalidateQueries({ queryKey: verificationQueryKey });
    return step;
  };
  return verificationFlowMachine.provide({
    actors: {
      loadFlow: fromPromise<VerificationFlow, { section: VerificationLevel }>(({ input }) =>
        failingAs(() => queryClient.fetchQuery(verificationFlowQueryOptions(input.section))),
      ),
      requestContact: fromPromise<ContactAnswer, void>(() => platform.requestContact()),
      submitPhone: fromPromise<VerificationStep, { response: string }>(({ input }) =>
        failingAs(() => call(verificationEndpoints.submitPhoneContact, { body: { response: input.response } })).then(
          submitted,
        ),
      ),
      submitDocuments: fromPromise<VerificationStep, { type: ProviderStepType; fileIds: string[] }>(({ input }) =>
        failingAs(() =>
          call(verificationEndpoints.submitProviderStep, {
            params: { type: input.type },
            body: { file_ids: input.fileIds },
          }),
        ).then(submitted),
      ),
    },
    actions: {
      openPersonalData: (_, params) => openPersonalData(params.section),
      openBot: () => {
        const url = botUrl();
        // In the click's own task, so the browser lets the new tab open.
        if (url !== null) window.open(url, '_blank', 'noopener');
      },
    },
  });
}

/** The URL step (verificationFlowUrl.ts) the machine's state stands at. */
export function verificationUrlStepOf(snapshot: VerificationFlowSnapshot): VerificationUrlStep {
  if (snapshot.hasTag('phone')) return 'phone';
  if (snapshot.hasTag('documents')) return 'documents';
  return 'overview';
}
