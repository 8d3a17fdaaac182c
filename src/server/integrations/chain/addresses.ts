import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { Address as BitcoinAddress, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { Address as TonAddress } from '@ton/core';
import { getAddress, hexToBytes, isAddress } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { NetworkId } from '../../../contract/wallet-operations';
import { litecoinTestnet, litecoinTestnetLegacyScriptHash } from './networks';

/** TRON's base58check: version byte 0x41 ("T…") and the 20-byte account id of an EVM-style key. */
const base58check = createBase58check(sha256);
const tronVersionByte = 0x41;
const tronAddressLength = 21;

/** Workchains a TON wallet can live on: basechain (0) and masterchain (-1). */
const tonWorkchains: readonly number[] = [0, -1];

function randomSecp256k1PublicKey(): Uint8Array {
  return secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
}

function tronAddressOf(evmAddress: string): string {
  const bytes = new Uint8Array(tronAddressLength);
  bytes[0] = tronVersionByte;
  bytes.set(hexToBytes(getAddress(evmAddress)), 1);
  return base58check.encode(bytes);
}

/** A fresh deposit address in the network's real test-network format, from a random key. */
export function generateDepositAddress(network: NetworkId): string {
  switch (network) {
    case 'ETH':
    case 'BSC':
      return privateKeyToAddress(generatePrivateKey());
    case 'TRX':
      return tronAddressOf(privateKeyToAddress(generatePrivateKey()));
    case 'TON':
      // A wallet's address is the hash of its initial state; a hash of a fresh key stands in for
      // it (the simulator deploys no wallet code). Wallets are shown non-bounceable.
      return new TonAddress(0, Buffer.from(sha256(randomSecp256k1PublicKey()))).toString({
        testOnly: true,
        bounceable: false,
      });
    case 'BTC':
      return requireAddress(p2wpkh(randomSecp256k1PublicKey(), TEST_NETWORK).address);
    case 'LTC':
      return requireAddress(p2wpkh(randomSecp256k1PublicKey(), litecoinTestnet).address);
  }
}

function requireAddress(address: string | undefined): string {
  if (address === undefined) throw new Error('The payment script has no address form');
  return address;
}

/**
 * The address in canonical form (EVM checksummed; TON user-friendly, testOnly; TRON base58check;
 * BTC/LTC as given, lower-case bech32), or null when it is not a valid address of that network.
 */
export function normaliseAddress(network: NetworkId, address: string): string | null {
  switch (network) {
    case 'ETH':
    case 'BSC':
      // Strict: a mixed-case address must carry a correct EIP-55 checksum; one case is unchecked.
      return isAddress(address, { strict: true }) ? getAddress(address) : null;
    case 'TRX':
      return normaliseTronAddress(address);
    case 'TON':
      return normaliseTonAddress(address);
    case 'BTC':
      return normaliseBitcoinStyleAddress(address, [TEST_NETWORK]);
    case 'LTC':
      return normaliseBitcoinStyleAddress(address, [litecoinTestnet, litecoinTestnetLegacyScriptHash]);
  }
}

function normaliseTronAddress(address: string): string | null {
  try {
    const bytes = base58check.decode(address);
    return bytes.length === tronAddressLength && bytes[0] === tronVersionByte ? base58check.encode(bytes) : null;
  } catch {
    return null;
  }
}

/**
 * Any form a person may paste (raw `0:…`, bounceable or not, test-only or not) is the same
 * account; it is answered test-only and non-bounceable, the safe form for sending to a wallet.
 */
function normaliseTonAddress(address: string): string | null {
  if (!TonAddress.isFriendly(address) && !TonAddress.isRaw(address)) return null;
  try {
    const parsed = TonAddress.parse(address);
    if (!tonWorkchains.includes(parsed.workChain)) return null;
    return parsed.toString({ testOnly: true, bounceable: false });
  } catch {
    return null;
  }
}

/** Decoded by the first network whose prefixes it carries; a mainnet address fits none of them. */
function normaliseBitcoinStyleAddress(address: string, networks: readonly BTC_NETWORK[]): string | null {
  for (const network of networks) {
    try {
      const coder = BitcoinAddress(network);
      return coder.encode(coder.decode(address));
    } catch {
      // Not in this network's format: try the next one.
    }
  }
  return null;
}
