import type { ReactNode } from 'react';
import type { AssetNetwork } from '../../contract/wallet.ts';
import { NetworkCell } from './NetworkCell.tsx';
import { Section } from './Section.tsx';

/** Networks to choose from, a row each leading on, with an optional `detail` (a fee, a minimum) under each. */
export function NetworkChoiceList<ChoosableNetwork extends AssetNetwork>({
  networks,
  detail,
  onChoose,
}: {
  networks: readonly ChoosableNetwork[];
  detail?: (network: ChoosableNetwork) => ReactNode;
  onChoose: (network: ChoosableNetwork) => void;
}) {
  return (
    <Section>
      {networks.map((network) => (
        <NetworkCell
          key={network.network}
          network={network}
          detail={detail?.(network)}
          chevron
          onClick={() => onChoose(network)}
        />
      ))}
    </Section>
  );
}
