import type { Asset, AssetCatalogue } from '../../../contract/wallet.ts';
import { parseAmountInput } from '../amountInput.ts';
import { formatAssetAmount, groupThousands, minusSign, spaceSeparator } from '../money.ts';

/**
 * How P2P offers show their money (spec 001 s.3, s.9 "Fiat precision 2 digits"): prices and
 * limits are fiat decimal strings ("1500.5"), volumes crypto smallest units. Each is shown with
 * the catalogue's rules (money.ts); a currency the catalogue lacks falls back to "1500.5 XYZ".
 */

function assetOf(catalogue: AssetCatalogue | undefined, code: string): Asset | null {
  return catalogue?.assets[code] ?? null;
}

/** "1500.5", RUB → "1 500.50 ₽"; "99.9", USD → "$99.90". */
export function formatFiat(amount: string, fiat: string, catalogue: AssetCatalogue | undefined): string {
  const asset = assetOf(catalogue, fiat);
  if (asset === null) return `${amount}${spaceSeparator}${fiat}`;
  const parsed = parseAmountInput(amount, asset.decimals);
  if (parsed.ok) return formatAssetAmount(parsed.smallest, asset, { full: true });
  return parsed.problem === 'zero' ? formatAssetAmount('0', asset) : `${amount}${spaceSeparator}${fiat}`;
}

/** What stands for a crypto amount until the catalogue says where its decimal point is. */
export const unknownPrecisionAmount = '…';

/**
 * Smallest units, USDT → "1 250.5 USDT" at the asset's full precision. Without the asset's
 * decimals the number cannot be shown: "29500000 USDT" would read as millions, so it is "… USDT"
 * until the catalogue answers (it is cached, so this is at most a first moment).
 */
export function formatCrypto(smallest: string, code: string, catalogue: AssetCatalogue | undefined): string {
  const asset = assetOf(catalogue, code);
  return asset === null
    ? `${unknownPrecisionAmount}${spaceSeparator}${code}`
    : formatAssetAmount(smallest, asset, { full: true });
}

/**
 * "1500.5", RUB → "1 500.5 RUB": a plain decimal as typed, grouped, with its currency's code, as
 * the take form's amount messages name it (the same digits the person typed or may type).
 */
export function amountWithCode(decimal: string, code: string): string {
  const [whole = '0', fraction] = decimal.split('.');
  const grouped = groupThousands(whole, spaceSeparator);
  return `${fraction === undefined ? grouped : `${grouped}.${fraction}`}${spaceSeparator}${code}`;
}

/**
 * The margin of a floating price (spec 001 s.3: "the margin shown is the ratio minus 100"):
 * "101.5" → "+1.5%", "98" → "−2%", "100" → "0%". Exact on the decimal digits, no floats.
 */
export function formatMargin(ratio: string): string {
  const [whole = '0', fraction = ''] = ratio.split('.');
  const hundredths = Number.parseInt(whole, 10) * 100 + Number.parseInt(fraction.padEnd(2, '0').slice(0, 2), 10);
  const margin = hundredths - 10_000;
  if (margin === 0) return '0%';
  const size = Math.abs(margin);
  const cents = String(size % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const digits = cents === '' ? String(Math.floor(size / 100)) : `${Math.floor(size / 100)}.${cents}`;
  return `${margin > 0 ? '+' : minusSign}${digits}%`;
}
