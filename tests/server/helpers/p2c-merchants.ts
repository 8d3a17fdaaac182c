import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { type P2cAccount, p2cAccount } from '../../../src/contract/p2c';
import { levelSteps } from '../../../src/contract/verification';
import type { Database } from '../../../src/server/db/database';
import { p2cPaymentHistory, p2cPayments } from '../../../src/server/db/schema/p2c';
import { verificationSteps } from '../../../src/server/db/schema/verification';
import { inTransaction } from '../../../src/server/ledger/ledger';
import { createSession } from '../../../src/server/modules/auth/sessions';
import { holdPayment } from '../../../src/server/modules/p2c-payments/escrow';
import { inProcessLiveEvents, type P2cLiveEvent } from '../../../src/server/modules/p2c-payments/live-events';
import { replaceP2cTimer } from '../../../src/server/modules/p2c-payments/timer-schedule';
import { upsertUser } from '../../../src/server/modules/users/service';
import { multipartPost, sampleFiles } from './multipart';
import { type Call, caller, ok } from './security';
import { createTestServer, signInTestUser, type TestServer } from './test-server';

/** The operator's Telegram id in the P2C tests (OPERATOR_IDS). */
export const p2cSupportId = 990_000_014;

export interface Person {
  readonly userId: number;
  readonly token: string;
  readonly send: Call;
}

export interface P2cTestServer {
  readonly server: () => TestServer;
  readonly db: () => Database;
  readonly setNow: (now: Date) => void;
  readonly person: () => Promise<Person>;
  /** A person holding the `p2c-merchant` verification level (every step completed). */
  readonly merchant: () => Promise<Person>;
  readonly support: () => Person;
  /** Uploads a PNG as a document of the account; answers the account. */
  readonly uploadDocument: (who: Person, accountId: number) => Promise<P2cAccount>;
  /** A new card of the merchant's taken through documents, submit and support's approval: `active`. */
  readonly activeAccount: (who: Person) => Promise<P2cAccount>;
  /** What the server announced to the merchants' live list, in order. */
  readonly liveEvents: P2cLiveEvent[];
  /** The client's payment of a shop's code, `pending`, as paying leaves it (see {@link PendingPaymentTerms}). */
  readonly pendingPayment: (clientId: number, terms: PendingPaymentTerms) => Promise<number>;
}

/** A payment's terms as a quote fixed them: roubles, the asset, and what the merchant and the fee get. */
export interface PendingPaymentTerms {
  readonly fiatAmount: string;
  readonly asset: 'USDT' | 'TON';
  readonly rate: string;
  readonly amount: bigint;
  readonly fee: bigint;
}

/** Every step of the `p2c-merchant` level completed, as the identity provider's approvals leave them. */
export async function grantP2cMerchantLevel(db: Database, userId: number): Promise<void> {
  await db.insert(verificationSteps).values(
    levelSteps['p2c-merchant'].map((type) => ({
      userId,
      type,
      status: 'completed' as const,
      result: 'OK' as const,
      updatedAt: new Date(),
    })),
  );
}

let nextCard = 1;

/**
 * A card number no other test has used: 2200 (a Mir card), a running number, and the Luhn check
 * digit computed here by the textbook rule (double every second digit from the right).
 */
