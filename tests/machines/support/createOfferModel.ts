/**
 * The createOffer machine's model, shared by tests/machines/createOffer.model.test.ts (the paths
 * played on the flow's view with a fake server) and the named rule tests there.
 *
 * The market: USDT (6 decimals, fee 1 %, market limits 1–50 000 USDT, 101 USDT available) for RUB
 * at a reference price of 95.50; fixed prices within 80–120 % of it, floating margins −10 to +10 % (ratios 90–110 %);
 * times 15, 30 and 60 minutes; at most 2 methods; conditions of at most 40 characters.
 *
 * What a person does at each step is a small menu: a mistake, its correction, and the step's
 * submit only from the canonical entry (sell: a fixed 96 RUB; buy: floating at 101.5 %), so every
 * state and transition is walked without multiplying the later steps by every variant of the
 * earlier ones. Four scenarios: a new offer by someone who may write conditions; by someone who
 * may not (the step is skipped); a reload on the review; a reload on the review whose volume the
 * balance no longer covers, with a deleted method in the draft.
 */

import type { EventFrom } from 'xstate';
import {
  type CreateOfferDraft,
  type CreateOfferInput,
  type CreateOfferMarket,
  createOfferMachine,
} from '../../../machines/createOffer.machine.ts';
import { type ActorSettleOf, eventsWhileActive, type ModelEvent, transitionPaths } from './model.ts';

export type CreateOfferMachine = typeof createOfferMachine;
type Snapshot = ReturnType<CreateOfferMachine['getInitialSnapshot']>;
type Event = EventFrom<CreateOfferMachine>;
type AnyModelEvent = ModelEvent<CreateOfferMachine>;
type Settle = ActorSettleOf<CreateOfferMachine>;

export const USDT = { code: 'USDT', decimals: 6, fee: '1', min: '1000000', max: '50000000000', available: '101000000' };

export const MARKET: CreateOfferMarket = {
  assets: [USDT],
  fiats: [{ code: 'RUB', prices: { USDT: '95.5' } }],
  floatingBand: { min: '90', max: '110' },
  fixedBand: { min: '80', max: '120' },
  timeLimits: [15, 30, 60],
  defaultTimeLimit: 15,
  maxMethods: 2,
  maxDescriptionLength: 40,
  canWriteConditions: true,
};

/** The reference price after the market moved: 96.00 RUB. */
export const MOVED_FIATS = [{ code: 'RUB', prices: { USDT: '96' } }];

export const CONDITIONS = 'Pay from your own account only.';
export const LONG_CONDITIONS = 'Pay from your own account only, please, no third parties.';

/** A complete sell offer as a reload brings it back. */
export const SELL_DRAFT: CreateOfferDraft = {
  step: 'review',
  side: 'sell',
  asset: 'USDT',
  fiat: 'RUB',
  priceType: 'fixed',
  priceText: '96',
  marginText: '0',
  volumeText: '100',
  minText: '500',
  maxText: '5000',
  methods: ['17'],
  timeLimit: 15,
  description: CONDITIONS,
  premium: false,
  restrictions: {
    completed_trades_percent: '',
    trades_count_min: '',
    trades_volume_usd_min: '',
    account_age_days_min: '30',
  },
};

export interface Scenario {
  name: string;
  input: CreateOfferInput;
  /**
   * Which menu the person has: the whole flow, only the forward steps, only what a reload asks
   * (with every refusal of the server), or nothing (a reload that only shows where it resumes).
   */
  menu: 'full' | 'forward' | 'reload' | 'none';
}

export const SCENARIOS: readonly Scenario[] = [
  { name: 'a new offer', input: { market: MARKET, defaultFiat: 'RUB' }, menu: 'full' },
  {
    name: 'without conditions',
    input: { market: { ...MARKET, canWriteConditions: false }, defaultFiat: 'RUB' },
    menu: 'forward',
  },
  { name: 'a reload on the review', input: { market: MARKET, draft: SELL_DRAFT }, menu: 'reload' },
  {
    name: 'a reload with too little balance and a deleted method',
    input: {
      market: { ...MARKET, assets: [{ ...USDT, available: '60000000' }] },
      draft: { ...SELL_DRAFT, methods: ['19', '17'] },
    },
    menu: 'reload',
  },
  ...(['currency', 'price', 'amounts', 'methods', 'time', 'conditions', 'restrictions'] as const).map(
    (step): Scenario => ({
      name: `a reload on the ${step} step`,
      input: { market: MARKET, draft: { ...SELL_DRAFT, step } },
      menu: 'none',
    }),
  ),
];

