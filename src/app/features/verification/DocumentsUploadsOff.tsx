import { useLingui } from '@lingui/react/macro';
import { uploadProblemMessage } from '../../ui/documentUpload.ts';
import './documents.css';

/** `can_upload_files` is false: why nothing can be uploaded, in the words the upload itself uses. */
export function UploadsOffNote() {
  const { i18n } = useLingui();
  return (
    <p className="documents-note" role="note">
      {i18n._(uploadProblemMessage('uploads_forbidden', null))}
    </p>
  );
}
