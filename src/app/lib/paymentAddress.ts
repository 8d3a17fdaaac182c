import { type NetworkId, networkIds } from '../../contract/wallet-operations.ts';

/**
 * Wallet addresses by their format (docs/scan.md): which networks an address can be on, and the
 * address inside a payment link. The withdraw screen uses these for what is pasted or picked, the
 * QR scanner (scannedCode.ts) for what is scanned; apart from the scanner's start-parameter
 * grammar, so the withdraw screen does not load it.
 */

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
