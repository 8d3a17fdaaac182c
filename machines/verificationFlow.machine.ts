import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import type { ProviderStepType, VerificationFlow, VerificationStep } from '../src/contract/verification.ts';
import type { VerificationLevel } from '../src/contract/verification-level.ts';

/**
 * One verification level's steps (spec 000 s.4, s.7; issue 11; docs/verification.md "The app").
 *
 * loading (`loadFlow`: GET /verification-flow/{section}) → settled, which sends the person where
 * the flow stands: `completed`, `blocked` (the section or its current step), `inReview` (the
 * current step is in_progress: polled every 5 s until it is not), `rejected` (with the reviewer's
 * reason; `step.start` tries again) or `ready` (`step.start` takes the current step). The current
 * step is the first one not completed (the server shows the steps after it as `blocked`: not yet
 * available). Each step type has its own sub-flow:
 *
 * - PHONE_NUMBER: where the messenger can share the contact (`canRequestContact`: the mini app from
 *   Bot API 6.9), `requestContact` asks it at once and `submitPhone` (POST /verification/phone)
 *   sends the signed answer (then the flow is loaded again); a cancelled prompt waits for
 *   `contact.request`. Elsewhere (the web)
 *   the person shares the number with the bot (`bot.open` runs `openBot`: the bot's chat, or the
 *   local stand-in page) while the flow is polled every 5 s until the step is done.
 * - BASIC: `openPersonalData` (the personal-data route, which submits the form; this flow is left).
 * - SUMSUB_*: files are uploaded one at a time by the upload view (documentUpload machine) while
 *   `adding`; each one in (`file.add`) joins the list (`listing`: `files.more` adds another, at
 *   most 5; `file.remove`; `files.list` returns to the list without adding), then
 *   `documents.submit` sends their ids for review (`submitDocuments`: POST
 *   /verification/provider/{type}/submit); the flow is loaded again (the step is in review).
 *
 * `step.back` leaves a sub-flow for the level's overview. Actors reject with `{ status }` (the
 * HTTP status; null without an answer); the context keeps codes, never texts.
 *
 * Tags: `loading`, `failed`, `overview` (the level's steps are shown), `review`, `rejected`,
 * `completed`, `blocked`, `phone`, `bot`, `documents`, `adding`, `personalData`, `busy`, `polling`.
 */

/** At most this many files go with one submission (the contract's limit). */
export const MAX_STEP_FILES = 5;

/** How often the flow is asked again while the person waits for a review or for the bot. */
export const POLL_MS = 5000;

export type VerificationFlowError =
  /** The flow could not be loaded. */
  | 'load_failed'
  /** The person closed the messenger's prompt without sharing the number. */
  | 'contact_cancelled'
  /** 403: the contact's signature does not hold, or it is someone else's number. */
  | 'contact_invalid'
  /** 409: the step cannot be taken now (an earlier one is not done, or it is done already). */
  | 'step_unavailable'
  /** 404: an uploaded file is gone; upload it again. */
  | 'files_missing'
  /** 429: too many attempts. */
  | 'rate_limited'
  /** No answer from the server. */
  | 'no_connection'
  /** Any other failure of a submission. */
  | 'submit_failed';

/** The messenger's answer to the contact request. */
export type ContactAnswer = { status: 'sent'; response: string } | { status: 'cancelled' } | { status: 'unavailable' };

/** A file uploaded for the current provider step (the upload call's answer). */
export interface StepFile {
  id: string;
  name: string;
}

export interface VerificationFlowInput {
  section: VerificationLevel;
  /** The messenger can share the person's contact (mini app, Bot API 6.9+). */
  canRequestContact: boolean;
}

export interface VerificationFlowContext {
  section: VerificationLevel;
  canRequestContact: boolean;
  flow: VerificationFlow | null;
  /** The signed contact between the messenger's answer and its submission; null otherwise. */
  contact: string | null;
  files: StepFile[];
  /** The bot (or its local stand-in) was opened from this screen. */
  botOpened: boolean;
  error: VerificationFlowError | null;
}

export type VerificationFlowEvent =
  | { type: 'retry' }
  | { type: 'step.start' }
  | { type: 'step.back' }
  | { type: 'contact.request' }
  | { type: 'bot.open' }
  | { type: 'file.add'; file: StepFile }
  | { type: 'file.remove'; id: string }
  | { type: 'files.more' }
  | { type: 'files.list' }
  | { type: 'documents.submit' };

/** The first step not completed, or null when every step is. */
export function currentStepOf(flow: VerificationFlow | null): VerificationStep | null {
  return flow?.steps.find((step) => step.status !== 'completed') ?? null;
}

/** The current step's type when it is a provider step (SUMSUB_*), else null. */
export function providerStepOf(flow: VerificationFlow | null): ProviderStepType | null {
  const type = currentStepOf(flow)?.type;
  return type === 'SUMSUB_BASIC' || type === 'SUMSUB_ADDRESS' || type === 'SUMSUB_VIDEO' ? type : null;
}

function statusOf(error: unknown): number | null {
  const status: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : undefined;
  return typeof status === 'number' ? status : null;
}

