/**
 * A fake of the P2P payment-method calls behind a stubbed `fetch`: the fiats, a small catalogue
 * (RUB: the SBP group with two banks, a bank with a card, an e-money service; EUR: a bank with
 * an IBAN), and the person's saved methods, masked as the server sends them. A route can be made
 * to answer a given failure; every request is recorded.
 */
import type { FiatPaymentCatalogue, PaymentCatalogueEntry } from '../../../src/contract/p2p-market.ts';
import type { PaymentMethod } from '../../../src/contract/p2p-payment-methods.ts';
import { type Answer, type FakeRequest, ok, stubFetch } from '../support/fakeApi.ts';

const phoneAndName: PaymentCatalogueEntry['fields'] = [
  { key: 'phone', kind: 'phone', is_data: true },
  { key: 'holder_name', kind: 'holder_name', is_data: false },
];

const sbpBanks: PaymentCatalogueEntry[] = [
  { type: 'bank', identifier: 'sberbank', locale: 'Sberbank', is_parent: false, fields: phoneAndName },
  { type: 'bank', identifier: 'alfa', locale: 'Alfa-Bank', is_parent: false, fields: phoneAndName },
];

const catalogues: Record<string, FiatPaymentCatalogue> = {
  RUB: {
    fiat: 'RUB',
    methods: [
      { type: 'bank', identifier: 'sbp', locale: 'SBP', is_parent: true, fields: [] },
      {
        type: 'bank',
        identifier: 'tinkoff',
        locale: 'T-Bank',
        is_parent: false,
        fields: [
          { key: 'card_number', kind: 'card_number', is_data: true },
          { key: 'holder_name', kind: 'holder_name', is_data: false },
        ],
      },
      {
        type: 'emoney',
        identifier: 'yoomoney',
        locale: 'YooMoney',
        is_parent: false,
        fields: [{ key: 'wallet', kind: 'text', is_data: true }],
      },
    ],
  },
  EUR: {
    fiat: 'EUR',
    methods: [
      {
        type: 'bank',
        identifier: 'revolut',
        locale: 'Revolut',
        is_parent: false,
        fields: [{ key: 'iban', kind: 'iban', is_data: true }],
      },
    ],
  },
};

export interface FakeP2PMethodsApi {
  methods: PaymentMethod[];
  failing: Record<string, Answer>;
  sent: FakeRequest[];
  /** Refuses an add whose detail `key` is this value, as the server's field check would. */
  refuseDetail: { key: string; value: string } | null;
  /** Method ids an offer uses (delete answers 409). */
  inUse: Set<number>;
}

export const rubSberbankMethod: PaymentMethod = {
  id: 7,
  name: 'Main card',
  fiat: 'RUB',
  identifier: 'sbp',
  locale: 'SBP',
  child_identifier: 'sberbank',
  child_locale: 'Sberbank',
  data: '•••• 4417',
};

export const eurRevolutMethod: PaymentMethod = {
  id: 8,
  name: null,
  fiat: 'EUR',
  identifier: 'revolut',
  locale: 'Revolut',
  child_identifier: null,
  child_locale: null,
  data: '•••• 0000',
};

const methodNotFound: Answer = {
  status: 404,
  body: { code: 'payment_method_not_found', message: 'Payment method not found' },
};

function record(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? Object.fromEntries(Object.entries(body)) : {};
}

export function installP2PMethodsApi(methods: PaymentMethod[] = []): FakeP2PMethodsApi {
  let nextId = 100;
  const api: FakeP2PMethodsApi = {
    methods: methods.map((method) => ({ ...method })),
    failing: {},
    sent: [],
    refuseDetail: null,
    inUse: new Set(),
  };
  const find = (path: string) => api.methods.find((method) => `/p2p/payment-methods/${method.id}` === path);

  const add = (body: unknown): Answer => {
    const request = record(body);
    const fiat = String(request.fiat);
    const entry = catalogues[fiat]?.methods.find((candidate) => candidate.identifier === request.identifier);
    const child =
      entry?.is_parent === true ? sbpBanks.find((bank) => bank.identifier === request.child_identifier) : entry;
    if (!entry || !child) return { status: 404, body: { code: 'catalogue_entry_not_found', message: 'No such entry' } };
    const details = record(request.details);
    const refused = api.refuseDetail;
    if (refused && details[refused.key] === refused.value) {
      return {
        status: 422,
        body: {
          code: 'invalid_payment_details',
          message: 'Invalid details',
          data: { fields: { [refused.key]: 'invalid_checksum' } },
        },
      };
    }
    const dataField = child.fields.find((field) => field.is_data);
    const data = String(dataField ? details[dataField.key] : '');
    const method: PaymentMethod = {
      id: nextId++,
      name: typeof request.name === 'string' ? request.name : null,
      fiat,
      identifier: entry.identifier,
      locale: entry.locale,
      child_identifier: entry.is_parent ? child.identifier : null,
      child_locale: entry.is_parent ? child.locale : null,
      data: `•••• ${data.slice(-4)}`,
    };
    api.methods.push(method);
    return ok(method);
  };

  stubFetch((request) => {
    api.sent.push(request);
    const failure = api.failing[request.route];
    if (failure) return failure;
    const { method, path } = request;
    if (request.route === 'GET /p2p/payment-methods') return ok({ methods: api.methods });
    if (request.route === 'POST /p2p/payment-methods') return add(request.body);
    if (request.route === 'GET /p2p/currencies/fiats')
      return ok({
        fiats: [
          { code: 'RUB', prices: { USDT: '95.5' } },
          { code: 'EUR', prices: { USDT: '0.93' } },
        ],
      });
    const fiatPath = /^\/p2p\/currencies\/fiat\/([A-Z]{3})(?:\/([a-z0-9_-]+))?$/.exec(path);
    if (method === 'GET' && fiatPath) {
      const catalogue = catalogues[fiatPath[1] ?? ''];
      if (!catalogue) return { status: 404, body: { code: 'not_found', message: 'No such fiat' } };
      if (fiatPath[2] === undefined) return ok(catalogue);
      const entry = catalogue.methods.find((candidate) => candidate.identifier === fiatPath[2]);
      if (!entry) return { status: 404, body: { code: 'catalogue_entry_not_found', message: 'No such entry' } };
      return ok({ fiat: catalogue.fiat, method: entry, children: entry.is_parent ? sbpBanks : [] });
    }
    if (path.startsWith('/p2p/payment-methods/')) {
      const found = find(path);
      if (!found) return methodNotFound;
      if (method === 'GET') return ok(found);
      if (method === 'PATCH') {
        const name = record(request.body).name;
        found.name = typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
        return ok({ result: true });
      }
      if (method === 'DELETE') {
        if (api.inUse.has(found.id))
          return { status: 409, body: { code: 'payment_method_in_use', message: 'An offer uses it' } };
        api.methods = api.methods.filter((candidate) => candidate !== found);
        return ok({ result: true });
      }
    }
    return undefined;
  });
  return api;
}
