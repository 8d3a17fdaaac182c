import type { NetworkId } from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { chainAddressFlags } from '../../db/schema/wallet';

export type AddressFlag = (typeof chainAddressFlags.$inferSelect)['flag'];
export const addressFlags = ['blocked', 'contract', 'invalid_smart_contract'] as const satisfies readonly AddressFlag[];

export interface SeededAddressFlag {
  readonly network: NetworkId;
  /** In canonical form (normaliseAddress), the form the check looks up. */
  readonly address: string;
  readonly flag: AddressFlag;
  readonly note: string;
}

/**
 * What the test networks know from the start (docs/chain.md lists them for people to try): the
 * catalogue's token contracts, a few sanctioned-style addresses (those of the well-known private
 * key 1, which anyone can spend from, plus a Tornado Cash contract of the OFAC list) and a TON
 * system contract that takes no transfers.
 */
export const seededAddressFlags: readonly SeededAddressFlag[] = [
  { network: 'TRX', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', flag: 'contract', note: 'USDT (TRC20) on Nile' },
  {
    network: 'ETH',
    address: '0xaA8E23Fb1079EA71e0a56F48a2aA51851D8433D0',
    flag: 'contract',
    note: 'USDT (ERC20) on Sepolia',
  },
  {
    network: 'ETH',
    address: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
    flag: 'contract',
    note: 'USDC (ERC20) on Sepolia, by Circle',
  },
  {
    network: 'BSC',
    address: '0x337610d27c682E347C9cD60BD4b3b107C9d34dDd',
    flag: 'contract',
    note: 'USDT (BEP20) on BSC testnet',
  },
  {
    network: 'BSC',
    address: '0x64544969ed7EBf5f083679233325356EbE738930',
    flag: 'contract',
    note: 'USDC (BEP20) on BSC testnet',
  },
  {
    network: 'TON',
    address: '0QD0GKBM8ZbryVk2aESmzfU6b9b_8era_IkvBSELujFZPpF3',
    flag: 'contract',
    note: 'USDT jetton master on TON testnet (kQD0GKBM8ZbryVk2aESmzfU6b9b_8era_IkvBSELujFZPsyy)',
  },
  {
    network: 'TON',
    address: '0QAQXlWJvGbbFfE8F3oS8s87lIgdovS455IsWFaRdmJetdxo',
    flag: 'contract',
    note: 'JetTon (JET) jetton master (EQAQXlWJvGbbFfE8F3oS8s87lIgdovS455IsWFaRdmJetTon)',
  },
  {
    network: 'ETH',
    address: '0x8589427373D6D84E98730D7795D8f6f8731FDA16',
    flag: 'blocked',
    note: 'Tornado Cash contract on the OFAC sanctions list (2022)',
  },
  { network: 'ETH', address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', flag: 'blocked', note: 'Private key 1' },
  { network: 'BSC', address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', flag: 'blocked', note: 'Private key 1' },
  { network: 'TRX', address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC', flag: 'blocked', note: 'Private key 1' },
  {
    network: 'BTC',
    address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    flag: 'blocked',
    note: 'Private key 1 (the BIP-173 example address)',
  },
  {
    network: 'LTC',
    address: 'tltc1qw508d6qejxtdg4y5r3zarvary0c5xw7klfsuq0',
    flag: 'blocked',
    note: 'Private key 1',
  },
  {
    network: 'TON',
    address: '0QAPcVuvXUwu0yl4XO8p5WL3NIjIorudvFcAs2HVS5sFVN1r',
    flag: 'blocked',
    note: 'Basechain account named by the SHA-256 of private key 1’s public key',
  },
  {
    network: 'TON',
    address: '0f8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM62K',
    flag: 'invalid_smart_contract',
    note: 'Elector system contract (-1:3333…3333)',
  },
];

/**
 * Inserts the seeded flags where they are missing. Idempotent, and it never overwrites a flag that
 * exists: a flag changed by hand (or through the simulator) survives every restart.
 */
export async function seedChainAddressFlags(db: Database): Promise<number> {
  const inserted = await db
    .insert(chainAddressFlags)
    .values(seededAddressFlags.map((entry) => ({ ...entry })))
    .onConflictDoNothing()
    .returning({ address: chainAddressFlags.address });
  return inserted.length;
}
