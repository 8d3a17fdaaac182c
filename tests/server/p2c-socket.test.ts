import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p2cSocketEvents } from '../../src/contract/p2c';
import { openPostgres } from '../../src/server/db/client';
import { deleteSession } from '../../src/server/modules/auth/sessions';
import { inProcessLiveEvents } from '../../src/server/modules/p2c-payments/live-events';
import { p2cLiveListOf } from '../../src/server/realtime/p2c-socket';
import {
  connected,
  expirePayment,
  insertActiveAccount,
  insertPendingPayment,
  type ListSocket,
  listening,
  listSocket,
} from './helpers/p2c-live-list';
import { grantP2cMerchantLevel } from './helpers/p2c-merchants';
import { createTestServer, signInTestUser, type TestServer } from './helpers/test-server';

describe('the P2C live list socket', () => {
  const events = inProcessLiveEvents();
  let server: TestServer;
  let origin: string;
  const sockets: ListSocket[] = [];

  beforeAll(async () => {
    server = await createTestServer({
      p2cLiveEvents: events,
      rateLimits: { p2c_list_initialize: { perAccount: { limit: 5, windowMs: 60_000 } } },
    });
    origin = await listening(server);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  const db = () => server.database.db;
  const open = (credential: Parameters<typeof listSocket>[1]) => {
    const socket = listSocket(origin, credential);
    sockets.push(socket);
    return socket;
  };
  const person = () => signInTestUser(server.database, { lifetimeMs: 86_400_000 });
  async function merchant() {
    const who = await person();
    await grantP2cMerchantLevel(db(), who.userId);
    await insertActiveAccount(db(), who.userId);
    return who;
  }
  /** Removes every payment still pending from the list, so each test starts from an empty one. */
  async function clearPending(ids: readonly number[]) {
    for (const id of ids) await expirePayment(db(), id);
  }

  it('refuses a connection that brings no session', async () => {
    await expect(connected(open({}).socket)).rejects.toThrow('unauthorized');
  });

  it('refuses a connection whose session token is unknown', async () => {
    await expect(connected(open({ cookie: 'not-a-session-token' }).socket)).rejects.toThrow('unauthorized');
  });

  it('refuses a connection whose session has ended', async () => {
    const { token } = await person();
    await deleteSession(db(), token);
    await expect(connected(open({ cookie: token }).socket)).rejects.toThrow('unauthorized');
  });

  it('answers list:error to a signed-in person who is not a merchant', async () => {
    const { token } = await person();
    const socket = open({ cookie: token });
    await connected(socket.socket);
    socket.socket.emit(p2cSocketEvents.initialize);
    expect(await socket.heardAtLeast(1)).toEqual([{ event: 'error', code: 'p2c_take_forbidden' }]);
  });

  it('answers list:error to a person with the merchant level but no active account', async () => {
    const who = await person();
    await grantP2cMerchantLevel(db(), who.userId);
    const socket = open({ cookie: who.token });
    await connected(socket.socket);
    socket.socket.emit(p2cSocketEvents.initialize);
    expect(await socket.heardAtLeast(1)).toEqual([{ event: 'error', code: 'p2c_take_forbidden' }]);
  });

  it('sends a merchant the pending payments oldest first, then numbered updates adding and removing at the right positions', async () => {
    const client = await person();
    const first = await insertPendingPayment(db(), client.userId, {
      fiat: '1500',
      reward: 16_000_000n,
      createdAt: new Date('2026-11-24T10:00:00.000Z'),
    });
    const second = await insertPendingPayment(db(), client.userId, {
      fiat: '99.90',
      reward: 1_100_000n,
      createdAt: new Date('2026-11-24T10:01:00.000Z'),
    });
    const { token } = await merchant();
    const socket = open({ cookie: token });
    await connected(socket.socket);
    socket.socket.emit(p2cSocketEvents.initialize);
    const [snapshot] = await socket.heardAtLeast(1);
    expect(snapshot).toEqual({
      event: 'snapshot',
      message: {
        seq: 1,
        items: [
          {
            id: first,
            type: 'nspk',
            fiat_amount: '1500',
            fiat: 'RUB',
            asset: 'USDT',
            reward: '16000000',
            payee_bank: 'Sberbank',
            created_at: '2026-11-24T10:00:00.000Z',
            expires_at: '2026-11-24T10:05:00.000Z',
          },
          {
            id: second,
            type: 'nspk',
            fiat_amount: '99.9',
            fiat: 'RUB',
            asset: 'USDT',
            reward: '1100000',
            payee_bank: 'Sberbank',
            created_at: '2026-11-24T10:01:00.000Z',
            expires_at: '2026-11-24T10:06:00.000Z',
          },
        ],
      },
    });

    const third = await insertPendingPayment(db(), client.userId, {
      fiat: '250',
      reward: 2_700_000n,
      createdAt: new Date('2026-11-24T10:02:00.000Z'),
    });
    events.publish({ kind: 'added', paymentId: third });
    const [, added] = await socket.heardAtLeast(2);
    expect(added).toEqual({
      event: 'update',
      message: {
        seq: 2,
        operations: [
          {
            op: 'add',
            data: {
              id: third,
              type: 'nspk',
              fiat_amount: '250',
              fiat: 'RUB',
              asset: 'USDT',
              reward: '2700000',
              payee_bank: 'Sberbank',
              created_at: '2026-11-24T10:02:00.000Z',
              expires_at: '2026-11-24T10:07:00.000Z',
            },
          },
        ],
      },
    });

    // The list is [first, second, third]: the middle one goes, then the last (now at 1).
    await expirePayment(db(), second);
    events.publish({ kind: 'removed', paymentId: second });
    const [, , removedMiddle] = await socket.heardAtLeast(3);
    expect(removedMiddle).toEqual({ event: 'update', message: { seq: 3, operations: [{ op: 'remove', pos: 1 }] } });

    await expirePayment(db(), third);
    await expirePayment(db(), first);
    events.publish({ kind: 'removed', paymentId: third });
    const [, , , removedBoth] = await socket.heardAtLeast(4);
    expect(removedBoth).toEqual({
      event: 'update',
      message: {
        seq: 4,
        operations: [
          { op: 'remove', pos: 0 },
          { op: 'remove', pos: 0 },
        ],
      },
    });
  });

  it('accepts the mini app session sent as auth.token, and sends nothing before list:initialize', async () => {
    const client = await person();
    const { token } = await merchant();
    const socket = open({ authToken: token });
    await connected(socket.socket);
    const payment = await insertPendingPayment(db(), client.userId, {
      fiat: '100',
      reward: 1_000_000n,
      createdAt: new Date('2026-11-24T11:00:00.000Z'),
    });
    events.publish({ kind: 'added', paymentId: payment });
    socket.socket.emit(p2cSocketEvents.initialize, {});
    const [snapshot] = await socket.heardAtLeast(1);
    expect(snapshot?.event === 'snapshot' && snapshot.message.items.map((item) => item.id)).toEqual([payment]);
    expect(snapshot?.event === 'snapshot' && snapshot.message.seq).toBe(1);
    await clearPending([payment]);
  });

  it('ignores a list:initialize whose payload is not the contract’s', async () => {
    const { token } = await merchant();
    const socket = open({ cookie: token });
    await connected(socket.socket);
    socket.socket.emit(p2cSocketEvents.initialize, { since: 4 });
    socket.socket.emit(p2cSocketEvents.initialize, 'again');
    socket.socket.emit(p2cSocketEvents.initialize);
    const heard = await socket.heardAtLeast(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([{ event: 'snapshot', message: { seq: 1, items: [] } }]);
    expect(socket.heard).toHaveLength(1);
  });

  it('disconnects a socket whose session was signed out, at the next sweep', async () => {
    const { token } = await merchant();
    const socket = open({ cookie: token });
    await connected(socket.socket);
    socket.socket.emit(p2cSocketEvents.initialize);
    await socket.heardAtLeast(1);
    const disconnected = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));

    await p2cLiveListOf(server.app).sweep();
    expect(socket.socket.connected).toBe(true);
    await deleteSession(db(), token);
    await p2cLiveListOf(server.app).sweep();
    expect(await disconnected).toBe('io server disconnect');
  });

  it('brings a payment whose announcement was lost at the next sweep', async () => {
    const client = await person();
    const { token } = await merchant();
    const socket = open({ cookie: token });
    await connected(socket.socket);
    socket.socket.emit(p2cSocketEvents.initialize);
    expect(await socket.heardAtLeast(1)).toEqual([{ event: 'snapshot', message: { seq: 1, items: [] } }]);

    const unannounced = await insertPendingPayment(db(), client.userId, {
      fiat: '700',
      reward: 7_500_000n,
      createdAt: new Date('2026-11-24T13:00:00.000Z'),
    });
    await p2cLiveListOf(server.app).sweep();
    const [, update] = await socket.heardAtLeast(2);
    expect(update?.event === 'update' && update.message.seq).toBe(2);
    expect(update?.event === 'update' && update.message.operations.map((operation) => operation.op)).toEqual(['add']);
    expect(update?.event === 'update' && update.message.operations[0]).toMatchObject({ data: { id: unannounced } });
    await clearPending([unannounced]);
  });

  it('answers list:error rate_limited to the sixth initialise within a minute', async () => {
    const { token } = await merchant();
    const socket = open({ cookie: token });
    await connected(socket.socket);
    for (let time = 0; time < 6; time += 1) socket.socket.emit(p2cSocketEvents.initialize);
    const heard = await socket.heardAtLeast(6);
    expect(heard.map((message) => (message.event === 'error' ? message.code : message.event))).toEqual([
      'snapshot',
      'snapshot',
      'snapshot',
      'snapshot',
      'snapshot',
      'rate_limited',
    ]);
  });
});

describe('the P2C live list on two server instances', () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = adminUrl !== undefined && adminUrl !== '';

  // PGlite is one process's database: a second instance needs PostgreSQL.
  it.skipIf(!onPostgres)(
    'delivers the same updates to merchants on both instances, whichever instance announced the change',
    async () => {
      const firstEvents = inProcessLiveEvents();
      const secondEvents = inProcessLiveEvents();
      const first = await createTestServer({ p2cLiveEvents: firstEvents });
      const databaseUrl = new URL(adminUrl ?? '');
      const [current] = (
        await first.database.postgresPool?.query<{ name: string }>('SELECT current_database() AS name')
      )?.rows ?? [{ name: '' }];
      databaseUrl.pathname = `/${current?.name ?? ''}`;
      const secondHandle = openPostgres(databaseUrl.toString());
      const second = await createTestServer({ database: secondHandle, p2cLiveEvents: secondEvents });
      const sockets: ListSocket[] = [];
      try {
        const db = first.database.db;
        const [firstOrigin, secondOrigin] = [await listening(first), await listening(second)];
        for (const instance of [first, second]) {
          await expect
            .poll(() => p2cLiveListOf(instance.app).serverCount(), { timeout: 10_000, interval: 100 })
            .toBe(2);
        }
        const client = await signInTestUser(first.database, { lifetimeMs: 86_400_000 });
        const merchants = [
          await signInTestUser(first.database, { lifetimeMs: 86_400_000 }),
          await signInTestUser(first.database, { lifetimeMs: 86_400_000 }),
        ];
        for (const merchant of merchants) {
          await grantP2cMerchantLevel(db, merchant.userId);
          await insertActiveAccount(db, merchant.userId);
        }
        const onFirst = listSocket(firstOrigin, { cookie: merchants[0]?.token ?? '' });
        const onSecond = listSocket(secondOrigin, { cookie: merchants[1]?.token ?? '' });
        sockets.push(onFirst, onSecond);
        for (const socket of sockets) {
          await connected(socket.socket);
          socket.socket.emit(p2cSocketEvents.initialize);
          expect(await socket.heardAtLeast(1)).toEqual([{ event: 'snapshot', message: { seq: 1, items: [] } }]);
        }

        // Paid on the first instance: both merchants see it added.
        const payment = await insertPendingPayment(db, client.userId, {
          fiat: '1500',
          reward: 16_000_000n,
          createdAt: new Date('2026-11-24T12:00:00.000Z'),
        });
        firstEvents.publish({ kind: 'added', paymentId: payment });
        const added = {
          event: 'update',
          message: {
            seq: 2,
            operations: [
              {
                op: 'add',
                data: {
                  id: payment,
                  type: 'nspk',
                  fiat_amount: '1500',
                  fiat: 'RUB',
                  asset: 'USDT',
                  reward: '16000000',
                  payee_bank: 'Sberbank',
                  created_at: '2026-11-24T12:00:00.000Z',
                  expires_at: '2026-11-24T12:05:00.000Z',
                },
              },
            ],
          },
        };
        expect((await onFirst.heardAtLeast(2))[1]).toEqual(added);
        expect((await onSecond.heardAtLeast(2))[1]).toEqual(added);

        // Expired by the second instance's timer: both see it removed.
        await expirePayment(db, payment);
        secondEvents.publish({ kind: 'removed', paymentId: payment });
        const removed = { event: 'update', message: { seq: 3, operations: [{ op: 'remove', pos: 0 }] } };
        expect((await onFirst.heardAtLeast(3))[2]).toEqual(removed);
        expect((await onSecond.heardAtLeast(3))[2]).toEqual(removed);
      } finally {
        for (const socket of sockets) socket.close();
        await second.close();
        await secondHandle.close();
        await first.close();
      }
    },
  );
});
