import { assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import { type UploadMediaType, uploadMediaTypeOf } from '../src/contract/uploadFileType.ts';

/**
 * Uploading one file (a compliance document, a verification step's image): docs/verification.md
 * "Document uploads in the app".
 *
 * selection.empty → (`file.choose`) the size is checked at once (empty, over `maxBytes`: `invalid`),
 * then selection.checking reads the file's first bytes (`readHead`) and recognises its type by
 * them (JPEG, PNG, WebP, HEIC, PDF; anything else: `invalid`) → selection.ready (the file, its
 * type) → (`upload.start`) uploading (`upload`, with `upload.progress` reported along the way;
 * `upload.cancel` stops it and goes back to ready) → done.
 *
 * - A failed upload: the server refusing the file itself (413, 415) is `invalid` like the
 *   client's own check; refusing the upload for reasons the file cannot change (uploads turned
 *   off, the document gone or no longer waiting for a file) is `refused`, where nothing more can
 *   be done; anything else (no answer, a server error) is `failed`: `upload.retry` sends the same
 *   file again.
 * - Another file may be chosen whenever nothing is being sent.
 *
 * The app provides `readHead` (file → its first bytes) and `upload` ({ file, mediaType,
 * reportProgress } → anything; rejects with `{ status, code, message }`, status null without an
 * answer); the action `uploaded` (haptics, refreshing lists). Tags: `choosing`, `busy`,
 * `ready`, `uploading`, `invalid`, `failed`, `refused`, `done`.
 */

/** What the person is told when a file cannot go (yet). */
export type DocumentUploadProblem =
  /** Client check: a file of 0 bytes. */
  | 'file_empty'
  /** Client check or the server's 413: over the input's `maxBytes` (the contract's `maxUploadBytes`). */
  | 'file_too_large'
  /** Client check or the server's 415: not an image or PDF by its bytes. */
  | 'file_type_refused'
  /** The browser could not read the file. */
  | 'file_unreadable'
  /** 403: uploads are turned off for this person (`can_upload_files` false). */
  | 'uploads_forbidden'
  /** 404: the document is not this person's, or not there any more. */
  | 'document_not_found'
  /** 409: the document is not waiting for a file any more. */
  | 'document_not_requested'
  /** 429: too many uploads for now, or the account's files are at their quota. */
  | 'upload_limit'
  /** No answer from the server. */
  | 'no_connection'
  /** Any other failure; the server's message, when it gave one, is kept beside it. */
  | 'upload_failed';

/** How the app's `upload` rejects: the HTTP status (null without an answer), the server's code and message. */
export interface UploadFailure {
  status: number | null;
  code: string | null;
  message: string;
}

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send in all (the request body, a little more than the file). */
  total: number;
}

export interface UploadInput {
  file: File;
  mediaType: UploadMediaType;
  /** The upload calls this as bytes go out; it tells the machine. */
  reportProgress: (progress: UploadProgress) => void;
}

export interface DocumentUploadInput {
  /** The largest file that may go, in bytes: the contract's `maxUploadBytes`. */
  maxBytes: number;
}

export interface DocumentUploadContext {
  maxBytes: number;
  file: File | null;
  /** The type the file's bytes show, once checked. */
  mediaType: UploadMediaType | null;
  progress: UploadProgress | null;
  problem: DocumentUploadProblem | null;
  /** The server's own words with `upload_failed`, or null. */
  serverMessage: string | null;
}

export type DocumentUploadEvent =
  | { type: 'file.choose'; file: File }
  | { type: 'upload.start' }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' };

export type DocumentUploadTag = 'choosing' | 'busy' | 'ready' | 'uploading' | 'invalid' | 'failed' | 'refused' | 'done';

/** The server refused the file itself: another file may go. */
const fileRefusals = new Map<number, DocumentUploadProblem>([
  [413, 'file_too_large'],
  [415, 'file_type_refused'],
]);

/** The server refused the upload whatever the file: nothing to try here. */
const uploadRefusals = new Map<number, DocumentUploadProblem>([
  [403, 'uploads_forbidden'],
  [404, 'document_not_found'],
  [409, 'document_not_requested'],
  [429, 'upload_limit'],
]);

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

function statusOf(error: unknown): number | null {
  const status = field(error, 'status');
  return typeof status === 'number' ? status : null;
}

function problemIn(table: ReadonlyMap<number, DocumentUploadProblem>, error: unknown): DocumentUploadProblem | null {
  const status = statusOf(error);
  return status === null ? null : (table.get(status) ?? null);
}

/** The chosen file and the type its bytes showed; uploads start only from a checked file. */
function checkedFile(context: DocumentUploadContext): { file: File; mediaType: UploadMediaType } {
  if (context.mediaType === null) throw new Error('The file has not been checked');
  return { file: chosenFile(context), mediaType: context.mediaType };
}

/** The chosen file; the states that use it are only entered with one. */
function chosenFile(context: DocumentUploadContext): File {
  if (context.file === null) throw new Error('No file has been chosen');
  return context.file;
}

function fromPending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

function isProgress(loaded: number, total: number): boolean {
  return Number.isFinite(loaded) && Number.isFinite(total) && loaded >= 0 && total > 0;
}