export function freshCardNumber(): string {
  const body = `2200${String(nextCard++).padStart(11, '0')}`;
  let sum = 0;
  [...body].reverse().forEach((char, index) => {
    const digit = Number(char);
    const doubled = index % 2 === 0 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * Within a describe block: a server with `show_p2c` on for everyone and one operator; in local
 * mode (the stand-in pages) when asked.
 */
export function p2cTestServer(options: { readonly localMode?: boolean } = {}): P2cTestServer {
  let server: TestServer | undefined;
  let support: Person | undefined;
  const liveEvents: P2cLiveEvent[] = [];
  const events = inProcessLiveEvents();
  events.subscribe((event) => liveEvents.push(event));

  beforeAll(async () => {
    server = await createTestServer({
      featureFlags: { public: ['show_p2c'], tester: [], testerIds: new Set() },
      operatorIds: [p2cSupportId],
      p2cLiveEvents: events,
      ...(options.localMode === true ? { telegram: { localMode: true } } : {}),
    });
    await upsertUser(server.database.db, { id: p2cSupportId, firstName: 'Sam', username: 'support_sam' });
    const { token } = await createSession(server.database.db, p2cSupportId, {});
    support = { userId: p2cSupportId, token, send: caller(server, token) };
  });
  afterAll(() => server?.close());

  const started = (): TestServer => {
    if (server === undefined) throw new Error('the P2C server is used before its tests start');
    return server;
  };
  const db = () => started().database.db;

  async function person(): Promise<Person> {
    const { userId, token } = await signInTestUser(started().database, { lifetimeMs: 365 * 86_400_000 });
    return { userId, token, send: caller(started(), token) };
  }

  async function merchant(): Promise<Person> {
    const who = await person();
    await grantP2cMerchantLevel(db(), who.userId);
    return who;
  }

  async function uploadDocument(who: Person, accountId: number): Promise<P2cAccount> {
    const response = await started().app.inject(
      multipartPost(`/api/v1/p2c/accounts/${accountId}/documents`, who.token, [
        { name: 'file', filename: 'statement.png', contentType: 'image/png', content: sampleFiles.png },
      ]),
    );
    return ok(response, p2cAccount);
  }

  const supportPerson = (): Person => {
    if (support === undefined) throw new Error('the P2C server is used before its tests start');
    return support;
  };

  async function activeAccount(who: Person): Promise<P2cAccount> {
    const created = ok(
      await who.send('POST', '/p2c/accounts', {
        kind: 'card',
        bank_id: 'sber',
        number: freshCardNumber(),
        holder_name: 'IVAN PETROV',
      }),
      p2cAccount,
    );
    await uploadDocument(who, created.id);
    ok(await who.send('POST', `/p2c/accounts/${created.id}/submit`), p2cAccount);
    const decided = await supportPerson().send('POST', `/operator/p2c/accounts/${created.id}/decide`, {
      decision: 'approve',
      note: '',
    });
    if (decided.statusCode !== 200) throw new Error(`approving the account answered ${decided.body}`);
    return ok(await who.send('GET', `/p2c/accounts/${created.id}`), p2cAccount);
  }

  /**
   * The payment as the payments module's pay step writes it, written here with that module's own
   * money and timer functions (the pay call itself needs a shop's code, a quote and a passcode).
   */
  async function pendingPayment(clientId: number, terms: PendingPaymentTerms): Promise<number> {
    const now = new Date();
    const total = terms.amount + terms.fee;
    return inTransaction(db(), async (tx) => {
      const id = randomBytes(8).toString('hex').toUpperCase();
      const [row] = await tx
        .insert(p2cPayments)
        .values({
          clientId,
          uniqueHash: randomBytes(32).toString('hex'),
          requestDigest: 'test',
          qrId: `AD${id}`,
          qrType: 'nspk',
          qrLink: `https://qr.nspk.ru/AD${id}?type=02&bank=100000000111&sum=150000&cur=RUB&crc=ABCD`,
          payeeName: 'Coffee House',
          payeeBank: 'Sberbank',
          purpose: null,
          fiatAmount: terms.fiatAmount,
          assetCode: terms.asset,
          rate: terms.rate,
          amount: terms.amount.toString(),
          fee: terms.fee.toString(),
          total: total.toString(),
          status: 'pending',
          escrow: total.toString(),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (row === undefined) throw new Error('the pending payment was not written');
      await holdPayment(tx, row);
      await tx
        .insert(p2cPaymentHistory)
        .values({ paymentId: row.id, fromStatus: null, toStatus: 'pending', actor: 'client', at: now });
      await replaceP2cTimer(tx, row.id, 'pending', now);
      return row.id;
    });
  }

  return {
    liveEvents,
    pendingPayment,
    server: started,
    db,
    setNow: (now) => started().setNow(now),
    person,
    merchant,
    support: supportPerson,
    uploadDocument,
    activeAccount,
  };
}
