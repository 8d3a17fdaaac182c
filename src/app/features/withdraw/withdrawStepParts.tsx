import { Trans } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { withdrawMachine } from '../../../../machines/withdraw.machine.ts';
import type { CryptoAsset } from '../../../contract/wallet.ts';
import { TestNetworkNotice } from '../../ui/TestNetworkNotice.tsx';
import type { WithdrawActor } from './withdraw.ts';
import type { WithdrawNetwork } from './withdrawChoices.ts';

// What the withdraw flow's first step (WithdrawFlowView.tsx) and its later steps
// (WithdrawLaterSteps.tsx, loaded once the address is submitted) share.

export type Snapshot = SnapshotFrom<typeof withdrawMachine>;

export interface WithdrawFlowProps {
  actor: WithdrawActor;
  asset: CryptoAsset;
  network: WithdrawNetwork;
  /** The asset has other networks: the first step's back goes to the network choice, else to the assets. */
  networkChoice: boolean;
  /** One step back: through the history when the previous step's entry is there (src/app/lib/flowUrl.ts). */
  onBack: () => void;
  /**
   * The withdrawal exists: leave the flow's own history entries (resolves once back on its first
   * one), so that the status page replaces them all and back from it cannot reopen the review.
   */
  leaveFlow: () => Promise<void>;
}

export type ScreenProps = WithdrawFlowProps & { snapshot: Snapshot };

/**
 * A step's form: its main action (`useScreenActions`: Telegram's MainButton in the mini app, the
 * shell's button on the web) submits it, and so does Enter in its field.
 */
export function StepForm({ id, children, onSubmit }: { id: string; children: ReactNode; onSubmit: () => void }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form id={id} className="withdraw-form" onSubmit={submit} noValidate>
      {children}
    </form>
  );
}

/** The test network's line on the withdraw steps (ui/TestNetworkNotice.tsx). */
export function WithdrawTestNetwork({ asset }: { asset: string }) {
  return (
    <TestNetworkNotice>
      <Trans>This sends test {asset}: they have no real value.</Trans>
    </TestNetworkNotice>
  );
}
