import Decimal from 'decimal.js';
import { and, eq, or } from 'drizzle-orm';
import * as z from 'zod/mini';
import { type NetworkId, networkId, networkIds } from '../../../contract/wallet-operations';
import type { Database } from '../../db/database';
import { assetNetworks, assets } from '../../db/schema/catalogue';
import { chainDeposits, depositAddresses } from '../../db/schema/wallet';
import { normaliseAddress } from '../../integrations/chain/addresses';
import { nativeAssets } from '../../integrations/chain/networks';
import { normaliseTxid, randomTxid } from '../../integrations/chain/txids';
import { credit, inTransaction } from '../../ledger/ledger';
import { walletAccessOf } from '../settings/wallet-access';
import { chainSimulatorErrors } from './errors';

export type ChainDepositStatus = (typeof chainDeposits.$inferSelect)['status'];

export interface DepositRequest {
  /** Optional when the address says it (it is one of ours, or valid on one network only). */
  readonly network?: NetworkId | undefined;
  readonly address: string;
  /** Defaults to the network's own coin. */
  readonly asset?: string | undefined;
  /** Whole units as a decimal string ("25.5"). */
  readonly amount: string;
  /** Random in the network's format when not given. */
  readonly txid?: string | undefined;
}

/** What the chain saw and what the wallet did with it. */
export interface SimulatedDeposit {
  readonly id: string;
  readonly network: NetworkId;
  readonly asset: string;
  readonly address: string;
  /** In the asset's smallest units. */
  readonly amount: string;
  readonly txid: string;
  readonly status: ChainDepositStatus;
  /** The owner of the deposit address; null for an address that is not ours. */
  readonly userId: number | null;
  /** The txid was seen before: this is the earlier record, and nothing moved this time. */
  readonly alreadyRecorded: boolean;
}

interface Destination {
  readonly network: NetworkId;
  readonly address: string;
  readonly depositAddress: { readonly id: string; readonly userId: number } | null;
}

/**
 * Which network and deposit address the transfer reaches. Without a network, the address must be
 * one of ours or valid on exactly one network (an EVM address fits ETH and BSC alike).
 */
async function findDestination(db: Database, request: DepositRequest): Promise<Destination> {
  const candidates = (request.network === undefined ? networkIds : [request.network]).flatMap((network) => {
    const address = normaliseAddress(network, request.address);
    return address === null ? [] : [{ network, address }];
  });
  if (candidates.length === 0) {
    throw request.network === undefined
      ? chainSimulatorErrors.unrecognisedAddress()
      : chainSimulatorErrors.invalidAddress(request.network);
  }
  const owned = await db
    .select({
      id: depositAddresses.id,
      userId: depositAddresses.userId,
      network: depositAddresses.network,
      address: depositAddresses.address,
    })
    .from(depositAddresses)
    .where(
      or(
        ...candidates.map((candidate) =>
          and(eq(depositAddresses.network, candidate.network), eq(depositAddresses.address, candidate.address)),
        ),
      ),
    );
  const [match, ...otherMatches] = owned;
  if (match !== undefined && otherMatches.length === 0) {
    return {
      network: z.parse(networkId, match.network),
      address: match.address,
      depositAddress: { id: match.id, userId: match.userId },
    };
  }
  const [only, ...otherCandidates] = candidates;
  if (only === undefined || otherCandidates.length > 0 || owned.length > 0) {
    throw chainSimulatorErrors.ambiguousAddress(candidates.map((candidate) => candidate.network));
  }
  return { ...only, depositAddress: null };
}

async function findAssetOnNetwork(db: Database, asset: string, network: NetworkId) {
  const [row] = await db
    .select({
      decimals: assets.decimals,
      assetEnabled: assets.isEnabled,
      canDeposit: assetNetworks.canDeposit,
      depositMin: assetNetworks.depositMin,
    })
    .from(assetNetworks)
    .innerJoin(assets, eq(assets.code, assetNetworks.assetCode))
    .where(and(eq(assetNetworks.assetCode, asset), eq(assetNetworks.network, network)));
  if (row === undefined) throw chainSimulatorErrors.assetNotOnNetwork(asset, network);
  return { ...row, depositMin: BigInt(row.depositMin) };
}