/** The server's refusals naming a field (`invalid_offer`), and the step each belongs to. */
export const REFUSED_FIELDS = {
  type: 'type',
  fiat: 'currency',
  price: 'price',
  'limits.max': 'amounts',
  payment_methods: 'methods',
  time_limit: 'time',
  description: 'conditions',
  'restrictions.trades_count_min': 'restrictions',
  payment: 'review',
} as const;

const refusal = (field: string): Settle => ({
  type: 'actor.error',
  id: 'publishOffer',
  error: failure(422, 'invalid_offer', { field }),
});

/** How the app's publishOffer rejects. */
export const failure = (status: number | null, code: string | null, data?: unknown) => ({ status, code, data });

const PUBLISH_ANSWERS: Settle[] = [
  { type: 'actor.done', id: 'publishOffer', output: { id: 42 } },
  refusal('limits.max'),
  refusal('payment'),
  { type: 'actor.error', id: 'publishOffer', error: failure(403, 'cannot_create_offer') },
  { type: 'actor.error', id: 'publishOffer', error: failure(null, null) },
];

/** After a reload on the review, the server may name any field: each sends the person to its step. */
const EVERY_REFUSAL: Settle[] = [
  ...PUBLISH_ANSWERS,
  ...Object.keys(REFUSED_FIELDS)
    .filter((field) => field !== 'limits.max' && field !== 'payment')
    .map(refusal),
];

/** The event that moves each step on. */
const SUBMIT_OF: Record<string, Event> = {
  type: { type: 'type.choose', side: 'sell' },
  currency: { type: 'currency.submit' },
  price: { type: 'price.submit' },
  amounts: { type: 'amounts.submit' },
  methods: { type: 'methods.submit' },
  time: { type: 'time.submit' },
  conditions: { type: 'conditions.submit' },
  restrictions: { type: 'restrictions.submit' },
  review: { type: 'publish' },
};

/** The entry each step moves on from, per side. */
function canonicalPrice(snapshot: Snapshot): boolean {
  const { side, priceType, priceText, marginText } = snapshot.context;
  return side === 'sell'
    ? priceType === 'fixed' && priceText === '96' && marginText === '0'
    : priceType === 'floating' && marginText === '1.5' && priceText === '';
}

function priceMenu(snapshot: Snapshot): Event[] {
  const { side, priceType, priceText, marginText, market } = snapshot.context;
  const moved = market.fiats !== MARKET.fiats;
  if (moved) return [];
  if (side === 'sell') {
    if (priceType === 'floating') return [{ type: 'price.type', priceType: 'fixed' }];
    if (priceText === '')
      return [
        { type: 'price.change', text: '50' },
        { type: 'price.type', priceType: 'floating' },
      ];
    if (priceText === '50') return [{ type: 'price.change', text: '96' }];
    return canonicalPrice(snapshot) ? [{ type: 'price.submit' }] : [];
  }
  if (priceType === 'fixed') return priceText === '' ? [{ type: 'price.type', priceType: 'floating' }] : [];
  if (marginText === '0')
    return [
      { type: 'margin.change', text: '20' },
      { type: 'margin.change', text: '1.5' },
    ];
  if (marginText === '20') return [{ type: 'margin.change', text: '1.5' }];
  return canonicalPrice(snapshot) ? [{ type: 'price.submit' }, { type: 'market.update', fiats: MOVED_FIATS }] : [];
}

