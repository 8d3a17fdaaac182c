import type { ReactNode } from 'react';
import type { Asset } from '../../contract/wallet.ts';
import { AssetIcon } from './AssetIcon.tsx';
import { Cell, CellButton } from './Cell.tsx';
import './asset.css';

export interface AssetCellProps {
  asset: Asset;
  /** Under the name; the asset's code when not given. */
  subtitle?: ReactNode;
  /** Right-hand primary value, e.g. the balance. */
  value?: ReactNode;
  /** Under the value, e.g. the balance in the local currency. */
  secondaryValue?: ReactNode;
  chevron?: boolean;
  /** Makes the row a button. Without it the row is plain (wrap it in a link to navigate). */
  onClick?: () => void;
}

/** A row for an asset: its icon and name, its code (or a subtitle), and its value on the right. */
export function AssetCell({ asset, subtitle, value, secondaryValue, chevron = false, onClick }: AssetCellProps) {
  const values =
    value === undefined && secondaryValue === undefined ? undefined : (
      <span className="ui-asset-cell-values">
        {value !== undefined ? <span className="ui-asset-cell-value">{value}</span> : null}
        {secondaryValue !== undefined ? <span className="ui-asset-cell-secondary">{secondaryValue}</span> : null}
      </span>
    );
  const cell = (
    <Cell
      icon={<AssetIcon code={asset.code} />}
      title={asset.name}
      subtitle={subtitle ?? asset.code}
      value={values}
      chevron={chevron}
      names
    />
  );
  return onClick === undefined ? cell : <CellButton onClick={onClick}>{cell}</CellButton>;
}
