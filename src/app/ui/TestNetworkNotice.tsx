import { Trans } from '@lingui/react/macro';
import './test-network.css';

/**
 * Every network of this wallet is a test network (spec 000 s.3, "the crypto networks in it are
 * test networks"): deposit and withdraw say so where money is sent, in one short line.
 */
export function TestNetworkNotice({ action, asset }: { action: 'deposit' | 'withdraw'; asset: string }) {
  return (
    <p className="ui-test-network" role="note">
      <strong className="ui-test-network-label">
        <Trans>Test network</Trans>
      </strong>{' '}
      {action === 'deposit' ? (
        <Trans>Only test {asset} arrives here. Coins sent from a real network are lost.</Trans>
      ) : (
        <Trans>This sends test {asset}: they have no real value.</Trans>
      )}
    </p>
  );
}
