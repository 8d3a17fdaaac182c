import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ComplianceDocument, ComplianceState } from '../../../contract/compliance.ts';
import { type Compliance, isPermitted, isSoftBanned, type UserSettings } from '../../../contract/settings.ts';
import { useBack } from '../../lib/back.ts';
import { formatShortDate } from '../../lib/dates.ts';
import type { ScreenActions } from '../../platform/screenActions.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { UploadsOffNote } from './DocumentsUploadsOff.tsx';
import { awaitsFile, DocumentStatusBadge } from './DocumentsView.tsx';
import { complianceDocumentsQueryOptions, complianceQueryOptions } from './documentsApi.ts';
import { documentTypeNames } from './documentsMessages.ts';
import { levelName } from './verificationMessages.ts';
import './documents.css';

/**
 * `/compliance`: what compliance asks of the person now (`GET /user/compliance`, polled every
 * 5 s), one of four kinds: documents requested (each with its upload), a verification level to
 * pass (a link to its flow), "under review" (nothing to do) or nothing at all; then the account's
 * own restrictions from the settings (a ban and its reason, a lock, a soft ban and its end).
 */
export function ComplianceView({ settings }: { settings: UserSettings }) {
  const request = useQuery(complianceQueryOptions());
  const back = useBack({ to: '/account' });
  const canUpload = isPermitted(settings.permissions, 'can_upload_files');
  const actions = useRequestAction(request.data, canUpload);
  useScreenActions({ ...actions, back });
  return (
    <Page>
      <PageTitle title={<Trans>Compliance</Trans>} subtitle={<Trans>What our compliance team needs from you.</Trans>} />
      <QueryGate query={request} failed={() => <Trans>Couldn’t load the compliance status.</Trans>}>
        {(state) => <ComplianceRequest state={state} canUpload={canUpload} />}
      </QueryGate>
      <Restrictions compliance={settings.compliance} timeZone={settings.timezone} />
      <p className="compliance-link">
        <Link to="/compliance-policy">
          <Trans>How compliance works and what happens to your documents</Trans>
        </Link>
      </p>
    </Page>
  );
}

/** The screen's main action: start the requested level, or upload the first document still asked for. */
function useRequestAction(state: ComplianceState | undefined, canUpload: boolean): Pick<ScreenActions, 'main'> {
  const { t } = useLingui();
  const navigate = useNavigate();
  const documents = useQuery({
    ...complianceDocumentsQueryOptions(),
    enabled: state?.kind === 'documents_requested',
  });
  if (state?.kind === 'verification_requested') {
    const level = state.level;
    return {
      main: {
        label: t`Start verification`,
        onPress: () =>
          void (level === null
            ? navigate({ to: '/account/verification' })
            : navigate({ to: '/account/verification/$flow', params: { flow: level } })),
      },
    };
  }
  const first = state?.kind === 'documents_requested' ? requestedDocuments(state, documents.data?.items)[0] : undefined;
  if (first === undefined || !canUpload) return { main: null };
  return {
    main: {
      label: t`Upload a document`,
      onPress: () =>
        void navigate({ to: '/account/verification/documents/upload/$id', params: { id: first.short_id } }),
    },
  };
}

/** The documents a request names that still wait for a file, in the request's order. */
function requestedDocuments(
  state: ComplianceState,
  items: readonly ComplianceDocument[] | undefined,
): ComplianceDocument[] {
  const byId = new Map((items ?? []).map((item) => [item.short_id, item]));
  return state.requested_documents.flatMap((id) => {
    const document = byId.get(id);
    return document !== undefined && awaitsFile(document) ? [document] : [];
  });
}

function OperatorMessage({ message }: { message: string | null }) {
  if (message === null || message.trim() === '') return null;
  return (
    <p className="compliance-message">
      <Trans>Message from compliance: {message}</Trans>
    </p>
  );
}

/** One kind of request: a card with its title, its sentence and what follows (message, link). */
function RequestCard({
  kind,
  title,
  children,
}: {
  kind: ComplianceState['kind'];
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={`compliance-kind compliance-kind--${kind}`} aria-labelledby="compliance-kind-title">
      <h2 id="compliance-kind-title">{title}</h2>
      {children}
    </section>
  );
}

