import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { type ActorRefFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { type ConfirmReceiptInput, orderReleaseMachine } from '../../../../machines/p2pOrderRelease.machine.ts';
import { type Order, releaseHash } from '../../../contract/p2p-orders.ts';
import type { SecurityInfo } from '../../../contract/security.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { securityQueryOptions } from '../../api/securityQueries.ts';
import { useBack } from '../../lib/back.ts';
import { deviceId } from '../../lib/deviceId.ts';
import { type FlowWrite, useFlowUrl } from '../../lib/flowUrl.ts';
import { asMachineCall } from '../../lib/machineCall.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PasscodeConfirmView } from '../../ui/passcodeConfirm/PasscodeConfirmView.tsx';
import {
  biometricFacts,
  providePasscodeConfirm,
  storageOrNull,
  useBiometricsAvailable,
} from '../../ui/passcodeConfirm/passcodeConfirm.ts';
import { Section } from '../../ui/Section.tsx';
import { BackOnly, NotNow, OrderGate } from './OrderGate.tsx';
import { orderAmounts } from './orderAmounts.ts';
import { useOrderTransitions } from './orderCalls.ts';
import { orderCallErrorMessage } from './orderMessages.ts';
import { type ReleaseSearch, type ReleaseStep, releaseSearchOf, releaseSteps } from './releaseSteps.ts';

/**
 * `/p2p/orders/{id}/confirm-payment`: the seller confirms the buyer's payment arrived and
 * releases the crypto with the passcode (transaction type `p2p`, hash `releaseHash(id)`;
 * machines/p2pOrderRelease.machine.ts). Offered only while the order offers `confirm_receipt`;
 * without a passcode the page leads to setting one. Released: back to the order.
 */
export function ConfirmPaymentPage({
  id,
  search,
  onSearch,
}: {
  id: number;
  search: ReleaseSearch;
  onSearch: (search: ReleaseSearch, how: FlowWrite) => void;
}) {
  const back = useBack({ to: '/p2p/orders/$id', params: { id } });
  const security = useQuery(securityQueryOptions(deviceId()));
  const biometricsAvailable = useBiometricsAvailable(usePlatform());
  return (
    <OrderGate id={id} back={back}>
      {(order, catalogue) => {
        if (!order.actions.includes('confirm_receipt')) return <NothingToRelease order={order} back={back} />;
        if (security.isError) {
          return (
            <BackOnly back={back}>
              <LoadFailed
                message={<Trans>Couldn’t load your security settings.</Trans>}
                onRetry={() => void security.refetch()}
              />
            </BackOnly>
          );
        }
        if (security.isPending || biometricsAvailable === null) {
          return (
            <BackOnly back={back}>
              <Loading />
            </BackOnly>
          );
        }
        if (!security.data.passCode) return <PasscodeNeeded back={back} />;
        return (
          <Release
            order={order}
            catalogue={catalogue}
            info={security.data}
            biometricsAvailable={biometricsAvailable}
            back={back}
            search={search}
            onSearch={onSearch}
          />
        );
      }}
    </OrderGate>
  );
}

function NothingToRelease({ order, back }: { order: Order; back: () => void }) {
  const number = order.id;
  return (
    <NotNow
      order={order}
      back={back}
      title={<Trans>Nothing to release</Trans>}
      subtitle={<Trans>Order #{number} does not wait for you to confirm a payment now.</Trans>}
    />
  );
}

function PasscodeNeeded({ back }: { back: () => void }) {
  return (
    <BackOnly back={back} centered>
      <PageTitle
        title={<Trans>Set a passcode first</Trans>}
        subtitle={<Trans>Releasing crypto is confirmed with your passcode. Set one in Security, then come back.</Trans>}
      />
      <Link to="/account/security" className="ui-button ui-button--primary ui-button--stretched">
        <Trans>Go to Security</Trans>
      </Link>
    </BackOnly>
  );
}

function Release({
  order,
  catalogue,
  info,
  biometricsAvailable,
  back,
  search,
  onSearch,
}: {
  order: Order;
  catalogue: AssetCatalogue;
  info: SecurityInfo;
  biometricsAvailable: boolean;
  back: () => void;
  search: ReleaseSearch;
  onSearch: (search: ReleaseSearch, how: FlowWrite) => void;
}) {
  const { t, i18n } = useLingui();
  const platform = usePlatform();
  const navigate = useNavigate();
  const calls = useOrderTransitions(order.id);
  // Released: the flow's entries give way to the order page (set below, once the URL hook exists).
  const leaveFlow = useRef<() => Promise<void>>(() => Promise.resolve());
  const [machine] = useState(() =>
    orderReleaseMachine.provide({
      actors: {
        passcodeConfirm: providePasscodeConfirm(platform, storageOrNull()),
        confirmReceipt: fromPromise<unknown, ConfirmReceiptInput>(({ input }) =>
          asMachineCall(() => calls.confirmReceipt(input.token)),
        ),
      },
      actions: {
        showOrder: () =>
          void leaveFlow
            .current()
            .then(() => navigate({ to: '/p2p/orders/$id', params: { id: order.id }, replace: true })),
      },
    }),
  );
  const storage = storageOrNull();
  const actor = useActorRef(machine, {
    input: {
      orderId: order.id,
      hash: releaseHash(order.id),
      passcode: {
        biometric: biometricFacts(platform, info, storage, biometricsAvailable),
        now: Date.now(),
        ...(info.lockSeconds !== null && info.lockSeconds > 0 ? { unlockIn: info.lockSeconds } : {}),
      },
    },
  });
  const passcode = useSelector(actor, (snapshot) => snapshot.children.passcode);
  const inPasscode = useSelector(actor, (snapshot) => snapshot.hasTag('passcode'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const { goBack, leave } = useReleaseUrl(actor, search, onSearch);
  leaveFlow.current = leave;
  const { crypto, fiat } = orderAmounts(order, catalogue);
  const buyer = order.counterparty.username;
  useScreenActions(
    inPasscode || busy
      ? { main: null, secondary: null, back: busy ? null : goBack }
      : { main: { label: t`Release ${crypto}`, onPress: () => actor.send({ type: 'release.start' }) }, back },
  );
  if (inPasscode && passcode !== undefined) {
    return (
      <PasscodeConfirmView
        actor={passcode}
        title={<Trans>Release {crypto}</Trans>}
        subtitle={
          error?.code === 'invalid_token' ? (
            i18n._(orderCallErrorMessage(error))
          ) : (
            <Trans>
              Enter your passcode to send {crypto} to {buyer}.
            </Trans>
          )
        }
      />
    );
  }
  if (busy) {
    return (
      <Page centered>
        <Loading />
      </Page>
    );
  }
  return (
    <Page>
      <PageTitle
        title={<Trans>Did {fiat} arrive?</Trans>}
        subtitle={
          <Trans>
            Release only once the money is in your account: check your bank, not a screenshot. Released crypto cannot be
            returned.
          </Trans>
        }
      />
      {error !== null ? (
        <p className="p2p-order-error" role="alert">
          {i18n._(orderCallErrorMessage(error))}
        </p>
      ) : null}
      <Section>
        <Cell title={<Trans>You received</Trans>} value={fiat} />
        <Cell title={<Trans>{buyer} gets</Trans>} value={crypto} />
      </Section>
    </Page>
  );
}

type ReleaseActor = ActorRefFrom<typeof orderReleaseMachine>;

function releaseStepOf(snapshot: SnapshotFrom<typeof orderReleaseMachine>): ReleaseStep {
  return snapshot.matches('review') ? 'review' : 'confirm';
}

/** The machine's step kept in the URL (src/app/lib/flowUrl.ts): back goes from the passcode to the question. */
function useReleaseUrl(
  actor: ReleaseActor,
  url: ReleaseSearch,
  write: (search: ReleaseSearch, how: FlowWrite) => void,
) {
  const step = useSelector(actor, releaseStepOf);
  const current = useMemo(() => releaseSearchOf(step), [step]);
  return useFlowUrl<ReleaseStep, ReleaseSearch>({
    steps: releaseSteps,
    current,
    url,
    write,
    stepNow: () => releaseStepOf(actor.getSnapshot()),
    back: () => {
      if (!actor.getSnapshot().can({ type: 'back' })) return false;
      actor.send({ type: 'back' });
      return true;
    },
    forward: (to) => {
      if (to !== 'confirm' || !actor.getSnapshot().can({ type: 'release.start' })) return false;
      actor.send({ type: 'release.start' });
      return true;
    },
  });
}
