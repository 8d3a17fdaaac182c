import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PaymentMethod } from '../../../contract/p2p-payment-methods.ts';
import { paymentMethodQueryOptions, useDeletePaymentMethod } from '../../api/p2pMethodsQueries.ts';
import { useBack } from '../../lib/back.ts';
import { fiatName } from '../../lib/p2p/fiatName.ts';
import { paymentMethodLabel } from '../../lib/p2p/paymentMethodLabel.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { isMissingMethod, methodFailure } from './methodErrors.ts';
import './p2p-methods.css';

/** What a page of a method shows when there is no such method of the person's. */
export function MissingMethod() {
  return (
    <Empty>
      <p>
        <Trans>Payment method not found</Trans>
      </p>
    </Empty>
  );
}

/**
 * /p2p/methods/{id}: the method (catalogue name, bank, currency, masked data), its name leading
 * to the name page, and Delete behind a confirmation; a method an offer uses is not deleted
 * (409 payment_method_in_use) and the page says why.
 */
export function MethodView({ id }: { id: number }) {
  const { i18n } = useLingui();
  const method = useQuery(paymentMethodQueryOptions(id));
  useScreenActions({ main: null, back: useBack({ to: '/p2p/methods' }) });
  return (
    <Page>
      {method.isError && isMissingMethod(method.error) ? (
        <MissingMethod />
      ) : (
        <QueryGate query={method} failed={(error) => i18n._(methodFailure(error, 'load'))}>
          {(data) => <MethodDetails method={data} />}
        </QueryGate>
      )}
    </Page>
  );
}

function MethodDetails({ method }: { method: PaymentMethod }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const toasts = useToasts();
  const remove = useDeletePaymentMethod(method.id);
  const [confirming, setConfirming] = useState(false);
  const { title, subtitle } = paymentMethodLabel(method);
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toasts.show('success', t`Payment method deleted`);
        void navigate({ to: '/p2p/methods', replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        toasts.show('error', i18n._(methodFailure(error, 'delete')));
      },
    });
  return (
    <>
      <PageTitle title={title} subtitle={subtitle} />
      <Section>
        <Link to="/p2p/methods/$id/name" params={{ id: method.id }}>
          <Cell title={t`Name`} value={method.name ?? t`Add a name`} chevron />
        </Link>
        <Cell title={t`Currency`} subtitle={fiatName(method.fiat, i18n.locale)} value={method.fiat} />
        <Cell title={t`Payment details`} value={<span className="p2p-methods-data">{method.data}</span>} />
      </Section>
      <div className="p2p-methods-actions">
        <Button variant="destructive" disabled={remove.isPending} onClick={() => setConfirming(true)}>
          <Trans>Delete payment method</Trans>
        </Button>
      </div>
      <Sheet
        open={confirming}
        title={<Trans>Delete this payment method?</Trans>}
        description={<Trans>You will need to enter its details again to use it.</Trans>}
        onClose={() => setConfirming(false)}
      >
        <Button
          variant="destructive"
          stretched
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
          onClick={confirmDelete}
        >
          <Trans>Delete</Trans>
        </Button>
        <Button variant="plain" stretched onClick={() => setConfirming(false)}>
          <Trans>Cancel</Trans>
        </Button>
      </Sheet>
    </>
  );
}
