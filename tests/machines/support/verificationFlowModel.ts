/**
 * The verificationFlow machine's model, shared by tests/machines/verificationFlow.model.test.ts
 * and the flow's page along the same paths (tests/app/verification/verificationFlow.paths.view.test.tsx).
 * One level, p2c-client (phone, personal data, passport), in two scenarios: the mini app, whose
 * messenger shares the contact, and the web, where the bot does. What the server answers at each
 * moment is chosen from the fixtures below.
 */
import {
  type ContactAnswer,
  type VerificationFlowInput,
  verificationFlowMachine,
} from '../../../machines/verificationFlow.machine.ts';
import type { VerificationFlow, VerificationStep } from '../../../src/contract/verification.ts';
import { type ActorSettleOf, eventsWhileActive, isActorSettle, type ModelEvent, transitionPaths } from './model.ts';

export type VerificationFlowMachine = typeof verificationFlowMachine;
type Settle = ActorSettleOf<VerificationFlowMachine>;

function step(
  type: VerificationStep['type'],
  status: VerificationStep['status'],
  more: Partial<VerificationStep> = {},
) {
  return { type, status, result: null, reason: null, updated_at: null, ...more } satisfies VerificationStep;
}

const phoneDone = step('PHONE_NUMBER', 'completed', { result: 'OK' });
const basicDone = step('BASIC', 'completed', { result: 'OK' });
export const PASSPORT_IN_REVIEW = step('SUMSUB_BASIC', 'in_progress', { result: 'PENDING' });
export const REJECTION_REASON = 'The photo is blurred';
export const BLOCK_REASON = 'The documents belong to someone else';

function flow(status: VerificationFlow['status'], steps: VerificationStep[]): VerificationFlow {
  return { section: 'p2c-client', status, steps };
}

/**
 * Where the flow can stand, as `GET /verification-flow/p2c-client` answers: the steps after the
 * current one are `blocked` (not yet available), as the server says (docs/verification.md).
 */
export const FLOWS = {
  phone: flow('action_required', [
    step('PHONE_NUMBER', 'not_started'),
    step('BASIC', 'blocked'),
    step('SUMSUB_BASIC', 'blocked'),
  ]),
  basic: flow('action_required', [phoneDone, step('BASIC', 'not_started'), step('SUMSUB_BASIC', 'blocked')]),
  passport: flow('action_required', [phoneDone, basicDone, step('SUMSUB_BASIC', 'not_started')]),
  review: flow('action_required', [phoneDone, basicDone, PASSPORT_IN_REVIEW]),
  rejected: flow('action_required', [
    phoneDone,
    basicDone,
    step('SUMSUB_BASIC', 'rejected', { result: 'REJECTED', reason: REJECTION_REASON }),
  ]),
  done: flow('completed', [phoneDone, basicDone, step('SUMSUB_BASIC', 'completed', { result: 'OK' })]),
  blocked: flow('blocked', [
    phoneDone,
    basicDone,
    step('SUMSUB_BASIC', 'blocked', { result: 'FAILED', reason: BLOCK_REASON }),
  ]),
} as const;
export type FlowName = keyof typeof FLOWS;

/** What the phone submission answers: the step, done. */
export const PHONE_DONE = phoneDone;
/** The signed contact the messenger hands over. */
export const SIGNED_CONTACT = 'contact=%7B%22user_id%22%3A42%7D&auth_date=1764000000&hash=abc123';

export const FILE_A = { id: 'file-a', name: 'passport.png' };
export const FILE_B = { id: 'file-b', name: 'passport-back.png' };

/** A failure as the app's actors reject: the HTTP status, or null without an answer. */
export const failure = (status: number | null) => ({ status });

const contact = (answer: ContactAnswer): Settle => ({ type: 'actor.done', id: 'requestContact', output: answer });
const loaded = (name: FlowName): Settle => ({ type: 'actor.done', id: 'loadFlow', output: FLOWS[name] });
const loadFailed: Settle = { type: 'actor.error', id: 'loadFlow', error: failure(500) };

/** Which answers of `GET /verification-flow` each waiting state is tried with. */
function loadAnswers(snapshot: { matches(value: unknown): boolean }): Settle[] {
  if (snapshot.matches('loading')) return [...(Object.keys(FLOWS) as FlowName[]).map(loaded), loadFailed];
  if (snapshot.matches({ inReview: 'refreshing' }))
    return [loaded('review'), loaded('rejected'), loaded('done'), loadFailed];
  if (snapshot.matches({ phone: { bot: 'refreshing' } })) return [loaded('phone'), loaded('basic'), loadFailed];
  return [];
}

export const SCENARIOS: ReadonlyArray<{ name: string; input: VerificationFlowInput }> = [
  { name: 'mini app', input: { section: 'p2c-client', canRequestContact: true } },
  { name: 'web', input: { section: 'p2c-client', canRequestContact: false } },
];

export function verificationFlowPaths(input: VerificationFlowInput) {
  return transitionPaths(verificationFlowMachine, {
    input,
    events: (snapshot) =>
      eventsWhileActive(
        snapshot,
        [
          { type: 'retry' },
          { type: 'step.start' },
          { type: 'step.back' },
          { type: 'contact.request' },
          { type: 'bot.open' },
          { type: 'file.add', file: FILE_A },
          { type: 'file.add', file: FILE_B },
          { type: 'file.remove', id: FILE_A.id },
          { type: 'files.more' },
          { type: 'files.list' },
          { type: 'documents.submit' },
        ],
        [
          ...loadAnswers(snapshot),
          contact({ status: 'sent', response: SIGNED_CONTACT }),
          contact({ status: 'cancelled' }),
          contact({ status: 'unavailable' }),
          { type: 'actor.error', id: 'requestContact', error: new Error('The bridge failed') },
          { type: 'actor.done', id: 'submitPhone', output: PHONE_DONE },
          { type: 'actor.error', id: 'submitPhone', error: failure(403) },
          { type: 'actor.error', id: 'submitPhone', error: failure(null) },
          { type: 'actor.done', id: 'submitDocuments', output: PASSPORT_IN_REVIEW },
          { type: 'actor.error', id: 'submitDocuments', error: failure(404) },
          { type: 'actor.error', id: 'submitDocuments', error: failure(null) },
        ] satisfies Settle[],
      ),
    key: (snapshot) => [snapshot.value, snapshot.context],
  });
}

/** The flow an answer of `GET /verification-flow` names. */
export function flowNameOf(output: unknown): FlowName {
  const name = (Object.keys(FLOWS) as FlowName[]).find((each) => FLOWS[each] === output);
  if (name === undefined) throw new Error('Not one of the fixtures');
  return name;
}

export function describeEvent(event: ModelEvent<VerificationFlowMachine>): string {
  if (isActorSettle(event)) {
    const what = event.type === 'actor.done' ? 'answers' : 'fails';
    if (event.type === 'actor.done' && event.id === 'loadFlow')
      return `the flow loads as "${flowNameOf(event.output)}"`;
    if (event.type === 'actor.done' && event.id === 'requestContact') {
      const status: unknown =
        typeof event.output === 'object' && event.output ? Reflect.get(event.output, 'status') : '';
      return `the messenger answers ${String(status)}`;
    }
    const status = event.type === 'actor.error' ? ` (${JSON.stringify(event.error)})` : '';
    return `${event.id} ${what}${status}`;
  }
  switch (event.type) {
    case 'file.add':
      return `${event.file.name} is uploaded`;
    case 'file.remove':
      return `${event.id} is removed`;
    case 'time.pass':
      return `${event.ms} ms pass`;
    default:
      return `the person does ${event.type}`;
  }
}
