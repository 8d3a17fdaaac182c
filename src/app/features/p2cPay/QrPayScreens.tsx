import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { qrPaymentMachine } from '../../../../machines/qrPayment.machine.ts';
import { useBack } from '../../lib/back.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { DisputeForm } from './DisputeForm.tsx';
import { PaymentScreen } from './PaymentScreen.tsx';
import { problemSentences, problemTitles } from './p2cPayMessages.ts';
import { usePayMoney } from './payMoney.ts';
import { QuoteScreen } from './QuoteScreen.tsx';
import type { QrPayActor } from './useQrPayUrl.ts';

export type QrPaySnapshot = SnapshotFrom<typeof qrPaymentMachine>;

// The keypad's view loads while the quote shows.
const loadPasscodeView = () => import('../../ui/passcodeConfirm/PasscodeConfirmView.tsx');
const preloadPasscodeView = () => void loadPasscodeView();
const PasscodeConfirmView = lazy(() =>
  loadPasscodeView().then(({ PasscodeConfirmView }) => ({ default: PasscodeConfirmView })),
);

export interface ScreenProps {
  actor: QrPayActor;
  snapshot: QrPaySnapshot;
  /** The flow's own back (one step), for the steps after the first. */
  goBack: () => void;
}

/** One screen per state of the qrPayment machine (docs/p2c.md "The client's flow"). */
export function QrPayScreens({ actor, goBack }: { actor: QrPayActor; goBack: () => void }) {
  const snapshot = useSelector(actor, (current: QrPaySnapshot) => current);
  const props = { actor, snapshot, goBack };
  if (snapshot.hasTag('quote')) return <QuoteScreen {...props} preload={preloadPasscodeView} />;
  if (snapshot.hasTag('passcode')) return <PasscodeStep {...props} />;
  if (snapshot.hasTag('dispute')) return <DisputeForm {...props} />;
  if (snapshot.hasTag('payment')) return <PaymentScreen {...props} />;
  if (snapshot.matches('paying')) return <Paying />;
  if (snapshot.matches('payFailed')) return <PayFailed {...props} />;
  if (snapshot.hasTag('failed')) return <LoadFailedScreen {...props} />;
  if (snapshot.hasTag('unavailable')) return <Unavailable {...props} />;
  if (snapshot.hasTag('forbidden')) return <Forbidden {...props} />;
  return <Waiting />;
}

/** Looking the code up, opening a payment, or leaving for another screen. */
function Waiting() {
  const leave = useBack({ to: '/' });
  useScreenActions({ main: null, back: leave });
  return (
    <Page>
      <Loading />
    </Page>
  );
}

function LoadFailedScreen({ actor }: ScreenProps) {
  const { t } = useLingui();
  const leave = useBack({ to: '/' });
  const retry = () => actor.send({ type: 'retry' });
  useScreenActions({ main: { label: t`Try again`, onPress: retry }, back: leave });
  return (
    <Page>
      <LoadFailed message={t`Couldn’t load the payment. Check the connection and try again.`} onRetry={retry} />
    </Page>
  );
}

function Unavailable({ snapshot }: ScreenProps) {
  const { i18n } = useLingui();
  const leave = useBack({ to: '/' });
  const goToWallet = useGoToWalletAction();
  const money = usePayMoney();
  useScreenActions({ main: goToWallet, back: leave });
  const { problem, limits, code } = snapshot.context;
  if (problem === null) return null;
  const subtitle =
    problem === 'out_of_range' ? (
      limits === null ? null : (
        <Trans>
          A payment by QR code can be from {money.fiat(limits.min)} to {money.fiat(limits.max)}.
        </Trans>
      )
    ) : (
      i18n._(problemSentences[problem])
    );
  return (
    <Page centered>
      {code !== null ? (
        <p className="p2c-pay-bank">
          {code.payee.name} · {money.fiat(code.fiat_amount)}
        </p>
      ) : null}
      <div role="alert">
        <PageTitle title={i18n._(problemTitles[problem])} subtitle={subtitle} />
      </div>
    </Page>
  );
}

/** `p2c_pay_forbidden`: paying codes needs the p2c-client verification (spec 000 s.5). */
function Forbidden({ actor }: ScreenProps) {
  const { t } = useLingui();
  const leave = useBack({ to: '/' });
  useScreenActions({ main: { label: t`Verify`, onPress: () => actor.send({ type: 'verify' }) }, back: leave });
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Verify to pay by QR code</Trans>}
        subtitle={
          <Trans>
            Paying shops’ QR codes with crypto needs a short verification. It takes a few minutes; then scan the code
            again.
          </Trans>
        }
      />
    </Page>
  );
}

function PasscodeStep({ snapshot, goBack }: ScreenProps) {
  const money = usePayMoney();
  const child = snapshot.children.passcode;
  const { quote, code, tokenRefused } = snapshot.context;
  // The keypad is the step's action: no main button; back returns to the quote.
  useScreenActions({ main: null, back: goBack });
  if (child === undefined || quote === null || code === null) return <Paying />;
  const total = money.crypto(quote.total, quote.asset);
  const fiat = money.fiat(code.fiat_amount);
  return (
    <Suspense fallback={<Loading />}>
      <PasscodeConfirmView
        actor={child}
        title={<Trans>Confirm the payment</Trans>}
        subtitle={
          tokenRefused ? (
            <Trans>The confirmation has expired. Enter your passcode again.</Trans>
          ) : (
            <Trans>
              Enter your passcode to pay {fiat} to {code.payee.name} with {total}.
            </Trans>
          )
        }
      />
    </Suspense>
  );
}

function Paying() {
  const { t } = useLingui();
  // The crypto may be being held: no action, and no way back until the server answers.
  useScreenActions({ main: null, back: null });
  return (
    <Page centered>
      <Spinner label={t`Paying`} />
      <p className="p2c-pay-sentence" role="status">
        <Trans>Paying…</Trans>
      </p>
    </Page>
  );
}

function PayFailed({ actor, goBack }: ScreenProps) {
  const { t } = useLingui();
  useScreenActions({ main: { label: t`Try again`, onPress: () => actor.send({ type: 'retry' }) }, back: goBack });
  return (
    <Page centered>
      <div role="alert">
        <PageTitle
          title={<Trans>Couldn’t pay</Trans>}
          subtitle={<Trans>Check your connection and try again. Trying again won’t pay twice.</Trans>}
        />
      </div>
    </Page>
  );
}