export const documentUploadMachine = setup({
  types: {
    context: {} as DocumentUploadContext,
    events: {} as DocumentUploadEvent,
    input: {} as DocumentUploadInput,
    tags: {} as DocumentUploadTag,
    children: {} as { readHead: 'readHead'; upload: 'upload' },
  },
  actions: {
    takeFile: assign((_, params: { file: File }) => ({
      file: params.file,
      mediaType: null,
      progress: null,
      problem: null,
      serverMessage: null,
    })),
    setProblem: assign((_, params: { problem: DocumentUploadProblem }) => ({
      problem: params.problem,
      serverMessage: null,
    })),
    takeMediaType: assign((_, params: { bytes: Uint8Array }) => ({ mediaType: uploadMediaTypeOf(params.bytes) })),
    startProgress: assign({ progress: null, problem: null, serverMessage: null }),
    setProgress: assign((_, params: UploadProgress) => ({
      progress: { loaded: Math.min(params.loaded, params.total), total: params.total },
    })),
    keepClientProblem: assign((_, params: { error: unknown }) => ({
      problem: problemIn(fileRefusals, params.error) ?? 'upload_failed',
      serverMessage: null,
      progress: null,
    })),
    keepRefusal: assign((_, params: { error: unknown }) => ({
      problem: problemIn(uploadRefusals, params.error) ?? 'upload_failed',
      serverMessage: null,
      progress: null,
    })),
    keepFailure: assign((_, params: { error: unknown }) => {
      const message = field(params.error, 'message');
      const noAnswer = statusOf(params.error) === null;
      return {
        problem: noAnswer ? ('no_connection' as const) : ('upload_failed' as const),
        serverMessage: !noAnswer && typeof message === 'string' && message !== '' ? message : null,
        progress: null,
      };
    }),
    // Inert: the app may fire success haptics and refresh what lists the file.
    uploaded: () => {},
  },
  guards: {
    empty: (_, params: { file: File }) => params.file.size === 0,
    tooLarge: ({ context }, params: { file: File }) => params.file.size > context.maxBytes,
    recognised: (_, params: { bytes: Uint8Array }) => uploadMediaTypeOf(params.bytes) !== null,
    validProgress: (_, params: UploadProgress) => isProgress(params.loaded, params.total),
    fileRefused: (_, params: { error: unknown }) => problemIn(fileRefusals, params.error) !== null,
    uploadRefused: (_, params: { error: unknown }) => problemIn(uploadRefusals, params.error) !== null,
  },
  actors: {
    readHead: fromPending<Uint8Array, { file: File }>(),
    upload: fromPending<unknown, UploadInput>(),
  },
}).createMachine({
  id: 'documentUpload',
  description: 'Choose a file, check its size and type by its bytes, upload it with progress; cancel, retry.',
  context: ({ input }) => ({
    maxBytes: input.maxBytes,
    file: null,
    mediaType: null,
    progress: null,
    problem: null,
    serverMessage: null,
  }),
  initial: 'selection',
  states: {
    selection: {
      initial: 'empty',
      on: {
        'file.choose': [
          {
            guard: { type: 'empty', params: ({ event }) => ({ file: event.file }) },
            target: '.invalid',
            actions: [
              { type: 'takeFile', params: ({ event }) => ({ file: event.file }) },
              { type: 'setProblem', params: { problem: 'file_empty' } },
            ],
          },
          {
            guard: { type: 'tooLarge', params: ({ event }) => ({ file: event.file }) },
            target: '.invalid',
            actions: [
              { type: 'takeFile', params: ({ event }) => ({ file: event.file }) },
              { type: 'setProblem', params: { problem: 'file_too_large' } },
            ],
          },
          {
            description: 'A new choice replaces the file, even one still being checked.',
            target: '.checking',
            actions: { type: 'takeFile', params: ({ event }) => ({ file: event.file }) },
          },
        ],
      },
      states: {
        empty: {
          tags: ['choosing'],
        },
        checking: {
          description: 'Reading the first bytes: the type is what they show, not what the name says.',
          tags: ['busy'],
          invoke: {
            id: 'readHead',
            src: 'readHead',
            input: ({ context }) => ({ file: chosenFile(context) }),
            onDone: [
              {
                guard: { type: 'recognised', params: ({ event }) => ({ bytes: event.output }) },
                target: 'ready',
                actions: { type: 'takeMediaType', params: ({ event }) => ({ bytes: event.output }) },
              },
              { target: 'invalid', actions: { type: 'setProblem', params: { problem: 'file_type_refused' } } },
            ],
            onError: { target: 'invalid', actions: { type: 'setProblem', params: { problem: 'file_unreadable' } } },
          },
        },
        invalid: {
          description: 'This file cannot go: choose another.',
          tags: ['choosing', 'invalid'],
        },
        ready: {
          tags: ['ready'],
          on: { 'upload.start': { target: '#documentUpload.uploading' } },
        },
        failed: {
          description: 'The upload did not get through; the same file may be sent again.',
          tags: ['failed'],
          on: { 'upload.retry': { target: '#documentUpload.uploading' } },
        },
      },
    },
    uploading: {
      tags: ['busy', 'uploading'],
      entry: 'startProgress',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, self }) => ({
          ...checkedFile(context),
          reportProgress: ({ loaded, total }: UploadProgress) => self.send({ type: 'upload.progress', loaded, total }),
        }),
        onDone: { target: 'done' },
        onError: [
          {
            guard: { type: 'fileRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'selection.invalid',
            actions: { type: 'keepClientProblem', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'uploadRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'selection.failed',
            actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: {
        'upload.progress': {
          guard: { type: 'validProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) },
          actions: { type: 'setProgress', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) },
        },
        'upload.cancel': {
          description: 'Leaving the state stops the upload: the app aborts the request.',
          target: 'selection.ready',
          actions: assign({ progress: null }),
        },
      },
    },
    refused: {
      description: 'The server will not take a file here, whatever it is: nothing more to do.',
      tags: ['refused'],
    },
    done: {
      tags: ['done'],
      entry: 'uploaded',
      type: 'final',
    },
  },
});