function amountsMenu(snapshot: Snapshot): Event[] {
  const { side, volumeText, minText, maxText, serverError } = snapshot.context;
  if (serverError !== null) return [{ type: 'amounts.submit' }];
  if (volumeText === '')
    return side === 'sell'
      ? [{ type: 'volume.change', text: '100.5' }, { type: 'volume.max' }]
      : [{ type: 'volume.change', text: '100' }];
  if (volumeText === '100.5') return [{ type: 'volume.max' }];
  if (minText === '')
    return [
      { type: 'min.change', text: '50' },
      { type: 'min.change', text: '500' },
    ];
  if (minText === '50') return [{ type: 'min.change', text: '500' }];
  if (maxText === '')
    return [
      { type: 'max.change', text: '20000' },
      { type: 'max.change', text: '5000' },
    ];
  if (maxText === '20000') return [{ type: 'max.change', text: '5000' }];
  return [{ type: 'amounts.submit' }];
}

function methodsMenu(snapshot: Snapshot): Event[] {
  const { side, methods } = snapshot.context;
  const [first, second] = side === 'sell' ? ['17', '18'] : ['sbp/sberbank_sbp', 'tinkoff'];
  if (methods.length === 0) return [{ type: 'method.toggle', key: first }, { type: 'methods.submit' }];
  if (methods.length === 2) return [{ type: 'method.toggle', key: second }];
  return [{ type: 'method.toggle', key: second }, { type: 'method.toggle', key: first }, { type: 'methods.submit' }];
}

/** Straight through, as a person who makes no mistake: only what moves on. */
function forwardMenu(snapshot: Snapshot): Event[] {
  const { context } = snapshot;
  if (snapshot.hasTag('type')) return context.side === null ? [{ type: 'type.choose', side: 'sell' }] : [];
  if (snapshot.hasTag('currency')) return [{ type: 'currency.submit' }];
  if (snapshot.hasTag('price'))
    return context.priceText === '' ? [{ type: 'price.change', text: '96' }] : [{ type: 'price.submit' }];
  if (snapshot.hasTag('amounts')) {
    if (context.volumeText === '') return [{ type: 'volume.max' }];
    if (context.minText === '') return [{ type: 'min.change', text: '500' }];
    if (context.maxText === '') return [{ type: 'max.change', text: '5000' }];
    return [{ type: 'amounts.submit' }];
  }
  if (snapshot.hasTag('methods'))
    return context.methods.length === 0 ? [{ type: 'method.toggle', key: '17' }] : [{ type: 'methods.submit' }];
  if (snapshot.hasTag('time')) return [{ type: 'time.submit' }];
  if (snapshot.hasTag('restrictions')) return [{ type: 'restrictions.submit' }, { type: 'back' }];
  return [];
}

const submits = new Set([
  'currency.submit',
  'price.submit',
  'amounts.submit',
  'methods.submit',
  'time.submit',
  'conditions.submit',
  'restrictions.submit',
  'publish',
]);

/** Whether the step shows what it showed on arrival from the step before (nothing entered on it yet). */
function pristine(snapshot: Snapshot): boolean {
  const { context } = snapshot;
  if (snapshot.hasTag('price'))
    return context.priceType === 'fixed' && context.priceText === '' && context.marginText === '0';
  if (snapshot.hasTag('amounts')) return context.volumeText === '' && context.minText === '' && context.maxText === '';
  if (snapshot.hasTag('methods')) return context.methods.length === 0;
  if (snapshot.hasTag('conditions')) return context.description === '';
  if (snapshot.hasTag('restrictions')) return context.restrictions.account_age_days_min === '' && !context.premium;
  return false;
}

/**
 * The person's menu, with `back` where the step is as it was on arrival or ready to move on: going
 * back from a half-made entry would carry it through every earlier step and multiply the model
 * without trying anything new.
 */
function personEvents(snapshot: Snapshot, menu: Scenario['menu']): Event[] {
  const events = stepEvents(snapshot, menu);
  if (menu !== 'full' || snapshot.hasTag('type') || snapshot.hasTag('busy')) return events;
  const ready = events.some((event) => submits.has(event.type));
  return ready || pristine(snapshot) ? [...events, { type: 'back' }] : events;
}

