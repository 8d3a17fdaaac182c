import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import * as z from 'zod/mini';
import { type P2cAsset, p2cClientPayment, p2cQrCode, p2cQuote } from '../../../src/contract/p2c';
import { buildP2cQrLink } from '../../../src/contract/p2c-qr-link';
import type { Database } from '../../../src/server/db/database';
import { p2cAccounts, p2cPayments, paymentSystemCodes } from '../../../src/server/db/schema/p2c';
import { verificationSteps } from '../../../src/server/db/schema/verification';
import { localPaymentSystem } from '../../../src/server/integrations/payment-system/local-payment-system';
import { inTransaction } from '../../../src/server/ledger/ledger';
import { inProcessLiveEvents, type P2cLiveEvent } from '../../../src/server/modules/p2c-payments/live-events';
import { replaceP2cTimer } from '../../../src/server/modules/p2c-payments/timer-schedule';
import { type P2cTimerStep, runDueP2cTimers } from '../../../src/server/modules/p2c-payments/timers';
import { completePayment, resolveDispute } from '../../../src/server/modules/p2c-payments/transitions';
import { issueToken } from '../../../src/server/modules/security/tokens';
import { creditUser } from './ledger';
import { settablePriceFeed } from './p2p-offers';
import { type Call, caller } from './security';
import { createTestServer, signInTestUser, type TestServer } from './test-server';

export interface Client {
  readonly userId: number;
  readonly send: Call;
}

export interface Merchant {
  readonly userId: number;
  readonly accountId: number;
  readonly send: Call;
}

export const qrAnswer = z.object({ qr: p2cQrCode, quote: z.nullable(p2cQuote), payment_id: z.nullable(z.int()) });

/** A shop's code as the local stand-in shop issues it. */
export interface IssuedCode {
  readonly id: string;
  readonly link: string;
}

export interface P2cClientServer {
  readonly server: () => TestServer;
  readonly db: () => Database;
  readonly now: () => Date;
  /** Moves the server's clock (and the timers' and tokens'). */
  readonly advance: (ms: number) => void;
  /** A person with the `p2c-client` level holding `usdt` smallest units of USDT (and `ton` of TON). */
  readonly client: (balances?: { readonly usdt?: bigint; readonly ton?: bigint }) => Promise<Client>;
  /** A person with an (inserted) active payment account; the merchant's side is driven through the module's functions. */
  readonly merchant: () => Promise<Merchant>;
  /** A payable code for `kopecks` issued by the stand-in shop. */
  readonly issueCode: (kopecks: bigint) => Promise<IssuedCode>;
  /** Marks a code paid at the payment system, as the stand-in bank does. */
  readonly markCodePaid: (id: string) => Promise<void>;
  /** GET /p2c/qr/{id} parsed. */
  readonly lookup: (who: Client, id: string, asset?: P2cAsset) => Promise<z.infer<typeof qrAnswer>>;
  /** A passcode token of purpose p2c_qr bound to `hash`, as the passcode check issues it. */
  readonly token: (who: Client, hash: string) => Promise<string>;
  /** Looks the code up and pays it with a fresh quote, hash and token; answers the response. */
  readonly pay: (who: Client, id: string, asset?: P2cAsset) => ReturnType<Call>;
  /** Pays and answers the created payment. */
  readonly paid: (who: Client, id: string, asset?: P2cAsset) => Promise<z.infer<typeof p2cClientPayment>>;
  /** The merchant takes the pending payment (written as the take does: processing, its timer). */
  readonly take: (paymentId: number, merchant: Merchant) => Promise<boolean>;
  /** The merchant marks it paid through the module's completion. */
  readonly complete: (paymentId: number, merchant: Merchant) => Promise<void>;
  readonly resolve: (paymentId: number, outcome: 'confirm' | 'refund') => Promise<void>;
  readonly runTimers: () => Promise<P2cTimerStep[]>;
  readonly payment: (id: number) => Promise<typeof p2cPayments.$inferSelect>;
  /** What the server announced to the merchants' live list, in order. */
  readonly liveEvents: P2cLiveEvent[];
}

