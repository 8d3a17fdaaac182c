/**
 * A fake Kopilka API behind a stubbed `fetch`, for the account, settings and blocked tests: it
 * keeps the user's settings (GET and PUT /user/settings, merging like the server and saving
 * Europe/Kiev as Europe/Kyiv), the profile, a small catalogue and logout. A test can make a call
 * fail, and reads what was sent.
 */
import { queryOptions } from '@tanstack/react-query';
import { type SessionState, sessionQueryKey } from '../../../src/app/lib/session.ts';
import { normalizeTimeZone, type UserSettings } from '../../../src/contract/settings.ts';
import type { User } from '../../../src/contract/user.ts';
import type { Asset } from '../../../src/contract/wallet.ts';
import { cryptoAsset, fiatAsset } from '../support/assets.ts';
import { type Answer, baseSettings, ok, stubFetch } from '../support/fakeApi.ts';
import { type FakeSession, fakeSession } from '../support.tsx';

export const profile: User = {
  id: 42,
  first_name: 'Anna',
  last_name: 'Petrova',
  username: 'anna_p',
  photo_url: { small: null },
  language: 'en',
  timezone: 'Europe/Berlin',
};

export const catalogue: Record<string, Asset> = {
  TON: cryptoAsset('TON', 'Toncoin', 9, [], { url: 'https://ton.org' }),
  RUB: fiatAsset('RUB', 'Russian Ruble', '₽'),
  USD: fiatAsset('USD', 'US Dollar', '$'),
  EUR: fiatAsset('EUR', 'Euro', '€'),
  KGS: fiatAsset('KGS', 'Kyrgyzstani Som', 'KGS'),
};

type Call = 'getSettings' | 'putSettings' | 'getProfile' | 'listAssets' | 'logOut';

export interface FakeApi {
  settings: UserSettings;
  /** Calls that answer with this status (and a message) instead. */
  failing: Partial<Record<Call, number>>;
  /** Calls whose answer waits until `release()` (to see pending states). */
  holding: Set<Call>;
  release(): void;
  /** The bodies sent with PUT /user/settings, in order. */
  puts: unknown[];
  calls: Call[];
  /** A session whose settings query reads this API (a real sign-in machine, signed in). */
  session(): FakeSession;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function installFakeApi(settings: Partial<UserSettings> = {}): FakeApi {
  const waiting: Array<() => void> = [];
  const api: FakeApi = {
    settings: { ...baseSettings, ...settings },
    failing: {},
    holding: new Set(),
    release: () => {
      for (const resume of waiting.splice(0)) resume();
    },
    puts: [],
    calls: [],
    session() {
      const state: SessionState = { status: 'signed-in', settings: api.settings };
      return {
        ...fakeSession(state),
        queryOptions: queryOptions({
          queryKey: sessionQueryKey,
          queryFn: (): SessionState => ({ status: 'signed-in', settings: api.settings }),
          staleTime: 60_000,
          retry: false,
        }),
      };
    },
  };

  const answer = async (call: Call, respond: () => unknown): Promise<Answer> => {
    api.calls.push(call);
    if (api.holding.has(call)) await new Promise<void>((resume) => waiting.push(resume));
    const status = api.failing[call];
    if (status !== undefined) return { status, body: { code: 'failed', message: 'Failed on purpose' } };
    return ok(respond());
  };

  stubFetch(({ route, body }) => {
    switch (route) {
      case 'GET /user/settings':
        return answer('getSettings', () => api.settings);
      case 'PUT /user/settings':
        return answer('putSettings', () => {
          api.puts.push(body);
          if (!isRecord(body)) return api.settings;
          const next: UserSettings = { ...api.settings };
          if (body.language === 'en' || body.language === 'ru') next.language = body.language;
          if (typeof body.local_currency === 'string') next.local_currency = body.local_currency;
          if (typeof body.timezone === 'string') next.timezone = normalizeTimeZone(body.timezone);
          api.settings = next;
          return next;
        });
      case 'GET /user/profile':
        return answer('getProfile', () => profile);
      case 'GET /wallet/asset':
        return answer('listAssets', () => ({ assets: catalogue }));
      case 'POST /authentication/logout':
        return answer('logOut', () => ({ success: true }));
      default:
        return undefined;
    }
  });
  return api;
}
