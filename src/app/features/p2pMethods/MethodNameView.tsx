import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaymentMethod } from '../../../contract/p2p-payment-methods.ts';
import { paymentMethodQueryOptions, useRenamePaymentMethod } from '../../api/p2pMethodsQueries.ts';
import { useBack } from '../../lib/back.ts';
import { catalogueNameOf } from '../../lib/p2p/paymentMethodLabel.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { MethodForm } from './MethodForm.tsx';
import { MissingMethod } from './MethodView.tsx';
import { isMissingMethod, methodFailure } from './methodErrors.ts';
import { checkMethodName } from './methodName.ts';
import './p2p-methods.css';

/**
 * /p2p/methods/{id}/name (spec 001 s.2 "Payment method name screen"): the name, at most 20
 * characters after trimming; Save sends it (an empty field removes the name), Remove clears it;
 * both return to the method. A method that does not exist shows the empty message.
 */
export function MethodNameView({ id }: { id: number }) {
  const { i18n } = useLingui();
  const method = useQuery(paymentMethodQueryOptions(id));
  const back = useBack({ to: '/p2p/methods/$id', params: { id } });
  useScreenActions({ back });
  return (
    <Page>
      <PageTitle title={<Trans>Payment method name</Trans>} />
      {method.isError && isMissingMethod(method.error) ? (
        <MissingMethod />
      ) : (
        <QueryGate query={method} failed={(error) => i18n._(methodFailure(error, 'load'))}>
          {(data) => <NameForm method={data} done={back} />}
        </QueryGate>
      )}
    </Page>
  );
}

function NameForm({ method, done }: { method: PaymentMethod; done: () => void }) {
  const { t, i18n } = useLingui();
  const toasts = useToasts();
  const rename = useRenamePaymentMethod(method.id);
  const [name, setName] = useState(method.name ?? '');
  const check = checkMethodName(name);
  const catalogueName = catalogueNameOf(method);
  const data = method.data;

  const send = (next: string | null) => {
    if (rename.isPending) return;
    const call = next === null ? 'remove-name' : 'save-name';
    rename.mutate(next, {
      onSuccess: () => {
        toasts.show('success', next === null ? t`Name removed` : t`Name saved`);
        done();
      },
      onError: (error) => toasts.show('error', i18n._(methodFailure(error, call))),
    });
  };

  return (
    <MethodForm
      pending={rename.isPending}
      onSubmit={() => {
        if (!check.ok) return;
        // Nothing changed: nothing to send.
        if (check.name === method.name) done();
        else send(check.name);
      }}
    >
      <TextField
        label={t`Name`}
        value={name}
        onChange={setName}
        error={check.ok ? null : i18n._(check.message)}
        hint={t`${catalogueName}, ${data}. Up to 20 characters.`}
        autoComplete="off"
        autoFocus
        disabled={rename.isPending}
      />
      {method.name !== null ? (
        <div className="p2p-methods-actions">
          <Button variant="destructive" disabled={rename.isPending} onClick={() => send(null)}>
            <Trans>Remove name</Trans>
          </Button>
        </div>
      ) : null}
    </MethodForm>
  );
}
