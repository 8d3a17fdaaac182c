import type { APIRequest, APIRequestContext, APIResponse, Browser } from '@playwright/test';
import * as z from 'zod/mini';
import { signedContact, signedInitData } from './auth.ts';
import { decideOnLocalProvider } from './identityProvider.ts';
import { expect } from './test.ts';
import { newTelegramUserId, passportImage } from './verification.ts';

/**
 * A person of the P2P journeys, set up through the API the way the app's own screens would do it
 * (those screens have journeys of their own): signed in as the mini app signs in (init data of
 * their Telegram account, the session token as a bearer token), so the same person can then open
 * the mini app in a browser with `miniAppUrl(path, { userId: person.telegramId })`.
 */
export class MarketUser {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly origin: string,
    private readonly token: string,
    readonly telegramId: number,
  ) {}

  /**
   * A new Telegram account, signed in, with a request context of its own (a sign-in's session
   * cookie would end another person's session in a shared one). Its first name is the one
   * `miniAppUrl` launches with; its language the one Telegram reports, which the wallet keeps as
   * the person's (so launch the mini app with the same). `dispose()` when done.
   */
  static async signIn(api: APIRequest, origin: string, language: 'en' | 'ru'): Promise<MarketUser> {
    const request = await api.newContext();
    const telegramId = newTelegramUserId();
    const initData = signedInitData({
      id: telegramId,
      first_name: 'Anna',
      last_name: 'Test',
      username: 'anna_test',
      language_code: language,
    });
    const answer = await request.post(`${origin}/api/v1/authentication/webapp`, { data: { initData } });
    expect(answer.status(), await answer.text()).toBe(200);
    const token = answer.headers()['x-session-token'];
    if (token === undefined) throw new Error('The sign-in answered no session token');
    return new MarketUser(request, origin, token, telegramId);
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }

  private get authorization(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }

  /** The answer's JSON once the call succeeded, read through `schema` (the fields a test uses). */
  private async answerOf<T>(answer: APIResponse, what: string, schema: z.ZodMiniType<T>): Promise<T> {
    expect(answer.status(), `${what}: ${await answer.text()}`).toBe(200);
    return z.parse(schema, await answer.json());
  }

  async get<T>(path: string, schema: z.ZodMiniType<T>): Promise<T> {
    const answer = await this.request.get(`${this.origin}/api/v1${path}`, { headers: this.authorization });
    return this.answerOf(answer, `GET ${path}`, schema);
  }

  async post<T>(path: string, data: unknown, schema: z.ZodMiniType<T>): Promise<T> {
    const answer = await this.request.post(`${this.origin}/api/v1${path}`, { data, headers: this.authorization });
    return this.answerOf(answer, `POST ${path}`, schema);
  }

  async put<T>(path: string, data: unknown, schema: z.ZodMiniType<T>): Promise<T> {
    const answer = await this.request.put(`${this.origin}/api/v1${path}`, { data, headers: this.authorization });
    return this.answerOf(answer, `PUT ${path}`, schema);
  }

  /** A file sent as the multipart field `file` (an upload endpoint of the API), answered through `schema`. */
  async upload<T>(
    path: string,
    file: { readonly name: string; readonly mimeType: string; readonly buffer: Buffer },
    schema: z.ZodMiniType<T>,
  ): Promise<T> {
    const answer = await this.request.post(`${this.origin}/api/v1${path}`, {
      headers: this.authorization,
      multipart: { file },
    });
    return this.answerOf(answer, `POST ${path}`, schema);
  }

  /**
   * Whole `amount` USDT arriving from the test-network chain at the person's TRON deposit
   * address (the simulator's `npm run chain -- deposit <address> <amount> USDT --network TRX`).
   */
  async receiveUsdt(amount: string): Promise<void> {
    const { items } = await this.get(
      '/wallet/address/TRX',
      z.object({ items: z.array(z.object({ address: z.string() })) }),
    );
    const address = items[0]?.address;
    if (address === undefined) throw new Error('The person has no TRON deposit address');
    const deposit = await this.request.post(`${this.origin}/local/chain/deposit`, {
      data: { network: 'TRX', asset: 'USDT', address, amount },
    });
    expect(deposit.status(), await deposit.text()).toBe(200);
    expect(await deposit.json()).toMatchObject({ status: 'credited', asset: 'USDT' });
  }

  /**
   * Passport verification (spec 001 "Verification status": passport = SUMSUB_BASIC completed), the
   * steps the level screens take: the phone shared from Telegram, the personal data of an adult in
   * Germany, the passport uploaded and sent for review; then the reviewer approves it on the local
   * identity provider's page, in a browser of their own.
   */
  async verifyPassport(browser: Browser): Promise<void> {
    const contact = signedContact({ user_id: this.telegramId, phone_number: '491701234567', first_name: 'Anna' });
    await this.post('/verification/phone', { response: contact }, z.unknown());
    await this.post(
      '/verification/personal-data',
      {
        first_name: 'Anna',
        last_name: 'Test',
        date_of_birth: '1990-04-12',
        country: 'DE',
        city: 'Berlin',
        address: 'Unter den Linden 1',
      },
      z.unknown(),
    );
    await this.passProviderStep(browser, 'SUMSUB_BASIC', 'passport.png');
    const overview = await this.get('/verification', z.object({ passport: z.object({ completed: z.boolean() }) }));
    expect(overview.passport.completed).toBe(true);
  }

  /**
   * The `p2c-merchant` level (spec 000: passport, proof of address and a video selfie): the
   * passport as {@link verifyPassport}, then the other two steps sent and approved the same way.
   */
  async verifyP2cMerchant(browser: Browser): Promise<void> {
    await this.verifyPassport(browser);
    await this.passProviderStep(browser, 'SUMSUB_ADDRESS', 'utility-bill.png');
    await this.passProviderStep(browser, 'SUMSUB_VIDEO', 'selfie.png');
    const level = await this.get(
      '/verification-flow/p2c-merchant',
      z.object({ steps: z.array(z.object({ type: z.string(), status: z.string() })) }),
    );
    expect(level.steps.map((step) => `${step.type} ${step.status}`)).toEqual([
      'PHONE_NUMBER completed',
      'BASIC completed',
      'SUMSUB_BASIC completed',
      'SUMSUB_ADDRESS completed',
      'SUMSUB_VIDEO completed',
    ]);
  }

  /** One identity-provider step: an image uploaded and submitted, approved on the local provider. */
  private async passProviderStep(browser: Browser, type: string, fileName: string): Promise<void> {
    const file = await this.upload(
      `/verification/provider/${type}/files`,
      { name: fileName, mimeType: 'image/png', buffer: passportImage },
      z.object({ id: z.string() }),
    );
    await this.post(`/verification/provider/${type}/submit`, { file_ids: [file.id] }, z.unknown());
    await decideOnLocalProvider(browser, this.origin, this.telegramId, { decision: 'approve' });
  }
}

