import { resolveStartParam } from '../../../machines/deepLink/resolveStartParam.ts';
import { type NetworkId, networkIds } from '../../contract/wallet-operations.ts';

/**
 * What a QR code scanned from home means (docs/scan.md):
 * - a Telegram link that opens the mini app with a start parameter (`t.me/<bot>/<app>?startapp=…`,
 *   `t.me/<bot>?startapp=…`, `tg://resolve?domain=<bot>&startapp=…`): the path the deep-link
 *   grammar gives it (machines/deepLink/resolveStartParam.ts), as if Telegram had opened it;
 * - a link to this wallet itself (same origin): its path;
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

const base58 = '[1-9A-HJ-NP-Za-km-z]';
const bech32 = '[02-9ac-hj-np-z]';

/** Address formats per network, main and test networks alike. */
const addressFormats: Readonly<Record<NetworkId, readonly RegExp[]>> = {
  TON: [/^[EUk0]Q[A-Za-z0-9_-]{46}$/, /^-?\d+:[0-9a-fA-F]{64}$/, /^[a-z0-9-]{1,126}\.ton$/i],
  TRX: [new RegExp(`^T${base58}{33}$`)],
  ETH: [/^0x[0-9a-fA-F]{40}$/],
  BSC: [/^0x[0-9a-fA-F]{40}$/],
  BTC: [new RegExp(`^(bc1|tb1|bcrt1)${bech32}{8,87}$`, 'i'), new RegExp(`^[13mn2]${base58}{25,34}$`)],
  LTC: [new RegExp(`^(ltc1|tltc1|rltc1)${bech32}{8,87}$`, 'i'), new RegExp(`^[LM3Qmn2]${base58}{25,34}$`)],
};

/** The networks whose address format `address` has (an 0x address is both Ethereum's and BSC's). */
export function networksOfAddress(address: string): NetworkId[] {
  return networkIds.filter((network) => addressFormats[network].some((format) => format.test(address)));
}

/**
 * The address inside a payment link ("ethereum:0x…@1", "ton://transfer/UQ…?amount=1",
 * "bitcoin:bc1…?amount=0.1"); a bare address is kept as it is.
 */
export function addressFromPaymentLink(text: string): string {
  const withoutScheme = text.trim().replace(/^[a-z][a-z0-9+.-]*:(\/\/)?/i, '');
  const withoutAction = withoutScheme.replace(/^transfer\//i, '');
  return withoutAction.split(/[?@/]/)[0] ?? '';
}

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

export function interpretScannedCode(text: string, ownOrigin: string): ScannedCode {
  const trimmed = text.trim();
  const url = parseUrl(trimmed);
  if (url !== null) {
    const startParam = startParamOf(url);
    if (startParam !== null) return { kind: 'path', path: resolveStartParam(startParam).path };
    if (url.origin === ownOrigin) return { kind: 'path', path: `${url.pathname}${url.search}` };
  }
  const address = addressFromPaymentLink(trimmed);
  const networks = networksOfAddress(address);
  return networks.length > 0 ? { kind: 'address', address, networks } : { kind: 'unknown' };
}
