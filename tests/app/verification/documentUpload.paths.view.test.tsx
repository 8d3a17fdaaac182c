/**
 * Uploading a requested document's file along the paths of the upload machine
 * (tests/machines/support/documentUploadModel.ts: the machine only says which states and
 * transitions exist). The system under test is the rendered `FileUploadView` on the machine as
 * the app provides it (`provideDocumentUpload` with `uploadRequestedDocument`: the real reading of
 * the file's first bytes, the real upload through XMLHttpRequest and the HTTP client), a fake
 * browser file reader and a fake server that answer when the path says. One expectation per
 * state, written by hand from docs/verification.md: the texts, the screen's actions, what reached
 * the server.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { uploadRequestedDocument } from '../../../src/app/features/verification/documentsApi.ts';
import { provideDocumentUpload } from '../../../src/app/ui/documentUpload.ts';
import { type DocumentUploadActor, FileUploadView } from '../../../src/app/ui/FileUpload.tsx';
import { maxUploadBytes } from '../../../src/contract/compliance.ts';
import {
  type DocumentUploadMachine,
  describeEvent,
  documentUploadPaths,
  FILES,
  fileName,
  headOf,
  UPLOADED_DOCUMENT,
} from '../../machines/support/documentUploadModel.ts';
import { isActorSettle, type ModelPath } from '../../machines/support/model.ts';
import { renderFlowView } from '../support/flowView.tsx';
import { HELD_SERVER_FAKE_TIMERS, settle } from '../support/heldServer.ts';
import { HeldFileReader, HeldUploadServer } from '../support/heldUploads.ts';
import { expectStates, leafStates } from '../support/stateExpectations.ts';

const UPLOAD_ROUTE = 'POST /user/compliance-documents/D7K2Q9/file';

interface World {
  server: HeldUploadServer;
  reader: HeldFileReader;
  /** The sentence the person must read in the alert now (set by the step that caused it). */
  alert: string | null;
  /** What the status under the progress bar must say. */
  uploadingText: string;
  uploadedCalls: number;
}

function action(name: string): boolean | null {
  const button = screen.queryByRole('button', { name });
  return button === null ? null : !button.hasAttribute('disabled');
}

function alertText(): string | null {
  return screen.queryByRole('alert')?.textContent ?? null;
}

/** What the upload says of itself (the button's spinner is a status too, without words). */
function statusText(): string | null {
  const worded = screen.queryAllByRole('status').filter((element) => (element.textContent ?? '') !== '');
  return worded.map((element) => element.textContent).join(' | ') || null;
}

function picker(): HTMLInputElement | null {
  const input = screen.queryByLabelText(/^Choose (a|another) file$/);
  return input instanceof HTMLInputElement ? input : null;
}

/** The chosen file's card: its name and size as shown. */
function fileCard(): string | null {
  const name = document.querySelector('.file-upload-title')?.textContent;
  const size = document.querySelector('.file-upload-size')?.textContent;
  return name === undefined || name === null ? null : `${name}, ${size ?? ''}`;
}

