/**
 * A verification level's page along every path of the verificationFlow machine
 * (tests/machines/support/verificationFlowModel.ts: the machine only says which states and
 * transitions exist). The system under test is the whole app at /account/verification/p2c-client
 * with a fake server that answers the flow, the phone and the submission when the path says, a
 * held upload server and file reader for the files, and a messenger whose contact prompt answers
 * when the path says. Every step is done as a person does it: the screen's main and back actions,
 * the file picker, Remove, "Add another file". What must hold is written here by hand, one
 * expectation per state: the title, the steps and their statuses, the main action, the message,
 * the URL's step, the request under way and its body.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactRequestAnswer, Platform } from '../../../src/app/platform/types.ts';
import { type ActorSettleOf, isActorSettle, isTimePass, type ModelEvent } from '../../machines/support/model.ts';
import {
  BLOCK_REASON,
  describeEvent,
  FLOWS,
  type FlowName,
  flowNameOf,
  PASSPORT_IN_REVIEW,
  PHONE_DONE,
  REJECTION_REASON,
  SCENARIOS,
  SIGNED_CONTACT,
  type VerificationFlowMachine,
  verificationFlowPaths,
} from '../../machines/support/verificationFlowModel.ts';
import { baseSettings, ok } from '../support/fakeApi.ts';
import { failureAnswer, HELD_SERVER_FAKE_TIMERS, HeldServer, settle } from '../support/heldServer.ts';
import { HeldFileReader, HeldUploadServer } from '../support/heldUploads.ts';
import { expectStates, leafStates } from '../support/stateExpectations.ts';
import { fakePlatform, fakeSession, renderApp, signedIn } from '../support.tsx';

const FLOW = 'GET /verification-flow/p2c-client';
const PHONE = 'POST /verification/phone';
const SUBMIT = 'POST /verification/provider/SUMSUB_BASIC/submit';
const UPLOAD = 'POST /verification/provider/SUMSUB_BASIC/files';
const BOT_URL = 'https://t.me/kopilka_bot?start=verify-phone';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]);

/** The steps' rows as they read (name, status), per flow. */
const ROWS: Record<FlowName, string[]> = {
  phone: ['Phone numberNot started', 'Personal dataNot started', 'PassportNot started'],
  basic: ['Phone numberDone', 'Personal dataNot started', 'PassportNot started'],
  passport: ['Phone numberDone', 'Personal dataDone', 'PassportNot started'],
  review: ['Phone numberDone', 'Personal dataDone', 'PassportIn review'],
  rejected: ['Phone numberDone', 'Personal dataDone', 'PassportRejected'],
  done: ['Phone numberDone', 'Personal dataDone', 'PassportDone'],
  blocked: [],
};

/** The main action of a level ready for its next step. */
const START: Partial<Record<FlowName, string>> = {
  phone: 'Share phone number',
  basic: 'Fill in personal data',
  passport: 'Upload passport',
};

const ERRORS = {
  cancelled: 'You didn’t share your number. Share it to go on.',
  invalid: 'This isn’t your Telegram number. Share the number of this account.',
  offline: 'No connection. Check your internet and try again.',
  missing: 'A file is missing. Upload it again.',
};

interface UploadedFile {
  id: string;
  name: string;
}

/** What the test knows from what it did and what the server said. */
interface World {
  miniApp: boolean;
  platform: Platform;
  router: ReturnType<typeof renderApp>['router'];
  server: HeldServer;
  uploads: HeldUploadServer;
  reader: HeldFileReader;
  contact: Array<{ resolve: (answer: ContactRequestAnswer) => void; reject: (error: unknown) => void }>;
  opened: ReturnType<typeof vi.fn>;
  /** The flow the server said last. */
  flow: FlowName;
  files: UploadedFile[];
  /** The message the person must read now, or null. */
  message: string | null;
  /** How often the messenger was asked for the contact, and the bot opened. */
  asks: number;
  /** How many signed contacts were sent to the server. */
  phoneSends: number;
  botOpens: number;
  flowRequests: number;
}

const texts = (): string => document.body.textContent ?? '';
const main = (world: World) => world.platform.screenActions.snapshot().main;
const heading = (): string => screen.getByRole('heading', { level: 1 }).textContent ?? '';
const rows = (): string[] =>
  screen.queryAllByRole('listitem').map((item) => (item.textContent ?? '').replace(/\s+/g, ''));
