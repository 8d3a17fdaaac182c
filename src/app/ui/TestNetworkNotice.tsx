import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './test-network.css';

/**
 * Every network of this wallet is a test network (spec 000 s.3, "the crypto networks in it are
 * test networks"): deposit and withdraw say so where money is sent, in one short line, each in
 * its own words (`children`), so that a screen's texts carry only its own line.
 */
export function TestNetworkNotice({ children }: { children: ReactNode }) {
  return (
    <p className="ui-test-network" role="note">
      <strong className="ui-test-network-label">
        <Trans>Test network</Trans>
      </strong>{' '}
      {children}
    </p>
  );
}