/** A 64-character unique_hash, as the app makes one per pay attempt. */
export function uniqueHash(): string {
  return randomBytes(48)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 64);
}

/** The `p2c-client` level: phone, the personal data form and the passport check completed. */
export async function grantP2cClientLevel(db: Database, userId: number): Promise<void> {
  const steps = ['PHONE_NUMBER', 'BASIC', 'SUMSUB_BASIC'] as const;
  await db.insert(verificationSteps).values(
    steps.map((type) => ({
      userId,
      type,
      status: 'completed' as const,
      result: 'OK' as const,
      updatedAt: new Date(),
    })),
  );
}

let nextCode = 1;

/**
 * Within a describe block: a server with `show_p2c` on for everyone, USDT at 81 RUB and TON at
 * 400 RUB, the P2C rate limits lifted unless asked (the bursts here are the point), and a clock the
 * test moves.
 */
export function p2cClientServer(
  options: {
    /** The local-mode stand-ins (and controls). */
    readonly localMode?: boolean;
    /** Keep the real P2C rate limits instead of lifting them. */
    readonly rateLimited?: boolean;
  } = {},
): P2cClientServer {
  let server: TestServer | undefined;
  let clock = new Date('2026-11-24T12:00:00.000Z');
  const prices = settablePriceFeed({ 'USDT/RUB': '81', 'TON/RUB': '400' });
  const liveEvents: P2cLiveEvent[] = [];
  const live = inProcessLiveEvents();
  live.subscribe((event) => liveEvents.push(event));

  beforeAll(async () => {
    server = await createTestServer({
      featureFlags: { public: ['show_p2c'], tester: [], testerIds: new Set() },
      priceFeed: prices.feed,
      now: clock,
      p2cLiveEvents: live,
      ...(options.rateLimited === true ? {} : { rateLimits: { p2c_qr_pay: {}, p2c_qr_lookup: {} } }),
      ...(options.localMode === true ? { telegram: { localMode: true } } : {}),
    });
  });
  afterAll(() => server?.close());

  const started = (): TestServer => {
    if (server === undefined) throw new Error('the P2C server is used before its tests start');
    return server;
  };
  const db = () => started().database.db;
  const now = () => clock;

  async function client(balances: { readonly usdt?: bigint; readonly ton?: bigint } = {}): Promise<Client> {
    const { userId, token } = await signInTestUser(started().database, { now: clock, lifetimeMs: 365 * 86_400_000 });
    await grantP2cClientLevel(db(), userId);
    if (balances.usdt !== undefined) await creditUser(db(), { userId, asset: 'USDT', amount: balances.usdt });
    if (balances.ton !== undefined) await creditUser(db(), { userId, asset: 'TON', amount: balances.ton });
    return { userId, send: caller(started(), token) };
  }

  async function merchant(): Promise<Merchant> {
    const { userId, token } = await signInTestUser(started().database, { now: clock, lifetimeMs: 365 * 86_400_000 });
    const [account] = await db()
      .insert(p2cAccounts)
      .values({
        userId,
        status: 'active',
        kind: 'card',
        bankId: 'sber',
        sealedDetails: 'sealed',
        numberLast4: '4242',
        numberDigest: `digest-${userId}`,
        createdAt: clock,
        updatedAt: clock,
      })
      .returning({ id: p2cAccounts.id });
    if (account === undefined) throw new Error('the account was not written');
    return { userId, accountId: account.id, send: caller(started(), token) };
  }

  async function issueCode(kopecks: bigint): Promise<IssuedCode> {
    const id = `AS${String(nextCode++).padStart(6, '0')}${randomBytes(12).toString('hex').toUpperCase()}`;
    const link = buildP2cQrLink({ type: 'nspk', id, codeKind: '02', bank: '100000000111', kopecks });
    const whole = kopecks / 100n;
    const cents = (kopecks % 100n).toString().padStart(2, '0');
    await db()
      .insert(paymentSystemCodes)
      .values({
        id,
        type: 'nspk',
        link,
        payeeName: 'Coffee House',
        payeeBank: 'Sberbank',
        payeeBankId: '100000000111',
        fiatAmount: `${whole}.${cents}`,
        purpose: 'Order 17',
        issuedAt: clock,
      });
    return { id, link };
  }

  async function markCodePaid(id: string): Promise<void> {
    await db().update(paymentSystemCodes).set({ paidAt: clock }).where(eq(paymentSystemCodes.id, id));
  }

  async function lookup(who: Client, id: string, asset: P2cAsset = 'USDT') {
    const response = await who.send('GET', `/p2c/qr/${id}?asset=${asset}`);
    if (response.statusCode !== 200) throw new Error(`the lookup answered ${response.statusCode} ${response.body}`);
    return z.parse(qrAnswer, response.json());
  }

  const token = (who: Client, hash: string) =>
    issueToken(
      db(),
      { userId: who.userId, kind: 'confirmation', transactionType: 'p2c_qr', operationHash: hash },
      clock,
    );

  async function pay(who: Client, id: string, asset: P2cAsset = 'USDT') {
    const { quote } = await lookup(who, id, asset);
    const hash = uniqueHash();
    return who.send('POST', `/p2c/qr/${id}/pay`, {
      asset,
      quote_id: quote?.id ?? 'none',
      unique_hash: hash,
      token: await token(who, hash),
    });
  }

  async function paid(who: Client, id: string, asset: P2cAsset = 'USDT') {
    const response = await pay(who, id, asset);
    if (response.statusCode !== 200) throw new Error(`paying answered ${response.statusCode} ${response.body}`);
    return z.parse(p2cClientPayment, response.json());
  }

  /** As the take does: only a pending payment, in one conditional update; answers whether this merchant got it. */
  async function take(paymentId: number, who: Merchant): Promise<boolean> {
    return inTransaction(db(), async (tx) => {
      const taken = await tx
        .update(p2cPayments)
        .set({ status: 'processing', merchantId: who.userId, takenAt: clock, updatedAt: clock })
        .where(and(eq(p2cPayments.id, paymentId), eq(p2cPayments.status, 'pending')))
        .returning({ id: p2cPayments.id });
      if (taken.length === 0) return false;
      await replaceP2cTimer(tx, paymentId, 'processing', clock);
      return true;
    });
  }

  async function complete(paymentId: number, who: Merchant): Promise<void> {
    await inTransaction(db(), (tx) =>
      completePayment(tx, paymentId, { merchantId: who.userId, accountId: who.accountId }, clock),
    );
  }

  async function resolve(paymentId: number, outcome: 'confirm' | 'refund'): Promise<void> {
    const { userId } = await signInTestUser(started().database, { now: clock });
    await inTransaction(db(), (tx) =>
      resolveDispute(tx, paymentId, { outcome, note: 'Checked', operatorId: userId }, clock),
    );
  }

  const runTimers = () => runDueP2cTimers({ db: db(), paymentSystem: localPaymentSystem(db()), live }, clock);

  async function payment(id: number) {
    const [row] = await db().select().from(p2cPayments).where(eq(p2cPayments.id, id));
    if (row === undefined) throw new Error(`no payment ${id}`);
    return row;
  }

  return {
    server: started,
    db,
    now,
    advance: (ms) => {
      clock = new Date(clock.getTime() + ms);
      started().setNow(clock);
    },
    client,
    merchant,
    issueCode,
    markCodePaid,
    lookup,
    token,
    pay,
    paid,
    take,
    complete,
    resolve,
    runTimers,
    payment,
    liveEvents,
  };
}