/**
 * The reference price of one whole `asset` in `fiat` the market uses now (`GET
 * /p2p/currencies/fiats`), as the server answers it (a fiat amount, 2 decimals).
 */
export async function referencePrice(person: MarketUser, asset: string, fiat: string): Promise<string> {
  const { fiats } = await person.get(
    '/p2p/currencies/fiats',
    z.object({ fiats: z.array(z.object({ code: z.string(), prices: z.record(z.string(), z.string()) })) }),
  );
  const price = fiats.find((entry) => entry.code === fiat)?.prices[asset];
  if (price === undefined) throw new Error(`The market has no ${asset} price in ${fiat}`);
  return price;
}

/**
 * A floating price worked out by hand, not by the code under test: reference × ratio ÷ 100,
 * rounded half up to kopecks, in integer hundredths so no binary fraction creeps in. Both inputs
 * are decimal strings with at most 2 decimals ("81.37", "102.5").
 */
export function floatingPrice(reference: string, ratio: string): string {
  const hundredths = (value: string): bigint => {
    const [whole, fraction = ''] = value.split('.');
    return BigInt(whole ?? '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  };
  // (ref × 100) × (ratio × 100) is the price × 10^6; in hundredths: ÷ 10^4, half up.
  const product = hundredths(reference) * hundredths(ratio);
  const priceHundredths = (product + 5_000n) / 10_000n;
  const whole = priceHundredths / 100n;
  const fraction = (priceHundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}
