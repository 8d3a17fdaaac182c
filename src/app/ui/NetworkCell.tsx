import type { ReactNode } from 'react';
import type { AssetNetwork } from '../../contract/wallet.ts';
import { AssetIcon } from './AssetIcon.tsx';
import { Cell, CellButton } from './Cell.tsx';
import './asset.css';

/**
 * A row for one network of an asset: the chain's icon, its name and protocol ("Tron" / "TRC20"),
 * and an optional detail line such as the fee.
 */
export function NetworkCell({
  network,
  detail,
  chevron = false,
  onClick,
}: {
  network: AssetNetwork;
  /** A second line under the protocol, e.g. "Fee 1 USDT". */
  detail?: ReactNode;
  chevron?: boolean;
  /** Makes the row a button. */
  onClick?: () => void;
}) {
  const subtitle = (
    <>
      <span className="ui-network-cell-protocol">{network.protocol}</span>
      {detail !== undefined ? <span className="ui-network-cell-detail">{detail}</span> : null}
    </>
  );
  const cell = (
    <Cell
      icon={<AssetIcon code={networkIconCode(network.network)} />}
      title={networkTitle(network)}
      subtitle={subtitle}
      chevron={chevron}
    />
  );
  return onClick === undefined ? cell : <CellButton onClick={onClick}>{cell}</CellButton>;
}

/** The chain's own coin, whose icon stands for the network (BSC is BNB Smart Chain). */
function networkIconCode(network: string): string {
  return network === 'BSC' ? 'BNB' : network;
}

/** "Tron (TRC20)" → "Tron": the protocol has its own line, so it is not repeated in the title. */
function networkTitle(network: AssetNetwork): string {
  const suffix = ` (${network.protocol})`;
  return network.name.endsWith(suffix) ? network.name.slice(0, -suffix.length) : network.name;
}
