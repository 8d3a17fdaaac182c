import { useLingui } from '@lingui/react/macro';
import { Navigate, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import type { PaymentCatalogueEntry, PaymentCatalogueItem } from '../../../contract/p2p-market.ts';
import type { PaymentDetailProblem } from '../../../contract/p2p-payment-details.ts';
import { useAddPaymentMethod } from '../../api/p2pMethodsQueries.ts';
import { useBack } from '../../lib/back.ts';
import { fiatName } from '../../lib/p2p/fiatName.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CatalogueItemGate, UnavailableEntry } from './CatalogueItemGate.tsx';
import { checkDetail, detailProblemMessage } from './detailCheck.ts';
import { detailKindLooks } from './detailFields.ts';
import { useFinishFlow, useFlowReturn } from './flowReturn.ts';
import { MethodForm } from './MethodForm.tsx';
import { methodFailure, refusedDetails } from './methodErrors.ts';
import { checkMethodName } from './methodName.ts';

/** Where the details form is: a catalogue entry of its own, or a bank of a group. */
export type FormPlace = { fiat: string; method: string; group: null } | { fiat: string; method: string; group: string };

/** The entry whose fields the form asks for: the bank of the group, or the entry itself. */
function entryAt(item: PaymentCatalogueItem, place: FormPlace): PaymentCatalogueEntry | null {
  if (place.group === null) return item.method.is_parent ? null : item.method;
  return item.method.is_parent ? (item.children.find((child) => child.identifier === place.method) ?? null) : null;
}

/**
 * /p2p/methods/add/{fiat}/{method} and /add/{fiat}/group/{group}/{method}: the details the
 * entry's fields ask for, each checked inline by its kind, and an optional name (≤ 20). Saved,
 * it returns to where the flow was opened from (`back`), else to the list.
 */
export function AddMethodFormView({ place }: { place: FormPlace }) {
  const { i18n } = useLingui();
  const back = useFlowReturn();
  // A group opened as a bank is replaced by its banks' page, at the same place in the flow.
  const depth = useLocation({ select: (location) => location.state.methodFlowDepth ?? 0 });
  useScreenActions({
    back: useBack(
      place.group === null
        ? { to: '/p2p/methods/add/$fiat', params: { fiat: place.fiat }, search: { back } }
        : {
            to: '/p2p/methods/add/$fiat/group/$group',
            params: { fiat: place.fiat, group: place.group },
            search: { back },
          },
      { ignoreBackParam: true },
    ),
  });
  return (
    <Page>
      <CatalogueItemGate fiat={place.fiat} identifier={place.group ?? place.method}>
        {(data) => {
          // A group opened as if it were a bank: its banks are one page on.
          if (place.group === null && data.method.is_parent)
            return (
              <Navigate
                to="/p2p/methods/add/$fiat/group/$group"
                params={{ fiat: place.fiat, group: place.method }}
                search={{ back }}
                state={{ methodFlowDepth: depth }}
                replace
              />
            );
          const entry = entryAt(data, place);
          if (entry === null) return <UnavailableEntry />;
          return (
            <>
              <PageTitle
                title={entry.locale}
                subtitle={
                  place.group === null
                    ? fiatName(place.fiat, i18n.locale)
                    : `${data.method.locale} · ${fiatName(place.fiat, i18n.locale)}`
                }
              />
              <DetailsForm place={place} entry={entry} />
            </>
          );
        }}
      </CatalogueItemGate>
    </Page>
  );
}

function DetailsForm({ place, entry }: { place: FormPlace; entry: PaymentCatalogueEntry }) {
  const { t, i18n } = useLingui();
  const toasts = useToasts();
  const finish = useFinishFlow();
  const add = useAddPaymentMethod();
  const [values, setValues] = useState<Record<string, string>>({});
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // Details the server refused, until the person edits them.
  const [refused, setRefused] = useState<Readonly<Record<string, PaymentDetailProblem>>>({});

  const typedValue = (key: string) => values[key] ?? '';
  const nameCheck = checkMethodName(name);
  const errorOf = (key: string) => {
    const field = entry.fields.find((candidate) => candidate.key === key);
    if (!field) return null;
    const local = submitted ? checkDetail(field, typedValue(key)) : null;
    if (local) return i18n._(local);
    const problem = refused[key];
    return problem ? i18n._(detailProblemMessage(field, problem)) : null;
  };

  const submit = () => {
    setSubmitted(true);
    if (add.isPending || !nameCheck.ok) return;
    if (entry.fields.some((field) => checkDetail(field, typedValue(field.key)) !== null)) return;
    add.mutate(
      {
        fiat: place.fiat,
        identifier: place.group ?? place.method,
        child_identifier: place.group === null ? null : place.method,
        name: nameCheck.name,
        details: Object.fromEntries(entry.fields.map((field) => [field.key, typedValue(field.key).trim()])),
      },
      {
        onSuccess: () => {
          toasts.show('success', t`Payment method added`);
          finish();
        },
        onError: (error) => {
          const details = refusedDetails(error);
          if (Object.keys(details).length > 0) setRefused(details);
          else toasts.show('error', i18n._(methodFailure(error, 'add')));
        },
      },
    );
  };

  return (
    <MethodForm pending={add.isPending} onSubmit={submit}>
      {entry.fields.map((field) => {
        const look = detailKindLooks[field.kind];
        return (
          <TextField
            key={field.key}
            label={i18n._(look.label)}
            value={typedValue(field.key)}
            onChange={(value) => {
              setValues((previous) => ({ ...previous, [field.key]: value }));
              setRefused(({ [field.key]: _edited, ...others }) => others);
            }}
            error={errorOf(field.key)}
            hint={field.is_data ? t`Only its last 4 characters will be shown` : undefined}
            inputMode={look.inputMode}
            autoComplete={look.autoComplete}
            spellCheck={false}
            mono={look.mono}
            disabled={add.isPending}
          />
        );
      })}
      <TextField
        label={t`Name (optional)`}
        value={name}
        onChange={setName}
        error={nameCheck.ok ? null : i18n._(nameCheck.message)}
        hint={t`Up to 20 characters`}
        autoComplete="off"
        disabled={add.isPending}
      />
    </MethodForm>
  );
}
