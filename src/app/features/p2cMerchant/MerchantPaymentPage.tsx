import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type MarkPaidInput,
  merchantPaymentMachine,
  type PaymentAnswer,
} from '../../../../machines/merchantPayment.machine.ts';
import type { P2cAccount, P2cMerchantPayment } from '../../../contract/p2c.ts';
import {
  markPaymentPaid,
  merchantPaymentQueryOptions,
  p2cAccountsQueryOptions,
  storeMerchantPayment,
  uploadPaymentCheck,
} from '../../api/p2cMerchantQueries.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { useBack } from '../../lib/back.ts';
import { useCopyFeedback } from '../../lib/clipboard.ts';
import { formatCountdown, useSecondsLeft } from '../../lib/countdown.ts';
import { asMachineCall } from '../../lib/machineCall.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { FileUpload } from '../../ui/FileUpload.tsx';
import { Empty, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { paymentFacts } from './LiveOrdersView.tsx';
import {
  accountName,
  isMissing,
  merchantFailure,
  merchantFailureOf,
  paymentStatusLabels,
  rewardTitles,
} from './merchantTexts.ts';
import './p2c-merchant.css';

export interface MerchantPaymentPageProps {
  id: number;
  /** `check`: the receipt upload step (`?step=check`). */
  step: 'check' | undefined;
  /** The account chosen on /p2c/orders/choose-method (`?account=`). */
  accountId: number | undefined;
  openCheck: () => void;
  closeCheck: () => void;
}

/**
 * /p2c/orders/{id}: the payment the merchant took. While it runs: the code to pay (QR and link),
 * payee and roubles, the time left, the receipt (`?step=check`), the account paid from
 * (/p2c/orders/choose-method), and "Mark paid" behind a confirmation once both are there. After:
 * what happened. The machine (machines/merchantPayment.machine.ts) runs the steps; the payment's
 * query (refreshed every 5 s while it runs) tells it what changed on the server.
 */
export function MerchantPaymentPage(props: MerchantPaymentPageProps) {
  const { i18n } = useLingui();
  const payment = useQuery(merchantPaymentQueryOptions(props.id));
  const missing = (payment.isError && isMissing(payment.error)) || payment.data?.role === 'client';
  return (
    <Page>
      {missing ? (
        <MissingPayment />
      ) : (
        <QueryGate query={payment} failed={(error) => i18n._(merchantFailureOf(error, 'load-payment'))}>
          {(data) => (data.role === 'merchant' ? <PaymentSteps payment={data.payment} {...props} /> : null)}
        </QueryGate>
      )}
    </Page>
  );
}

function MissingPayment() {
  useScreenActions({ main: null, back: useBack({ to: '/p2c/orders' }) });
  return (
    <Empty>
      <p>
        <Trans>Payment not found</Trans>
      </p>
    </Empty>
  );
}

/** The account to mark paid from: the one chosen, else the only active one. */
function accountToUse(accounts: readonly P2cAccount[] | undefined, chosen: number | undefined): number | null {
  if (chosen !== undefined) return chosen;
  const active = accounts?.filter((account) => account.status === 'active') ?? [];
  return active.length === 1 ? (active[0]?.id ?? null) : null;
}

function PaymentSteps({
  payment,
  step,
  accountId,
  openCheck,
  closeCheck,
}: MerchantPaymentPageProps & { payment: P2cMerchantPayment }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const accounts = useQuery(p2cAccountsQueryOptions()).data?.accounts;
  const catalogue = useQuery(assetCatalogueQueryOptions()).data;
  const [machine] = useState(() =>
    merchantPaymentMachine.provide({
      actors: {
        markPaid: fromPromise<PaymentAnswer, MarkPaidInput>(({ input }) =>
          asMachineCall(async () => {
            const paid = await markPaymentPaid(input.paymentId, input.accountId);
            storeMerchantPayment(queryClient, paid);
            return paymentFacts(paid);
          }),
        ),
      },
    }),
  );
  const chosenAccount = accountToUse(accounts, accountId);
  const actor = useActorRef(machine, {
    input: { from: 'payment', paymentId: payment.id, facts: paymentFacts(payment), accountId: chosenAccount },
  });
  const snapshot = useSelector(actor, (current) => current);
  useEffect(() => {
    actor.send({ type: 'payment.sync', facts: paymentFacts(payment) });
  }, [actor, payment]);
  useEffect(() => {
    actor.send({ type: 'account.choose', accountId: chosenAccount });
  }, [actor, chosenAccount]);

  const back = useBack({ to: '/p2c/orders' });
  const paying = snapshot.matches('paying') || snapshot.hasTag('confirming');
  const { hasCheck, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const fiat = formatFiat(payment.fiat_amount, payment.fiat, catalogue);
  const reward = formatCrypto(payment.reward, payment.asset, catalogue);
  const account = accounts?.find((candidate) => candidate.id === snapshot.context.accountId) ?? null;

  if (step === 'check' && paying) {
    return (
      <>
        <PageTitle
          title={<Trans>Upload the receipt</Trans>}
          subtitle={
            <Trans>
              The bank’s receipt for paying {fiat} to {payment.qr.payee.name}: a screenshot or a PDF.
            </Trans>
          }
        />
        <FileUpload
          upload={(file, options) => uploadPaymentCheck(payment.id, file, options)}
          onUploaded={() => {
            actor.send({ type: 'check.uploaded' });
            void queryClient.invalidateQueries({ queryKey: merchantPaymentQueryOptions(payment.id).queryKey });
            closeCheck();
          }}
          back={closeCheck}
        />
      </>
    );
  }
  return (
    <>
      <PaymentActions
        paying={snapshot.matches('paying')}
        ready={hasCheck && snapshot.context.accountId !== null}
        busy={busy}
        back={back}
        start={() => actor.send({ type: 'paid.start' })}
      />
      <PageTitle
        title={paying ? <Trans>Pay {fiat}</Trans> : fiat}
        subtitle={
          <>
            {payment.qr.payee.name} · {payment.qr.payee.bank_name}
          </>
        }
      />
      {paying ? (
        <>
          {payment.deadline_at === null ? null : <TimeLeft dueAt={payment.deadline_at} />}
          {error === null ? null : (
            <div className="p2c-merchant-alert" role="alert">
              <p>{i18n._(merchantFailure(error.code, 'paid'))}</p>
              <Button variant="plain" onClick={() => actor.send({ type: 'error.dismiss' })}>
                <Trans>OK</Trans>
              </Button>
            </div>
          )}
          <CodeToPay payment={payment} />
          <Section header={t`Then`}>
            <button type="button" className="ui-cell-button" onClick={openCheck}>
              <Cell
                title={hasCheck ? t`Receipt uploaded` : t`Upload the receipt`}
                subtitle={payment.check?.name}
                value={hasCheck ? t`Replace` : undefined}
                chevron
                names
              />
            </button>
            <Link
              to="/p2c/orders/choose-method"
              search={{ payment: payment.id, account: snapshot.context.accountId ?? undefined }}
            >
              <Cell
                title={t`Paid from`}
                value={account === null ? t`Choose an account` : accountName(account)}
                chevron
              />
            </Link>
          </Section>
        </>
      ) : (
        <Outcome payment={payment} reward={reward} />
      )}
      <Section>
        {/* The amount as the title and what it is to the merchant under it: beside a 15-character
            amount a Russian label ("Заблокировано до решения поддержки") had no room at 320 px. */}
        <Cell title={<span className="tabular">{reward}</span>} subtitle={i18n._(rewardTitles[payment.status])} />
        <Cell title={t`Status`} value={i18n._(paymentStatusLabels[payment.status])} />
        {payment.account === null ? null : (
          <Cell title={t`Paid from`} value={`${payment.account.bank_name} •••• ${payment.account.number_last4}`} />
        )}
        {payment.qr.purpose === null ? null : <Cell title={t`Purpose`} subtitle={payment.qr.purpose} />}
      </Section>
      <Sheet
        open={snapshot.hasTag('confirming')}
        title={<Trans>Did you pay {fiat}?</Trans>}
        description={
          <Trans>
            Mark it paid only after your bank has sent the money to {payment.qr.payee.name}. Support checks the receipt
            if the client disputes.
          </Trans>
        }
        onClose={() => actor.send({ type: 'paid.dismiss' })}
      >
        <Button
          stretched
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => actor.send({ type: 'paid.confirm' })}
        >
          <Trans>Yes, I paid</Trans>
        </Button>
        <Button variant="plain" stretched disabled={busy} onClick={() => actor.send({ type: 'paid.dismiss' })}>
          <Trans>Cancel</Trans>
        </Button>
      </Sheet>
    </>
  );
}

/** "Mark paid" is the main action while paying; it waits for the receipt and the account. */
function PaymentActions({
  paying,
  ready,
  busy,
  back,
  start,
}: {
  paying: boolean;
  ready: boolean;
  busy: boolean;
  back: () => void;
  start: () => void;
}) {
  const { t } = useLingui();
  useScreenActions({
    main: paying ? { label: t`Mark paid`, disabled: !ready, busy, onPress: start } : null,
    back,
  });
  return null;
}

function TimeLeft({ dueAt }: { dueAt: string }) {
  const seconds = useSecondsLeft(dueAt) ?? 0;
  const left = formatCountdown(seconds);
  return (
    <p className="p2c-merchant-deadline" role="timer">
      <Trans>Time left to pay: {left}</Trans>
    </p>
  );
}

/** The shop's code: to scan with another phone's bank app, or to open on this one. */
function CodeToPay({ payment }: { payment: P2cMerchantPayment }) {
  const { t } = useLingui();
  const { copied, copy } = useCopyFeedback();
  const { link } = payment.qr;
  return (
    <Section header={t`Pay the code from your bank`}>
      <div className="p2c-merchant-code">
        <QrCode className="p2c-merchant-qr" value={link} label={t`The shop’s payment QR code`} />
        <a className="p2c-merchant-link" href={link} target="_blank" rel="noopener noreferrer">
          <Trans>Open in the bank app</Trans>
        </a>
        <Button variant="plain" onClick={() => void copy(link)}>
          {copied ? <Trans>Link copied</Trans> : <Trans>Copy the link</Trans>}
        </Button>
      </div>
    </Section>
  );
}

function Outcome({ payment, reward }: { payment: P2cMerchantPayment; reward: string }) {
  switch (payment.status) {
    case 'completed':
      return (
        <p className="p2c-merchant-note">
          <Trans>
            Completed. {reward} is yours; it stays on hold for 24 hours in case the client disputes the payment.
          </Trans>
        </p>
      );
    case 'canceled':
      return (
        <p className="p2c-merchant-note">
          <Trans>The time to pay ran out and the payment was canceled. The client got their crypto back.</Trans>
        </p>
      );
    case 'disputed':
      return (
        <p className="p2c-merchant-note">
          <Trans>The client disputes this payment. Support will check your receipt and decide.</Trans>
        </p>
      );
    case 'refunded':
      return (
        <p className="p2c-merchant-note">
          <Trans>Support refunded the client: the crypto of this payment was returned to them.</Trans>
        </p>
      );
    default:
      return null;
  }
}