const urlStep = (world: World): unknown => Reflect.get(world.router.state.location.search, 'step');
const alerts = (): string[] => screen.queryAllByRole('alert').map((node) => node.textContent ?? '');

function expectMain(world: World, label: string | null, pressable = true): void {
  const look = main(world);
  if (label === null) {
    expect(look, 'no main action').toBeNull();
    return;
  }
  expect(look?.label).toBe(label);
  expect(look !== null && !look.disabled && !look.busy, `"${label}" can be pressed`).toBe(pressable);
}

function expectMessage(world: World): void {
  for (const message of Object.values(ERRORS)) {
    expect(alerts().includes(message), `the message "${message}"`).toBe(world.message === message);
  }
}

function expectOverview(world: World, flow: FlowName): void {
  expect(heading()).toBe('P2C payments');
  expect(rows().map((row) => row.replace(/\s+/g, ''))).toEqual(ROWS[flow].map((row) => row.replace(/\s+/g, '')));
  expect(urlStep(world)).toBeUndefined();
}

function expectPhone(world: World): void {
  expect(heading()).toBe('Your phone number');
  expect(urlStep(world)).toBe('phone');
  expect(world.opened).toHaveBeenCalledTimes(world.botOpens);
  expectMessage(world);
}

function expectBot(world: World, refreshing: boolean): void {
  expectPhone(world);
  expect(texts()).toContain('Open Kopilka’s bot in Telegram and tap “Share phone number”.');
  expectMain(world, world.botOpens > 0 ? 'Open Telegram again' : 'Open Telegram');
  expect(texts().includes('Waiting for the bot…'), 'waiting for the bot').toBe(world.botOpens > 0);
  if (world.botOpens > 0) expect(world.opened).toHaveBeenLastCalledWith(BOT_URL, '_blank', 'noopener');
  expect(world.server.isWaiting(FLOW), 'the flow is asked again').toBe(refreshing);
}

function expectDocuments(world: World): void {
  expect(heading()).toBe('Passport');
  expect(urlStep(world)).toBe('documents');
  expect(texts()).toContain('The page of your passport with your photo, all four corners visible. A photo or a PDF.');
  expectMessage(world);
}

