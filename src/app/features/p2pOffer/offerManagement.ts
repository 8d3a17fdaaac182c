import type { QueryClient } from '@tanstack/react-query';
import { type ActorRefFrom, fromPromise, type SnapshotFrom } from 'xstate';
import {
  type CallFailure,
  type OfferEdit,
  offerManagementMachine,
} from '../../../../machines/offerManagement.machine.ts';
import { type Offer, p2pOfferEndpoints } from '../../../contract/p2p-offers.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { p2pOffersQueryKey } from '../../api/p2pOfferQueries.ts';

/**
 * The offerManagement machine wired to the app: `setActive` (PUT /p2p/offers/{id}/active),
 * `deleteOffer` (DELETE /p2p/offers/{id}) and `saveEdit` (PUT /p2p/offers/{id}/{property}). A
 * `{ result: false }` answer is a failure without a code (spec 001 s.8 "Mutation results"). Every
 * success refreshes the offer queries (spec 001 s.7); a deleted offer's own query is dropped so
 * nothing asks for it again.
 */
export type OfferManagementActor = ActorRefFrom<typeof offerManagementMachine>;
export type OfferManagementSnapshot = SnapshotFrom<typeof offerManagementMachine>;

/** An answer of `{ result: false }`: refused, with no code to name why (spec 001 s.8 "Mutation results"). */
class ResultFalse extends Error {}

function failure(thrown: unknown): CallFailure {
  if (thrown instanceof ResultFalse) return { status: 200, reason: null };
  const error = toApiError(thrown);
  return { status: error?.code ?? null, reason: error?.reason ?? null };
}

async function failingAs<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (thrown) {
    throw failure(thrown);
  }
}

function expectResult(answer: { result: boolean }): void {
  if (!answer.result) throw new ResultFalse('result: false');
}

function sendEdit(offerId: number, edit: OfferEdit): Promise<Offer> {
  const params = { id: offerId };
  switch (edit.property) {
    case 'price':
      return call(p2pOfferEndpoints.editOfferPrice, { params, body: edit.body });
    case 'volume':
      return call(p2pOfferEndpoints.editOfferVolume, { params, body: edit.body });
    case 'limits':
      return call(p2pOfferEndpoints.editOfferLimits, { params, body: edit.body });
    case 'methods':
      return call(p2pOfferEndpoints.editOfferMethods, { params, body: edit.body });
    case 'time':
      return call(p2pOfferEndpoints.editOfferTimeLimit, { params, body: edit.body });
    case 'conditions':
      return call(p2pOfferEndpoints.editOfferConditions, { params, body: edit.body });
    case 'restrictions':
      return call(p2pOfferEndpoints.editOfferRestrictions, { params, body: edit.body });
  }
}

export interface OfferManagementEffects {
  queryClient: QueryClient;
  /** Where the screen goes after a delete. */
  leave: () => void;
  /** The offer's management view, after an edit. */
  showOffer: () => void;
}

export function provideOfferManagement({ queryClient, leave, showOffer }: OfferManagementEffects) {
  const refresh = () => queryClient.invalidateQueries({ queryKey: p2pOffersQueryKey });
  return offerManagementMachine.provide({
    actors: {
      setActive: fromPromise<void, { offerId: number; active: boolean }>(({ input }) =>
        failingAs(async () => {
          const answer = await call(p2pOfferEndpoints.setOfferActive, {
            params: { id: input.offerId },
            body: { active: input.active },
          });
          expectResult(answer);
          await refresh();
        }),
      ),
      deleteOffer: fromPromise<void, { offerId: number }>(({ input }) =>
        failingAs(async () => {
          expectResult(await call(p2pOfferEndpoints.deleteOffer, { params: { id: input.offerId } }));
          queryClient.removeQueries({ queryKey: [...p2pOffersQueryKey, 'one', input.offerId] });
          void refresh();
        }),
      ),
      saveEdit: fromPromise<void, { offerId: number; edit: OfferEdit }>(({ input }) =>
        failingAs(async () => {
          const offer = await sendEdit(input.offerId, input.edit);
          queryClient.setQueryData([...p2pOffersQueryKey, 'one', input.offerId], offer);
          void refresh();
        }),
      ),
    },
    actions: { leave, showOffer },
  });
}
