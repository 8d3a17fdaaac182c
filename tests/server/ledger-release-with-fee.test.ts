import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { ledgerAccounts } from '../../src/server/db/schema/ledger';
import { hold, InsufficientFundsError, inTransaction, releaseHeldWithFee } from '../../src/server/ledger/ledger';
import { createUsers, creditUser, ledgerViolations, setUpLedgerDatabase, userBalance } from './helpers/ledger';

// releaseHeldWithFee: a P2P order's release, from the seller's held balance to the buyer's
// available balance and the fees account (docs/ledger.md, docs/p2p.md).

let db: Database;
setUpLedgerDatabase((created) => {
  db = created;
});

async function fees(): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.kind, 'fees'), eq(ledgerAccounts.assetCode, 'USDT')));
  return BigInt(row?.balance ?? '0');
}

async function sellerHolding(amount: bigint): Promise<readonly [number, number]> {
  const [seller, buyer] = await createUsers(db, 2);
  if (seller === undefined || buyer === undefined) throw new Error('Users not created');
  await creditUser(db, { userId: seller, asset: 'USDT', amount });
  await inTransaction(db, (tx) =>
    hold(tx, { operationId: randomUUID(), type: 'p2p', userId: seller, asset: 'USDT', amount }),
  );
  return [seller, buyer];
}

describe('releasing held money to another user with a fee', () => {
  it('pays the buyer the amount less the fee and the fees account the fee, all from the seller held', async () => {
    const [seller, buyer] = await sellerHolding(1_010n);
    const feesBefore = await fees();

    await inTransaction(db, (tx) =>
      releaseHeldWithFee(tx, {
        operationId: randomUUID(),
        type: 'p2p',
        fromUserId: seller,
        toUserId: buyer,
        asset: 'USDT',
        amount: 1_010n,
        fee: 10n,
      }),
    );

    expect(await userBalance(db, seller, 'USDT')).toEqual({ available: 0n, held: 0n });
    expect(await userBalance(db, buyer, 'USDT')).toEqual({ available: 1_000n, held: 0n });
    expect((await fees()) - feesBefore).toBe(10n);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('moves nothing when the held balance does not cover the amount', async () => {
    const [seller, buyer] = await sellerHolding(500n);
    const release = inTransaction(db, (tx) =>
      releaseHeldWithFee(tx, {
        operationId: randomUUID(),
        type: 'p2p',
        fromUserId: seller,
        toUserId: buyer,
        asset: 'USDT',
        amount: 501n,
        fee: 1n,
      }),
    );

    await expect(release).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await userBalance(db, seller, 'USDT')).toEqual({ available: 0n, held: 500n });
    expect(await userBalance(db, buyer, 'USDT')).toEqual({ available: 0n, held: 0n });
  });

  it('refuses a fee that leaves the buyer nothing, a negative fee and paying oneself', async () => {
    const [seller, buyer] = await sellerHolding(100n);
    const attempt = (changes: { fee?: bigint; toUserId?: number }) =>
      inTransaction(db, (tx) =>
        releaseHeldWithFee(tx, {
          operationId: randomUUID(),
          type: 'p2p',
          fromUserId: seller,
          toUserId: changes.toUserId ?? buyer,
          asset: 'USDT',
          amount: 100n,
          fee: changes.fee ?? 1n,
        }),
      );

    await expect(attempt({ fee: 100n })).rejects.toThrow('must be positive');
    await expect(attempt({ fee: -1n })).rejects.toThrow('must not be negative');
    await expect(attempt({ toUserId: seller })).rejects.toThrow('must pay another user');
    expect(await userBalance(db, seller, 'USDT')).toEqual({ available: 0n, held: 100n });
  });
});
