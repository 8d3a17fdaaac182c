import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { Address as BitcoinAddress, TEST_NETWORK } from '@scure/btc-signer';
import { Address as TonAddress } from '@ton/core';
import { getAddress, isAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { type NetworkId, networkIds } from '../../src/contract/wallet-operations';
import { seededAddressFlags } from '../../src/server/integrations/chain/address-flags';
import { generateDepositAddress, normaliseAddress } from '../../src/server/integrations/chain/addresses';
import { litecoinTestnet } from '../../src/server/integrations/chain/networks';
import { normaliseTxid, randomTxid } from '../../src/server/integrations/chain/txids';

const base58check = createBase58check(sha256);

/** Each network's own library decoder, independent of normaliseAddress. */
const decodesAsNetworkAddress: Readonly<Record<NetworkId, (address: string) => boolean>> = {
  ETH: (address) => isAddress(address, { strict: true }) && getAddress(address) === address,
  BSC: (address) => isAddress(address, { strict: true }) && getAddress(address) === address,
  TRX: (address) => {
    const bytes = base58check.decode(address);
    return bytes.length === 21 && bytes[0] === 0x41;
  },
  TON: (address) => {
    const parsed = TonAddress.parseFriendly(address);
    return parsed.isTestOnly && !parsed.isBounceable && parsed.address.workChain === 0;
  },
  BTC: (address) => BitcoinAddress(TEST_NETWORK).decode(address).type === 'wpkh',
  LTC: (address) => BitcoinAddress(litecoinTestnet).decode(address).type === 'wpkh',
};

const expectedPrefix: Readonly<Record<NetworkId, string>> = {
  ETH: '0x',
  BSC: '0x',
  TRX: 'T',
  TON: '0Q',
  BTC: 'tb1q',
  LTC: 'tltc1q',
};

describe('generated deposit addresses', () => {
  for (const network of networkIds) {
    it(`are valid, canonical and unique ${network} test-network addresses`, () => {
      const addresses = Array.from({ length: 50 }, () => generateDepositAddress(network));
      for (const address of addresses) {
        expect(address.startsWith(expectedPrefix[network]), address).toBe(true);
        expect(normaliseAddress(network, address)).toBe(address);
        expect(decodesAsNetworkAddress[network](address), address).toBe(true);
      }
      expect(new Set(addresses).size).toBe(addresses.length);
    });
  }

  it('are not addresses of another address family', () => {
    expect(normaliseAddress('BTC', generateDepositAddress('LTC'))).toBeNull();
    expect(normaliseAddress('LTC', generateDepositAddress('BTC'))).toBeNull();
    expect(normaliseAddress('TRX', generateDepositAddress('ETH'))).toBeNull();
    expect(normaliseAddress('TON', generateDepositAddress('TRX'))).toBeNull();
  });
});

describe('normaliseAddress', () => {
  const known: ReadonlyArray<{
    network: NetworkId;
    address: string;
    canonical: string | null;
    why: string;
  }> = [
    // EVM
    {
      network: 'ETH',
      address: '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf',
      canonical: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
      why: 'an all-lowercase address is checksummed',
    },
    {
      network: 'BSC',
      address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
      canonical: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
      why: 'a correctly checksummed address is kept',
    },
    {
      network: 'ETH',
      address: '0x7E5F4552091A69125d5DfCb7b8C2659029395BDF',
      canonical: null,
      why: 'a mixed-case address with a wrong checksum is invalid',
    },
    { network: 'ETH', address: '0x7e5f4552091a69125d5dfcb7b8c2659029395b', canonical: null, why: 'too short' },
    {
      network: 'ETH',
      address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC',
      canonical: null,
      why: 'a TRON address is not an EVM one',
    },
    // TRON
    {
      network: 'TRX',
      address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
      canonical: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
      why: 'the Nile USDT contract is a TRON address',
    },
    { network: 'TRX', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBg', canonical: null, why: 'a wrong checksum' },
    {
      network: 'TRX',
      address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
      canonical: null,
      why: 'a hex address is not base58check',
    },
    // TON
    {
      network: 'TON',
      address: 'kQD0GKBM8ZbryVk2aESmzfU6b9b_8era_IkvBSELujFZPsyy',
      canonical: '0QD0GKBM8ZbryVk2aESmzfU6b9b_8era_IkvBSELujFZPpF3',
      why: 'a bounceable test-only address is accepted and shown non-bounceable',
    },
    {
      network: 'TON',
      address: '0QD0GKBM8ZbryVk2aESmzfU6b9b_8era_IkvBSELujFZPpF3',
      canonical: '0QD0GKBM8ZbryVk2aESmzfU6b9b_8era_IkvBSELujFZPpF3',
      why: 'a non-bounceable test-only address is kept',
    },
    {
      network: 'TON',
      address: 'EQAQXlWJvGbbFfE8F3oS8s87lIgdovS455IsWFaRdmJetTon',
      canonical: '0QAQXlWJvGbbFfE8F3oS8s87lIgdovS455IsWFaRdmJetdxo',
      why: 'a mainnet-flagged bounceable form names the same account',
    },
    {
      network: 'TON',
      address: '-1:3333333333333333333333333333333333333333333333333333333333333333',
      canonical: '0f8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM62K',
      why: 'a raw masterchain address is accepted',
    },
    {
      network: 'TON',
      address: 'EQAQXlWJvGbbFfE8F3oS8s87lIgdovS455IsWFaRdmJetTox',
      canonical: null,
      why: 'a wrong checksum',
    },
    { network: 'TON', address: 'not-an-address', canonical: null, why: 'garbage' },
    // Bitcoin testnet
    {
      network: 'BTC',
      address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      canonical: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      why: 'a native segwit testnet address',
    },
    {
      network: 'BTC',
      address: 'TB1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KXPJZSX',
      canonical: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      why: 'upper-case bech32 is shown in lower case',
    },
    {
      network: 'BTC',
      address: 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      canonical: 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      why: 'a taproot testnet address',
    },
    {
      network: 'BTC',
      address: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      canonical: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      why: 'a legacy testnet key-hash address',
    },
    {
      network: 'BTC',
      address: '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
      canonical: '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
      why: 'a legacy testnet script-hash address',
    },
    {
      network: 'BTC',
      address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy',
      canonical: null,
      why: 'a wrong bech32 checksum',
    },
    // Litecoin testnet
    {
      network: 'LTC',
      address: 'tltc1qw508d6qejxtdg4y5r3zarvary0c5xw7klfsuq0',
      canonical: 'tltc1qw508d6qejxtdg4y5r3zarvary0c5xw7klfsuq0',
      why: 'a native segwit Litecoin testnet address',
    },
    {
      network: 'LTC',
      address: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      canonical: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      why: 'a legacy testnet key-hash address (Litecoin testnet shares the version byte)',
    },
    {
      network: 'LTC',
      address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      canonical: null,
      why: 'a Bitcoin testnet bech32 address is not a Litecoin one',
    },
  ];

  for (const { network, address, canonical, why } of known) {
    it(`answers ${canonical === null ? 'null' : 'the canonical form'} on ${network}: ${why}`, () => {
      expect(normaliseAddress(network, address)).toBe(canonical);
    });
  }
});

describe('mainnet Bitcoin and Litecoin addresses', () => {
  const keyHash = new Uint8Array(20).fill(7);
  const mainnets = {
    BTC: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    LTC: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
  } as const;

  for (const network of ['BTC', 'LTC'] as const) {
    it(`are refused on the ${network} test network, in segwit and legacy form`, () => {
      const coder = BitcoinAddress(mainnets[network]);
      for (const type of ['wpkh', 'pkh'] as const) {
        const mainnetAddress = coder.encode({ type, hash: keyHash });
        expect(coder.decode(mainnetAddress).type).toBe(type);
        expect(normaliseAddress(network, mainnetAddress), mainnetAddress).toBeNull();
      }
    });
  }
});

describe('seeded address flags', () => {
  it('are valid addresses of their network, written in canonical form', () => {
    for (const entry of seededAddressFlags) {
      expect(normaliseAddress(entry.network, entry.address), `${entry.network} ${entry.address}`).toBe(entry.address);
    }
  });

  it('flag each token contract of the catalogue’s test networks', () => {
    const contracts = seededAddressFlags.filter((entry) => entry.flag === 'contract').map((entry) => entry.network);
    expect(contracts.sort()).toEqual(['BSC', 'BSC', 'ETH', 'ETH', 'TON', 'TON', 'TRX']);
  });
});

describe('transaction ids', () => {
  for (const network of networkIds) {
    it(`are random 32-byte hashes in the ${network} format, and read back as themselves`, () => {
      const txids = Array.from({ length: 20 }, () => randomTxid(network));
      for (const txid of txids) {
        expect(txid).toHaveLength(network === 'ETH' || network === 'BSC' ? 66 : 64);
        expect(normaliseTxid(network, txid)).toBe(txid);
        expect(normaliseTxid(network, txid.toUpperCase().replace(/^0X/, '0x'))).toBe(txid);
      }
      expect(new Set(txids).size).toBe(txids.length);
    });
  }

  it('refuse the wrong length, non-hex text and a missing 0x on EVM networks', () => {
    const hash = 'ab'.repeat(32);
    expect(normaliseTxid('BTC', hash.slice(2))).toBeNull();
    expect(normaliseTxid('BTC', `${hash.slice(2)}zz`)).toBeNull();
    expect(normaliseTxid('ETH', hash)).toBeNull();
    expect(normaliseTxid('BTC', `0x${hash}`)).toBeNull();
    expect(normaliseTxid('ETH', `0x${hash}`)).toBe(`0x${hash}`);
  });
});
