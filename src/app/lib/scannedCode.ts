import { resolveStartParam } from '../../../machines/deepLink/resolveStartParam.ts';
import { parseP2cQrLink } from '../../contract/p2c-qr-link.ts';
import type { NetworkId } from '../../contract/wallet-operations.ts';
import { addressFromPaymentLink, networksOfAddress } from './paymentAddress.ts';

/**
 * What a QR code scanned from home means (docs/scan.md):
 * - a Telegram link that opens the mini app with a start parameter (`t.me/<bot>/<app>?startapp=…`,
 *   `t.me/<bot>?startapp=…`, `tg://resolve?domain=<bot>&startapp=…`): the path the deep-link
 *   grammar gives it (machines/deepLink/resolveStartParam.ts), as if Telegram had opened it;
 * - a link to this wallet itself (same origin): its path;
 * - a shop's Russian payment QR code (`qr.nspk.ru`, platiqr, its checksum right), where P2C is
 *   on (`payCodes`): its payment flow, `/qr-pay?id=…` (docs/p2c.md);
 * - a wallet address, bare or in a payment link (`ton://transfer/…`, `bitcoin:…?amount=`,
 *   `ethereum:0x…@1`): the networks whose address format it has, to withdraw to it;
 * - anything else: not understood (the person is told so, nothing opens).
 * Whether an address is really valid is the server's address check's to say, on the withdraw
 * screen; the formats here only pick where to go.
 */
export type ScannedCode =
  | { readonly kind: 'path'; readonly path: string }
  | { readonly kind: 'address'; readonly address: string; readonly networks: readonly NetworkId[] }
  | { readonly kind: 'unknown' };

const telegramHosts = new Set(['t.me', 'telegram.me', 'www.t.me']);

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The start parameter of a Telegram link that opens a mini app, or null. */
function startParamOf(url: URL): string | null {
  const isTelegramLink =
    ((url.protocol === 'https:' || url.protocol === 'http:') && telegramHosts.has(url.hostname.toLowerCase())) ||
    (url.protocol === 'tg:' && url.hostname === 'resolve');
  if (!isTelegramLink) return null;
  return url.searchParams.get('startapp');
}

export function interpretScannedCode(
  text: string,
  ownOrigin: string,
  { payCodes = false }: { payCodes?: boolean } = {},
): ScannedCode {
  const trimmed = text.trim();
  const url = parseUrl(trimmed);
  if (url !== null) {
    const startParam = startParamOf(url);
    if (startParam !== null) return { kind: 'path', path: resolveStartParam(startParam).path };
    if (url.origin === ownOrigin) return { kind: 'path', path: `${url.pathname}${url.search}` };
    const payment = payCodes ? parseP2cQrLink(trimmed) : null;
    if (payment?.ok === true) return { kind: 'path', path: `/qr-pay?id=${payment.link.id}` };
  }
  const address = addressFromPaymentLink(trimmed);
  const networks = networksOfAddress(address);
  return networks.length > 0 ? { kind: 'address', address, networks } : { kind: 'unknown' };
}
