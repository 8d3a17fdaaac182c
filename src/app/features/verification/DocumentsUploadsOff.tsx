import { useLingui } from '@lingui/react/macro';
import { uploadProblemMessage } from '../../ui/documentUpload.ts';
import './documents.css';

/** Why nothing can be uploaded (`can_upload_files` false), in the words the upload itself uses. */
export function useUploadsOffReason(): string {
  const { i18n } = useLingui();
  return i18n._(uploadProblemMessage('uploads_forbidden', null));
}

/** The reason as a note on a screen that lists documents. */
export function UploadsOffNote() {
  return (
    <p className="documents-note" role="note">
      {useUploadsOffReason()}
    </p>
  );
}
