import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type DocumentType, documentTypes } from '../../../contract/compliance.ts';
import { isPermitted, type UserSettings } from '../../../contract/settings.ts';
import { toApiError } from '../../api/errors.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell, CellButton } from '../../ui/Cell.tsx';
import { FileUpload } from '../../ui/FileUpload.tsx';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { useUploadsOffReason } from './DocumentsUploadsOff.tsx';
import { awaitsFile, DocumentStatusBadge } from './DocumentsView.tsx';
import {
  complianceDocumentQueryOptions,
  refreshCompliance,
  uploadNewDocument,
  uploadRequestedDocument,
} from './documentsApi.ts';
import { documentTypeHints, documentTypeNames } from './documentsMessages.ts';
import './documents.css';

const documentsPath = '/account/verification/documents';

/** Back to the list once the file is in: it replaces the upload, so back does not reopen it. */
function useUploaded() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    void refreshCompliance(queryClient);
    void navigate({ to: documentsPath, replace: true });
  };
}

/**
 * `/account/verification/documents/upload`: the first step, what the document is (one cell per
 * type, with what to upload); choosing one moves to `?type=…`, its own URL, where the file is
 * chosen and sent.
 */
export function ChooseDocumentTypeView() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  useScreenActions({ back: useBack({ to: documentsPath }) });
  return (
    <Page>
      <PageTitle title={<Trans>Upload a document</Trans>} subtitle={<Trans>What are you uploading?</Trans>} />
      <Section header={t`Document`}>
        {documentTypes.map((type) => (
          <CellButton
            key={type}
            onClick={() => void navigate({ to: '/account/verification/documents/upload', search: { type } })}
          >
            <Cell title={i18n._(documentTypeNames[type])} subtitle={i18n._(documentTypeHints[type])} chevron />
          </CellButton>
        ))}
      </Section>
    </Page>
  );
}

/** `…/documents/upload?type=passport`: the file of a document the person adds. */
export function NewDocumentUploadView({ type, settings }: { type: DocumentType; settings: UserSettings }) {
  const { i18n } = useLingui();
  const onUploaded = useUploaded();
  const back = useBack({ to: '/account/verification/documents/upload' });
  const canUpload = isPermitted(settings.permissions, 'can_upload_files');
  const uploadsOff = useUploadsOffReason();
  return (
    <Page>
      <PageTitle title={i18n._(documentTypeNames[type])} subtitle={i18n._(documentTypeHints[type])} />
      <FileUpload
        key={type}
        upload={uploadNewDocument(type)}
        onUploaded={onUploaded}
        back={back}
        disabledReason={canUpload ? undefined : uploadsOff}
      />
    </Page>
  );
}

function DocumentNotFound() {
  useScreenActions({ back: useBack({ to: documentsPath }) });
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Document not found</Trans>}
        subtitle={<Trans>There is no such document request on your account. The link may be wrong or old.</Trans>}
      />
    </Page>
  );
}

/**
 * `…/documents/upload/{id}`: the file of a document compliance asked for (`GET
 * /user/compliance-documents/{id}`; an id that is not the person's is the not-found page). The
 * operator's comment says what to upload. A document already on review or approved takes no file:
 * its status is shown instead.
 */
export function RequestedDocumentUploadView({ id, settings }: { id: string; settings: UserSettings }) {
  const { t, i18n } = useLingui();
  const document = useQuery(complianceDocumentQueryOptions(id));
  const onUploaded = useUploaded();
  const back = useBack({ to: documentsPath });
  const canUpload = isPermitted(settings.permissions, 'can_upload_files');
  const uploadsOff = useUploadsOffReason();
  const waiting = document.data !== undefined && awaitsFile(document.data);
  useScreenActions(waiting ? {} : { back });
  if (document.isPending) return <Loading />;
  if (document.isError) {
    if (toApiError(document.error)?.code === 404) return <DocumentNotFound />;
    return (
      <Page centered>
        <LoadFailed message={<Trans>Couldn’t load the document.</Trans>} onRetry={() => void document.refetch()} />
      </Page>
    );
  }
  const { type, status, comment } = document.data;
  return (
    <Page>
      <PageTitle title={i18n._(documentTypeNames[type])} subtitle={i18n._(documentTypeHints[type])} />
      {comment === null || comment.trim() === '' ? null : (
        <div className="documents-request">
          <p className="documents-request-label">
            <Trans>Compliance’s note</Trans>
          </p>
          <p className="compliance-message">{comment}</p>
        </div>
      )}
      {waiting ? (
        <FileUpload
          upload={uploadRequestedDocument(id)}
          onUploaded={onUploaded}
          back={back}
          disabledReason={canUpload ? undefined : uploadsOff}
        />
      ) : (
        <Section footer={t`This document needs no file now.`}>
          <Cell title={<Trans>Status</Trans>} value={<DocumentStatusBadge status={status} />} />
        </Section>
      )}
    </Page>
  );
}
