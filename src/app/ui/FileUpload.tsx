import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { documentUploadMachine } from '../../../machines/documentUpload.machine.ts';
import { maxUploadBytes } from '../../contract/compliance.ts';
import type { UploadMediaType } from '../../contract/uploadFileType.ts';
import { usePlatform } from '../platform/PlatformContext.tsx';
import { useScreenActions } from '../platform/useScreenActions.ts';
import {
  acceptedFileTypes,
  acceptedPhotoTypes,
  provideDocumentUpload,
  type UploadFile,
  uploadProblemMessage,
} from './documentUpload.ts';
import './file-upload.css';

export type DocumentUploadActor = ActorRefFrom<typeof documentUploadMachine>;
type Snapshot = SnapshotFrom<typeof documentUploadMachine>;

export interface FileUploadProps {
  /** Where the file goes (e.g. `uploadCall` of a contract endpoint). */
  upload: UploadFile;
  /** The file is in: the screen moves on. */
  onUploaded: () => void;
  /** The screen's back (Telegram's BackButton, the web header's "Back"). */
  back: () => void;
  /** Set when uploads are turned off here: the reason, shown instead of the pickers. */
  disabledReason?: ReactNode;
}

/** Choose a file (or take a photo on a phone), see it, upload it with progress; cancel, retry. */
export function FileUpload({ upload, onUploaded, back, disabledReason }: FileUploadProps) {
  const platform = usePlatform();
  // The machine is made once; it calls whatever the screen passes now (its closures may change).
  const latest = useRef({ upload, onUploaded });
  latest.current = { upload, onUploaded };
  const [machine] = useState(() =>
    provideDocumentUpload(
      (file, options) => latest.current.upload(file, options),
      () => {
        platform.haptic('success');
        latest.current.onUploaded();
      },
    ),
  );
  const actor = useActorRef(machine, { input: { maxBytes: maxUploadBytes } });
  return <FileUploadView actor={actor} back={back} disabledReason={disabledReason} />;
}

/** Phones and tablets: a coarse pointer means a camera is likely at hand. */
function useCameraLikely(): boolean {
  const [likely] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true,
  );
  return likely;
}

/** A URL showing `file`, for the image types every browser draws (not HEIC, not PDF); revoked when done. */
function usePreviewUrl(file: File | null, mediaType: UploadMediaType | null): string | null {
  const drawable = mediaType === 'image/jpeg' || mediaType === 'image/png' || mediaType === 'image/webp';
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (file === null || !drawable || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file, drawable]);
  return url;
}

function Picker({
  label,
  accept,
  capture,
  onChoose,
}: {
  label: ReactNode;
  accept: string;
  capture?: 'environment';
  onChoose: (file: File) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="ui-button ui-button--secondary file-upload-picker">
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        capture={capture}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // The same file chosen again after a failure must still count as a choice.
          event.currentTarget.value = '';
          if (file !== undefined) onChoose(file);
        }}
      />
      {label}
    </label>
  );
}

/**
 * The upload machine's snapshot on screen: the pickers (a file; on a phone also the camera), the
 * chosen file (a preview for JPEG, PNG and WebP; name, size and type for the rest), the progress
 * while it goes, the problem in words, "Uploaded" at the end. Upload, Try again and Cancel are
 * the screen's actions (Telegram's MainButton and SecondaryButton in the mini app).
 */
export function FileUploadView({
  actor,
  back,
  disabledReason,
}: {
  actor: DocumentUploadActor;
  back: () => void;
  disabledReason?: ReactNode;
}) {
  const snapshot = useSelector(actor, (current: Snapshot) => current);
  const { t, i18n } = useLingui();
  const cameraLikely = useCameraLikely();
  const { file, mediaType, progress, problem, serverMessage } = snapshot.context;
  const preview = usePreviewUrl(file, mediaType);
  const fileName = file?.name ?? '';
  const disabled = disabledReason !== undefined;
  const uploading = snapshot.hasTag('uploading');
  const failed = snapshot.hasTag('failed');
  const done = snapshot.hasTag('done');
  const refused = snapshot.hasTag('refused');

  useScreenActions({
    main:
      disabled || refused || done
        ? null
        : failed
          ? { label: t`Try again`, onPress: () => actor.send({ type: 'upload.retry' }) }
          : {
              label: t`Upload`,
              disabled: !snapshot.hasTag('ready') && !uploading,
              busy: uploading,
              onPress: () => actor.send({ type: 'upload.start' }),
            },
    secondary: uploading ? { label: t`Cancel upload`, onPress: () => actor.send({ type: 'upload.cancel' }) } : null,
    back: uploading ? () => actor.send({ type: 'upload.cancel' }) : back,
  });

  const choose = (chosen: File) => actor.send({ type: 'file.choose', file: chosen });
  const canChoose = !disabled && snapshot.matches('selection');
  const locale = i18n.locale;
  const percent =
    progress === null ? 0 : Math.floor((Math.min(progress.loaded, progress.total) / progress.total) * 100);
  const percentText = new Intl.NumberFormat(locale, { style: 'percent' }).format(percent / 100);

  return (
    <div className="file-upload">
      {disabled ? (
        <p className="file-upload-disabled" role="note">
          {disabledReason}
        </p>
      ) : null}
      {file !== null && !refused ? (
        <div className="file-upload-file">
          {preview === null ? (
            <span className="file-upload-thumb file-upload-thumb--kind" aria-hidden="true">
              {mediaType === 'application/pdf' ? 'PDF' : mediaType === 'image/heic' ? 'HEIC' : '?'}
            </span>
          ) : (
            <img className="file-upload-thumb" src={preview} alt={t`Preview of ${fileName}`} />
          )}
          <span className="file-upload-name">
            <span className="file-upload-title">{fileName}</span>
            <span className="file-upload-size">{fileSize(file.size, locale)}</span>
          </span>
        </div>
      ) : null}
      {snapshot.matches({ selection: 'checking' }) ? (
        <p className="file-upload-status" role="status">
          <Trans>Checking the file…</Trans>
        </p>
      ) : null}
      {uploading ? (
        <div className="file-upload-progress">
          <progress max={100} value={percent} aria-label={t`Upload progress`} />
          <p className="file-upload-status" role="status">
            <Trans>Uploading… {percentText}</Trans>
          </p>
        </div>
      ) : null}
      {done ? (
        <p className="file-upload-status file-upload-status--done" role="status">
          <Trans>Uploaded</Trans>
        </p>
      ) : null}
      {problem !== null && !uploading ? (
        <p className="file-upload-problem" role="alert">
          {i18n._(uploadProblemMessage(problem, serverMessage))}
        </p>
      ) : null}
      {canChoose ? (
        <div className="file-upload-pickers">
          <Picker
            label={file === null ? <Trans>Choose a file</Trans> : <Trans>Choose another file</Trans>}
            accept={acceptedFileTypes}
            onChoose={choose}
          />
          {cameraLikely ? (
            <Picker
              label={<Trans>Take a photo</Trans>}
              accept={acceptedPhotoTypes}
              capture="environment"
              onChoose={choose}
            />
          ) : null}
        </div>
      ) : null}
      {canChoose && file === null ? (
        <p className="file-upload-hint">
          <Trans>A photo (JPEG, PNG, WebP, HEIC) or a PDF, up to 10 MB.</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** "2.4 MB", "380 kB" in the person's language. */
function fileSize(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
      megabytes,
    );
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
    Math.max(1, Math.round(bytes / 1024)),
  );
}
