import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/migrations';
import { ledgerUserOperations } from '../../src/server/db/schema/ledger';
import { users } from '../../src/server/db/schema/users';
import { seedCatalogue } from '../../src/server/modules/wallet/seed';

/** A copy of the migrations folder that stops after the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'kopilka-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal: { entries: unknown[] } = JSON.parse(readFileSync(journalPath, 'utf8'));
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

describe('the sign-in migration', () => {
  it('gives users who existed before it their own alphanumeric invite hash', async () => {
    const client = await PGlite.create();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(1) });
    await client.exec(`INSERT INTO users (id, first_name) VALUES (1, 'Old'), (2, 'Older')`);

    await migrate(db, { migrationsFolder });

    const hashes = (await db.select({ hash: users.inviteHash }).from(users)).map((row) => row.hash);
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(hash).toMatch(/^[a-f0-9]{12}$/);
    expect(new Set(hashes).size).toBe(2);
    await client.close();
  });
});

describe('the history summary migration', () => {
  it('sums the ledger entries users already had into one row per operation and asset', async () => {
    const client = await PGlite.create();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo(6) });
    await seedCatalogue(db);
    const account = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const journal = (n: number) => `00000000-0000-4000-9000-00000000000${n}`;
    const [deposit, withdrawal, gift] = ['a', 'b', 'c'].map(
      (letter) => `${letter.repeat(8)}-0000-4000-8000-000000000000`,
    );
    await client.exec(`
      INSERT INTO users (id, first_name, invite_hash) VALUES (1, 'Old', 'aaaaaaaaaaaa'), (2, 'Older', 'bbbbbbbbbbbb');
      INSERT INTO ledger_accounts (id, user_id, asset_code, kind) VALUES
        ('${account(1)}', 1, 'TON', 'available'), ('${account(2)}', 1, 'TON', 'held'),
        ('${account(3)}', 2, 'TON', 'available'), ('${account(4)}', NULL, 'TON', 'external'),
        ('${account(5)}', NULL, 'TON', 'fees');
      BEGIN;
      INSERT INTO ledger_journals (id, operation_id, type, step, created_at) VALUES
        ('${journal(1)}', '${deposit}', 'deposit', 'credit', '2026-01-01 10:00:00.000001+00'),
        ('${journal(2)}', '${withdrawal}', 'withdrawal', 'hold', '2026-01-02 10:00:00+00'),
        ('${journal(3)}', '${withdrawal}', 'withdrawal', 'settle', '2026-01-02 11:00:00+00'),
        ('${journal(4)}', '${gift}', 'transfer', 'transfer', '2026-01-03 10:00:00+00');
      INSERT INTO ledger_entries (journal_id, account_id, amount) VALUES
        ('${journal(1)}', '${account(4)}', -1000), ('${journal(1)}', '${account(1)}', 1000),
        ('${journal(2)}', '${account(1)}', -110), ('${journal(2)}', '${account(2)}', 110),
        ('${journal(3)}', '${account(2)}', -110), ('${journal(3)}', '${account(4)}', 100),
        ('${journal(3)}', '${account(5)}', 10),
        ('${journal(4)}', '${account(1)}', -30), ('${journal(4)}', '${account(3)}', 30);
      COMMIT;
    `);

    await migrate(db, { migrationsFolder });

    const rows = await db
      .select({
        userId: ledgerUserOperations.userId,
        operationId: ledgerUserOperations.operationId,
        asset: ledgerUserOperations.assetCode,
        net: ledgerUserOperations.net,
        firstAt: sql<string>`to_char(${ledgerUserOperations.firstAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
      })
      .from(ledgerUserOperations)
      .orderBy(asc(ledgerUserOperations.firstAt), asc(ledgerUserOperations.userId));
    expect(rows).toEqual([
      { userId: 1, operationId: deposit, asset: 'TON', net: '1000', firstAt: '2026-01-01 10:00:00.000001' },
      { userId: 1, operationId: withdrawal, asset: 'TON', net: '-110', firstAt: '2026-01-02 10:00:00.000000' },
      { userId: 1, operationId: gift, asset: 'TON', net: '-30', firstAt: '2026-01-03 10:00:00.000000' },
      { userId: 2, operationId: gift, asset: 'TON', net: '30', firstAt: '2026-01-03 10:00:00.000000' },
    ]);
    await client.close();
  });
});