function ComplianceRequest({ state, canUpload }: { state: ComplianceState; canUpload: boolean }) {
  const { i18n } = useLingui();
  switch (state.kind) {
    case 'inactive':
      return (
        <RequestCard kind="inactive" title={<Trans>Nothing is needed</Trans>}>
          <p>
            <Trans>Compliance has no requests for you.</Trans>
          </p>
        </RequestCard>
      );
    case 'pending':
      return (
        <RequestCard kind="pending" title={<Trans>Under review</Trans>}>
          <p>
            <Trans>Compliance is reviewing what you sent. There is nothing to do; this page updates by itself.</Trans>
          </p>
          <OperatorMessage message={state.message} />
        </RequestCard>
      );
    case 'verification_requested': {
      const level = state.level;
      const levelTitle = level === null ? '' : i18n._(levelName(level));
      return (
        <RequestCard kind="verification_requested" title={<Trans>Verification requested</Trans>}>
          <p>
            {level === null ? (
              <Trans>Compliance asks you to verify your identity.</Trans>
            ) : (
              <Trans>Compliance asks you to pass the “{levelTitle}” verification.</Trans>
            )}
          </p>
          <OperatorMessage message={state.message} />
          <p>
            {level === null ? (
              <Link to="/account/verification">
                <Trans>Go to verification</Trans>
              </Link>
            ) : (
              <Link to="/account/verification/$flow" params={{ flow: level }}>
                <Trans>Go to verification</Trans>
              </Link>
            )}
          </p>
        </RequestCard>
      );
    }
    case 'documents_requested':
      return <DocumentsRequested state={state} canUpload={canUpload} />;
  }
}

function DocumentsRequested({ state, canUpload }: { state: ComplianceState; canUpload: boolean }) {
  const { i18n } = useLingui();
  const documents = useQuery(complianceDocumentsQueryOptions());
  const waiting = requestedDocuments(state, documents.data?.items);
  return (
    <>
      <RequestCard kind="documents_requested" title={<Trans>Documents requested</Trans>}>
        <p>
          <Trans>Compliance asks you to upload the documents below. Until then some features may be paused.</Trans>
        </p>
        <OperatorMessage message={state.message} />
      </RequestCard>
      {canUpload ? null : <UploadsOffNote />}
      {waiting.length > 0 ? (
        <Section>
          {waiting.map((document) => {
            const cell = (
              <Cell
                title={i18n._(documentTypeNames[document.type])}
                subtitle={document.comment ?? undefined}
                value={<DocumentStatusBadge status={document.status} />}
                chevron={canUpload}
              />
            );
            return (
              <div className="documents-item" key={document.short_id}>
                {canUpload ? (
                  <Link to="/account/verification/documents/upload/$id" params={{ id: document.short_id }}>
                    {cell}
                  </Link>
                ) : (
                  cell
                )}
              </div>
            );
          })}
        </Section>
      ) : null}
      <p className="compliance-link">
        <Link to="/account/verification/documents">
          <Trans>All documents</Trans>
        </Link>
      </p>
    </>
  );
}

/** The settings' compliance part in words: a ban (and why), a lock, a soft ban until its end; or none. */
function Restrictions({ compliance, timeZone }: { compliance: Compliance; timeZone: string | null }) {
  const { t, i18n } = useLingui();
  const reason = compliance.ban_reason?.trim() ?? '';
  const softBanned = isSoftBanned(compliance);
  const until =
    compliance.soft_ban_until === null
      ? ''
      : formatShortDate(compliance.soft_ban_until, { locale: i18n.locale, timeZone });
  const rows = [
    compliance.ban ? (
      <Cell
        key="ban"
        title={<Trans>Account blocked</Trans>}
        subtitle={<Trans>The account is blocked for good: deposits, withdrawals and trading are closed.</Trans>}
      />
    ) : null,
    compliance.lock && !compliance.ban ? (
      <Cell
        key="lock"
        title={<Trans>Money locked</Trans>}
        subtitle={<Trans>Deposits, withdrawals and trading are paused until compliance lifts the lock.</Trans>}
      />
    ) : null,
    softBanned ? (
      <Cell
        key="soft-ban"
        title={<Trans>Restricted until {until}</Trans>}
        subtitle={
          <Trans>Deposits, withdrawals and trading are paused until then; the restriction lifts by itself.</Trans>
        }
      />
    ) : null,
    reason !== '' && (compliance.ban || compliance.lock || softBanned) ? (
      <Cell key="reason" title={<Trans>Reason</Trans>} subtitle={reason} />
    ) : null,
  ].filter((row) => row !== null);
  return (
    <Section header={t`Your account`}>
      {rows.length > 0 ? rows : <Cell title={<Trans>No restrictions</Trans>} />}
    </Section>
  );
}
