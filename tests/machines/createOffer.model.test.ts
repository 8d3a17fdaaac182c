/**
 * Creating a P2P offer (issue 12; spec 001 s.2 `/p2p/offers/new`, s.3; P2P.md "Money").
 *
 * The paths come from the createOffer machine (tests/machines/support/createOfferModel.ts): every
 * state and transition, for new offers (sell and buy, with and without conditions) and for reloads
 * that bring a draft back. Each path is played on the flow's VIEW (CreateOfferFlowView with the
 * app's own `publishOffer`, so POST /p2p/offers goes through the app's HTTP client to a fake
 * server that answers when the path says), as a person does it: the choices, the fields, "Max",
 * the screen's main action and its back. After every step the screen must show what is written
 * here by hand, one expectation per state: the heading, the fields' errors and hints, the fee, the
 * live price, which rows are ticked, the main action, and the literal body of the POST.
 * Then one named test per rule, on the machine's real transitions.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type CreateOfferInput, createOfferMachine } from '../../machines/createOffer.machine.ts';
import { CreateOfferFlowView } from '../../src/app/features/p2pCreateOffer/CreateOfferFlowView.tsx';
import { provideCreateOffer } from '../../src/app/features/p2pCreateOffer/createOffer.ts';
import type { Platform } from '../../src/app/platform/types.ts';
import type { AssetCatalogue } from '../../src/contract/wallet.ts';
import { cryptoAsset, fiatAsset } from '../app/support/assets.ts';
import { ok } from '../app/support/fakeApi.ts';
import { renderFlowView } from '../app/support/flowView.tsx';
import { HELD_SERVER_FAKE_TIMERS, HeldServer, NO_ANSWER, settle } from '../app/support/heldServer.ts';
import { expectStates, leafStates } from '../app/support/stateExpectations.ts';
import {
  CONDITIONS,
  type CreateOfferMachine,
  createOfferPaths,
  describeEvent,
  LONG_CONDITIONS,
  MARKET,
  MOVED_FIATS,
  REFUSED_FIELDS,
  SCENARIOS,
  type Scenario,
  SELL_DRAFT,
  USDT,
} from './support/createOfferModel.ts';
import { coverageOf, initialModelState, type ModelEvent } from './support/model.ts';

const pathsByScenario = SCENARIOS.map((scenario) => ({ scenario, paths: createOfferPaths(scenario) }));

const PUBLISH = 'POST /p2p/offers';

const catalogue: AssetCatalogue = {
  assets: {
    USDT: cryptoAsset('USDT', 'Tether', 6, [], { is_stablecoin: true, view_decimals: 2, view_full_decimals: 6 }),
    RUB: fiatAsset('RUB', 'Russian ruble', '₽'),
  },
};

const SAVED_METHODS = [
  {
    id: 17,
    name: null,
    fiat: 'RUB',
    identifier: 'sberbank',
    locale: 'Sberbank',
    child_identifier: null,
    child_locale: null,
    data: '•••• 4417',
  },
  {
    id: 18,
    name: null,
    fiat: 'RUB',
    identifier: 'tinkoff',
    locale: 'Tinkoff',
    child_identifier: null,
    child_locale: null,
    data: '•••• 0042',
  },
];
const RUB_CATALOGUE = {
  fiat: 'RUB',
  methods: [
    { type: 'bank', identifier: 'sbp', locale: 'SBP', is_parent: true, fields: [] },
    { type: 'bank', identifier: 'tinkoff', locale: 'Tinkoff', is_parent: false, fields: [] },
  ],
};
const SBP_GROUP = {
  fiat: 'RUB',
  method: RUB_CATALOGUE.methods[0],
  children: [{ type: 'bank', identifier: 'sberbank_sbp', locale: 'Sberbank', is_parent: false, fields: [] }],
};

/** The new offer as the server answers it: inactive, id 42. */
const CREATED_OFFER = {
  id: 42,
  type: 'sell',
  asset: 'USDT',
  fiat: 'RUB',
  status: 'inactive',
  price: '96',
  price_type: 'fixed',
  price_floating_ratio: null,
  volume: '100000000',
  remaining_volume: '100000000',
  reserved: '0',
  limits: { min: '500', max: '5000' },
  description: CONDITIONS,
  restrictions: {
    telegram_premium_required: false,
    completed_trades_percent: null,
    trades_count_min: null,
    trades_volume_usd_min: null,
    account_age_days_min: 30,
  },
  user: {
    id: 7,
    username: 'maker_7',
    name: 'Ann',
    user_color_index: 2,
    orders: 0,
    orders_percent: 0,
    volume: '0',
    is_verified_merchant: false,
  },
  payment: { time_limit: 15, maker: [], maker_accepts: [], maker_sends: [], taker_accepts: [] },
  is_mine: true,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

/** What the test knows from what it did and what the server said. */
interface World {
  platform: Platform;
  server: HeldServer;
  canWriteConditions: boolean;
  /** USDT available, as the scenario's balance shows it. */
  available: 'rich' | 'short';
  side: 'buy' | 'sell' | null;
  priceType: 'fixed' | 'floating';
  priceText: string;
  marginText: string;
  moved: boolean;
  volumeText: string;
  minText: string;
  maxText: string;
  methods: string[];
  time: number;
  description: string;
  premium: boolean;
  age: string;
  /** The step the server's refusal sent the person back to, or null. */
  refusedAt: string | null;
  publishFailed: boolean;
  posts: number;
}

const normal = (text: string | null | undefined): string =>
  (text ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const texts = (): string => normal(document.body.textContent);
const heading = (): string => normal(screen.getByRole('heading', { level: 1 }).textContent);
const alerts = (): string[] => screen.queryAllByRole('alert').map((node) => normal(node.textContent));
const field = (label: string): HTMLInputElement => screen.getByLabelText(label);
const checked = (role: 'radio' | 'checkbox', name: string | RegExp): boolean =>
  screen.getByRole(role, { name }).getAttribute('aria-checked') === 'true';
/** A field's note (its error or its hint), as read under it. */
const noteOf = (label: string): string => {
  const describedBy = field(label).getAttribute('aria-describedby');
  return describedBy === null ? '' : normal(document.getElementById(describedBy)?.textContent);
};

function expectMain(world: World, label: string | null, pressable = true): void {
  const look = world.platform.screenActions.snapshot().main;
  if (label === null) {
    expect(look, 'no main action').toBeNull();
    return;
  }
  expect(look?.label).toBe(label);
  expect(look !== null && !look.disabled && !look.busy, `"${label}" can be pressed`).toBe(pressable);
}

function expectRefusal(world: World, step: string): void {
  const shown = alerts().includes('The offer wasn’t accepted as it was: check this step and try again.');
  expect(shown, 'the server’s refusal').toBe(world.refusedAt === step);
}

/** The price as the steps after the price step show it. */
function priceShown(world: World): string {
  if (world.priceType === 'fixed') return '96.00 ₽';
  return world.moved ? '97.44 ₽' : '96.93 ₽';
}

const EXPECTED: Record<string, (world: World) => void> = {
  type: (world) => {
    expect(heading()).toBe('New offer');
    expect(checked('radio', /^Sell crypto/)).toBe(world.side === 'sell');
    expect(checked('radio', /^Buy crypto/)).toBe(world.side === 'buy');
    expectMain(world, null);
    expectRefusal(world, 'type');
  },
  currency: (world) => {
    expect(heading()).toBe('Asset and currency');
    expect(checked('radio', /^USDT/)).toBe(true);
    expect(checked('radio', /^RUB/)).toBe(true);
    expectMain(world, 'Continue');
    expectRefusal(world, 'currency');
  },
  price: (world) => {
    expect(heading()).toBe('Price');
    expect(texts()).toContain(world.moved ? 'Market price: 1 USDT = 96.00 ₽' : 'Market price: 1 USDT = 95.50 ₽');
    expect(checked('radio', /^Fixed/)).toBe(world.priceType === 'fixed');
    expect(checked('radio', /^Floating/)).toBe(world.priceType === 'floating');
    if (world.priceType === 'fixed') {
      expect(field('Price for 1 USDT, RUB').value).toBe(world.priceText);
      const note = { '': 'From 76.40 ₽ to 114.60 ₽', '50': 'At least 76.40 ₽', '96': 'From 76.40 ₽ to 114.60 ₽' }[
        world.priceText
      ];
      expect(noteOf('Price for 1 USDT, RUB')).toBe(note);
      expect(texts()).toContain(world.priceText === '96' ? 'Your price96.00 ₽' : 'Your price—');
      expect(texts()).not.toContain('Margin');
    } else {
      expect(field('Margin to the market, %').value).toBe(world.marginText);
      expect(noteOf('Margin to the market, %')).toBe(world.marginText === '20' ? 'At most +10%' : 'From −10% to +10%');
      const price = { '0': '95.50 ₽', '1.5': world.moved ? '97.44 ₽' : '96.93 ₽', '20': '—' }[world.marginText];
      expect(texts()).toContain(`Your price${price}`);
    }
    const valid = world.priceType === 'fixed' ? world.priceText === '96' : world.marginText !== '20';
    expectMain(world, 'Continue', valid);
    expectRefusal(world, 'price');
  },
  amounts: (world) => {
    expect(heading()).toBe('Amount and limits');
    expect(texts()).toContain(`Price: 1 USDT = ${priceShown(world)}`);
    const sell = world.side === 'sell';
    const volumeLabel = sell ? 'Amount to sell, USDT' : 'Amount to buy, USDT';
    expect(field(volumeLabel).value).toBe(world.volumeText);
    const volumeNote = sell
      ? {
          '': 'A fee of 1% is reserved on top',
          '100':
            world.available === 'rich'
              ? 'Fee 1 USDT will be reserved'
              : 'Not enough balance: with the fee you can sell up to 59.40594 USDT',
          '100.5': 'Not enough balance: with the fee you can sell up to 100 USDT',
          '55': 'Fee 0.55 USDT will be reserved',
        }[world.volumeText]
      : 'A fee of 1% comes out of the crypto you receive';
    expect(noteOf(volumeLabel)).toBe(volumeNote);
    if (sell) expect(texts()).toContain(world.available === 'rich' ? 'Available101 USDT' : 'Available60 USDT');
    else expect(screen.queryByRole('button', { name: 'Max' })).toBeNull();
    expect(field('Minimum per order, RUB').value).toBe(world.minText);
    const lowest = world.priceType === 'fixed' ? '96.00 ₽' : '96.93 ₽';
    expect(noteOf('Minimum per order, RUB')).toBe(`At least ${lowest}`);
    expect(field('Maximum per order, RUB').value).toBe(world.maxText);
    const worth = world.volumeText === '55' ? '5 280.00 ₽' : world.priceType === 'fixed' ? '9 600.00 ₽' : '9 693.00 ₽';
    const volumeValid = world.volumeText === '55' || (world.volumeText === '100' && world.available === 'rich');
    const maxNote =
      world.maxText === '20000'
        ? `The whole amount is worth ${worth}`
        : volumeValid
          ? `At most ${worth}`
          : world.priceType === 'fixed'
            ? 'At most 4 800 000.00 ₽'
            : 'At most 4 846 500.00 ₽';
    expect(noteOf('Maximum per order, RUB')).toBe(maxNote);
    const ready = volumeValid && world.minText === '500' && world.maxText === '5000';
    expectMain(world, 'Continue', ready);
    expectRefusal(world, 'amounts');
  },
  methods: (world) => {
    expect(heading()).toBe('Payment methods');
    if (world.side === 'sell') {
      expect(texts()).toContain('Where buyers send you RUB. Choose up to 2.');
      expect(checked('checkbox', /^Sberbank/)).toBe(world.methods.includes('17'));
      expect(checked('checkbox', /^Tinkoff/)).toBe(world.methods.includes('18'));
      expect(screen.getByRole('link', { name: 'Add a payment method' }).getAttribute('href')).toBe(
        '/p2p/methods/add/RUB?back=%2Fp2p%2Foffers%2Fnew%3Fstep%3Dmethods',
      );
    } else {
      expect(texts()).toContain('How you pay sellers in RUB. Choose up to 2.');
      expect(screen.getByRole('heading', { level: 2, name: 'SBP' })).toBeTruthy();
      expect(checked('checkbox', /^Sberbank/)).toBe(world.methods.includes('sbp/sberbank_sbp'));
      expect(checked('checkbox', /^Tinkoff/)).toBe(world.methods.includes('tinkoff'));
      expect(screen.queryByRole('link', { name: 'Add a payment method' })).toBeNull();
    }
    expectMain(world, 'Continue', world.methods.length > 0);
    expectRefusal(world, 'methods');
  },
  time: (world) => {
    expect(heading()).toBe('Time to pay');
    expect(checked('radio', '15 minutes')).toBe(world.time === 15);
    expect(checked('radio', '30 minutes')).toBe(world.time === 30);
    expect(checked('radio', '1 hour')).toBe(world.time === 60);
    expectMain(world, 'Continue');
    expectRefusal(world, 'time');
  },
  conditions: (world) => {
    expect(heading()).toBe('Conditions');
    const area = screen.getByLabelText<HTMLTextAreaElement>('Conditions');
    expect(area.value).toBe(world.description);
    const note = {
      '': '0 of 40 characters',
      [CONDITIONS]: '31 of 40 characters',
      [LONG_CONDITIONS]: 'At most 40 characters: 57 now',
    }[world.description];
    expect(normal(document.getElementById(area.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(note);
    expectMain(world, 'Continue', world.description !== LONG_CONDITIONS);
    expectRefusal(world, 'conditions');
  },
  restrictions: (world) => {
    expect(heading()).toBe('Restrictions');
    expect(checked('checkbox', 'Telegram Premium users only')).toBe(world.premium);
    expect(field('Account age, days').value).toBe(world.age);
    expect(noteOf('Account age, days')).toBe(world.age === '3 months' ? 'A whole number, like 10' : '');
    expect(field('Completed orders, %').value).toBe('');
    expectMain(world, 'Continue', world.age !== '3 months');
    expectRefusal(world, 'restrictions');
  },
  review: (world) => expectReview(world, false),
  publishing: (world) => expectReview(world, true),
  refused: (world) => {
    expect(heading()).toBe('You can’t create offers');
    expectMain(world, null);
    expect(world.server.isWaiting(PUBLISH)).toBe(false);
  },
  done: (world) => {
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(world.server.routes(new Set([PUBLISH]))).toHaveLength(world.posts);
  },
};

function expectReview(world: World, publishing: boolean): void {
  const sell = world.side === 'sell';
  expect(heading()).toBe(sell ? 'Sell USDT for RUB' : 'Buy USDT for RUB');
  const all = texts();
  expect(all).toContain(`Price${sell ? '' : 'Market price +1.5%'}${priceShown(world)}`);
  expect(all).toContain(world.volumeText === '55' ? 'Amount55 USDT' : 'Amount100 USDT');
  expect(all).toContain(
    sell
      ? `FeeReserved with the amount while the offer is online${world.volumeText === '55' ? '0.55 USDT' : '1 USDT'}`
      : 'FeeOut of the crypto you receive1%',
  );
  expect(all).toContain('Limits per order500.00 ₽ – 5 000.00 ₽');
  expect(all).toContain('Time to pay15 minutes');
  expect(all).toContain(sell ? 'Payment methodsSberbank · •••• 4417' : 'Payment methodsSberbank · SBP');
  expect(all).toContain(world.age === '30' ? 'RestrictionsAccount ageAt least 30 days' : 'RestrictionsNone');
  expect(all.includes(`Conditions${CONDITIONS}`), 'the conditions').toBe(world.canWriteConditions);
  expect(alerts().includes('Couldn’t publish the offer. Check your connection and try again.')).toBe(
    world.publishFailed && !publishing,
  );
  expect(alerts().includes('The offer wasn’t accepted as it was. Check it and try again.')).toBe(
    world.refusedAt === 'review' && !publishing,
  );
  expectMain(world, 'Publish', !publishing);
  expect(world.server.isWaiting(PUBLISH)).toBe(publishing);
  expect(world.server.routes(new Set([PUBLISH]))).toHaveLength(world.posts);
  if (publishing)
    world.server.expectUnderWay(PUBLISH, {
      type: world.side,
      asset: 'USDT',
      fiat: 'RUB',
      price_type: sell ? 'fixed' : 'floating',
      price: sell ? '96' : null,
      price_floating_ratio: sell ? null : '101.5',
      volume: world.volumeText === '55' ? '55000000' : '100000000',
      limits: { min: '500', max: '5000' },
      payment_method_ids: sell ? [17] : [],
      catalogue_methods: sell ? [] : [{ identifier: 'sbp', child_identifier: 'sberbank_sbp' }],
      time_limit: 15,
      description: world.canWriteConditions ? CONDITIONS : '',
      restrictions: {
        telegram_premium_required: false,
        completed_trades_percent: null,
        trades_count_min: null,
        trades_volume_usd_min: null,
        account_age_days_min: 30,
      },
    });
}

function pressMain(world: World, label: string): void {
  expectMain(world, label);
  act(() => world.platform.screenActions.press('main'));
}

function pressBack(world: World): void {
  expect(world.platform.screenActions.snapshot().back, 'a way back').toBe(true);
  act(() => world.platform.screenActions.press('back'));
}

function type(label: string, text: string): void {
  act(() => void fireEvent.change(field(label), { target: { value: text } }));
}

function click(role: 'radio' | 'checkbox' | 'button', name: string | RegExp): void {
  act(() => void fireEvent.click(screen.getByRole(role, { name })));
}

/** The fields typed alike: the event that types into each, its label on screen and where the model keeps the text. */
const TYPED_FIELDS = {
  'price.change': ['Price for 1 USDT, RUB', 'priceText'],
  'margin.change': ['Margin to the market, %', 'marginText'],
  'min.change': ['Minimum per order, RUB', 'minText'],
  'max.change': ['Maximum per order, RUB', 'maxText'],
  'restriction.change': ['Account age, days', 'age'],
} as const satisfies Record<string, readonly [string, keyof World]>;

/** What leaving a step by its main action or by back clears: the server's and the connection's complaints. */
function clearComplaints(world: World): void {
  world.refusedAt = null;
  world.publishFailed = false;
}

async function perform(world: World, event: ModelEvent<CreateOfferMachine>): Promise<void> {
  switch (event.type) {
    case 'type.choose':
      click('radio', event.side === 'sell' ? /^Sell crypto/ : /^Buy crypto/);
      if (event.side !== world.side) world.methods = [];
      world.side = event.side;
      clearComplaints(world);
      break;
    case 'asset.choose':
      click('radio', /^USDT/);
      break;
    case 'fiat.choose':
      click('radio', /^RUB/);
      break;
    case 'price.type':
      click('radio', event.priceType === 'fixed' ? /^Fixed/ : /^Floating/);
      world.priceType = event.priceType;
      break;
    case 'price.change':
    case 'margin.change':
    case 'min.change':
    case 'max.change':
    case 'restriction.change': {
      const [label, kept] = TYPED_FIELDS[event.type];
      type(label, event.text);
      world[kept] = event.text;
      break;
    }
    case 'market.update':
      // The page hands newer reference prices to the machine; nothing on this screen sends them.
      throw new Error('played off screen');
    case 'volume.change':
      type(world.side === 'sell' ? 'Amount to sell, USDT' : 'Amount to buy, USDT', event.text);
      world.volumeText = event.text;
      break;
    case 'volume.max':
      click('button', 'Max');
      world.volumeText = '100';
      break;
    case 'methods.available':
      // The methods screen says which methods exist as soon as their list is in.
      world.methods = world.methods.filter((key) => event.keys.includes(key));
      break;
    case 'method.toggle': {
      const name =
        { '17': /^Sberbank/, '18': /^Tinkoff/, 'sbp/sberbank_sbp': /^Sberbank/, tinkoff: /^Tinkoff/ }[event.key] ??
        event.key;
      click('checkbox', name);
      world.methods = world.methods.includes(event.key)
        ? world.methods.filter((key) => key !== event.key)
        : [...world.methods, event.key];
      break;
    }
    case 'time.choose':
      click('radio', event.minutes === 30 ? '30 minutes' : '15 minutes');
      world.time = event.minutes;
      break;
    case 'conditions.change':
      act(() => void fireEvent.change(screen.getByLabelText('Conditions'), { target: { value: event.text } }));
      world.description = event.text;
      break;
    case 'premium.toggle':
      click('checkbox', 'Telegram Premium users only');
      world.premium = !world.premium;
      break;
    case 'currency.submit':
    case 'price.submit':
    case 'amounts.submit':
    case 'methods.submit':
    case 'time.submit':
    case 'conditions.submit':
    case 'restrictions.submit':
      pressMain(world, 'Continue');
      clearComplaints(world);
      break;
    case 'publish':
      pressMain(world, 'Publish');
      clearComplaints(world);
      world.posts += 1;
      break;
    case 'back':
      pressBack(world);
      clearComplaints(world);
      break;
    case 'actor.done':
      await act(() => world.server.answer(PUBLISH, ok(CREATED_OFFER)));
      await answered();
      return;
    case 'actor.error': {
      const status = Reflect.get(Object(event.error), 'status');
      const code = Reflect.get(Object(event.error), 'code');
      const data: unknown = Reflect.get(Object(event.error), 'data');
      if (typeof status !== 'number') {
        await act(() => world.server.answer(PUBLISH, NO_ANSWER));
        world.publishFailed = true;
      } else {
        await act(() => world.server.answer(PUBLISH, { status, body: { code, message: 'refused', data } }));
        const name: unknown = Reflect.get(Object(data), 'field');
        const step = Object.entries(REFUSED_FIELDS).find(([field]) => field === name)?.[1];
        if (step !== undefined) world.refusedAt = step;
      }
      await answered();
      return;
    }
    case 'time.pass':
      throw new Error('the flow has no timers');
  }
  await answered();
}

/**
 * Lets answers reach the screen: a few turns of the real event loop for the fake server's bodies,
 * and the query cache's notifications, which it schedules with a (fake) zero-delay timer.
 */
async function answered(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) {
    await act(() => settle());
    act(() => void vi.advanceTimersByTime(1));
  }
}

function worldOf(scenario: Scenario, platform: Platform, server: HeldServer): World {
  const draft = scenario.input.draft;
  return {
    platform,
    server,
    canWriteConditions: scenario.input.market.canWriteConditions,
    available: scenario.input.market.assets[0]?.available === '101000000' ? 'rich' : 'short',
    side: draft?.side ?? null,
    priceType: draft?.priceType ?? 'fixed',
    priceText: draft?.priceText ?? '',
    marginText: draft?.marginText ?? '0',
    moved: false,
    volumeText: draft?.volumeText ?? '',
    minText: draft?.minText ?? '',
    maxText: draft?.maxText ?? '',
    methods: [...(draft?.methods ?? [])].filter((key) => key !== '19'),
    time: draft?.timeLimit ?? 15,
    description: draft?.description ?? '',
    premium: false,
    age: draft?.restrictions?.account_age_days_min ?? '',
    refusedAt: null,
    publishFailed: false,
    posts: 0,
  };
}

beforeEach(() => {
  vi.useFakeTimers(HELD_SERVER_FAKE_TIMERS);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('create offer machine model', () => {
  it('has 359 paths for a new offer, 13 without conditions, 28 after reloads on the review (a tripwire)', () => {
    expect(pathsByScenario.map(({ scenario, paths }) => [scenario.name, paths.length])).toEqual([
      ['a new offer', 359],
      ['without conditions', 13],
      ['a reload on the review', 25],
      ['a reload with too little balance and a deleted method', 3],
      ...['currency', 'price', 'amounts', 'methods', 'time', 'conditions', 'restrictions'].map((step) => [
        `a reload on the ${step} step`,
        0,
      ]),
    ]);
  });

  it('visits every state node and takes every transition', () => {
    const starts = SCENARIOS.map(({ input }) => initialModelState(createOfferMachine, input));
    const coverage = coverageOf(
      createOfferMachine,
      starts,
      pathsByScenario.flatMap(({ paths }) => paths),
    );
    expect(coverage.visitedStates).toEqual(coverage.allStates);
    expect(coverage.takenTransitions).toEqual(coverage.allTransitions);
  });
});

/** The flow's view with the app's publishOffer, a fake server, and the world the test keeps. */
async function start(scenario: Scenario) {
  const server = new HeldServer(new Set([PUBLISH]), (request) => {
    if (request.route === 'GET /p2p/payment-methods') return ok({ methods: SAVED_METHODS });
    if (request.route === 'GET /p2p/currencies/fiat/RUB') return ok(RUB_CATALOGUE);
    if (request.route === 'GET /p2p/currencies/fiat/RUB/sbp') return ok(SBP_GROUP);
    return undefined;
  });
  server.install();
  const actor = createActor(provideCreateOffer(), { input: scenario.input }).start();
  const { platform } = await renderFlowView(
    createElement(CreateOfferFlowView, {
      actor,
      catalogue,
      onBack: () => actor.send({ type: 'back' }),
      onLeave: () => {},
    }),
  );
  await answered();
  const world = worldOf(scenario, platform, server);
  expectStates(EXPECTED, leafStates(actor.getSnapshot().value), world, 'at the start');
  return { actor, world };
}

describe.each(pathsByScenario)(
  'the create-offer screens along the machine’s paths ($scenario.name)',
  ({ scenario, paths }) => {
    it('start where the machine starts', async () => {
      const { actor } = await start(scenario);
      expect(actor.getSnapshot().value).toBe(initialModelState(createOfferMachine, scenario.input).snapshot.value);
      actor.stop();
    });

    for (const path of paths) {
      // The price moving is the page's doing (the reference prices' refresh): played on the machine only.
      if (path.steps.some((step) => step.event.type === 'market.update')) continue;
      it(`when ${path.steps.map((step) => describeEvent(step.event)).join(', then ')}`, async () => {
        const { actor, world } = await start(scenario);
        for (const step of path.steps) {
          await perform(world, step.event);
          const states = leafStates(actor.getSnapshot().value);
          expect(states, `after "${describeEvent(step.event)}"`).toEqual(leafStates(step.state.snapshot.value));
          expectStates(EXPECTED, states, world, `after "${describeEvent(step.event)}"`);
        }
        actor.stop();
      });
    }
  },
);

// ——— Named rules, on the machine's real transitions ———

function run(input: CreateOfferInput) {
  return createActor(createOfferMachine, { input }).start();
}

const SELL_INPUT = { market: MARKET, defaultFiat: 'RUB' };

describe('the price', () => {
  it('follows the reference price while floating: +1.5 % on 95.50 is 96.93, on 96.00 it is 97.44', () => {
    const actor = run(SELL_INPUT);
    actor.send({ type: 'type.choose', side: 'buy' });
    actor.send({ type: 'currency.submit' });
    actor.send({ type: 'price.type', priceType: 'floating' });
    actor.send({ type: 'margin.change', text: '1,5' });
    actor.send({ type: 'price.submit' });
    actor.send({ type: 'volume.change', text: '100' });
    actor.send({ type: 'min.change', text: '500' });
    actor.send({ type: 'max.change', text: '9693' });
    expect(actor.getSnapshot().can({ type: 'amounts.submit' })).toBe(true);
    actor.send({ type: 'market.update', fiats: MOVED_FIATS });
    // 100 USDT is worth 9 744.00 now: the same maximum still fits.
    expect(actor.getSnapshot().can({ type: 'amounts.submit' })).toBe(true);
    actor.send({ type: 'market.update', fiats: [{ code: 'RUB', prices: { USDT: '95' } }] });
    // 100 × 96.43 = 9 643.00 < 9 693: the maximum is now above what the volume is worth.
    expect(actor.getSnapshot().can({ type: 'amounts.submit' })).toBe(false);
  });

  it('keeps a floating margin within the band of ratios 90–110: −10.01 and +10.01 are refused, −10 and +10 taken, and so is −2', () => {
    const actor = run(SELL_INPUT);
    actor.send({ type: 'type.choose', side: 'sell' });
    actor.send({ type: 'currency.submit' });
    actor.send({ type: 'price.type', priceType: 'floating' });
    const can = (text: string) => {
      actor.send({ type: 'margin.change', text });
      return actor.getSnapshot().can({ type: 'price.submit' });
    };
    expect([can('-10.01'), can('-10'), can('10'), can('+10.01'), can('0.001'), can('−2'), can('-')]).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  it('keeps a fixed price within 80–120 % of 95.50: 76.39 and 114.61 are refused', () => {
    const actor = run(SELL_INPUT);
    actor.send({ type: 'type.choose', side: 'sell' });
    actor.send({ type: 'currency.submit' });
    const can = (text: string) => {
      actor.send({ type: 'price.change', text });
      return actor.getSnapshot().can({ type: 'price.submit' });
    };
    expect([can('76.39'), can('76.4'), can('114,60'), can('114.61'), can('1 00')]).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
  });
});

describe('the volume of a sell offer', () => {
  function atAmounts(available: string) {
    const actor = run({ market: { ...MARKET, assets: [{ ...USDT, available }] } });
    actor.send({ type: 'type.choose', side: 'sell' });
    actor.send({ type: 'currency.submit' });
    actor.send({ type: 'price.change', text: '96' });
    actor.send({ type: 'price.submit' });
    actor.send({ type: 'min.change', text: '100' });
    actor.send({ type: 'max.change', text: '200' });
    return actor;
  }

  it('leaves room for the 1 % fee: Max of 101 USDT is 100, and 100.000001 does not fit', () => {
    const actor = atAmounts('101000000');
    actor.send({ type: 'volume.max' });
    expect(actor.getSnapshot().context.volumeText).toBe('100');
    actor.send({ type: 'volume.change', text: '100.000001' });
    expect(actor.getSnapshot().can({ type: 'amounts.submit' })).toBe(false);
  });

  it('rounds the fee up to the smallest unit: Max of 1.000001 USDT is 0.9901, whose fee 0.009901 takes the rest', () => {
    const actor = atAmounts('1000001');
    actor.send({ type: 'volume.max' });
    expect(actor.getSnapshot().context.volumeText).toBe('0.9901');
  });

  it('is at most the asset market maximum whatever the balance', () => {
    const actor = atAmounts('900000000000');
    actor.send({ type: 'volume.max' });
    expect(actor.getSnapshot().context.volumeText).toBe('50000');
  });
});

describe('the payment methods', () => {
  it('take at most the config’s number, and another side or fiat starts them over', () => {
    const actor = run({ market: MARKET, draft: { ...SELL_DRAFT, step: 'methods', methods: [] } });
    expect(actor.getSnapshot().value).toBe('methods');
    for (const key of ['17', '18', '19']) actor.send({ type: 'method.toggle', key });
    expect(actor.getSnapshot().context.methods).toEqual(['17', '18']);
    for (const step of ['amounts', 'price', 'currency']) {
      actor.send({ type: 'back' });
      expect(actor.getSnapshot().value).toBe(step);
    }
    actor.send({ type: 'fiat.choose', code: 'RUB' });
    expect(actor.getSnapshot().context.methods).toEqual(['17', '18']);
    actor.send({ type: 'fiat.choose', code: 'USD' });
    expect(actor.getSnapshot().context.methods).toEqual([]);
    actor.send({ type: 'fiat.choose', code: 'RUB' });
    actor.send({ type: 'back' });
    actor.send({ type: 'type.choose', side: 'sell' });
    actor.send({ type: 'currency.submit' });
    actor.send({ type: 'price.submit' });
    actor.send({ type: 'amounts.submit' });
    actor.send({ type: 'method.toggle', key: '17' });
    actor.send({ type: 'back' });
    actor.send({ type: 'back' });
    actor.send({ type: 'back' });
    actor.send({ type: 'back' });
    actor.send({ type: 'type.choose', side: 'buy' });
    expect(actor.getSnapshot().context.methods).toEqual([]);
  });
});

describe('a server refusal', () => {
  it.each([
    ['price_floating_ratio', 'price'],
    ['limits.min', 'amounts'],
    ['catalogue_methods', 'methods'],
    ['time_limit', 'time'],
    ['description', 'conditions'],
    ['restrictions.account_age_days_min', 'restrictions'],
    ['fiat', 'currency'],
    ['something_else', 'review'],
  ])('naming %s returns to the %s step', async (name, step) => {
    const actor = run({ market: MARKET, draft: SELL_DRAFT });
    expect(actor.getSnapshot().value).toBe('review');
    actor.send({ type: 'publish' });
    const child = actor.getSnapshot().children.publishOffer;
    child?.send({ type: 'xstate.promise.reject', data: { status: 422, code: 'invalid_offer', data: { field: name } } });
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe(step);
    expect(actor.getSnapshot().context.serverError).toEqual({ step, field: name });
  });
});