/** What a refused submission means; `forbidden` is what a 403 means for this call. */
function submissionError(error: unknown, forbidden: VerificationFlowError): VerificationFlowError {
  switch (statusOf(error)) {
    case null:
      return 'no_connection';
    case 403:
      return forbidden;
    case 404:
      return 'files_missing';
    case 409:
      return 'step_unavailable';
    case 429:
      return 'rate_limited';
    default:
      return 'submit_failed';
  }
}

/** What `loadFlow` is asked: the level of this flow. */
const sectionInput = ({ context }: { context: VerificationFlowContext }) => ({ section: context.section });

function pending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

const currentStatusIs =
  (status: VerificationStep['status']) =>
  ({ context }: { context: VerificationFlowContext }) =>
    currentStepOf(context.flow)?.status === status;

export const verificationFlowMachine = setup({
  types: {
    context: {} as VerificationFlowContext,
    events: {} as VerificationFlowEvent,
    input: {} as VerificationFlowInput,
    tags: {} as
      | 'loading'
      | 'failed'
      | 'overview'
      | 'review'
      | 'rejected'
      | 'completed'
      | 'blocked'
      | 'phone'
      | 'bot'
      | 'documents'
      | 'adding'
      | 'personalData'
      | 'busy'
      | 'polling',
    children: {} as {
      loadFlow: 'loadFlow';
      requestContact: 'requestContact';
      submitPhone: 'submitPhone';
      submitDocuments: 'submitDocuments';
    },
  },
  actors: {
    loadFlow: pending<VerificationFlow, { section: VerificationLevel }>(),
    requestContact: pending<ContactAnswer, void>(),
    submitPhone: pending<VerificationStep, { response: string }>(),
    submitDocuments: pending<VerificationStep, { type: ProviderStepType; fileIds: string[] }>(),
  },
  actions: {
    // Inert here: the app navigates to the personal-data route and opens the bot.
    openPersonalData: (_, _params: { section: VerificationLevel }) => {},
    openBot: () => {},
    clearError: assign({ error: null }),
    removeFile: assign(({ context, event }) =>
      event.type === 'file.remove' ? { files: context.files.filter((file) => file.id !== event.id) } : {},
    ),
  },
  guards: {
    sectionCompleted: ({ context }) =>
      context.flow?.status === 'completed' || (context.flow !== null && currentStepOf(context.flow) === null),
    blocked: ({ context }) => context.flow?.status === 'blocked' || currentStepOf(context.flow)?.status === 'blocked',
    inReview: currentStatusIs('in_progress'),
    rejected: currentStatusIs('rejected'),
    phoneStep: ({ context }) => currentStepOf(context.flow)?.type === 'PHONE_NUMBER',
    basicStep: ({ context }) => currentStepOf(context.flow)?.type === 'BASIC',
    canRequestContact: ({ context }) => context.canRequestContact,
    contactSent: (_, params: { answer: ContactAnswer }) => params.answer.status === 'sent',
    contactCancelled: (_, params: { answer: ContactAnswer }) => params.answer.status === 'cancelled',
    phoneStillCurrent: (_, params: { flow: VerificationFlow }) =>
      params.flow.status === 'action_required' && currentStepOf(params.flow)?.type === 'PHONE_NUMBER',
    canAddFile: ({ context, event }) =>
      event.type === 'file.add' &&
      context.files.length < MAX_STEP_FILES &&
      !context.files.some((file) => file.id === event.file.id),
    hasFiles: ({ context }) => context.files.length > 0,
    belowMaxFiles: ({ context }) => context.files.length < MAX_STEP_FILES,
    removesLastFile: ({ context, event }) =>
      event.type === 'file.remove' && context.files.length === 1 && context.files[0]?.id === event.id,
    removesFile: ({ context, event }) =>
      event.type === 'file.remove' && context.files.some((file) => file.id === event.id),
  },
  delays: { poll: POLL_MS },
}).createMachine({
  id: 'verificationFlow',
  context: ({ input }) => ({
    section: input.section,
    canRequestContact: input.canRequestContact,
    flow: null,
    contact: null,
    files: [],
    botOpened: false,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadFlow',
        src: 'loadFlow',
        input: sectionInput,
        onDone: { target: 'settled', actions: assign(({ event }) => ({ flow: event.output, error: null })) },
        onError: { target: 'loadFailed', actions: assign({ error: 'load_failed' as const }) },
      },
    },
    loadFailed: {
      tags: ['failed'],
      on: { retry: { target: 'loading', actions: 'clearError' } },
    },
    settled: {
      description: 'Where the flow stands decides the screen.',
      always: [
        { guard: 'sectionCompleted', target: 'completed' },
        { guard: 'blocked', target: 'blocked' },
        { guard: 'inReview', target: 'inReview' },
        { guard: 'rejected', target: 'rejected' },
        { target: 'ready' },
      ],
    },
    ready: {
      tags: ['overview'],
      on: { 'step.start': { target: 'starting', actions: 'clearError' } },
    },
    rejected: {
      description: 'The reviewer turned the current step down (the reason is in the flow): try it again.',
      tags: ['overview', 'rejected'],
      on: { 'step.start': { target: 'starting', actions: 'clearError' } },
    },
    starting: {
      always: [
        { guard: 'phoneStep', target: 'phone' },
        { guard: 'basicStep', target: 'personalData' },
        { target: 'documents' },
      ],
    },
    phone: {
      tags: ['phone'],
      initial: 'choosing',
      on: {
        'step.back': { target: 'settled', actions: assign({ error: null, contact: null, botOpened: false }) },
      },
      states: {
        choosing: {
          always: [{ guard: 'canRequestContact', target: 'requesting' }, { target: 'bot' }],
        },
        asking: {
          description: 'The messenger prompt was closed: ask again when the person wants to.',
          on: { 'contact.request': { target: 'requesting', actions: 'clearError' } },
        },
        requesting: {
          tags: ['busy'],
          invoke: {
            id: 'requestContact',
            src: 'requestContact',
            onDone: [
              {
                guard: { type: 'contactSent', params: ({ event }) => ({ answer: event.output }) },
                target: 'submitting',
                actions: assign(({ event }) => ({
                  contact: event.output.status === 'sent' ? event.output.response : null,
                })),
              },
              {
                guard: { type: 'contactCancelled', params: ({ event }) => ({ answer: event.output }) },
                target: 'asking',
                actions: assign({ error: 'contact_cancelled' as const }),
              },
              // The messenger cannot share it after all: the bot can.
              { target: 'bot' },
            ],
            onError: { target: 'bot' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submitPhone',
            src: 'submitPhone',
            input: ({ context }) => ({ response: context.contact ?? '' }),
            // Asked again: the next step's status is the server's to say (it was blocked until now).
            onDone: { target: '#verificationFlow.loading', actions: assign({ contact: null }) },
            onError: {
              target: 'asking',
              actions: assign(({ event }) => ({
                error: submissionError(event.error, 'contact_invalid'),
                contact: null,
              })),
            },
          },
        },
        bot: {
          description: 'Share the number with the bot; the flow is asked again every 5 s until the step is done.',
          tags: ['bot', 'polling'],
          initial: 'waiting',
          on: { 'bot.open': { actions: ['openBot', assign({ botOpened: true })] } },
          states: {
            waiting: { after: { poll: 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'loadFlow',
                src: 'loadFlow',
                input: sectionInput,
                onDone: [
                  {
                    guard: { type: 'phoneStillCurrent', params: ({ event }) => ({ flow: event.output }) },
                    target: 'waiting',
                    actions: assign(({ event }) => ({ flow: event.output })),
                  },
                  {
                    target: '#verificationFlow.settled',
                    actions: assign(({ event }) => ({ flow: event.output, botOpened: false })),
                  },
                ],
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    personalData: {
      description: 'BASIC is the personal-data route: the app goes there and this flow ends.',
      tags: ['personalData'],
      type: 'final',
      entry: { type: 'openPersonalData', params: ({ context }) => ({ section: context.section }) },
    },
    documents: {
      tags: ['documents'],
      initial: 'adding',
      on: { 'step.back': { target: 'settled', actions: assign({ error: null, files: [] }) } },
      states: {
        adding: {
          description: 'A file is chosen and uploaded (the upload view); once in, it joins the list.',
          tags: ['adding'],
          on: {
            'file.add': {
              guard: 'canAddFile',
              target: 'listing',
              actions: assign(({ context, event }) =>
                event.type === 'file.add' ? { files: [...context.files, event.file], error: null } : {},
              ),
            },
            'files.list': { guard: 'hasFiles', target: 'listing' },
          },
        },
        listing: {
          description: 'The files uploaded so far: add another (at most 5), remove one, or send them for review.',
          on: {
            'files.more': { guard: 'belowMaxFiles', target: 'adding', actions: 'clearError' },
            'file.remove': [
              { guard: 'removesLastFile', target: 'adding', actions: ['removeFile', 'clearError'] },
              { guard: 'removesFile', actions: ['removeFile', 'clearError'] },
            ],
            'documents.submit': { target: 'submitting', actions: 'clearError' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'submitDocuments',
            src: 'submitDocuments',
            input: ({ context }) => ({
              type: providerStepOf(context.flow) ?? 'SUMSUB_BASIC',
              fileIds: context.files.map((file) => file.id),
            }),
            onDone: { target: '#verificationFlow.loading', actions: assign({ files: [] }) },
            onError: {
              target: 'listing',
              actions: assign(({ event }) => ({ error: submissionError(event.error, 'submit_failed') })),
            },
          },
        },
      },
    },
    inReview: {
      description: 'The current step is being reviewed: asked again every 5 s, so its end shows without a reload.',
      tags: ['overview', 'review', 'polling'],
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'refreshing' } },
        refreshing: {
          invoke: {
            id: 'loadFlow',
            src: 'loadFlow',
            input: sectionInput,
            onDone: { target: '#verificationFlow.settled', actions: assign(({ event }) => ({ flow: event.output })) },
            // A failed poll is not shown: the next one comes in 5 s.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    completed: { tags: ['completed'] },
    blocked: { tags: ['blocked'] },
  },
});
