import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/migrations';
import { users } from '../../src/server/db/schema/users';

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
