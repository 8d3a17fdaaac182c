import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import type { NetworkId } from '../../../contract/wallet-operations';

/** The coin each network pays its own fees in: what a deposit is when no token is named. */
export const nativeAssets: Readonly<Record<NetworkId, string>> = {
  TRX: 'TRX',
  ETH: 'ETH',
  BSC: 'BNB',
  TON: 'TON',
  BTC: 'BTC',
  LTC: 'LTC',
};

/** How long each automatic step of a withdrawal takes on the simulated test networks, by default. */
export const defaultChainStepMs = 2000;

/** Networks whose addresses and transaction ids are Ethereum's (0x…). */
export function isEvmNetwork(network: NetworkId): boolean {
  return network === 'ETH' || network === 'BSC';
}

/**
 * Litecoin testnet: bech32 `tltc`, legacy pay-to-key-hash `m…`/`n…` (0x6f, as Bitcoin testnet)
 * and pay-to-script-hash `Q…` (0x3a). Litecoin Core still accepts the older script-hash byte 0xc4
 * (`2…`, shared with Bitcoin testnet), so it is read too: see {@link litecoinTestnetLegacyScriptHash}.
 */
export const litecoinTestnet: BTC_NETWORK = { bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef };
export const litecoinTestnetLegacyScriptHash: BTC_NETWORK = { ...litecoinTestnet, scriptHash: 0xc4 };
