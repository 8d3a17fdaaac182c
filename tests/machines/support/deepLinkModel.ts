/**
 * The deep-link machine's model, used by tests/machines/deepLink.model.test.ts: the scenarios
 * (start parameter and whether the person is signed in already), the events tried from each
 * state, the fakes, and how a step reads as a sentence.
 */
import { type DeepLinkEvent, type DeepLinkInput, deepLinkMachine } from '../../../machines/deepLink.machine.ts';
import {
  type ActorSettleOf,
  DeferredActors,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
  unsettledActor,
} from './model.ts';

export type DeepLinkMachine = typeof deepLinkMachine;
export type DeepLinkScenario =
  | 'both hashes, signed out'
  | 'both hashes, signed in'
  | 'referral only, signed out'
  | 'tracking only, signed in'
  | 'no hashes'
  | 'a market user, no hashes'
  | 'no start parameter';

export const scenarios: Record<DeepLinkScenario, DeepLinkInput> = {
  'both hashes, signed out': { startParam: 'r-ref42_i-ads7_offer-42', signedIn: false },
  'both hashes, signed in': { startParam: 'i-ads7_r-ref42_IV1234567890choose', signedIn: true },
  'referral only, signed out': { startParam: 'r-ref42', signedIn: false },
  'tracking only, signed in': { startParam: 'i-ads7_help-fees', signedIn: true },
  'no hashes': { startParam: 'offer-../../x', signedIn: false },
  'a market user, no hashes': { startParam: 'user-55', signedIn: false },
  'no start parameter': { startParam: null, signedIn: false },
};

type Settle = ActorSettleOf<DeepLinkMachine>;

export function modelEvents(
  snapshot: ReturnType<DeepLinkMachine['getInitialSnapshot']>,
): Array<DeepLinkEvent | Settle> {
  const events: Array<DeepLinkEvent | Settle> = [{ type: 'session.signedIn' }];
  for (const id of ['registerReferral', 'registerTracking'] as const) {
    if (snapshot.children[id] === undefined) continue;
    events.push({ type: 'actor.done', id, output: undefined }, { type: 'actor.error', id, error: { status: 500 } });
  }
  return events;
}

export const modelMachine = deepLinkMachine.provide({
  actors: { registerReferral: unsettledActor(), registerTracking: unsettledActor() },
});

export function deepLinkPaths(scenario: DeepLinkScenario): Array<ModelPath<DeepLinkMachine>> {
  return transitionPaths(modelMachine, {
    input: scenarios[scenario],
    events: modelEvents,
    key: (snapshot) => [snapshot.value, snapshot.context.signedIn],
  });
}

export function replayMachine(): {
  machine: DeepLinkMachine;
  fakes: DeferredActors;
  navigations: Array<{ path: string; expand: boolean }>;
} {
  const fakes = new DeferredActors();
  const navigations: Array<{ path: string; expand: boolean }> = [];
  const machine = deepLinkMachine.provide({
    actors: {
      registerReferral: fakes.actor<void, { inviteHash: string }>('registerReferral', () => {}),
      registerTracking: fakes.actor<void, { trackingHash: string }>('registerTracking', () => {}),
    },
    actions: { navigateTo: (_, params) => void navigations.push(params) },
  });
  return { machine, fakes, navigations };
}

export function describeEvent(event: ModelEvent<DeepLinkMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    const what = event.id === 'registerReferral' ? 'the referral registration' : 'the tracking registration';
    return event.type === 'actor.done' ? `${what} succeeds` : `${what} fails`;
  }
  return 'the person signs in';
}
