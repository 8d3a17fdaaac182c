/**
 * FileUpload's pickers and its actions inside the mini app (the paths test covers every state on
 * the web): what the file dialog accepts, the camera on a phone, Telegram's MainButton,
 * SecondaryButton and BackButton while a file goes.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { uploadRequestedDocument } from '../../../src/app/features/verification/documentsApi.ts';
import { provideDocumentUpload } from '../../../src/app/ui/documentUpload.ts';
import { FileUpload, FileUploadView } from '../../../src/app/ui/FileUpload.tsx';
import { maxUploadBytes } from '../../../src/contract/compliance.ts';
import { FILES, headOf } from '../../machines/support/documentUploadModel.ts';
import { settle } from '../support/heldServer.ts';
import { HeldFileReader, HeldUploadServer } from '../support/heldUploads.ts';
import { fakePlatform, renderWithProviders } from '../support.tsx';

function coarsePointer(coarse: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function start(kind: 'web' | 'mini-app') {
  const server = new HeldUploadServer();
  server.install();
  const reader = new HeldFileReader();
  reader.install();
  const back = vi.fn();
  const actor = createActor(
    provideDocumentUpload(uploadRequestedDocument('D7K2Q9'), () => {}),
    {
      input: { maxBytes: maxUploadBytes },
    },
  ).start();
  const view = renderWithProviders(<FileUploadView actor={actor} back={back} />, { platform: fakePlatform(kind) });
  return { ...view, server, reader, back, actor };
}

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:preview' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the file pickers', () => {
  it('take the five types by their usual names, HEIC also as .heic', () => {
    coarsePointer(false);
    start('web');
    const input = screen.getByLabelText('Choose a file');
    expect(input.getAttribute('accept')).toBe(
      'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf',
    );
    expect(input.hasAttribute('capture')).toBe(false);
    expect(screen.queryByLabelText('Take a photo')).toBeNull();
  });

  it('on a phone also offer the back camera, for photos only', () => {
    coarsePointer(true);
    start('mini-app');
    const camera = screen.getByLabelText('Take a photo');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,image/heic,image/heif');
  });
});

describe('inside the mini app', () => {
  it('puts Upload on Telegram’s main button, Cancel upload on the secondary one, and back cancels the upload', async () => {
    coarsePointer(false);
    const { platform, server, reader, back, actor } = start('mini-app');
    expect(platform.screenActions.snapshot().main).toMatchObject({ label: 'Upload', disabled: true });
    act(() => void fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [FILES.photo] } }));
    await act(async () => {
      reader.finish(headOf(FILES.photo));
      await settle();
    });
    expect(platform.screenActions.snapshot().main).toMatchObject({ label: 'Upload', disabled: false, busy: false });
    // Nothing of the action bar is drawn in the page: Telegram draws the buttons.
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();

    act(() => platform.screenActions.press('main'));
    expect(server.last()?.route).toBe('POST /user/compliance-documents/D7K2Q9/file');
    expect(platform.screenActions.snapshot().main).toMatchObject({ label: 'Upload', busy: true });
    expect(platform.screenActions.snapshot().secondary?.label).toBe('Cancel upload');
    expect(platform.screenActions.snapshot().back).toBe(true);

    act(() => platform.screenActions.press('back'));
    expect(server.last()?.aborted).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ selection: 'ready' });
    expect(back).not.toHaveBeenCalled();
    expect(platform.screenActions.snapshot().secondary).toBeNull();

    act(() => platform.screenActions.press('back'));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('a finished upload thanks the person with success haptics', async () => {
    coarsePointer(false);
    const server = new HeldUploadServer();
    server.install();
    const reader = new HeldFileReader();
    reader.install();
    const uploaded = vi.fn();
    const platform = fakePlatform('mini-app');
    renderWithProviders(
      <FileUpload upload={uploadRequestedDocument('D7K2Q9')} onUploaded={uploaded} back={() => {}} />,
      { platform },
    );
    act(() => void fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [FILES.photo] } }));
    await act(async () => {
      reader.finish(headOf(FILES.photo));
      await settle();
    });
    act(() => platform.screenActions.press('main'));
    await act(async () => {
      server.answer(200, {
        short_id: 'D7K2Q9',
        type: 'passport',
        status: 'on_review',
        uploaded_at: '2026-11-24T12:00:00.000Z',
        uploaded_name: 'passport.jpg',
        comment: null,
      });
      await settle();
    });
    expect(uploaded).toHaveBeenCalledTimes(1);
    expect(platform.haptic).toHaveBeenCalledWith('success');
  });
});
