import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p2cSocketEvents } from '../../src/contract/p2c';
import { openPostgres } from '../../src/server/db/client';
import { createSession } from '../../src/server/modules/auth/sessions';
import { p2cLiveListOf } from '../../src/server/realtime/p2c-socket';
import { connected, insertActiveAccount, type ListSocket, listening, listSocket } from './helpers/p2c-live-list';
import { grantP2cMerchantLevel } from './helpers/p2c-merchants';
import { caller } from './helpers/security';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

// A session that ends takes its live list sockets with it at once, not at the next sweep (every
// 15 s): the server announces the end and the live list checks its sockets' sessions then
// (docs/p2c.md "The live list"). No test here runs the sweep.
/** Settles with the reason the socket was disconnected, or fails after 2 s (the sweep is 15 s away). */
function disconnection(socket: ListSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected after 2 s')), 2000);
    socket.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('the P2C live list when a session ends', () => {
  let server: TestServer;
  let origin: string;
  const sockets: ListSocket[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    origin = await listening(server);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  const db = () => server.database.db;
  /** Another session of the same person (another device). */
  const secondSession = (userId: number) => createSession(db(), userId, { lifetimeMs: 86_400_000 });

  /** A merchant's session watching the list; answers it after its snapshot. */
  async function watching(token: string): Promise<ListSocket> {
    const socket = listSocket(origin, { cookie: token });
    sockets.push(socket);
    await connected(socket.socket);
    socket.socket.emit(p2cSocketEvents.initialize);
    await socket.heardAtLeast(1);
    return socket;
  }
  async function merchant() {
    const who = await signInTestUser(server.database, { lifetimeMs: 86_400_000 });
    await grantP2cMerchantLevel(db(), who.userId);
    await insertActiveAccount(db(), who.userId);
    return who;
  }
  it("signing out disconnects that session's socket at once, and no one else's", async () => {
    const [leaving, staying] = [await merchant(), await merchant()];
    const [leavingSocket, stayingSocket] = [await watching(leaving.token), await watching(staying.token)];
    const disconnected = disconnection(leavingSocket);

    const answer = await caller(server, leaving.token)('POST', '/authentication/logout');
    expect(answer.statusCode).toBe(200);

    expect(await disconnected).toBe('io server disconnect');
    expect(stayingSocket.socket.connected).toBe(true);
  });

  it("ending the other sessions from another device disconnects their sockets at once, not this device's", async () => {
    const phone = await merchant();
    const laptop = await secondSession(phone.userId);
    const [phoneSocket, laptopSocket] = [await watching(phone.token), await watching(laptop.token)];
    const disconnected = disconnection(phoneSocket);

    const answer = await caller(server, laptop.token)('DELETE', '/security/sessions');
    expect(answer.statusCode).toBe(200);

    expect(await disconnected).toBe('io server disconnect');
    expect(laptopSocket.socket.connected).toBe(true);
  });
});

describe('the P2C live list on two server instances when a session ends', () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = adminUrl !== undefined && adminUrl !== '';

  // PGlite is one process's database: a second instance needs PostgreSQL.
  it.skipIf(!onPostgres)('signing out on one instance disconnects the socket on the other at once', async () => {
    const first = await createTestServer();
    const databaseUrl = new URL(adminUrl ?? '');
    const [current] = (await first.database.postgresPool?.query<{ name: string }>('SELECT current_database() AS name'))
      ?.rows ?? [{ name: '' }];
    databaseUrl.pathname = `/${current?.name ?? ''}`;
    const second = await createTestServer({ database: openPostgres(databaseUrl.toString()) });
    try {
      await listening(first);
      for (const instance of [first, second]) {
        await expect.poll(() => p2cLiveListOf(instance.app).serverCount(), { timeout: 10_000, interval: 100 }).toBe(2);
      }
      const merchant = await signInTestUser(first.database, { lifetimeMs: 86_400_000 });
      await grantP2cMerchantLevel(first.database.db, merchant.userId);
      await insertActiveAccount(first.database.db, merchant.userId);
      const onSecond = listSocket(await listening(second), { cookie: merchant.token });
      try {
        await connected(onSecond.socket);
        onSecond.socket.emit(p2cSocketEvents.initialize);
        await onSecond.heardAtLeast(1);
        const disconnected = disconnection(onSecond);

        expect((await caller(first, merchant.token)('POST', '/authentication/logout')).statusCode).toBe(200);

        expect(await disconnected).toBe('io server disconnect');
      } finally {
        onSecond.close();
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
