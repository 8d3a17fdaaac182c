import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import {
  type DocumentUploadProblem,
  documentUploadMachine,
  type UploadFailure,
  type UploadInput,
} from '../../../machines/documentUpload.machine.ts';
import { uploadSignatureBytes } from '../../contract/uploadFileType.ts';
import { toApiError } from '../api/errors.ts';
import type { UploadProgress } from '../api/upload.ts';

/** Sends one checked file somewhere, reporting progress; rejects as the API client does. */
export type UploadFile = (
  file: File,
  options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void },
) => Promise<unknown>;

/** What the file picker accepts: the types the server takes, and HEIC's other spelling. */
export const acceptedFileTypes = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf';
/** What the camera picker accepts: photos only (a camera gives JPEG or HEIC). */
export const acceptedPhotoTypes = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

/** The first bytes of a file, enough to tell its type. */
async function readHead(file: File): Promise<Uint8Array> {
  const head = file.slice(0, uploadSignatureBytes);
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    // FileReader rather than Blob.arrayBuffer(): older WebViews inside Telegram lack the latter.
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer ? resolve(reader.result) : reject(new Error('Not read as bytes'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(head);
  });
  return new Uint8Array(buffer);
}

/** How the machine expects a failed upload: status (null without an answer), the server's code and message. */
function uploadFailureOf(thrown: unknown): UploadFailure {
  const error = toApiError(thrown);
  return error === null
    ? { status: null, code: null, message: '' }
    : { status: error.code, code: error.reason, message: error.message };
}

/** The upload machine sending with `upload`; `onUploaded` runs once the file is in. */
export function provideDocumentUpload(upload: UploadFile, onUploaded: () => void) {
  return documentUploadMachine.provide({
    actors: {
      readHead: fromPromise<Uint8Array, { file: File }>(({ input }) => readHead(input.file)),
      upload: fromPromise<unknown, UploadInput>(async ({ input, signal }) => {
        try {
          return await upload(input.file, { signal, onProgress: input.reportProgress });
        } catch (thrown) {
          throw uploadFailureOf(thrown);
        }
      }),
    },
    actions: { uploaded: onUploaded },
  });
}

const problemMessages: Record<Exclude<DocumentUploadProblem, 'upload_failed'>, MessageDescriptor> = {
  file_empty: msg`This file is empty. Choose another one.`,
  file_too_large: msg`This file is larger than 10 MB. Choose a smaller one.`,
  file_type_refused: msg`This is not a photo or a PDF. Choose a JPEG, PNG, WebP or HEIC image, or a PDF.`,
  file_unreadable: msg`This file could not be read. Choose it again or pick another one.`,
  uploads_forbidden: msg`Uploading files is turned off for your account. Write to support if you think this is a mistake.`,
  document_not_found: msg`This document request no longer exists.`,
  document_not_requested: msg`This document is no longer waiting for a file.`,
  upload_limit: msg`You have sent too many files for now. Wait a while, or write to support if you need to send more.`,
  no_connection: msg`No connection. Check the internet and try again.`,
};

/** The sentence for a problem; the server's own words, when it gave some, after a failed upload. */
export function uploadProblemMessage(problem: DocumentUploadProblem, serverMessage: string | null): MessageDescriptor {
  if (problem !== 'upload_failed') return problemMessages[problem];
  return serverMessage === null
    ? msg`The file was not uploaded. Try again.`
    : msg`The file was not uploaded: ${serverMessage}`;
}
