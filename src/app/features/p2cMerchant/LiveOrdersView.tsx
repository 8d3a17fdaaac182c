import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  merchantPaymentMachine,
  type PaymentAnswer,
  type TakeInput,
} from '../../../../machines/merchantPayment.machine.ts';
import type { P2cLiveItem, P2cMerchantPayment } from '../../../contract/p2c.ts';
import { storeMerchantPayment, takePayment } from '../../api/p2cMerchantQueries.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatCountdown, useSecondsLeft } from '../../lib/countdown.ts';
import { asMachineCall } from '../../lib/machineCall.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell, CellButton } from '../../ui/Cell.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { merchantFailure } from './merchantTexts.ts';
import { useLiveList } from './useLiveList.ts';
import './p2c-merchant.css';

/** What the page keeps of a taken payment: its status and whether a receipt is in. */
export function paymentFacts(payment: P2cMerchantPayment): PaymentAnswer {
  return { status: payment.status, hasCheck: payment.check !== null };
}

/**
 * /p2c/orders: the payments waiting for a merchant, live (socket.io; useLiveList.ts). Pressing
 * one asks to take it; taken, its page opens; refused (another merchant was first, three already
 * taken, no active account) the list stays with the reason. A payment that leaves the list while
 * its confirmation is open closes it with the same reason as a lost take.
 */
export function LiveOrdersView() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const live = useLiveList();
  const catalogue = useQuery(assetCatalogueQueryOptions()).data;
  const [machine] = useState(() =>
    merchantPaymentMachine.provide({
      actors: {
        take: fromPromise<PaymentAnswer, TakeInput>(({ input }) =>
          asMachineCall(async () => {
            const payment = await takePayment(input.paymentId);
            storeMerchantPayment(queryClient, payment);
            return paymentFacts(payment);
          }),
        ),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { from: 'list' } });
  const snapshot = useSelector(actor, (current) => current);
  const { paymentId, error } = snapshot.context;
  const paying = snapshot.matches('paying');

  useEffect(() => {
    actor.send({ type: 'list.changed', ids: live.items.map((item) => item.id) });
  }, [actor, live.items]);
  useEffect(() => {
    if (paying && paymentId !== null) void navigate({ to: '/p2c/orders/$id', params: { id: paymentId } });
  }, [paying, paymentId, navigate]);

  useScreenActions({ main: null, back: useBack({ to: '/p2c' }) });
  const chosen = live.items.find((item) => item.id === paymentId) ?? null;
  const taking = snapshot.hasTag('busy');
  const count = live.items.length;
  const retryIn = live.retryIn;
  return (
    <Page>
      <PageTitle
        title={<Trans>Payments to take</Trans>}
        subtitle={<Trans>Take one, pay the shop’s code from your bank within 5 minutes, and receive the crypto.</Trans>}
      />
      {error === null ? null : (
        <div className="p2c-merchant-alert" role="alert">
          <p>{i18n._(merchantFailure(error.code, 'take'))}</p>
          <Button variant="plain" onClick={() => actor.send({ type: 'error.dismiss' })}>
            <Trans>OK</Trans>
          </Button>
        </div>
      )}
      {live.status === 'reconnecting' ? (
        <p className="p2c-merchant-hint" role="status">
          <Trans>Connection lost. Reconnecting…</Trans>
        </p>
      ) : retryIn !== null ? (
        <p className="p2c-merchant-hint" role="status">
          <Trans>Too many requests. Retrying in {retryIn} s…</Trans>
        </p>
      ) : null}
      {live.status === 'connecting' ? (
        <Loading />
      ) : live.status === 'refused' ? (
        <LoadFailed message={t`Couldn’t connect to the live list.`} onRetry={live.retry} />
      ) : live.status === 'forbidden' ? (
        <Empty>
          <p>
            <Trans>You need an active payment account to take payments.</Trans>
          </p>
          <Link to="/p2c/methods" className="p2c-merchant-link">
            <Trans>Payment accounts</Trans>
          </Link>
        </Empty>
      ) : count === 0 ? (
        <Empty>
          <p>
            <Trans>No payments waiting. New ones appear here as clients pay.</Trans>
          </p>
        </Empty>
      ) : (
        <Section header={<Plural value={count} one="# payment waiting" other="# payments waiting" />}>
          {live.items.map((item) => (
            <CellButton
              key={item.id}
              disabled={taking}
              onClick={() => actor.send({ type: 'take.start', paymentId: item.id })}
            >
              <LiveRow
                item={item}
                fiat={formatFiat(item.fiat_amount, item.fiat, catalogue)}
                reward={formatCrypto(item.reward, item.asset, catalogue)}
              />
            </CellButton>
          ))}
        </Section>
      )}
      <Sheet
        open={snapshot.hasTag('confirming') && chosen !== null}
        title={<Trans>Take this payment?</Trans>}
        description={
          chosen === null ? undefined : (
            <Trans>
              You will have 5 minutes to pay {formatFiat(chosen.fiat_amount, chosen.fiat, catalogue)} to the shop from
              your bank. You receive {formatCrypto(chosen.reward, chosen.asset, catalogue)}.
            </Trans>
          )
        }
        onClose={() => actor.send({ type: 'take.dismiss' })}
      >
        <Button
          stretched
          disabled={taking}
          aria-busy={taking || undefined}
          onClick={() => actor.send({ type: 'take.confirm' })}
        >
          <Trans>Take</Trans>
        </Button>
        <Button variant="plain" stretched disabled={taking} onClick={() => actor.send({ type: 'take.dismiss' })}>
          <Trans>Cancel</Trans>
        </Button>
      </Sheet>
    </Page>
  );
}

function LiveRow({ item, fiat, reward }: { item: P2cLiveItem; fiat: string; reward: string }) {
  const seconds = useSecondsLeft(item.expires_at) ?? 0;
  const left = formatCountdown(seconds);
  return (
    <Cell
      title={<span className="tabular">{fiat}</span>}
      subtitle={
        // What they receive stays on one line: at 320 px only the bank's name and it part.
        <Trans>
          {item.payee_bank} · <span className="p2c-merchant-keep">you receive {reward}</span>
        </Trans>
      }
      value={
        <time className="p2c-merchant-countdown" dateTime={item.expires_at}>
          {left}
        </time>
      }
      chevron
    />
  );
}
