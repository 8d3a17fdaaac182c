import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AssetBalance } from '../../../contract/wallet-operations.ts';
import { securityQueryOptions } from '../../api/securityQueries.ts';
import { deviceId } from '../../lib/deviceId.ts';
import { type FlowWrite, useFlowUrl } from '../../lib/flowUrl.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { LazyWithdrawRefusal } from './LazyWithdrawRefusal.tsx';
import { WithdrawDataGate } from './WithdrawDataGate.tsx';
import { WithdrawFlowView } from './WithdrawFlowView.tsx';
import { provideWithdraw, type WithdrawActor, withdrawInput } from './withdraw.ts';
import { type WithdrawTarget, withdrawNetworks, withdrawTarget } from './withdrawChoices.ts';
import {
  type WithdrawSearch,
  type WithdrawStep,
  withdrawDraftOf,
  withdrawSearchOf,
  withdrawStepOf,
  withdrawSteps,
} from './withdrawSteps.ts';

/**
 * `/wallet/withdraw/{asset}/{network}`: the catalogue, the balance and the security info
 * (`GET /security`: is a passcode set, a running lockout) first, then the withdraw machine with
 * what they said at that moment. Without a passcode there is nothing to confirm with: the page
 * says so and leads to setting one. While outflows are held (24 h after a passcode recovery or a
 * backup e-mail change) the page says until when instead. A blocked person, or one whose
 * withdrawals are off, never gets here (WithdrawAllowed.tsx, around every withdraw route).
 *
 * Each step has its own URL (`search`, written back with `onSearch`): see withdrawSteps.ts.
 */
export function WithdrawPage({
  asset,
  network,
  search,
  onSearch,
}: {
  asset: string;
  network: string;
  search: WithdrawSearch;
  onSearch: (search: WithdrawSearch, how: FlowWrite) => void;
}) {
  // Is a passcode set, are outflows held. The passcode step reads the rest (its lockout, this
  // device's `biometric` flag) from the same answer when it opens.
  const security = useQuery(securityQueryOptions(deviceId()));
  return (
    <WithdrawDataGate>
      {({ catalogue, balances }) => {
        const target = withdrawTarget(catalogue, asset, network);
        if (target === null) return <LazyWithdrawRefusal reason={{ kind: 'unavailable', asset }} />;
        if (security.isError)
          return (
            <LoadFailed
              message={<Trans>Couldn’t load your security settings.</Trans>}
              onRetry={() => void security.refetch()}
            />
          );
        if (security.isPending) return <Loading />;
        if (!security.data.passCode) return <PasscodeNeeded />;
        const held = security.data.outflowsHeldUntil ?? null;
        if (held !== null) return <LazyWithdrawRefusal reason={{ kind: 'held', until: held }} />;
        return (
          <WithdrawFlow
            key={`${asset}/${network}`}
            target={target}
            balances={balances}
            search={search}
            onSearch={onSearch}
          />
        );
      }}
    </WithdrawDataGate>
  );
}

function WithdrawFlow({
  target,
  balances,
  search,
  onSearch,
}: {
  target: WithdrawTarget;
  balances: readonly AssetBalance[];
  search: WithdrawSearch;
  onSearch: (search: WithdrawSearch, how: FlowWrite) => void;
}) {
  const actor = useActorRef(provideWithdraw(), {
    input: { ...withdrawInput(target, balances), ...optionalDraft(search) },
  });
  const { goBack, leave } = useWithdrawUrl(actor, search, onSearch);
  return (
    <WithdrawFlowView
      actor={actor}
      asset={target.asset}
      network={target.network}
      networkChoice={withdrawNetworks(target.asset).length > 1}
      onBack={goBack}
      leaveFlow={leave}
    />
  );
}

function optionalDraft(search: WithdrawSearch) {
  const draft = withdrawDraftOf(search);
  return draft === undefined ? {} : { draft };
}

/** The machine's step and what was typed, kept in the URL (src/app/lib/flowUrl.ts). */
function useWithdrawUrl(
  actor: WithdrawActor,
  url: WithdrawSearch,
  write: (search: WithdrawSearch, how: FlowWrite) => void,
) {
  const step = useSelector(actor, withdrawStepOf);
  const address = useSelector(actor, (snapshot) => snapshot.context.address);
  const amountText = useSelector(actor, (snapshot) => snapshot.context.amountText);
  const current = useMemo(() => withdrawSearchOf(step, address, amountText), [step, address, amountText]);
  return useFlowUrl<WithdrawStep, WithdrawSearch>({
    steps: withdrawSteps,
    current,
    url,
    write,
    stepNow: () => withdrawStepOf(actor.getSnapshot()),
    back: () => {
      if (!actor.getSnapshot().can({ type: 'back' })) return false;
      actor.send({ type: 'back' });
      return true;
    },
    forward: (to) => {
      // Only the steps that follow at once; the address step waits for the server's check.
      const event = to === 'review' ? { type: 'amount.submit' as const } : { type: 'confirm.accept' as const };
      if (to === 'amount' || !actor.getSnapshot().can(event)) return false;
      actor.send(event);
      return true;
    },
  });
}

// Here, not with the other refusals (WithdrawRefusals.tsx): a new person's first visit shows it.
function PasscodeNeeded() {
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Set a passcode first</Trans>}
        subtitle={<Trans>Withdrawals are confirmed with your passcode. Set one in Security, then come back.</Trans>}
      />
      <Link to="/account/security" className="ui-button ui-button--primary ui-button--stretched">
        <Trans>Go to Security</Trans>
      </Link>
    </Page>
  );
}
