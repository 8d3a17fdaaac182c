/**
 * A fake wallet API behind a stubbed `fetch` for the withdraw pages: a small catalogue (USDT on
 * TRX and ETH, TON on one network, BTC with withdrawals off), the balance, the security info, the
 * address book, the address check (by address), the passcode token and the withdrawal, which is
 * idempotent by key like the server's. A route can be given failures to answer first; every
 * request is recorded with its body.
 */
import type { AddressBookEntry } from '../../../src/contract/address-book.ts';
import type { SecurityInfo } from '../../../src/contract/security.ts';
import type { AssetCatalogue, AssetNetwork, CryptoAsset } from '../../../src/contract/wallet.ts';
import type { AddressCheckAnswer, WalletBalance, Withdrawal } from '../../../src/contract/wallet-operations.ts';
import { cryptoAsset, assetNetwork as network } from '../support/assets.ts';
import { type Answer, ok, stringField, stubWalletFetch } from '../support/fakeApi.ts';

export interface FakeWithdrawApi {
  balance: WalletBalance;
  security: SecurityInfo;
  addressBook: AddressBookEntry[];
  /** The check's answer per address as sent; anything else is valid as it is. */
  checks: Map<string, AddressCheckAnswer>;
  /** Answers by route ("POST /wallet/withdrawal") given before the normal one, first in first out. */
  failing: Record<string, Answer[]>;
  /** Withdrawals by idempotency key. */
  withdrawals: Map<string, Withdrawal>;
  sent: Array<{ route: string; search: URLSearchParams; body: unknown }>;
  /** The bodies sent to `route`, in order. */
  bodiesOf(route: string): unknown[];
}

function crypto(code: string, name: string, decimals: number, networks: AssetNetwork[]): CryptoAsset {
  return cryptoAsset(code, name, decimals, networks, { is_stablecoin: code === 'USDT', view_decimals: 2 });
}

/** USDT: 6 decimals; on TRX a 1 USDT fee, 1 to 100 USDT; on ETH a 5 USDT fee, no maximum. */
export const catalogue: AssetCatalogue = {
  assets: {
    USDT: crypto('USDT', 'Tether', 6, [
      network('TRX', 'Tron (TRC20)', 'TRC20', {
        withdraw_fee: '1000000',
        limits: { deposit: { min: '0', max: '0' }, withdraw: { min: '1000000', max: '100000000' } },
      }),
      network('ETH', 'Ethereum (ERC20)', 'ERC20', {
        withdraw_fee: '5000000',
        limits: { deposit: { min: '0', max: '0' }, withdraw: { min: '10000000', max: '0' } },
      }),
    ]),
    TON: crypto('TON', 'Toncoin', 9, [
      network('TON', 'TON', 'TON', {
        withdraw_fee: '100000000',
        limits: { deposit: { min: '0', max: '0' }, withdraw: { min: '500000', max: '0' } },
      }),
    ]),
    BTC: crypto('BTC', 'Bitcoin', 8, [
      network('BTC', 'Bitcoin', 'BTC', { permissions: { can_deposit: true, can_withdraw: false } }),
    ]),
  },
};

function balanceOf(code: string, available: string) {
  if (catalogue.assets[code] === undefined) throw new Error(`no ${code} in the fake catalogue`);
  return { asset: code, available, held: '0', local_amount: '0' };
}

/** The security answer of a person with a passcode set, no biometrics and no lockout. */
export const passcodeSetSecurity: SecurityInfo = {
  passCode: true,
  passCodePending: false,
  email: 'me@example.com',
  isEmailConfirmed: true,
  biometric: false,
  lockSeconds: null,
  attemptsExhausted: false,
};

export const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export function installWithdrawApi(): FakeWithdrawApi {
  const api: FakeWithdrawApi = {
    // TON has nothing to send, USDT has 100.5: USDT comes first although TON is first in the catalogue.
    balance: {
      total: { currency: 'USD', amount: '0' },
      balances: [balanceOf('TON', '0'), balanceOf('USDT', '100500000'), balanceOf('BTC', '0')],
    },
    security: { ...passcodeSetSecurity },
    addressBook: [
      {
        id: 'e1',
        address: TRON_ADDRESS,
        title: 'Savings',
        network: 'TRX',
        created_at: '2026-11-20T10:00:00.000Z',
      },
      {
        id: 'e2',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        title: 'Exchange',
        network: 'ETH',
        created_at: '2026-11-20T11:00:00.000Z',
      },
    ],
    checks: new Map(),
    failing: {},
    withdrawals: new Map(),
    sent: [],
    bodiesOf(route) {
      return api.sent.filter((request) => request.route === route).map((request) => request.body);
    },
  };
  let nextId = 1;

  stubWalletFetch({
    catalogue,
    record: ({ route, search, body }) => {
      api.sent.push({ route, search, body });
    },
    failure: (route) => api.failing[route]?.shift(),
    routes: ({ route, search, body }) => {
      const field = (key: string) => stringField(body, key);
      switch (route) {
        case 'GET /wallet/balance':
          return ok(api.balance);
        case 'GET /security':
          return ok(api.security);
        case 'GET /wallet/address-book': {
          const items = api.addressBook.filter((entry) => entry.network === search.get('network'));
          return ok({ items, total: items.length });
        }
        case 'POST /wallet/withdrawal/check-address':
          return ok(api.checks.get(field('address')) ?? { result: 'valid', address: field('address') });
        case 'POST /security/pass-code/token':
          return ok({ token: `token-for-${field('hash')}` });
        case 'POST /wallet/withdrawal': {
          const key = field('idempotency_key');
          const existing = api.withdrawals.get(key);
          if (existing) return ok(existing);
          const created: Withdrawal = {
            id: `w${nextId++}`,
            asset: field('asset'),
            network: 'TRX',
            address: field('address'),
            amount: field('amount'),
            fee: '1000000',
            status: 'created',
            txid: null,
            explorer_transaction_url: null,
            created_at: '2026-11-22T06:00:00.000Z',
            updated_at: '2026-11-22T06:00:00.000Z',
          };
          api.withdrawals.set(key, created);
          return ok(created);
        }
      }
      return undefined;
    },
  });
  return api;
}
