import { bytesToHex, hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import type { NetworkId } from '../../../contract/wallet-operations';
import { isEvmNetwork } from './networks';

/** Every network here names a transaction by a 32-byte hash. */
const txidBytes = 32;

function formatTxid(network: NetworkId, hash: Uint8Array): string {
  return `${isEvmNetwork(network) ? '0x' : ''}${bytesToHex(hash)}`;
}

/** A random transaction id as the network's explorers show it: 0x-hex on EVM chains, bare hex elsewhere. */
export function randomTxid(network: NetworkId): string {
  return formatTxid(network, randomBytes(txidBytes));
}

/** The transaction id in the network's canonical form (lower-case), or null when it is not one. */
export function normaliseTxid(network: NetworkId, txid: string): string | null {
  const hex = isEvmNetwork(network) ? withoutPrefix(txid, '0x') : txid;
  if (hex === null) return null;
  try {
    const hash = hexToBytes(hex);
    return hash.length === txidBytes ? formatTxid(network, hash) : null;
  } catch {
    return null;
  }
}

function withoutPrefix(text: string, prefix: string): string | null {
  return text.toLowerCase().startsWith(prefix) ? text.slice(prefix.length) : null;
}
