import { Trans, useLingui } from '@lingui/react/macro';
import { useBack } from '../../lib/back.ts';
import { formatCountdown, useSecondsLeft } from '../../lib/countdown.ts';
import { formatTitleDate } from '../../lib/dates.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useSignedInSettings } from '../../lib/signedInSettings.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Page } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { PriceCells } from './PriceCells.tsx';
import { clientStatusNames, clientStatusSentences, disputeReasonNames } from './p2cPayMessages.ts';
import { usePayMoney } from './payMoney.ts';
import type { ScreenProps } from './QrPayScreens.tsx';

/**
 * One payment as its client sees it (spec 001 s.4 "P2C payment, client view"; docs/p2c.md "The
 * payment's page"): the status (expired shown as canceled) and what it means, the countdown of the
 * running wait (a merchant to take it, then to pay), the shop and the roubles, what was held
 * (amount, service fee, total, rate), whether the merchant attached the bank's receipt, and within
 * 24 h of completion the way to dispute it. The machine polls it (9 s / 500 ms / 5 s).
 */
export function PaymentScreen({ actor, snapshot }: ScreenProps) {
  const { t, i18n } = useLingui();
  const money = usePayMoney();
  const session = useSignedInSettings();
  const timeZone = session.settings?.timezone ?? null;
  const leave = useBack({ to: '/' });
  const goToWallet = useGoToWalletAction();
  const { payment } = snapshot.context;
  const waitLeft = useSecondsLeft(payment?.deadline_at ?? null);
  const disputeLeft = useSecondsLeft(payment?.dispute_until ?? null);
  useScreenActions({ main: { ...goToWallet, label: t`Done` }, back: leave });
  if (payment === null) return null;
  const date = (value: string) => formatTitleDate(value, { locale: i18n.locale, timeZone });
  const canDispute = snapshot.can({ type: 'dispute.open' }) && disputeLeft !== null && disputeLeft > 0;
  const receiptAttached = payment.method === 'qr-paid' || payment.method === 'bank';
  return (
    <Page>
      <header className="p2c-pay-header">
        <h1 className="p2c-pay-payee">{payment.payee.name}</h1>
        <p className="p2c-pay-bank">{payment.payee.bank_name}</p>
        <p className="p2c-pay-fiat">{money.fiat(payment.fiat_amount)}</p>
        <p className={`p2c-pay-status p2c-pay-status--${payment.status}`} role="status">
          {i18n._(clientStatusNames[payment.status])}
        </p>
        <p className="p2c-pay-sentence">{i18n._(clientStatusSentences[payment.status])}</p>
        {waitLeft !== null && (payment.status === 'pending' || payment.status === 'processing') ? (
          <p className="p2c-pay-sentence">
            {payment.status === 'pending' ? (
              <Trans>
                A merchant has <time dateTime={payment.deadline_at ?? ''}>{formatCountdown(waitLeft)}</time> to take it.
              </Trans>
            ) : (
              <Trans>
                The merchant has <time dateTime={payment.deadline_at ?? ''}>{formatCountdown(waitLeft)}</time> to pay.
              </Trans>
            )}
          </p>
        ) : null}
      </header>
      <Section>
        <PriceCells price={payment} />
        <Cell
          title={<Trans>Receipt</Trans>}
          value={receiptAttached ? <Trans>Attached by the merchant</Trans> : <Trans>Not yet</Trans>}
        />
        <Cell title={<Trans context="P2C payment date">Created</Trans>} value={date(payment.created_at)} />
        {payment.completed_at !== null ? (
          <Cell title={<Trans context="P2C payment date">Paid</Trans>} value={date(payment.completed_at)} />
        ) : null}
      </Section>
      {payment.dispute !== null ? (
        <Section header={<Trans>Dispute</Trans>}>
          <Cell title={i18n._(disputeReasonNames[payment.dispute.reason])} subtitle={payment.dispute.message} />
          {payment.dispute.resolution !== null ? (
            <Cell
              title={
                payment.dispute.resolution.outcome === 'refund' ? (
                  <Trans>Support refunded the payment</Trans>
                ) : (
                  <Trans>Support confirmed the shop was paid</Trans>
                )
              }
              subtitle={payment.dispute.resolution.note}
            />
          ) : null}
        </Section>
      ) : null}
      {canDispute && payment.dispute_until !== null ? (
        <>
          <Button variant="secondary" stretched onClick={() => actor.send({ type: 'dispute.open' })}>
            <Trans>Open a dispute</Trans>
          </Button>
          <p className="p2c-pay-hint">
            <Trans>If the shop didn’t get the money, you can dispute until {date(payment.dispute_until)}.</Trans>
          </p>
        </>
      ) : null}
    </Page>
  );
}
