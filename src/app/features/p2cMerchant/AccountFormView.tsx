import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { P2cAccount, P2cAccountKind } from '../../../contract/p2c.ts';
import { toApiError } from '../../api/errors.ts';
import {
  p2cAccountCalls,
  p2cAccountQueryOptions,
  p2cBanksQueryOptions,
  storeAccount,
} from '../../api/p2cMerchantQueries.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { editableStatuses, isMissing, merchantFailure, merchantFailureOf } from './merchantTexts.ts';
import './p2c-merchant.css';

interface Draft {
  kind: P2cAccountKind;
  bankId: string | null;
  number: string;
  holderName: string;
}

/** What is wrong with the number as typed, before asking the server (which also checks a card's check digit). */
function numberProblem(kind: P2cAccountKind, digits: string): 'card' | 'account' | null {
  if (kind === 'card') return /^[0-9]{16,19}$/.test(digits) ? null : 'card';
  return /^[0-9]{20}$/.test(digits) ? null : 'account';
}

/** Spaces and dashes people type between groups of digits are not part of the number. */
function digitsOf(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** /p2c/methods/add: a new account starts as a draft; its page then takes documents and the submit. */
export function AddAccountView() {
  useScreenActions({ back: useBack({ to: '/p2c/methods' }) });
  return (
    <Page>
      <PageTitle
        title={<Trans>Add a payment account</Trans>}
        subtitle={<Trans>A bank card or account in your own name, to pay shops’ codes from.</Trans>}
      />
      <AccountForm account={null} />
    </Page>
  );
}

/** /p2c/methods/{id}/edit: bank, number and holder while the account is a draft, rejected or asked for more. */
export function EditAccountView({ id }: { id: number }) {
  const { i18n } = useLingui();
  const account = useQuery(p2cAccountQueryOptions(id));
  useScreenActions({ back: useBack({ to: '/p2c/methods/$id', params: { id } }) });
  return (
    <Page>
      <PageTitle title={<Trans>Edit the payment account</Trans>} />
      {account.isError && isMissing(account.error) ? (
        <Empty>
          <p>
            <Trans>Payment account not found</Trans>
          </p>
        </Empty>
      ) : (
        <QueryGate query={account} failed={(error) => i18n._(merchantFailureOf(error, 'account'))}>
          {(data) =>
            editableStatuses.includes(data.status) ? (
              <AccountForm account={data} />
            ) : (
              <Empty>
                <p>
                  <Trans>This account can no longer be changed.</Trans>
                </p>
              </Empty>
            )
          }
        </QueryGate>
      )}
    </Page>
  );
}

function AccountForm({ account }: { account: P2cAccount | null }) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const banks = useQuery(p2cBanksQueryOptions());
  const [draft, setDraft] = useState<Draft>(() => ({
    kind: account?.kind ?? 'card',
    bankId: account?.bank.id ?? null,
    number: account?.number ?? '',
    holderName: account?.holder_name ?? '',
  }));
  const [shown, setShown] = useState(false);
  const save = useMutation({
    mutationFn: () => {
      const number = digitsOf(draft.number);
      const holderName = draft.holderName.trim();
      if (account === null) {
        return p2cAccountCalls.create({
          kind: draft.kind,
          bank_id: draft.bankId ?? '',
          number,
          holder_name: holderName,
        });
      }
      return p2cAccountCalls.update(account.id, {
        bank_id: draft.bankId !== account.bank.id ? (draft.bankId ?? undefined) : undefined,
        number: number !== account.number ? number : undefined,
        holder_name: holderName !== account.holder_name ? holderName : undefined,
      });
    },
    onSuccess: (saved) => {
      storeAccount(queryClient, saved);
      void navigate({ to: '/p2c/methods/$id', params: { id: saved.id }, replace: true });
    },
  });
  const problem = numberProblem(draft.kind, digitsOf(draft.number));
  const holderMissing = draft.holderName.trim().length < 2;
  const valid = draft.bankId !== null && problem === null && !holderMissing;
  const submit = () => {
    setShown(true);
    if (valid && !save.isPending) save.mutate();
  };
  useScreenActions({ main: { label: t`Save`, submits: formId, busy: save.isPending } });
  const serverCode = save.isError ? (toApiError(save.error)?.reason ?? null) : null;
  return (
    <form
      id={formId}
      className="p2c-merchant-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {account === null ? (
        <ChoiceSection header={t`Kind`}>
          <Choice
            title={t`Bank card`}
            checked={draft.kind === 'card'}
            onSelect={() => setDraft({ ...draft, kind: 'card' })}
          />
          <Choice
            title={t`Bank account`}
            checked={draft.kind === 'account'}
            onSelect={() => setDraft({ ...draft, kind: 'account' })}
          />
        </ChoiceSection>
      ) : null}
      <TextField
        label={draft.kind === 'card' ? t`Card number` : t`Account number`}
        value={draft.number}
        onChange={(number) => setDraft({ ...draft, number })}
        inputMode="numeric"
        autoComplete="off"
        mono
        error={
          shown && problem === 'card'
            ? t`A card number has 16 to 19 digits.`
            : shown && problem === 'account'
              ? t`An account number has 20 digits.`
              : undefined
        }
      />
      <TextField
        label={t`Holder’s name`}
        value={draft.holderName}
        onChange={(holderName) => setDraft({ ...draft, holderName })}
        autoComplete="name"
        maxLength={100}
        hint={t`As the bank writes it. It must be your own.`}
        error={shown && holderMissing ? t`Enter the name on the account.` : undefined}
      />
      <QueryGate query={banks} failed={(error) => i18n._(merchantFailureOf(error, 'accounts'))}>
        {(data) => (
          <ChoiceSection header={t`Bank`} footer={shown && draft.bankId === null ? t`Choose the bank.` : undefined}>
            {data.banks.map((bank) => (
              <Choice
                key={bank.id}
                title={bank.name}
                checked={draft.bankId === bank.id}
                onSelect={() => setDraft({ ...draft, bankId: bank.id })}
              />
            ))}
          </ChoiceSection>
        )}
      </QueryGate>
      {save.isError ? (
        <p className="p2c-merchant-error" role="alert">
          {i18n._(merchantFailure(serverCode, 'save-account'))}
        </p>
      ) : null}
    </form>
  );
}