const EXPECTED: Record<string, (world: World) => void> = {
  loading: (world) => {
    expect(heading()).toBe('P2C payments');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(world.server.isWaiting(FLOW)).toBe(true);
    expectMain(world, null);
    expect(urlStep(world)).toBeUndefined();
  },
  loadFailed: (world) => {
    expect(alerts()).toContain('Couldn’t load the verification.Try again');
    expectMain(world, null);
  },
  ready: (world) => {
    expectOverview(world, world.flow);
    const start = START[world.flow];
    if (start === undefined) throw new Error(`ready with the flow ${world.flow}`);
    expectMain(world, start);
  },
  rejected: (world) => {
    expectOverview(world, 'rejected');
    expect(alerts()).toContain(`Rejected: Passport${REJECTION_REASON}`);
    expectMain(world, 'Try again');
  },
  'inReview.waiting': (world) => {
    expectOverview(world, 'review');
    expect(texts()).toContain('We’re checking this step. It usually takes a few minutes; this page updates by itself.');
    expectMain(world, null);
    expect(world.server.isWaiting(FLOW)).toBe(false);
  },
  'inReview.refreshing': (world) => {
    expectOverview(world, 'review');
    expectMain(world, null);
    expect(world.server.isWaiting(FLOW)).toBe(true);
    expect(world.server.routes(new Set([FLOW]))).toHaveLength(world.flowRequests);
  },
  completed: (world) => {
    expectOverview(world, 'done');
    expect(texts()).toContain('Verified: every step of P2C payments is done.');
    expectMain(world, 'Done');
  },
  blocked: (world) => {
    expect(heading()).toBe('No access');
    expect(texts()).toContain('The check didn’t pass.');
    expect(texts()).toContain(BLOCK_REASON);
    expectMain(world, 'Go to the wallet');
  },
  'phone.requesting': (world) => {
    expectPhone(world);
    expectMain(world, 'Share phone number', false);
    expect(world.contact).toHaveLength(world.asks);
    expect(world.server.routes(new Set([PHONE]))).toHaveLength(world.phoneSends);
  },
  'phone.submitting': (world) => {
    expectPhone(world);
    expectMain(world, 'Share phone number', false);
    world.server.expectUnderWay(PHONE, { response: SIGNED_CONTACT });
  },
  'phone.asking': (world) => {
    expectPhone(world);
    expectMain(world, 'Share phone number');
    expect(world.server.isWaiting(PHONE)).toBe(false);
  },
  'phone.bot.waiting': (world) => expectBot(world, false),
  'phone.bot.refreshing': (world) => expectBot(world, true),
  personalData: (world) => {
    expect(world.router.state.location.pathname).toBe('/account/verification/personal-data');
    expect(world.router.state.location.search).toEqual({ flow: 'p2c-client' });
  },
  'documents.adding': (world) => {
    expectDocuments(world);
    expect(screen.getByText('Choose a file')).toBeTruthy();
    expectMain(world, 'Upload', false);
    expect(screen.queryByRole('button', { name: 'Add another file' })).toBeNull();
  },
  'documents.listing': (world) => {
    expectDocuments(world);
    expect(screen.queryByText('Choose a file')).toBeNull();
    for (const file of world.files) expect(screen.getByRole('button', { name: `Remove ${file.name}` })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toHaveLength(world.files.length);
    expectMain(world, 'Send for review');
    expect(screen.getByRole('button', { name: 'Add another file' })).toBeTruthy();
  },
  'documents.submitting': (world) => {
    expectDocuments(world);
    expectMain(world, 'Send for review', false);
    world.server.expectUnderWay(SUBMIT, { file_ids: world.files.map((file) => file.id) });
  },
};

function pressMain(world: World, label: string): void {
  expectMain(world, label);
  act(() => world.platform.screenActions.press('main'));
}

function pressBack(world: World): void {
  expect(world.platform.screenActions.snapshot().back, 'a way back').toBe(true);
  act(() => world.platform.screenActions.press('back'));
}

function flowAnswer(name: FlowName) {
  return ok(FLOWS[name]);
}

async function perform(world: World, event: ModelEvent<VerificationFlowMachine>, before: readonly string[]) {
  if (isTimePass(event)) {
    act(() => void vi.advanceTimersByTime(event.ms));
    world.flowRequests += 1;
    await settle();
    return;
  }
  if (isActorSettle(event)) {
    await settleActor(world, event);
    return;
  }
  switch (event.type) {
    case 'retry':
      act(() => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
      world.flowRequests += 1;
      break;
    case 'step.start': {
      const label = before.includes('rejected') ? 'Try again' : START[world.flow];
      if (label === undefined) throw new Error(`no step to start in ${world.flow}`);
      pressMain(world, label);
      world.message = null;
      if (world.miniApp && world.flow === 'phone') world.asks += 1;
      break;
    }
    case 'step.back':
      // From the upload view with files on the list, its back returns to the list: the browser's back leaves.
      if (before.includes('documents.adding') && world.files.length > 0) act(() => world.router.history.back());
      else pressBack(world);
      world.message = null;
      world.files = [];
      world.botOpens = 0;
      world.opened.mockClear();
      break;
    case 'contact.request':
      pressMain(world, 'Share phone number');
      world.asks += 1;
      world.message = null;
      break;
    case 'bot.open':
      pressMain(world, world.botOpens > 0 ? 'Open Telegram again' : 'Open Telegram');
      world.botOpens += 1;
      break;
    case 'file.add': {
      const input = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (input === null) throw new Error('no file picker');
      act(
        () =>
          void fireEvent.change(input, {
            target: { files: [new File([PNG], event.file.name, { type: 'image/png' })] },
          }),
      );
      act(() => world.reader.finish(PNG));
      await settle();
      pressMain(world, 'Upload');
      expect(world.uploads.last()?.route).toBe(UPLOAD);
      await act(async () => {
        world.uploads.answer(200, { ...event.file, uploaded_at: '2026-11-24T10:00:00.000Z' });
        await settle();
      });
      world.files = [...world.files, event.file];
      world.message = null;
      break;
    }
    case 'file.remove': {
      const file = world.files.find((each) => each.id === event.id);
      if (file === undefined) throw new Error(`no file ${event.id}`);
      act(() => void fireEvent.click(screen.getByRole('button', { name: `Remove ${file.name}` })));
      world.files = world.files.filter((each) => each.id !== event.id);
      world.message = null;
      break;
    }
    case 'files.more':
      act(() => void fireEvent.click(screen.getByRole('button', { name: 'Add another file' })));
      world.message = null;
      break;
    case 'files.list':
      pressBack(world);
      break;
    case 'documents.submit':
      pressMain(world, 'Send for review');
      world.message = null;
      break;
  }
  await settle();
}

async function settleActor(world: World, event: ActorSettleOf<VerificationFlowMachine>) {
  switch (event.id) {
    case 'loadFlow':
      if (event.type === 'actor.done') {
        world.flow = flowNameOf(event.output);
        await act(() => world.server.answer(FLOW, flowAnswer(world.flow)));
        if (world.flow !== 'phone') {
          world.botOpens = 0;
          world.opened.mockClear();
        }
      } else {
        await act(() => world.server.answer(FLOW, { status: 500, body: { code: 'internal_error', message: 'down' } }));
      }
      return;
    case 'requestContact': {
      const request = world.contact.at(-1);
      if (request === undefined) throw new Error('the messenger was not asked');
      await act(async () => {
        if (event.type === 'actor.done') {
          const status: unknown = Reflect.get(Object(event.output), 'status');
          request.resolve(
            status === 'sent'
              ? { status: 'sent', response: SIGNED_CONTACT }
              : status === 'cancelled'
                ? { status: 'cancelled' }
                : { status: 'unavailable' },
          );
          if (status === 'cancelled') world.message = ERRORS.cancelled;
          if (status === 'sent') world.phoneSends += 1;
        } else {
          request.reject(new Error('The bridge failed'));
        }
        await settle();
      });
      return;
    }
    case 'submitPhone':
      if (event.type === 'actor.done') {
        await act(() => world.server.answer(PHONE, ok(PHONE_DONE)));
        world.flowRequests += 1;
      } else {
        const answer = failureAnswer(event.error);
        await act(() => world.server.answer(PHONE, answer));
        world.message = answer === 'no answer' ? ERRORS.offline : ERRORS.invalid;
      }
      return;
    case 'submitDocuments':
      if (event.type === 'actor.done') {
        await act(() => world.server.answer(SUBMIT, ok(PASSPORT_IN_REVIEW)));
        world.flowRequests += 1;
        world.files = [];
      } else {
        const answer = failureAnswer(event.error);
        await act(() => world.server.answer(SUBMIT, answer));
        world.message = answer === 'no answer' ? ERRORS.offline : ERRORS.missing;
      }
      return;
  }
}

beforeEach(() => {
  vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe.each(SCENARIOS)('a verification level’s page along the machine’s paths ($name)', ({ name, input }) => {
  for (const path of verificationFlowPaths(input)) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const miniApp = name === 'mini app';
      const server = new HeldServer(new Set([FLOW, PHONE, SUBMIT]), (request) => {
        if (request.route === 'GET /user/settings') return ok(baseSettings);
        if (request.route === 'GET /authentication/config') {
          return ok({ bot_id: 1, bot_username: 'kopilka_bot', login_url: '/x', local_mode: false });
        }
        return undefined;
      });
      server.install();
      const uploads = new HeldUploadServer();
      uploads.install();
      const reader = new HeldFileReader();
      reader.install();
      const opened = vi.fn();
      vi.stubGlobal('open', opened);
      const contact: World['contact'] = [];
      const platform: Platform = {
        ...fakePlatform(miniApp ? 'mini-app' : 'web', '8.0'),
        requestContact: () => new Promise((resolve, reject) => contact.push({ resolve, reject })),
      };
      const app = renderApp({
        path: '/account/verification/p2c-client',
        platform,
        session: fakeSession(signedIn),
      });
      // The first screen comes once the session and the shell's chunks are in (the mini app's
      // shell loads one more): real time, not the fake timers'.
      const started = Date.now();
      while (screen.queryByRole('heading', { level: 1 }) === null && Date.now() - started < 5000) {
        await act(() => settle());
      }
      const world: World = {
        miniApp,
        platform,
        router: app.router,
        server,
        uploads,
        reader,
        contact,
        opened,
        flow: 'phone',
        files: [],
        message: null,
        asks: 0,
        phoneSends: 0,
        botOpens: 0,
        flowRequests: 1,
      };
      expectStates(EXPECTED, ['loading'], world, 'at the start');
      let before = ['loading'];
      for (const step of path.steps) {
        await perform(world, step.event, before);
        before = leafStates(step.state.snapshot.value);
        expectStates(EXPECTED, before, world, `after "${describeEvent(step.event)}"`);
      }
      app.unmount();
    });
  }
});
