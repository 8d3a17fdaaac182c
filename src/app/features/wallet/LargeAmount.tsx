import type { Asset } from '../../../contract/wallet.ts';
import { formatAssetAmount } from '../../lib/money.ts';
import './wallet.css';

/**
 * The size step of an amount by its length: a page's big number stays on one line at 320 px for
 * everyday amounts, and shrinks instead of breaking inside the number when it is long (18-decimal
 * tokens at full precision). Only the longest may wrap, as a last resort.
 */
function sizeStep(text: string): string {
  const length = Array.from(text).length;
  if (length <= 13) return '';
  if (length <= 18) return ' wallet-large-amount--long';
  if (length <= 24) return ' wallet-large-amount--longer';
  return ' wallet-large-amount--longest';
}

/** A page's headline amount (formatAssetAmount), sized to fit its length. */
export function LargeAmount({
  smallest,
  asset,
  signed = false,
  className,
}: {
  smallest: string;
  asset: Asset;
  signed?: boolean;
  className: string;
}) {
  const text = formatAssetAmount(smallest, asset, { full: true, signed });
  return <p className={`${className} wallet-large-amount${sizeStep(text)}`}>{text}</p>;
}
