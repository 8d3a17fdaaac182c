import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { useBack } from '../../lib/back.ts';
import { loadTexts } from '../../lib/i18n.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { AddressField } from './AddressField.tsx';
import { addressErrorMessage } from './withdrawMessages.ts';
import {
  type ScreenProps,
  type Snapshot,
  StepForm,
  type WithdrawFlowProps,
  WithdrawTestNetwork,
} from './withdrawStepParts.tsx';
import './withdraw.css';

// The steps after the address load once it is submitted (the check takes a round trip anyway),
// or at once when a reload resumes past it: the address step paints without them.
// The later steps' texts are a catalog part of their own (scripts/vite/catalogParts.ts): they come together.
const loadLaterSteps = () =>
  Promise.all([import('./WithdrawLaterSteps.tsx'), loadTexts(['withdrawLater'])]).then(([steps]) => steps);
const LaterStep = lazy(() => loadLaterSteps().then(({ LaterStep }) => ({ default: LaterStep })));

/**
 * `/wallet/withdraw/{asset}/{network}`, rendered from the withdraw machine's snapshot only, one
 * screen per step (its tag): `address` (the field, paste, address book, QR; "Checking…" while
 * `busy`), `amount` (the field with "Max", what is available, the fee and the limits, the error
 * under the field), `review` (amount, fee, total, network, address; "Confirm"), `passcode` (the
 * passcode confirmation of the child `passcode`), `busy` (sending), `failed` (try again: the same
 * key), `refused`, and `done`: the status page of the new withdrawal replaces this one.
 */
export function WithdrawFlowView(props: WithdrawFlowProps) {
  const snapshot = useSelector(props.actor, (current: Snapshot) => current);
  const pastAddress = !snapshot.hasTag('address') || snapshot.hasTag('busy');
  useEffect(() => {
    if (pastAddress) void loadLaterSteps();
  }, [pastAddress]);
  if (snapshot.hasTag('address')) return <AddressScreen {...props} snapshot={snapshot} />;
  return (
    <Suspense fallback={<Loading />}>
      <LaterStep {...props} snapshot={snapshot} />
    </Suspense>
  );
}

/** Where the first step's back goes: the network choice, or the assets when there is only one network. */
function useLeaveFlow(asset: string, networkChoice: boolean): () => void {
  const toNetworks = useBack({ to: '/wallet/withdraw/$asset', params: { asset } });
  const toAssets = useBack({ to: '/wallet/withdraw' });
  return networkChoice ? toNetworks : toAssets;
}

function AddressScreen({ actor, asset, network, networkChoice, snapshot, onBack }: ScreenProps) {
  const { i18n, t } = useLingui();
  const { address, addressError } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const code = asset.code;
  const protocol = network.protocol;
  const leave = useLeaveFlow(code, networkChoice);
  useScreenActions({
    main: { label: t`Continue`, submits: 'withdraw-address', disabled: address.trim() === '', busy },
    // While the check runs, back cancels it; otherwise it leaves the flow.
    back: busy ? onBack : leave,
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Send {code}</Trans>}
        subtitle={<Trans>Only to a {protocol} address: sent on another network, the money is lost.</Trans>}
      />
      <StepForm id="withdraw-address" onSubmit={() => actor.send({ type: 'address.submit' })}>
        <WithdrawTestNetwork asset={code} />
        <AddressField
          actor={actor}
          network={network.network}
          address={address}
          error={addressError === null ? undefined : i18n._(addressErrorMessage(addressError, code))}
          busy={busy}
        />
      </StepForm>
    </Page>
  );
}
