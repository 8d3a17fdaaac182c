import type { Asset } from '../../contract/wallet.ts';
import { formatAssetAmount } from '../lib/money.ts';
import './asset.css';

/**
 * An amount with its unit (formatAssetAmount), in tabular figures and never broken across lines.
 * Long ones carry a length class, so a narrow row can set them smaller instead of cutting them.
 */
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
  const length = Array.from(text).length;
  const size = length > 16 ? ' ui-amount--longer' : length > 12 ? ' ui-amount--long' : '';
  return <span className={`ui-amount${size}${className ? ` ${className}` : ''}`}>{text}</span>;
}
