import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetNetworks, assets, priceReferences } from '../../src/server/db/schema/catalogue';
import { seedCatalogue } from '../../src/server/modules/wallet/seed';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

describe('seeding the default catalogue', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('inserts 31 assets, 12 networks and a price for every asset in each of the 22 fiat currencies', async () => {
    expect(await seedCatalogue(database.handle.db)).toEqual({ assets: 31, networks: 12, prices: 31 * 22 });
  });

  it('inserts nothing when run again', async () => {
    expect(await seedCatalogue(database.handle.db)).toEqual({ assets: 0, networks: 0, prices: 0 });
    expect(await database.handle.db.$count(assets)).toBe(31);
    expect(await database.handle.db.$count(assetNetworks)).toBe(12);
    expect(await database.handle.db.$count(priceReferences)).toBe(31 * 22);
  });

  it('keeps what an operator changed', async () => {
    const { db } = database.handle;
    await db.update(assets).set({ isEnabled: false, name: 'Bitcoin (paused)' }).where(eq(assets.code, 'BTC'));
    await db.update(assetNetworks).set({ withdrawFee: '2000' }).where(eq(assetNetworks.assetCode, 'BTC'));
    await db
      .update(priceReferences)
      .set({ price: '100000', source: 'live' })
      .where(eq(priceReferences.assetCode, 'BTC'));

    await seedCatalogue(db);

    const [btc] = await db.select().from(assets).where(eq(assets.code, 'BTC'));
    const [btcNetwork] = await db.select().from(assetNetworks).where(eq(assetNetworks.assetCode, 'BTC'));
    const btcPrices = await db.select().from(priceReferences).where(eq(priceReferences.assetCode, 'BTC'));
    expect(btc).toMatchObject({ isEnabled: false, name: 'Bitcoin (paused)' });
    expect(btcNetwork?.withdrawFee).toBe('2000');
    expect(btcPrices.every((row) => row.source === 'live')).toBe(true);
  });

  it('puts back a default that was deleted', async () => {
    const { db } = database.handle;
    await db.delete(assets).where(eq(assets.code, 'JET'));

    expect(await seedCatalogue(db)).toEqual({ assets: 1, networks: 1, prices: 22 });
  });
});
