import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import {
  type P2cListSnapshot,
  type P2cListUpdate,
  p2cListError,
  p2cListSnapshot,
  p2cListUpdate,
  p2cSocketEvents,
  p2cSocketPath,
} from '../../../src/contract/p2c';
import type { Database } from '../../../src/server/db/database';
import { p2cAccounts, p2cPayments, p2cPaymentTimers } from '../../../src/server/db/schema/p2c';
import type { TestServer } from './test-server';

/** Listens on a free port of this machine (once per server); answers the origin. */
export async function listening(server: TestServer): Promise<string> {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no port');
  return `http://127.0.0.1:${address.port}`;
}

/** What a socket heard, in order, checked against the contract. */
export type Heard =
  | { readonly event: 'snapshot'; readonly message: P2cListSnapshot }
  | { readonly event: 'update'; readonly message: P2cListUpdate }
  | { readonly event: 'error'; readonly code: string };

export interface ListSocket {
  readonly socket: Socket;
  readonly heard: Heard[];
  /** Resolves once `count` messages have been heard (rejects after 5 s). */
  heardAtLeast(count: number): Promise<Heard[]>;
  close(): void;
}

/** A socket.io client on the live list's path; connects with the session cookie, or `auth.token`. */
export function listSocket(
  origin: string,
  credential: { readonly cookie?: string; readonly authToken?: string } = {},
): ListSocket {
  const socket = io(origin, {
    path: p2cSocketPath,
    transports: ['websocket'],
    reconnection: false,
    ...(credential.cookie === undefined ? {} : { extraHeaders: { cookie: `kopilka_session=${credential.cookie}` } }),
    ...(credential.authToken === undefined ? {} : { auth: { token: credential.authToken } }),
  });
  const heard: Heard[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  socket.on(p2cSocketEvents.snapshot, (message: unknown) => {
    heard.push({ event: 'snapshot', message: p2cListSnapshot.parse(message) });
    notify();
  });
  socket.on(p2cSocketEvents.update, (message: unknown) => {
    heard.push({ event: 'update', message: p2cListUpdate.parse(message) });
    notify();
  });
  socket.on(p2cSocketEvents.error, (message: unknown) => {
    heard.push({ event: 'error', code: p2cListError.parse(message).code });
    notify();
  });
  return {
    socket,
    heard,
    heardAtLeast: (count) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (heard.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(heard.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`heard ${heard.length} of ${count} messages: ${JSON.stringify(heard)}`));
        }, 5000);
        waiters.add(check);
        check();
      }),
    close: () => socket.close(),
  };
}

/** Resolves on `connect`, rejects with the server's reason on `connect_error`. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) {
      resolve();
      return;
    }
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/** An `active` payment account of the merchant, written directly (the accounts flow has its own tests). */
export async function insertActiveAccount(db: Database, userId: number): Promise<void> {
  const now = new Date();
  await db.insert(p2cAccounts).values({
    userId,
    status: 'active',
    kind: 'card',
    bankId: 'sber',
    sealedDetails: 'sealed',
    numberLast4: '0001',
    numberDigest: randomBytes(16).toString('hex'),
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * A `pending` payment of `fiat` roubles for `reward` USDT smallest units (fee 1 %), with its
 * pending timer, written directly as the pay endpoint leaves it (without the ledger's hold,
 * which the live list never reads). Answers its id.
 */
export async function insertPendingPayment(
  db: Database,
  clientId: number,
  options: { readonly fiat: string; readonly reward: bigint; readonly createdAt: Date },
): Promise<number> {
  const fee = (options.reward + 99n) / 100n;
  const total = options.reward + fee;
  const [row] = await db
    .insert(p2cPayments)
    .values({
      clientId,
      uniqueHash: randomBytes(32).toString('hex'),
      requestDigest: 'digest',
      qrId: `AD${randomBytes(8).toString('hex').toUpperCase()}`,
      qrType: 'nspk',
      qrLink: 'https://qr.nspk.ru/AD00000000?type=02',
      payeeName: 'Coffee House',
      payeeBank: 'Sberbank',
      fiatAmount: options.fiat,
      assetCode: 'USDT',
      rate: '90',
      amount: options.reward.toString(),
      fee: fee.toString(),
      total: total.toString(),
      status: 'pending',
      escrow: total.toString(),
      createdAt: options.createdAt,
      updatedAt: options.createdAt,
    })
    .returning({ id: p2cPayments.id });
  if (row === undefined) throw new Error('no payment written');
  await db
    .insert(p2cPaymentTimers)
    .values({ paymentId: row.id, kind: 'pending', dueAt: new Date(options.createdAt.getTime() + 300_000) });
  return row.id;
}

/** The payment leaves the pending list as the pending timer leaves it: expired, escrow returned. */
export async function expirePayment(db: Database, paymentId: number): Promise<void> {
  await db.update(p2cPayments).set({ status: 'expired', escrow: '0' }).where(eq(p2cPayments.id, paymentId));
}
