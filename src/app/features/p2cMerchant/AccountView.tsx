import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { P2cAccount } from '../../../contract/p2c.ts';
import { toApiError } from '../../api/errors.ts';
import {
  p2cAccountCalls,
  p2cAccountQueryOptions,
  storeAccount,
  uploadAccountDocument,
} from '../../api/p2cMerchantQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { FileUpload } from '../../ui/FileUpload.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { AccountStatus } from './AccountStatus.tsx';
import {
  accountName,
  editableStatuses,
  isMissing,
  type MerchantCall,
  merchantFailure,
  merchantFailureOf,
  submittableStatuses,
} from './merchantTexts.ts';
import './p2c-merchant.css';

export interface AccountViewProps {
  id: number;
  /** `upload`: the document upload step (its own URL, `?step=upload`). */
  step: 'upload' | undefined;
  timeZone: string | null;
  openUpload: () => void;
  closeUpload: () => void;
}

/**
 * /p2c/methods/{id}: the account's status, details, documents and support's note, with what its
 * status allows: edit, add a document (`?step=upload`), send for review; turn off an active
 * account (behind a confirmation) or turn a turned-off one on.
 */
export function AccountView(props: AccountViewProps) {
  const { i18n } = useLingui();
  const account = useQuery(p2cAccountQueryOptions(props.id));
  return (
    <Page>
      {account.isError && isMissing(account.error) ? (
        <MissingAccount />
      ) : (
        <QueryGate query={account} failed={(error) => i18n._(merchantFailureOf(error, 'account'))}>
          {(data) =>
            props.step === 'upload' && submittableStatuses.includes(data.status) ? (
              <DocumentUpload account={data} done={props.closeUpload} />
            ) : (
              <AccountDetails account={data} {...props} />
            )
          }
        </QueryGate>
      )}
    </Page>
  );
}

function MissingAccount() {
  useScreenActions({ main: null, back: useBack({ to: '/p2c/methods' }) });
  return (
    <Empty>
      <p>
        <Trans>Payment account not found</Trans>
      </p>
    </Empty>
  );
}

function DocumentUpload({ account, done }: { account: P2cAccount; done: () => void }) {
  const queryClient = useQueryClient();
  return (
    <>
      <PageTitle
        title={<Trans>Add a document</Trans>}
        subtitle={
          <Trans>
            A bank statement or a screenshot of your bank app showing the number and your name, so support can see the
            account is yours.
          </Trans>
        }
      />
      <FileUpload
        upload={async (file, options) => {
          const updated = await uploadAccountDocument(account.id, file, options);
          storeAccount(queryClient, updated);
          return updated;
        }}
        onUploaded={done}
        back={done}
      />
    </>
  );
}

type AccountAction = 'submit' | 'enable' | 'disable';

function AccountDetails({ account, timeZone, openUpload }: { account: P2cAccount } & AccountViewProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [confirmingOff, setConfirmingOff] = useState(false);
  const change = useMutation({
    mutationFn: (action: AccountAction) => p2cAccountCalls[action](account.id),
    onSuccess: (updated, action) => {
      storeAccount(queryClient, updated);
      setConfirmingOff(false);
      const done: Record<AccountAction, string> = {
        submit: t`Sent for review`,
        enable: t`Account turned on`,
        disable: t`Account turned off`,
      };
      toasts.show('success', done[action]);
    },
    onError: (error, action) => {
      setConfirmingOff(false);
      const call: MerchantCall = action;
      toasts.show('error', i18n._(merchantFailure(toApiError(error)?.reason ?? null, call)));
    },
  });
  const { status } = account;
  const documents = account.documents.length;
  const canSubmit = submittableStatuses.includes(status);
  const busy = change.isPending;
  useScreenActions({
    main: canSubmit
      ? {
          label: t`Send for review`,
          disabled: documents === 0,
          busy,
          onPress: () => change.mutate('submit'),
        }
      : status === 'disabled'
        ? { label: t`Turn on`, busy, onPress: () => change.mutate('enable') }
        : null,
    secondary: status === 'active' ? { label: t`Turn off`, onPress: () => setConfirmingOff(true) } : null,
    back: useBack({ to: '/p2c/methods' }),
  });
  return (
    <>
      <PageTitle title={accountName(account)} subtitle={<AccountStatus status={status} />} />
      <StatusExplained account={account} />
      <Section>
        <Cell title={t`Bank`} value={account.bank.name} />
        <Cell
          title={account.kind === 'card' ? t`Card number` : t`Account number`}
          value={<span className="p2c-merchant-number">{inGroupsOfFour(account.number)}</span>}
        />
        <Cell title={t`Holder`} value={account.holder_name} />
        {editableStatuses.includes(status) ? (
          <Link to="/p2c/methods/$id/edit" params={{ id: account.id }}>
            <Cell title={t`Edit details`} chevron />
          </Link>
        ) : null}
      </Section>
      <Section header={<Plural value={documents} _0="No documents" one="# document" other="# documents" />}>
        {account.documents.map((document) => (
          <Cell
            key={document.id}
            title={document.name}
            subtitle={formatShortDate(document.uploaded_at, { locale: i18n.locale, timeZone })}
            value={
              document.status === 'completed'
                ? t`Accepted`
                : document.status === 'rejected'
                  ? t`Not accepted`
                  : t`Uploaded`
            }
          />
        ))}
        {canSubmit ? (
          <button type="button" className="ui-cell-button" onClick={openUpload}>
            <Cell title={t`Add a document`} chevron />
          </button>
        ) : null}
      </Section>
      <Sheet
        open={confirmingOff}
        title={<Trans>Turn this account off?</Trans>}
        description={<Trans>You will not be able to mark payments paid from it until you turn it on again.</Trans>}
        onClose={() => setConfirmingOff(false)}
      >
        <Button
          variant="destructive"
          stretched
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => change.mutate('disable')}
        >
          <Trans>Turn off</Trans>
        </Button>
        <Button variant="plain" stretched onClick={() => setConfirmingOff(false)}>
          <Trans>Cancel</Trans>
        </Button>
      </Sheet>
    </>
  );
}

/** What the status means for the person, and support's note with its last decision. */
function StatusExplained({ account }: { account: P2cAccount }) {
  const explanation: Record<P2cAccount['status'], React.ReactNode> = {
    created: <Trans>Add a document proving the account is yours, then send it for review.</Trans>,
    pending: <Trans>Support will check the account soon.</Trans>,
    under_verification: <Trans>Support is checking the account.</Trans>,
    requested_verification: <Trans>Support needs more documents. Add them and send the account again.</Trans>,
    rejected: <Trans>Support did not accept the account. Fix the details or documents and send it again.</Trans>,
    active: <Trans>You can pay shops’ codes from this account.</Trans>,
    disabled: <Trans>Turned off: payments cannot be marked paid from it.</Trans>,
  };
  return (
    <div className="p2c-merchant-note">
      <p>{explanation[account.status]}</p>
      {account.note === null ? null : (
        <p>
          <span className="p2c-merchant-hint">
            <Trans>Support’s note:</Trans>
          </span>{' '}
          {account.note}
        </p>
      )}
    </div>
  );
}

/** "2200379722125301" as "2200 3797 2212 5301": read and compared with the bank app group by group. */
function inGroupsOfFour(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
