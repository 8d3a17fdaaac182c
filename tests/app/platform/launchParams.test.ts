import { describe, expect, it } from 'vitest';
import {
  launchParamsStorageKey,
  launchQueryOf,
  parseLaunchParams,
  readLaunchParams,
} from '../../../src/app/platform/launchParams.ts';

const initData = new URLSearchParams({
  user: JSON.stringify({ id: 7, first_name: 'Ivan', language_code: 'ru' }),
  auth_date: '1700000000',
  hash: 'abc',
  signature: 'sig',
  start_param: 'help-fees',
}).toString();
const themeParams = JSON.stringify({ bg_color: '#17212B', text_color: '#fff', hint_color: 'not-a-colour' });
const hash = new URLSearchParams({
  tgWebAppData: initData,
  tgWebAppVersion: '7.10',
  tgWebAppPlatform: 'android',
  tgWebAppThemeParams: themeParams,
}).toString();

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('launch parameters', () => {
  it('are read from the URL hash, as Telegram passes them', () => {
    const params = parseLaunchParams(launchQueryOf(`https://wallet.example/#${hash}`));
    expect(params?.version).toBe('7.10');
    expect(params?.platform).toBe('android');
  });

  it('are also read from the query string and from both at once', () => {
    const query = launchQueryOf(
      'https://wallet.example/?tgWebAppStartParam=r-abc#tgWebAppVersion=6.0&tgWebAppPlatform=ios',
    );
    const params = parseLaunchParams(query);
    expect(params?.version).toBe('6.0');
    expect(params?.startParam).toBe('r-abc');
  });

  it('give the init data user with the language code', () => {
    const params = parseLaunchParams(hash);
    expect(params?.user).toEqual({ id: 7, firstName: 'Ivan', languageCode: 'ru' });
    expect(params?.initDataRaw).toBe(initData);
    expect(params?.startParam).toBe('help-fees');
  });

  it('keep only valid theme colours, lower-cased and expanded from the short form', () => {
    expect(parseLaunchParams(hash)?.themeParams).toEqual({ bg_color: '#17212b', text_color: '#ffffff' });
  });

  it('are absent without a version and a platform: a plain web page', () => {
    expect(parseLaunchParams('')).toBeNull();
    expect(parseLaunchParams('tgWebAppVersion=7.0')).toBeNull();
    expect(parseLaunchParams('tgWebAppPlatform=ios')).toBeNull();
    expect(parseLaunchParams('tgWebAppVersion=latest&tgWebAppPlatform=ios')).toBeNull();
  });

  it('found in the URL are kept in session storage under the SDK key', () => {
    const storage = memoryStorage();
    readLaunchParams({ href: `https://wallet.example/#${hash}`, storage });
    expect(JSON.parse(storage.values.get(launchParamsStorageKey) ?? 'null')).toBe(hash);
  });

  it('survive a reload after navigation, from session storage', () => {
    const storage = memoryStorage({ [launchParamsStorageKey]: JSON.stringify(hash) });
    expect(readLaunchParams({ href: 'https://wallet.example/account', storage })?.platform).toBe('android');
  });

  it('are absent on the web with nothing stored', () => {
    expect(readLaunchParams({ href: 'https://wallet.example/', storage: memoryStorage() })).toBeNull();
    expect(readLaunchParams({ href: 'https://wallet.example/', storage: null })).toBeNull();
  });
});
