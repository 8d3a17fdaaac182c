import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ComplianceDocument, DocumentStatus } from '../../../contract/compliance.ts';
import { isPermitted, type UserSettings } from '../../../contract/settings.ts';
import { useBack } from '../../lib/back.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { UploadsOffNote } from './DocumentsUploadsOff.tsx';
import { complianceDocumentsQueryOptions } from './documentsApi.ts';
import { documentStatusNames, documentTypeNames } from './documentsMessages.ts';
import './documents.css';

/** A document still waiting for a file from the person: asked for, or rejected and to be sent again. */
export function awaitsFile(document: Pick<ComplianceDocument, 'status'>): boolean {
  return document.status === 'requested' || document.status === 'rejected';
}

/**
 * `/account/verification/documents`: every document, from `GET /user/compliance-documents` polled
 * every 5 s: its type, the file's name and when it was uploaded, its status in its colour (spec
 * 000 s.3: approved good, rejected bad, on review gray, requested warning) and the operator's
 * comment. A requested or rejected document leads to its upload; "Upload a document" adds one.
 * With `can_upload_files` false, no upload is offered and a note says why.
 */
export function DocumentsView({ settings }: { settings: UserSettings }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const documents = useQuery(complianceDocumentsQueryOptions());
  const canUpload = isPermitted(settings.permissions, 'can_upload_files');
  useScreenActions({
    main: canUpload
      ? {
          label: t`Upload a document`,
          onPress: () => void navigate({ to: '/account/verification/documents/upload' }),
        }
      : null,
    back: useBack({ to: '/account/verification' }),
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Documents</Trans>}
        subtitle={<Trans>What you sent us and what compliance asked for. Statuses update by themselves.</Trans>}
      />
      {canUpload ? null : <UploadsOffNote />}
      <QueryGate query={documents} failed={() => <Trans>Couldn’t load your documents.</Trans>}>
        {({ items }) =>
          items.length === 0 ? (
            <Empty>
              <p>
                <Trans>No documents yet. Nothing is needed unless compliance asks for it.</Trans>
              </p>
            </Empty>
          ) : (
            <Section>
              {items.map((document) => (
                <DocumentRow
                  key={document.short_id}
                  document={document}
                  timeZone={settings.timezone}
                  canUpload={canUpload}
                />
              ))}
            </Section>
          )
        }
      </QueryGate>
    </Page>
  );
}

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { i18n } = useLingui();
  return <span className={`documents-status documents-status--${status}`}>{i18n._(documentStatusNames[status])}</span>;
}

function DocumentRow({
  document,
  timeZone,
  canUpload,
}: {
  document: ComplianceDocument;
  timeZone: string | null;
  canUpload: boolean;
}) {
  const { i18n } = useLingui();
  const uploaded =
    document.uploaded_at === null ? null : formatShortDate(document.uploaded_at, { locale: i18n.locale, timeZone });
  const name = document.uploaded_name;
  const comment = document.comment?.trim() ?? '';
  const subtitle =
    uploaded === null ? (
      <Trans>Not uploaded yet</Trans>
    ) : name === null ? (
      uploaded
    ) : (
      <Trans>
        {name}, {uploaded}
      </Trans>
    );
  const cell = (
    <Cell
      title={i18n._(documentTypeNames[document.type])}
      subtitle={subtitle}
      value={<DocumentStatusBadge status={document.status} />}
      chevron={canUpload && awaitsFile(document)}
    />
  );
  return (
    <div className="documents-item" data-status={document.status}>
      {canUpload && awaitsFile(document) ? (
        <Link to="/account/verification/documents/upload/$id" params={{ id: document.short_id }}>
          {cell}
        </Link>
      ) : (
        cell
      )}
      {comment === '' ? null : (
        <p className="documents-comment">
          <Trans>Compliance: {comment}</Trans>
        </p>
      )}
    </div>
  );
}
