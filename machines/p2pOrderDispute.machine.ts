import { assign, fromCallback, not, setup, spawnChild, stopChild } from 'xstate';
import type { DisputeReason } from '../src/contract/p2p-orders.ts';
import { type OrderCallFailure, orderCallFailureOf, pendingCall } from './p2pOrderCalls.ts';

/**
 * A dispute statement on a P2P order (issue 13; P2P.md "Disputes"; docs/p2p.md "The order
 * page"): `/create-dispute` opens it (`kind: 'open'`, with a reason), `/dispute-response` answers
 * it (`kind: 'respond'`). Both take a message and up to `maxFiles` images.
 *
 * `editing`: `reason.choose`, `message.change`; `file.add` starts an upload at once (the child
 * `upload-{key}`, `uploadFile`: POST /p2p/orders/{id}/dispute/files) unless `maxFiles` are
 * already kept, the file is empty or over `maxBytes` (kept as refused, with its problem);
 * `file.remove` drops a file and stops its upload. The upload reports back `file.uploaded`
 * (the server's file id) or `file.failed` (its code). `submit` sends the statement
 * (`submitStatement`) once the reason (to open), a message of 1..`maxMessageLength` characters
 * after trimming, and no upload still running; `submitted` → `done` (final; `showOrder`); a
 * refusal stays in `editing` with the code (`dispute_too_early`, `order_status_conflict`…).
 *
 * Tags: `busy` (sending the statement), `uploading` (a file still going).
 */

export type DisputeKind = 'open' | 'respond';

export type DisputeFileProblem = 'file_empty' | 'file_too_large' | 'upload_failed';

export interface DisputeFileEntry {
  key: number;
  name: string;
  state: 'uploading' | 'uploaded' | 'refused';
  /** The server's id once uploaded. */
  id: string | null;
  problem: DisputeFileProblem | null;
  /** The server's code of a failed upload (`file_invalid`, 415…), or null. */
  code: string | null;
}

export interface OrderDisputeInput {
  orderId: number;
  kind: DisputeKind;
  maxFiles: number;
  maxMessageLength: number;
  maxBytes: number;
}

export interface OrderDisputeContext extends OrderDisputeInput {
  reason: DisputeReason | null;
  message: string;
  files: DisputeFileEntry[];
  nextKey: number;
  error: OrderCallFailure | null;
}

export type OrderDisputeEvent =
  | { type: 'reason.choose'; reason: DisputeReason }
  | { type: 'message.change'; message: string }
  | { type: 'file.add'; file: File }
  | { type: 'file.remove'; key: number }
  | { type: 'file.uploaded'; key: number; id: string }
  | { type: 'file.failed'; key: number; code: string | null }
  | { type: 'submit' }
  | { type: 'error.dismiss' };

export interface UploadFileInput {
  orderId: number;
  key: number;
  file: File;
}

export interface StatementInput {
  orderId: number;
  kind: DisputeKind;
  reason: DisputeReason | null;
  message: string;
  fileIds: string[];
}

const uploadId = (key: number) => `upload-${key}`;

/** The files that count towards the limit: those going or gone up. */
export function keptFiles(files: readonly DisputeFileEntry[]): DisputeFileEntry[] {
  return files.filter((file) => file.state !== 'refused');
}

function problemOf(file: File, maxBytes: number): DisputeFileProblem | null {
  if (file.size === 0) return 'file_empty';
  return file.size > maxBytes ? 'file_too_large' : null;
}

function updateFile(
  files: readonly DisputeFileEntry[],
  key: number,
  change: Partial<DisputeFileEntry>,
): DisputeFileEntry[] {
  return files.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));
}

export const orderDisputeMachine = setup({
  types: {
    context: {} as OrderDisputeContext,
    events: {} as OrderDisputeEvent,
    input: {} as OrderDisputeInput,
    tags: {} as 'busy' | 'uploading',
  },
  actors: {
    /** Uploads one file and sends back `file.uploaded` or `file.failed`. Inert default. */
    uploadFile: fromCallback<OrderDisputeEvent, UploadFileInput>(() => {}),
    submitStatement: pendingCall<unknown, StatementInput>(),
  },
  actions: {
    /** Sent: the order page, which now shows the dispute. */
    showOrder: () => {},
  },
  guards: {
    hasRoom: ({ context }) => keptFiles(context.files).length < context.maxFiles,
    fileRefused: ({ context, event }) => event.type === 'file.add' && problemOf(event.file, context.maxBytes) !== null,
    canSubmit: ({ context }) => {
      const length = context.message.trim().length;
      return (
        (context.kind === 'respond' || context.reason !== null) &&
        length > 0 &&
        length <= context.maxMessageLength &&
        context.files.every((file) => file.state !== 'uploading')
      );
    },
  },
}).createMachine({
  id: 'orderDispute',
  context: ({ input }) => ({ ...input, reason: null, message: '', files: [], nextKey: 1, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'reason.choose': { actions: assign({ reason: ({ event }) => event.reason }) },
        'message.change': { actions: assign({ message: ({ event }) => event.message }) },
        'file.add': [
          { description: 'Already as many files as a statement takes: nothing added.', guard: not('hasRoom') },
          {
            guard: 'fileRefused',
            actions: assign({
              files: ({ context, event }) => [
                ...context.files,
                {
                  key: context.nextKey,
                  name: event.file.name,
                  state: 'refused' as const,
                  id: null,
                  problem: problemOf(event.file, context.maxBytes),
                  code: null,
                },
              ],
              nextKey: ({ context }) => context.nextKey + 1,
            }),
          },
          {
            actions: [
              assign({
                files: ({ context, event }) => [
                  ...context.files,
                  {
                    key: context.nextKey,
                    name: event.file.name,
                    state: 'uploading',
                    id: null,
                    problem: null,
                    code: null,
                  },
                ],
              }),
              spawnChild('uploadFile', {
                id: ({ context }) => uploadId(context.nextKey),
                input: ({ context, event }) => {
                  if (event.type !== 'file.add') throw new Error('an upload starts with file.add');
                  return { orderId: context.orderId, key: context.nextKey, file: event.file };
                },
              }),
              assign({ nextKey: ({ context }) => context.nextKey + 1 }),
            ],
          },
        ],
        'file.remove': {
          actions: [
            stopChild(({ event }) => uploadId(event.key)),
            assign({ files: ({ context, event }) => context.files.filter((file) => file.key !== event.key) }),
          ],
        },
        'file.uploaded': {
          actions: assign({
            files: ({ context, event }) => updateFile(context.files, event.key, { state: 'uploaded', id: event.id }),
          }),
        },
        'file.failed': {
          actions: assign({
            files: ({ context, event }) =>
              updateFile(context.files, event.key, { state: 'refused', problem: 'upload_failed', code: event.code }),
          }),
        },
        submit: { guard: 'canSubmit', target: 'submitting', actions: assign({ error: null }) },
        'error.dismiss': { actions: assign({ error: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitStatement',
        src: 'submitStatement',
        input: ({ context }) => ({
          orderId: context.orderId,
          kind: context.kind,
          reason: context.kind === 'open' ? context.reason : null,
          message: context.message.trim(),
          fileIds: context.files.flatMap((file) => (file.id === null ? [] : [file.id])),
        }),
        onDone: { target: 'done' },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => orderCallFailureOf(event.error) }) },
      },
    },
    done: { type: 'final', entry: 'showOrder' },
  },
});