const EXPECTED: Record<string, (world: World) => void> = {
  'selection.empty': () => {
    expect(picker()?.labels?.[0]?.textContent).toBe('Choose a file');
    expect(screen.getByText('A photo (JPEG, PNG, WebP, HEIC) or a PDF, up to 10 MB.')).toBeTruthy();
    expect(action('Upload')).toBe(false);
    expect(alertText()).toBeNull();
  },
  'selection.checking': (world) => {
    expect(statusText()).toBe('Checking the file…');
    expect(action('Upload')).toBe(false);
    expect(world.reader.isReading()).toBe(true);
    // Only the first 16 bytes are read, never the whole file.
    expect(world.reader.reads.at(-1)?.size).toBe(16);
  },
  'selection.invalid': (world) => {
    expect(alertText()).toBe(world.alert);
    expect(picker()?.labels?.[0]?.textContent).toBe('Choose another file');
    expect(action('Upload')).toBe(false);
    expect(world.server.isWaiting()).toBe(false);
  },
  'selection.ready': (world) => {
    expect(fileCard()).toBe('passport.jpg, 2 kB');
    expect(screen.getByRole('img', { name: 'Preview of passport.jpg' }).getAttribute('src')).toBe('blob:preview');
    expect(action('Upload')).toBe(true);
    expect(alertText()).toBeNull();
    // Ready after a cancel: the request was aborted, nothing is on its way.
    expect(world.server.isWaiting()).toBe(false);
    if (world.server.last() !== undefined) expect(world.server.last()?.aborted).toBe(true);
  },
  uploading: (world) => {
    expect(fileCard()).toBe('passport.jpg, 2 kB');
    expect(statusText()).toBe(world.uploadingText);
    expect(action('Cancel upload')).toBe(true);
    // The main button spins while the file goes.
    // The main button spins (its spinner says "Loading") while the file goes.
    expect(action('LoadingUpload')).toBe(false);
    expect(picker()).toBeNull();
    const upload = world.server.last();
    expect(upload?.route).toBe(UPLOAD_ROUTE);
    expect(upload?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(upload?.withCredentials).toBe(true);
    const sent = upload?.body?.get('file');
    expect(sent instanceof File ? [sent.name, sent.size] : null).toEqual(['passport.jpg', 2500]);
    expect(world.server.isWaiting()).toBe(true);
  },
  'selection.failed': (world) => {
    expect(alertText()).toBe(world.alert);
    expect(action('Try again')).toBe(true);
    expect(fileCard()).toBe('passport.jpg, 2 kB');
    expect(picker()?.labels?.[0]?.textContent).toBe('Choose another file');
  },
  refused: (world) => {
    expect(alertText()).toBe(world.alert);
    expect(picker()).toBeNull();
    expect(action('Upload')).toBeNull();
    expect(action('Try again')).toBeNull();
  },
  done: (world) => {
    expect(statusText()).toBe('Uploaded');
    expect(world.uploadedCalls).toBe(1);
    expect(picker()).toBeNull();
    expect(action('Upload')).toBeNull();
  },
};

/** What the person reads after each failure, by the step that caused it. */
const ALERTS = {
  empty: 'This file is empty. Choose another one.',
  huge: 'This file is larger than 10 MB. Choose a smaller one.',
  renamed: 'This is not a photo or a PDF. Choose a JPEG, PNG, WebP or HEIC image, or a PDF.',
  unreadable: 'This file could not be read. Choose it again or pick another one.',
  413: 'This file is larger than 10 MB. Choose a smaller one.',
  415: 'This is not a photo or a PDF. Choose a JPEG, PNG, WebP or HEIC image, or a PDF.',
  403: 'Uploading files is turned off for your account. Write to support if you think this is a mistake.',
  404: 'This document request no longer exists.',
  409: 'This document is no longer waiting for a file.',
  429: 'You have sent too many files for now. Wait a while, or write to support if you need to send more.',
  500: 'The file was not uploaded: The disk is full',
  none: 'No connection. Check the internet and try again.',
} as const;

function statusOf(error: unknown): number | null {
  const status: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : null;
  return typeof status === 'number' ? status : null;
}

async function perform(
  actor: DocumentUploadActor,
  world: World,
  event: ModelPath<DocumentUploadMachine>['steps'][number]['event'],
): Promise<void> {
  const { server, reader } = world;
  if (isActorSettle(event)) {
    if (event.id === 'readHead') {
      if (event.type === 'actor.done') {
        const chosen = fileName(actor.getSnapshot().context.file);
        reader.finish(headOf(actor.getSnapshot().context.file));
        if (chosen === 'renamed') world.alert = ALERTS.renamed;
      } else {
        reader.fail();
        world.alert = ALERTS.unreadable;
      }
    } else if (event.type === 'actor.done') {
      server.answer(200, UPLOADED_DOCUMENT);
    } else {
      const status = statusOf(event.error);
      if (status === null) {
        server.fail();
        world.alert = ALERTS.none;
      } else {
        const code: unknown = Reflect.get(Object(event.error), 'code');
        const message: unknown = Reflect.get(Object(event.error), 'message');
        server.answer(status, { code, message });
        if (
          status === 413 ||
          status === 415 ||
          status === 403 ||
          status === 404 ||
          status === 409 ||
          status === 429 ||
          status === 500
        ) {
          world.alert = ALERTS[status];
        }
      }
    }
    await act(() => settle());
    return;
  }
  switch (event.type) {
    case 'file.choose': {
      const input = picker();
      if (input === null) throw new Error('No file picker on screen');
      act(() => void fireEvent.change(input, { target: { files: [event.file] } }));
      const chosen = fileName(event.file);
      if (chosen === 'empty' || chosen === 'huge') world.alert = ALERTS[chosen];
      break;
    }
    case 'upload.start':
      act(() => void fireEvent.click(screen.getByRole('button', { name: 'Upload' })));
      world.uploadingText = 'Uploading… 0%';
      break;
    case 'upload.progress':
      act(() => server.progress(event.loaded, event.total));
      world.uploadingText = 'Uploading… 25%';
      break;
    case 'upload.cancel':
      act(() => void fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' })));
      break;
    case 'upload.retry':
      act(() => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
      world.uploadingText = 'Uploading… 0%';
      break;
  }
  await act(() => settle());
}

beforeEach(() => {
  vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:preview' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('uploading a requested document, along the upload machine’s paths', () => {
  it('the model’s largest file is one byte over the contract’s limit', () => {
    expect(FILES.huge.size).toBe(10 * 1024 * 1024 + 1);
    expect(maxUploadBytes).toBe(10_485_760);
  });

  for (const path of documentUploadPaths()) {
    it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
      const server = new HeldUploadServer();
      server.install();
      const reader = new HeldFileReader();
      reader.install();
      const world: World = { server, reader, alert: null, uploadingText: '', uploadedCalls: 0 };
      const machine = provideDocumentUpload(uploadRequestedDocument('D7K2Q9'), () => {
        world.uploadedCalls += 1;
      });
      const actor: DocumentUploadActor = createActor(machine, { input: { maxBytes: maxUploadBytes } }).start();
      await renderFlowView(<FileUploadView actor={actor} back={() => {}} />);
      expectStates(EXPECTED, ['selection.empty'], world, 'at the start');
      for (const step of path.steps) {
        await perform(actor, world, step.event);
        expectStates(EXPECTED, leafStates(actor.getSnapshot().value), world, `after "${describeEvent(step.event)}"`);
        expect(leafStates(actor.getSnapshot().value)).toEqual(leafStates(step.state.snapshot.value));
      }
      actor.stop();
    });
  }
});
