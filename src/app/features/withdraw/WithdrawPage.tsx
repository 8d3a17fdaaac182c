import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { SecurityInfo } from '../../../contract/security.ts';
import type { AssetBalance } from '../../../contract/wallet-operations.ts';
import { securityQueryOptions } from '../../api/securityQueries.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { OutflowHoldNotice } from '../../ui/OutflowHoldNotice.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { storageOrNull } from '../../ui/passcodeConfirm/passcodeConfirm.ts';
import { WithdrawDataGate, WithdrawUnavailable } from './WithdrawDataGate.tsx';
import { WithdrawFlowView } from './WithdrawFlowView.tsx';
import { provideWithdraw, withdrawInput } from './withdraw.ts';
import { type WithdrawTarget, withdrawNetworks, withdrawTarget } from './withdrawChoices.ts';

/**
 * `/wallet/withdraw/{asset}/{network}`: the catalogue, the balance and the security info
 * (`GET /security`: is a passcode set, a running lockout) first, then the withdraw machine with
 * what they said at that moment. Without a passcode there is nothing to confirm with: the page
 * says so and leads to setting one. While outflows are held (24 h after a passcode recovery or a
 * backup e-mail change) the page says until when instead.
 */
export function WithdrawPage({ asset, network }: { asset: string; network: string }) {
  const security = useQuery(securityQueryOptions());
  return (
    <WithdrawDataGate>
      {({ catalogue, balances }) => {
        const target = withdrawTarget(catalogue, asset, network);
        if (target === null) return <WithdrawUnavailable asset={asset} />;
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
        if (held !== null) return <WithdrawalsHeld until={held} />;
        return <WithdrawFlow key={`${asset}/${network}`} target={target} balances={balances} info={security.data} />;
      }}
    </WithdrawDataGate>
  );
}

function WithdrawFlow({
  target,
  balances,
  info,
}: {
  target: WithdrawTarget;
  balances: readonly AssetBalance[];
  info: SecurityInfo;
}) {
  const platform = usePlatform();
  const storage = storageOrNull();
  const actor = useActorRef(provideWithdraw(platform, storage), {
    input: withdrawInput(target, balances, { platform, info, storage, now: Date.now() }),
  });
  return (
    <WithdrawFlowView
      actor={actor}
      asset={target.asset}
      network={target.network}
      networkChoice={withdrawNetworks(target.asset).length > 1}
    />
  );
}

/** 24 h after a passcode recovery or a backup e-mail change, money stays in (the server refuses too). */
function WithdrawalsHeld({ until }: { until: string }) {
  return (
    <Page centered>
      <PageTitle title={<Trans>Withdrawals are paused</Trans>} />
      <OutflowHoldNotice until={until} />
      <Link to="/account/security" className="ui-button ui-button--secondary ui-button--stretched">
        <Trans>Go to Security</Trans>
      </Link>
    </Page>
  );
}

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
