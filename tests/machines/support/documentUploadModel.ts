/**
 * The document upload machine's model, shared by tests/machines/documentUpload.model.test.ts and
 * tests/app/verification/documentUpload.paths.view.test.tsx (the rendered FileUpload view along
 * the same paths).
 *
 * The person chooses one of four files: a real JPEG photo, an executable renamed to .jpg, an
 * empty file and a PDF one byte over 10 MB. Reading the first bytes (`readHead`) answers the bytes
 * of the file chosen (or fails); the upload answers the document, or fails with each status the
 * machine tells apart, and reports progress once (a quarter of the body).
 */
import {
  type DocumentUploadEvent,
  type DocumentUploadInput,
  documentUploadMachine,
} from '../../../machines/documentUpload.machine.ts';
import { maxUploadBytes } from '../../../src/contract/compliance.ts';
import {
  type ActorSettleOf,
  DeferredActors,
  eventsWhileActive,
  isActorSettle,
  isTimePass,
  type ModelEvent,
  type ModelPath,
  transitionPaths,
} from './model.ts';

export type DocumentUploadMachine = typeof documentUploadMachine;
type Settle = ActorSettleOf<DocumentUploadMachine>;
type Snapshot = ReturnType<DocumentUploadMachine['getInitialSnapshot']>;

export const INPUT: DocumentUploadInput = { maxBytes: maxUploadBytes };

const JPEG_BYTES = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01];
/** "MZ", the start of a Windows executable. */
const EXE_BYTES = [0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00];

function fileOf(name: string, head: readonly number[], size: number, type: string): File {
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  const file = new File([bytes], name, { type });
  // The model graph tells events apart by their JSON, where every File is `{}`: name them.
  Object.defineProperty(file, 'toJSON', { value: () => `File ${name}` });
  return file;
}

/** The files of the model, made once per test environment (jsdom has its own File). */
export const FILES = {
  /** A JPEG photo of 2,500 bytes ("2 kB"). */
  photo: fileOf('passport.jpg', JPEG_BYTES, 2500, 'image/jpeg'),
  /** A program renamed: the name and the browser say JPEG, the bytes do not. */
  renamed: fileOf('passport-scan.jpg', EXE_BYTES, 4096, 'image/jpeg'),
  empty: fileOf('empty.pdf', [], 0, 'application/pdf'),
  /** One byte over 10 MB. */
  huge: fileOf('statement.pdf', [0x25, 0x50, 0x44, 0x46, 0x2d], maxUploadBytes + 1, 'application/pdf'),
} as const;

export type FileName = keyof typeof FILES;

const FILE_NAMES: readonly FileName[] = ['photo', 'renamed', 'empty', 'huge'];

export function fileName(file: File | null): FileName | null {
  if (file === null) return null;
  const name = FILE_NAMES.find((candidate) => FILES[candidate] === file);
  if (name === undefined) throw new Error(`Not a model file: ${file.name}`);
  return name;
}

/** The first 16 bytes of a model file, as reading it answers them. */
export function headOf(file: File | null): Uint8Array {
  const name = fileName(file);
  if (name === 'photo') return new Uint8Array(JPEG_BYTES);
  if (name === 'renamed') return new Uint8Array(EXE_BYTES);
  throw new Error(`No head is read of ${name ?? 'no file'}: it never reaches the check`);
}

/** The server's refusals and failures, as the app's upload rejects with them. */
export const UPLOAD_FAILURES = [
  { status: 413, code: 'file_too_large', message: 'The file is larger than 10 MB' },
  { status: 415, code: 'file_type_refused', message: 'Only images and PDF files are accepted' },
  { status: 403, code: 'uploads_forbidden', message: 'Uploads are turned off' },
  { status: 404, code: 'document_not_found', message: 'No such document' },
  { status: 409, code: 'document_not_requested', message: 'The document is on review' },
  { status: 429, code: 'upload_quota_reached', message: 'This account keeps at most 100 files' },
  { status: 500, code: 'storage_failed', message: 'Storage: The disk is full' },
  { status: null, code: null, message: '' },
] as const;

export const UPLOADED_DOCUMENT = {
  short_id: 'D7K2Q9',
  type: 'passport',
  status: 'on_review',
  uploaded_at: '2026-11-24T12:00:00.000Z',
  uploaded_name: 'passport.jpg',
  comment: null,
} as const;

/** A quarter of the request body has gone (the body is a little larger than the photo). */
export const PROGRESS: DocumentUploadEvent = { type: 'upload.progress', loaded: 650, total: 2600 };

const READ_FAILED = new Error('NotReadableError');

export function modelEvents(snapshot: Snapshot): Array<DocumentUploadEvent | Settle> {
  const chooses: DocumentUploadEvent[] = Object.values(FILES).map((file) => ({ type: 'file.choose', file }));
  const userEvents: DocumentUploadEvent[] = [
    ...chooses,
    { type: 'upload.start' },
    PROGRESS,
    { type: 'upload.cancel' },
    { type: 'upload.retry' },
  ];
  const settles: Settle[] = [
    ...(snapshot.matches({ selection: 'checking' })
      ? [{ type: 'actor.done' as const, id: 'readHead' as const, output: headOf(snapshot.context.file) }]
      : []),
    { type: 'actor.error', id: 'readHead', error: READ_FAILED },
    { type: 'actor.done', id: 'upload', output: UPLOADED_DOCUMENT },
    ...UPLOAD_FAILURES.map((error): Settle => ({ type: 'actor.error', id: 'upload', error })),
  ];
  return eventsWhileActive(snapshot, userEvents, settles);
}

export function documentUploadPaths(): Array<ModelPath<DocumentUploadMachine>> {
  return transitionPaths(documentUploadMachine, {
    input: INPUT,
    events: modelEvents,
    key: (snapshot) => {
      const { file, mediaType, progress, problem, serverMessage } = snapshot.context;
      return [snapshot.value, snapshot.status, fileName(file), mediaType, progress, problem, serverMessage];
    },
  });
}

/** The machine with deferred fakes and its effects recorded, for determinism replays. */
export function replayMachine() {
  const fakes = new DeferredActors();
  const effects: string[] = [];
  const machine = documentUploadMachine.provide({
    actors: {
      readHead: fakes.actor<Uint8Array, { file: File }>('readHead', (output) =>
        output instanceof Uint8Array ? output : new Uint8Array(),
      ),
      upload: fakes.actor('upload', (output) => output),
    },
    actions: { uploaded: () => void effects.push('uploaded') },
  });
  return { machine, fakes, effects };
}

export const EFFECTS = ['uploaded'] as const;

function describeFailure(error: unknown): string {
  const failure = UPLOAD_FAILURES.find((candidate) => candidate === error);
  if (failure === undefined) return 'an error';
  return failure.status === null ? 'no answer' : `${failure.status} ${failure.code}`;
}

export function describeEvent(event: ModelEvent<DocumentUploadMachine>): string {
  if (isTimePass(event)) return `${event.ms} ms pass`;
  if (isActorSettle(event)) {
    if (event.id === 'readHead') return event.type === 'actor.done' ? 'the file is read' : 'the file cannot be read';
    return event.type === 'actor.done'
      ? 'the upload succeeds'
      : `the upload fails with ${describeFailure(event.error)}`;
  }
  switch (event.type) {
    case 'file.choose':
      return `the person chooses ${fileName(event.file)}`;
    case 'upload.start':
      return 'the person presses Upload';
    case 'upload.progress':
      return `${event.loaded} of ${event.total} bytes have gone`;
    case 'upload.cancel':
      return 'the person cancels';
    case 'upload.retry':
      return 'the person tries again';
  }
}