/** Whole units to smallest units; more decimals than the asset has, or nothing at all, is refused. */
function toSmallestUnits(amount: string, decimals: number, asset: string): bigint {
  const smallest = new Decimal(amount).mul(new Decimal(10).pow(decimals));
  if (!smallest.isInteger()) {
    throw chainSimulatorErrors.invalidAmount(`${asset} has ${decimals} decimals; ${amount} has more`);
  }
  if (smallest.lte(0)) throw chainSimulatorErrors.invalidAmount('The amount must be more than zero');
  return BigInt(smallest.toFixed(0));
}

/** Why the wallet would refuse this deposit outright, or null when it takes it. */
async function refusalReason(
  db: Database,
  destination: Destination,
  route: { readonly assetEnabled: boolean; readonly canDeposit: boolean },
): Promise<string | null> {
  if (!route.assetEnabled) return 'the asset is disabled';
  if (!route.canDeposit) return 'deposits on this network are turned off';
  if (destination.depositAddress === null) return null;
  const access = await walletAccessOf(db, destination.depositAddress.userId);
  if (access.blocked) return 'the user is locked or banned';
  if (!access.canDeposit) return 'the user may not deposit (can_deposit is off)';
  return null;
}

function statusOf(destination: Destination, amount: bigint, depositMin: bigint): ChainDepositStatus {
  if (destination.depositAddress === null) return 'unknown_address';
  return amount < depositMin ? 'below_minimum' : 'credited';
}

/**
 * A transfer arriving from the test network: recorded in chain_deposits, and credited to the
 * owner of the deposit address in the same transaction when it reaches the network's deposit
 * minimum. A txid already seen on the network answers the earlier record and credits nothing, so
 * a transfer is credited once however often it is reported. A deposit the wallet would refuse
 * (asset disabled, deposits off, the user may not deposit) is refused with nothing recorded.
 */
export async function simulateDeposit(db: Database, request: DepositRequest): Promise<SimulatedDeposit> {
  const destination = await findDestination(db, request);
  const asset = request.asset ?? nativeAssets[destination.network];
  const route = await findAssetOnNetwork(db, asset, destination.network);
  const amount = toSmallestUnits(request.amount, route.decimals, asset);
  const txid =
    request.txid === undefined ? randomTxid(destination.network) : normaliseTxid(destination.network, request.txid);
  if (txid === null) throw chainSimulatorErrors.invalidTxid(destination.network);
  const refusal = await refusalReason(db, destination, route);
  if (refusal !== null) throw chainSimulatorErrors.depositForbidden(refusal);

  const status = statusOf(destination, amount, route.depositMin);
  return inTransaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(chainDeposits)
      .values({
        network: destination.network,
        assetCode: asset,
        address: destination.address,
        amount: amount.toString(),
        txid,
        depositAddressId: destination.depositAddress?.id ?? null,
        userId: destination.depositAddress?.userId ?? null,
        status,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted === undefined) return findRecorded(tx, destination.network, txid);
    if (inserted.status === 'credited' && inserted.userId !== null) {
      await credit(tx, { operationId: inserted.id, type: 'deposit', userId: inserted.userId, asset, amount });
    }
    return toSimulatedDeposit(inserted, false);
  });
}

async function findRecorded(db: Database, network: NetworkId, txid: string): Promise<SimulatedDeposit> {
  const [recorded] = await db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.network, network), eq(chainDeposits.txid, txid)));
  if (recorded === undefined) throw new Error(`Deposit ${network}/${txid} conflicted but cannot be found`);
  return toSimulatedDeposit(recorded, true);
}

function toSimulatedDeposit(row: typeof chainDeposits.$inferSelect, alreadyRecorded: boolean): SimulatedDeposit {
  return {
    id: row.id,
    network: z.parse(networkId, row.network),
    asset: row.assetCode,
    address: row.address,
    amount: row.amount,
    txid: row.txid,
    status: row.status,
    userId: row.userId,
    alreadyRecorded,
  };
}
