import { Trans } from '@lingui/react/macro';
import { formatAssetAmount } from '../../lib/money.ts';
import { TestNetworkNotice } from '../../ui/TestNetworkNotice.tsx';
import type { DepositTarget } from './depositChoices.ts';
import './deposit.css';

/**
 * What a sender must know before sending: only this asset on this network, and the minimum
 * (network limits.deposit.min; smaller deposits are not credited). A minimum of 0 is no minimum.
 */
export function DepositNotice({ target }: { target: DepositTarget }) {
  const { asset, network } = target;
  const code = asset.code;
  const networkName = network.name;
  const hasMinimum = network.limits.deposit.min !== '0';
  const minimum = formatAssetAmount(network.limits.deposit.min, asset, { full: true });
  return (
    <>
      <TestNetworkNotice>
        <Trans>Only test {code} arrives here. Coins sent from a real network are lost.</Trans>
      </TestNetworkNotice>
      <div className="deposit-notice" role="note">
        <p className="deposit-warning">
          <Trans>
            Send only {code} on {networkName} to this address. Other assets or networks will be lost.
          </Trans>
        </p>
        {hasMinimum ? (
          <p className="deposit-minimum">
            <Trans>
              Minimum deposit: <strong className="tabular">{minimum}</strong>. Smaller deposits are not credited.
            </Trans>
          </p>
        ) : null}
      </div>
    </>
  );
}
