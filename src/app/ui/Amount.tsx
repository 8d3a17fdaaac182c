import type { Asset } from '../../contract/wallet.ts';
import { formatAssetAmount } from '../lib/money.ts';
import './asset.css';

/** An amount with its unit (formatAssetAmount), in tabular figures and never broken across lines. */
export function Amount({
  smallest,
  asset,
  full,
  signed,
  className,
}: {
  smallest: string;
  asset: Asset;
  /** Detail precision (view_full_decimals) instead of list precision. */
  full?: boolean;
  /** "+" before a positive amount. */
  signed?: boolean;
  className?: string;
}) {
  const text = formatAssetAmount(smallest, asset, { full, signed });
  return <span className={className ? `ui-amount ${className}` : 'ui-amount'}>{text}</span>;
}
