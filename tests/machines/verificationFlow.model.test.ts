/**
 * The verification flow (issue 11): every path of the machine is generated in two scenarios (the
 * count is a tripwire; the coverage test fails on an untested transition) and played on the flow's
 * page against hand-written expectations per state in
 * tests/app/verification/verificationFlow.paths.view.test.tsx. Here the rules get named tests on the
 * machine's real transitions, with literal expectations: polling every 5 s while in review (and
 * only then), the contact sent exactly as the messenger signed it, nothing sent after a cancelled
 * prompt, the bot and the personal-data route opened with the level, at most 5 files.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  type ContactAnswer,
  type VerificationFlowInput,
  verificationFlowMachine,
} from '../../machines/verificationFlow.machine.ts';
import { coverageOf, DeferredActors, flush, initialModelState } from './support/model.ts';
import {
  FILE_A,
  FILE_B,
  FLOWS,
  failure,
  PASSPORT_IN_REVIEW,
  PHONE_DONE,
  SCENARIOS,
  SIGNED_CONTACT,
  verificationFlowPaths,
} from './support/verificationFlowModel.ts';

const pathsByScenario = SCENARIOS.map((scenario) => ({ ...scenario, paths: verificationFlowPaths(scenario.input) }));

function run(input: VerificationFlowInput = { section: 'p2c-client', canRequestContact: false }) {
  const fakes = new DeferredActors();
  const opened: Array<{ kind: 'bot' } | { kind: 'personalData'; section: string }> = [];
  const machine = verificationFlowMachine.provide({
    actors: {
      loadFlow: fakes.actor('loadFlow', (output) => FLOWS[flowKeyOf(output)]),
      requestContact: fakes.actor('requestContact', (output) => contactOf(output)),
      submitPhone: fakes.actor('submitPhone', () => PHONE_DONE),
      submitDocuments: fakes.actor('submitDocuments', () => PASSPORT_IN_REVIEW),
    },
    actions: {
      openBot: () => void opened.push({ kind: 'bot' }),
      openPersonalData: (_, params) => void opened.push({ kind: 'personalData', section: params.section }),
    },
  });
  const actor = createActor(machine, { input }).start();
  const answer = async (id: string, output: unknown) => {
    fakes.settle({ type: 'actor.done', id, output });
    await flush();
  };
  const refuse = async (id: string, error: unknown) => {
    fakes.settle({ type: 'actor.error', id, error });
    await flush();
  };
  return { actor, fakes, opened, answer, refuse };
}

function flowKeyOf(output: unknown): keyof typeof FLOWS {
  const key = (Object.keys(FLOWS) as Array<keyof typeof FLOWS>).find((name) => FLOWS[name] === output);
  if (key === undefined) throw new Error('not a fixture');
  return key;
}

function contactOf(output: unknown): ContactAnswer {
  const status: unknown = typeof output === 'object' && output !== null ? Reflect.get(output, 'status') : null;
  const response: unknown = typeof output === 'object' && output !== null ? Reflect.get(output, 'response') : null;
  if (status === 'sent' && typeof response === 'string') return { status: 'sent', response };
  return status === 'cancelled' ? { status: 'cancelled' } : { status: 'unavailable' };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('verification flow machine model', () => {
  it('has 224 paths in the mini app and 200 on the web (a tripwire for unintended change)', () => {
    expect(pathsByScenario.map(({ name, paths }) => [name, paths.length])).toEqual([
      ['mini app', 224],
      ['web', 200],
    ]);
  });

  it('visits every state node and takes every transition', () => {
    const starts = SCENARIOS.map(({ input }) => initialModelState(verificationFlowMachine, input));
    const coverage = coverageOf(
      verificationFlowMachine,
      starts,
      pathsByScenario.flatMap(({ paths }) => paths),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });

  it('asks the messenger only in the mini app, and opens the bot only on the web', () => {
    for (const { input, paths } of pathsByScenario) {
      const asks = paths.some((path) =>
        path.steps.some((step) => step.state.snapshot.matches({ phone: 'requesting' })),
      );
      const bot = paths.some((path) => path.steps.some((step) => step.state.snapshot.hasTag('bot')));
      expect([asks, bot]).toEqual(input.canRequestContact ? [true, true] : [false, true]);
    }
  });
});

describe('a step in review', () => {
  it('is asked about again every 5 s, and its approval shows as the level completed', async () => {
    const { actor, fakes, answer } = run();
    await answer('loadFlow', FLOWS.review);
    expect(actor.getSnapshot().hasTag('review')).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(fakes.inputs('loadFlow')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fakes.inputs('loadFlow')).toEqual([{ section: 'p2c-client' }, { section: 'p2c-client' }]);
    await answer('loadFlow', FLOWS.review);
    vi.advanceTimersByTime(5000);
    expect(fakes.inputs('loadFlow')).toHaveLength(3);
    await answer('loadFlow', FLOWS.done);
    expect(actor.getSnapshot().value).toBe('completed');
    vi.advanceTimersByTime(60_000);
    expect(fakes.inputs('loadFlow')).toHaveLength(3);
  });

  it('keeps waiting quietly when a poll fails, and asks again 5 s later', async () => {
    const { actor, fakes, answer, refuse } = run();
    await answer('loadFlow', FLOWS.review);
    vi.advanceTimersByTime(5000);
    await refuse('loadFlow', failure(null));
    expect(actor.getSnapshot().hasTag('review')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    vi.advanceTimersByTime(5000);
    expect(fakes.inputs('loadFlow')).toHaveLength(3);
    await answer('loadFlow', FLOWS.rejected);
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.flow?.steps[2]?.reason).toBe('The photo is blurred');
  });

  it('is not polled while the person has something to do', async () => {
    const { fakes, answer } = run();
    await answer('loadFlow', FLOWS.passport);
    vi.advanceTimersByTime(60_000);
    expect(fakes.inputs('loadFlow')).toHaveLength(1);
  });
});

describe('the phone number', () => {
  it('in the mini app: the messenger is asked at once and its signed answer is sent as it came', async () => {
    const { actor, fakes, answer } = run({ section: 'withdraw', canRequestContact: true });
    await answer('loadFlow', FLOWS.phone);
    actor.send({ type: 'step.start' });
    expect(fakes.inputs('requestContact')).toHaveLength(1);
    await answer('requestContact', { status: 'sent', response: SIGNED_CONTACT });
    expect(fakes.inputs('submitPhone')).toEqual([
      { response: 'contact=%7B%22user_id%22%3A42%7D&auth_date=1764000000&hash=abc123' },
    ]);
    await answer('submitPhone', PHONE_DONE);
    // The flow is asked again: the next step was blocked until now.
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.inputs('loadFlow')).toHaveLength(2);
    expect(actor.getSnapshot().context.contact).toBeNull();
    await answer('loadFlow', FLOWS.basic);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('a declined prompt sends nothing, says so, and asks again only when the person wants', async () => {
    const { actor, fakes, answer } = run({ section: 'withdraw', canRequestContact: true });
    await answer('loadFlow', FLOWS.phone);
    actor.send({ type: 'step.start' });
    await answer('requestContact', { status: 'cancelled' });
    expect(actor.getSnapshot().context.error).toBe('contact_cancelled');
    expect(fakes.inputs('submitPhone')).toEqual([]);
    expect(fakes.inputs('requestContact')).toHaveLength(1);
    actor.send({ type: 'contact.request' });
    expect(fakes.inputs('requestContact')).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a contact the server refuses (403) says it is not this account’s number', async () => {
    const { actor, answer, refuse } = run({ section: 'withdraw', canRequestContact: true });
    await answer('loadFlow', FLOWS.phone);
    actor.send({ type: 'step.start' });
    await answer('requestContact', { status: 'sent', response: SIGNED_CONTACT });
    await refuse('submitPhone', failure(403));
    expect(actor.getSnapshot().matches({ phone: 'asking' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'contact_invalid', contact: null });
  });

  it('a messenger that cannot share it falls back to the bot', async () => {
    const { actor, answer } = run({ section: 'withdraw', canRequestContact: true });
    await answer('loadFlow', FLOWS.phone);
    actor.send({ type: 'step.start' });
    await answer('requestContact', { status: 'unavailable' });
    expect(actor.getSnapshot().hasTag('bot')).toBe(true);
  });

  it('on the web: the bot is opened on request and the flow is polled until the number is in', async () => {
    const { actor, fakes, opened, answer } = run();
    await answer('loadFlow', FLOWS.phone);
    actor.send({ type: 'step.start' });
    expect(opened).toEqual([]);
    actor.send({ type: 'bot.open' });
    expect(opened).toEqual([{ kind: 'bot' }]);
    expect(actor.getSnapshot().context.botOpened).toBe(true);
    vi.advanceTimersByTime(5000);
    await answer('loadFlow', FLOWS.phone);
    expect(actor.getSnapshot().hasTag('bot')).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(fakes.inputs('loadFlow')).toHaveLength(3);
    await answer('loadFlow', FLOWS.basic);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.botOpened).toBe(false);
  });
});

describe('personal data and documents', () => {
  it('personal data is its own route, opened with the level to come back to', async () => {
    const { actor, opened, answer } = run();
    await answer('loadFlow', FLOWS.basic);
    actor.send({ type: 'step.start' });
    expect(opened).toEqual([{ kind: 'personalData', section: 'p2c-client' }]);
    expect(actor.getSnapshot().hasTag('personalData')).toBe(true);
  });

  it('takes at most 5 files, each once, and sends their ids in the order they came', async () => {
    const { actor, fakes, answer } = run();
    await answer('loadFlow', FLOWS.passport);
    actor.send({ type: 'step.start' });
    actor.send({ type: 'file.add', file: FILE_A });
    actor.send({ type: 'files.more' });
    actor.send({ type: 'file.add', file: FILE_A });
    expect(actor.getSnapshot().context.files).toEqual([{ id: 'file-a', name: 'passport.png' }]);
    actor.send({ type: 'file.add', file: FILE_B });
    for (const id of ['c', 'd', 'e']) {
      actor.send({ type: 'files.more' });
      actor.send({ type: 'file.add', file: { id, name: `${id}.png` } });
    }
    expect(actor.getSnapshot().can({ type: 'files.more' })).toBe(false);
    actor.send({ type: 'documents.submit' });
    expect(fakes.inputs('submitDocuments')).toEqual([
      { type: 'SUMSUB_BASIC', fileIds: ['file-a', 'file-b', 'c', 'd', 'e'] },
    ]);
    await answer('submitDocuments', PASSPORT_IN_REVIEW);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.files).toEqual([]);
    await answer('loadFlow', FLOWS.review);
    expect(actor.getSnapshot().hasTag('review')).toBe(true);
  });

  it('removing the last file goes back to choosing one; a refused submission keeps the files and says why', async () => {
    const { actor, answer, refuse } = run();
    await answer('loadFlow', FLOWS.passport);
    actor.send({ type: 'step.start' });
    actor.send({ type: 'file.add', file: FILE_A });
    actor.send({ type: 'file.remove', id: 'file-a' });
    expect(actor.getSnapshot().hasTag('adding')).toBe(true);
    actor.send({ type: 'file.add', file: FILE_B });
    actor.send({ type: 'documents.submit' });
    await refuse('submitDocuments', failure(404));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'files_missing', files: [FILE_B] });
  });

  it('a rejected step is tried again from its files', async () => {
    const { actor, answer } = run();
    await answer('loadFlow', FLOWS.rejected);
    expect(actor.getSnapshot().hasTag('rejected')).toBe(true);
    actor.send({ type: 'step.start' });
    expect(actor.getSnapshot().matches({ documents: 'adding' })).toBe(true);
  });

  it('a blocked level offers nothing to do', async () => {
    const { actor, answer } = run();
    await answer('loadFlow', FLOWS.blocked);
    expect(actor.getSnapshot().value).toBe('blocked');
    expect(actor.getSnapshot().can({ type: 'step.start' })).toBe(false);
  });
});