function stepEvents(snapshot: Snapshot, menu: Scenario['menu']): Event[] {
  const { context } = snapshot;
  if (menu === 'none') return [];
  if (menu === 'reload') {
    const refused = context.serverError?.step;
    if (refused !== undefined) {
      const submit = SUBMIT_OF[refused];
      return submit === undefined ? [] : [submit];
    }
    if (snapshot.hasTag('amounts'))
      return context.volumeText === '55' ? [{ type: 'amounts.submit' }] : [{ type: 'volume.change', text: '55' }];
    if (snapshot.hasTag('methods'))
      return context.methods.includes('19') ? [{ type: 'methods.available', keys: ['17', '18'] }] : [];
    if (snapshot.matches('review')) return [{ type: 'publish' }];
    return [];
  }
  if (menu === 'forward') return forwardMenu(snapshot);
  if (snapshot.hasTag('type'))
    return context.side === null
      ? [
          { type: 'type.choose', side: 'sell' },
          { type: 'type.choose', side: 'buy' },
        ]
      : [{ type: 'type.choose', side: context.side }];
  if (snapshot.hasTag('currency'))
    return [{ type: 'asset.choose', code: 'USDT' }, { type: 'fiat.choose', code: 'RUB' }, { type: 'currency.submit' }];
  if (snapshot.hasTag('price')) return [...priceMenu(snapshot)];
  if (snapshot.hasTag('amounts')) return [...amountsMenu(snapshot)];
  if (snapshot.hasTag('methods')) return [...methodsMenu(snapshot)];
  if (snapshot.hasTag('time')) {
    const choose: Event[] =
      context.timeLimit === 15 ? [{ type: 'time.choose', minutes: 30 }] : [{ type: 'time.choose', minutes: 15 }];
    return [...choose, ...(context.timeLimit === 15 ? [{ type: 'time.submit' } as const] : [])];
  }
  if (snapshot.hasTag('conditions')) {
    if (context.description === '')
      return [
        { type: 'conditions.change', text: LONG_CONDITIONS },
        { type: 'conditions.change', text: CONDITIONS },
      ];
    if (context.description === LONG_CONDITIONS) return [{ type: 'conditions.change', text: CONDITIONS }];
    return [{ type: 'conditions.submit' }];
  }
  if (snapshot.hasTag('restrictions')) {
    const age = context.restrictions.account_age_days_min;
    if (context.premium) return [{ type: 'premium.toggle' }];
    if (age === '')
      return [
        { type: 'restriction.change', name: 'account_age_days_min', text: '3 months' },
        { type: 'restriction.change', name: 'account_age_days_min', text: '30' },
      ];
    if (age === '3 months')
      return [
        { type: 'restriction.change', name: 'account_age_days_min', text: '30' },
        { type: 'restrictions.submit' },
      ];
    return [{ type: 'premium.toggle' }, { type: 'restrictions.submit' }];
  }
  if (snapshot.matches('review')) return context.side === 'sell' ? [{ type: 'publish' }] : [{ type: 'publish' }];
  return [];
}

export function createOfferPaths(scenario: Scenario) {
  return transitionPaths(createOfferMachine, {
    input: scenario.input,
    events: (snapshot) =>
      eventsWhileActive(
        snapshot,
        personEvents(snapshot, scenario.menu),
        scenario.menu === 'full' ? PUBLISH_ANSWERS : scenario.menu === 'reload' ? EVERY_REFUSAL : [],
      ),
    key: (snapshot) => {
      const { market, ...rest } = snapshot.context;
      return [snapshot.value, rest, market.fiats === MARKET.fiats, market.canWriteConditions];
    },
  });
}

export function describeEvent(event: AnyModelEvent): string {
  switch (event.type) {
    case 'actor.done':
      return `${event.id} answers ${JSON.stringify(event.output)}`;
    case 'actor.error':
      return `${event.id} fails with ${JSON.stringify(event.error)}`;
    case 'time.pass':
      return `${event.ms} ms pass`;
    case 'type.choose':
      return `chooses ${event.side}`;
    case 'price.change':
    case 'margin.change':
    case 'volume.change':
    case 'min.change':
    case 'max.change':
    case 'conditions.change':
      return `${event.type} "${event.text}"`;
    case 'restriction.change':
      return `${event.name} "${event.text}"`;
    case 'method.toggle':
      return `toggles method ${event.key}`;
    case 'time.choose':
      return `chooses ${event.minutes} min`;
    case 'price.type':
      return `chooses a ${event.priceType} price`;
    default:
      return event.type;
  }
}
