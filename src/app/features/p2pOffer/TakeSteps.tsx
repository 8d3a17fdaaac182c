import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { takeOfferMachine } from '../../../../machines/takeOffer.machine.ts';
import type { Offer } from '../../../contract/p2p-offers.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { formatCrypto } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { TakeOfferSnapshot } from './TakeOfferView.tsx';

// The passcode step comes last and only for sellers: its view loads while the sheet shows.
const loadPasscodeView = () => import('../../ui/passcodeConfirm/PasscodeConfirmView.tsx');
const PasscodeConfirmView = lazy(() =>
  loadPasscodeView().then(({ PasscodeConfirmView }) => ({ default: PasscodeConfirmView })),
);

/** Starts loading the passcode step's view (the confirm sheet of a seller calls it). */
export function preloadPasscodeStep(): void {
  void loadPasscodeView();
}

interface StepProps {
  actor: ActorRefFrom<typeof takeOfferMachine>;
  snapshot: TakeOfferSnapshot;
  offer: Offer;
}

/**
 * The take-offer steps after the confirm sheet, one screen per tag: the verification notice, the
 * passcode (sellers), placing the order, and a failure with no answer (retry: the same hash).
 * At the ends the page moves on: `done` shows "placing" until the order page opens, `setPasscode`
 * and `verify` a spinner.
 */
export function TakeSteps({ noticeHours, ...props }: StepProps & { noticeHours: number }) {
  const { snapshot } = props;
  if (snapshot.hasTag('notice')) return <VerificationNotice {...props} hours={noticeHours} />;
  if (snapshot.hasTag('passcode')) return <PasscodeStep {...props} />;
  if (snapshot.hasTag('failed')) return <Failed {...props} />;
  if (snapshot.hasTag('busy') || snapshot.hasTag('done')) return <Placing />;
  return <Leaving />;
}

function Leaving() {
  useScreenActions({ main: null, back: null });
  return (
    <Page>
      <Loading />
    </Page>
  );
}

/**
 * Spec 001 s.2, s.4 and P2P.md "Unverified sellers": an unverified seller is told once that crypto
 * bought on the market by an unverified account stays locked for `unlock_duration` hours.
 */
function VerificationNotice({ actor, hours }: StepProps & { hours: number }) {
  const { t } = useLingui();
  useScreenActions({
    main: { label: t`Verify`, onPress: () => actor.send({ type: 'notice.verify' }) },
    secondary: { label: t`Skip`, onPress: () => actor.send({ type: 'notice.skip' }) },
    back: () => actor.send({ type: 'back' }),
  });
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Verify your account</Trans>}
        subtitle={
          <Plural
            value={hours}
            one="Without passport or address verification, crypto you buy on the P2P market stays locked for # hour: it can’t be withdrawn or sold until then. Verify once to trade without the wait."
            other="Without passport or address verification, crypto you buy on the P2P market stays locked for # hours: it can’t be withdrawn or sold until then. Verify once to trade without the wait."
          />
        }
      />
    </Page>
  );
}

function PasscodeStep({ actor, snapshot, offer }: StepProps) {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const child = snapshot.children.passcode;
  const { check, tokenRefused } = snapshot.context;
  const amount = formatCrypto(check.status === 'valid' ? check.crypto : '0', offer.asset, catalogue.data);
  // The keypad is the step's action: no main button; back returns to the sheet.
  useScreenActions({ main: null, back: () => actor.send({ type: 'back' }) });
  if (child === undefined) return <Placing />;
  return (
    <Suspense fallback={<Loading />}>
      <PasscodeConfirmView
        actor={child}
        title={<Trans>Confirm the order</Trans>}
        subtitle={
          tokenRefused ? (
            <Trans>The confirmation has expired. Enter your passcode again.</Trans>
          ) : (
            <Trans>Enter your passcode to sell {amount}.</Trans>
          )
        }
      />
    </Suspense>
  );
}

function Failed({ actor }: StepProps) {
  const { t } = useLingui();
  useScreenActions({
    main: { label: t`Try again`, onPress: () => actor.send({ type: 'retry' }) },
    back: () => actor.send({ type: 'back' }),
  });
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Couldn’t place the order</Trans>}
        subtitle={<Trans>Check your connection and try again. Trying again won’t place the order twice.</Trans>}
      />
    </Page>
  );
}

function Placing() {
  const { t } = useLingui();
  // The order may be being made: no action, and no way back until the server answers.
  useScreenActions({ main: null, back: null });
  return (
    <Page centered>
      <Spinner label={t`Placing the order`} />
      <p className="p2p-take-hint" role="status">
        <Trans>Placing the order…</Trans>
      </p>
    </Page>
  );
}
