import { assertEvent, assign, fromPromise, type PromiseActorLogic, setup } from 'xstate';
import { amountInputText } from '../src/app/lib/amountInput.ts';
import {
  amountsValid,
  checkAmounts,
  checkPrice,
  checkRestriction,
  fiatText,
  maxSellVolume,
  type OfferAsset,
  type RatioBand,
  type RestrictionName,
  ratioText,
  restrictionNames,
} from './createOffer/offerRules.ts';
import { type CreateOfferStep, createOfferSteps } from './createOffer/steps.ts';

/**
 * Creating a P2P offer (spec 001 s.2 `/p2p/offers/new`, s.3 "P2P offer"; ../shared/design/P2P.md;
 * docs/p2p.md "Create offer"). One step per screen, in this order:
 *
 * `type` (buy or sell) → `currency` (asset and fiat) → `price` (fixed, or floating: a margin to the
 * reference price whose ratio is within the config's band, with the resulting price shown live) → `amounts`
 * (the crypto volume, for a sell offer within the balance with the fee reserved on top; the
 * per-order limits in fiat) → `methods` (sell: the person's saved methods of the fiat; buy:
 * catalogue entries) → `time` (the payment window) → `conditions` (skipped when the person may not
 * write them: can_edit_remark false) → `restrictions` → `review` → `publishing` → `done`.
 *
 * Choosing the type moves on at once; every other step moves on with its `….submit`, guarded by
 * its rules (createOffer/offerRules.ts). `back` goes one step back from every step but `type`
 * (the view leaves the flow from there) and `publishing`. `market.update` takes newer reference
 * prices (the floating price's preview and every bound that depends on the price follow them).
 *
 * Input: the market (assets with their fee, limits and the person's balance; fiats with their
 * reference prices; the config's bands and choices; whether conditions may be written) and an
 * optional `draft` a reload brought back: `start` resumes at the draft's step, or at the first
 * step before it whose entry is no longer valid (the balance or the price may have moved).
 *
 * `publishing` invokes `publishOffer` (`POST /p2p/offers`, input `CreateOfferBody`, output the
 * offer's `{ id }`), rejecting with `{ status, code, data }`: `invalid_offer` with `data.field`
 * returns to the step of that field with the refusal kept as `serverError`; `cannot_create_offer`,
 * `blocked` and `feature_disabled` end in `refused`; anything else returns to the review with
 * `publishError` ("Publish" tries again). Offers are created inactive: `done`'s output is the new
 * offer's id, whose screen the maker turns online from.
 */

export { type CreateOfferStep, createOfferSteps } from './createOffer/steps.ts';

export type OfferSide = 'buy' | 'sell';
export type PriceKind = 'fixed' | 'floating';

/** The reference price of one whole asset in a fiat, as `GET /p2p/currencies/fiats` answers. */
export interface ReferenceFiat {
  code: string;
  /** `prices[asset]`: a fiat decimal string ("95.5"). */
  prices: Readonly<Record<string, string>>;
}

export interface CreateOfferMarket {
  assets: readonly OfferAsset[];
  fiats: readonly ReferenceFiat[];
  /** `GET /p2p/config`: floating ratios and fixed prices, in percent of the reference price. */
  floatingBand: RatioBand;
  fixedBand: RatioBand;
  timeLimits: readonly number[];
  defaultTimeLimit: number;
  maxMethods: number;
  maxDescriptionLength: number;
  /** Spec 001 s.6: conditions may be written when can_edit_remark is true. */
  canWriteConditions: boolean;
}

/** What the person entered, step by step: what a reload brings back. */
export interface CreateOfferEntry {
  side: OfferSide | null;
  asset: string | null;
  fiat: string | null;
  priceType: PriceKind;
  priceText: string;
  /** A floating price's margin to the market, percent ("1.5"): the ratio is 100 + margin (spec 001 s.3). */
  marginText: string;
  volumeText: string;
  minText: string;
  maxText: string;
  /** Sell: saved method ids as text ("17"); buy: catalogue keys ("tinkoff", a group's bank "sbp/sberbank_sbp"). */
  methods: readonly string[];
  timeLimit: number;
  description: string;
  premium: boolean;
  restrictions: Readonly<Record<RestrictionName, string>>;
}

export interface CreateOfferDraft extends Partial<CreateOfferEntry> {
  step: CreateOfferStep;
}

export interface CreateOfferInput {
  market: CreateOfferMarket;
  /** The fiat chosen first when nothing else was: the person's local currency when the market trades it. */
  defaultFiat?: string;
  draft?: CreateOfferDraft;
}

/** The server refused the offer because of one field: the step that holds it shows why. */
export interface ServerRefusal {
  step: CreateOfferStep;
  field: string;
}

export type RefusalReason = 'cannot_create_offer' | 'blocked' | 'feature_disabled';

export interface CreateOfferContext extends CreateOfferEntry {
  market: CreateOfferMarket;
  /** The step a draft asked for, until `start` has resumed. */
  resumeAt: CreateOfferStep | null;
  serverError: ServerRefusal | null;
  publishError: 'failed' | null;
  refusal: RefusalReason | null;
  offerId: number | null;
}

/** The body of `POST /p2p/offers` (src/contract/p2p-offers.ts `createOfferBody`). */
export interface PublishOfferInput {
  type: OfferSide;
  asset: string;
  fiat: string;
  price_type: PriceKind;
  price: string | null;
  price_floating_ratio: string | null;
  volume: string;
  limits: { min: string; max: string };
  payment_method_ids: number[];
  catalogue_methods: Array<{ identifier: string; child_identifier: string | null }>;
  time_limit: number;
  description: string;
  restrictions: {
    telegram_premium_required: boolean;
    completed_trades_percent: number | null;
    trades_count_min: number | null;
    trades_volume_usd_min: number | null;
    account_age_days_min: number | null;
  };
}

/** How the app's `publishOffer` rejects: the HTTP status (null without an answer), the code and data. */
export interface PublishFailure {
  status: number | null;
  code: string | null;
  data?: unknown;
}

export type CreateOfferEvent =
  | { type: 'type.choose'; side: OfferSide }
  | { type: 'asset.choose'; code: string }
  | { type: 'fiat.choose'; code: string }
  | { type: 'currency.submit' }
  | { type: 'price.type'; priceType: PriceKind }
  | { type: 'price.change'; text: string }
  | { type: 'margin.change'; text: string }
  | { type: 'price.submit' }
  | { type: 'volume.change'; text: string }
  | { type: 'volume.max' }
  | { type: 'min.change'; text: string }
  | { type: 'max.change'; text: string }
  | { type: 'amounts.submit' }
  | { type: 'methods.available'; keys: readonly string[] }
  | { type: 'method.toggle'; key: string }
  | { type: 'methods.submit' }
  | { type: 'time.choose'; minutes: number }
  | { type: 'time.submit' }
  | { type: 'conditions.change'; text: string }
  | { type: 'conditions.submit' }
  | { type: 'premium.toggle' }
  | { type: 'restriction.change'; name: RestrictionName; text: string }
  | { type: 'restrictions.submit' }
  | { type: 'publish' }
  | { type: 'market.update'; fiats: readonly ReferenceFiat[] }
  | { type: 'back' };

export type CreateOfferTag = CreateOfferStep | 'busy' | 'refused' | 'done';

const noRestrictions: Record<RestrictionName, string> = {
  completed_trades_percent: '',
  trades_count_min: '',
  trades_volume_usd_min: '',
  account_age_days_min: '',
};

// ——— What the steps read from the context (the view reads the same) ———

export function offerAssetOf(context: Pick<CreateOfferContext, 'market' | 'asset'>): OfferAsset | null {
  return context.market.assets.find((asset) => asset.code === context.asset) ?? null;
}

/** The reference price of the chosen asset in the chosen fiat, in cents; null when the market has none. */
export function referenceCentsOf(context: Pick<CreateOfferContext, 'market' | 'asset' | 'fiat'>): bigint | null {
  const fiat = context.market.fiats.find((each) => each.code === context.fiat);
  const price = context.asset === null ? undefined : fiat?.prices[context.asset];
  if (price === undefined) return null;
  const [whole = '0', fraction = ''] = price.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

export function priceCheckOf(context: CreateOfferContext) {
  return checkPrice(context, referenceCentsOf(context), {
    fixed: context.market.fixedBand,
    floating: context.market.floatingBand,
  });
}

export function amountsCheckOf(context: CreateOfferContext) {
  const asset = offerAssetOf(context);
  const price = priceCheckOf(context).cents;
  if (asset === null || price === null || context.side === null) return null;
  return checkAmounts(context, context.side, asset, price);
}

export function restrictionChecksOf(context: Pick<CreateOfferContext, 'restrictions'>) {
  return Object.fromEntries(
    restrictionNames.map((name) => [name, checkRestriction(name, context.restrictions[name])]),
  ) as Record<RestrictionName, ReturnType<typeof checkRestriction>>;
}

export function conditionsTooLong(context: Pick<CreateOfferContext, 'description' | 'market'>): boolean {
  return context.description.trim().length > context.market.maxDescriptionLength;
}

/** Whether a step's entry is complete and valid. */
export function stepValid(context: CreateOfferContext, step: CreateOfferStep): boolean {
  switch (step) {
    case 'type':
      return context.side !== null;
    case 'currency':
      return offerAssetOf(context) !== null && context.market.fiats.some((fiat) => fiat.code === context.fiat);
    case 'price':
      return priceCheckOf(context).error === null;
    case 'amounts': {
      const check = amountsCheckOf(context);
      return check !== null && amountsValid(check);
    }
    case 'methods':
      return context.methods.length >= 1 && context.methods.length <= context.market.maxMethods;
    case 'time':
      return context.market.timeLimits.includes(context.timeLimit);
    case 'conditions':
      return !conditionsTooLong(context);
    case 'restrictions':
      return Object.values(restrictionChecksOf(context)).every((check) => check.error === null);
    case 'review':
      return true;
  }
}

/** The steps the person goes through: conditions only when they may write them. */
function stepsOf(context: CreateOfferContext): CreateOfferStep[] {
  return createOfferSteps.filter((step) => step !== 'conditions' || context.market.canWriteConditions);
}

/** Where a draft resumes: its step, or the first step before it that is no longer valid. */
export function resumeStepOf(context: CreateOfferContext): CreateOfferStep {
  const wanted = context.resumeAt ?? 'type';
  for (const step of stepsOf(context)) {
    if (step === wanted || !stepValid(context, step)) return step;
  }
  return 'review';
}

/** The body the review publishes. */
export function publishInputOf(context: CreateOfferContext): PublishOfferInput {
  const price = priceCheckOf(context);
  const amounts = amountsCheckOf(context);
  const checks = restrictionChecksOf(context);
  const sell = context.side === 'sell';
  return {
    type: context.side ?? 'sell',
    asset: context.asset ?? '',
    fiat: context.fiat ?? '',
    price_type: context.priceType,
    price: context.priceType === 'fixed' && price.cents !== null ? fiatText(price.cents) : null,
    price_floating_ratio: context.priceType === 'floating' ? ratioText(context.marginText) : null,
    volume: (amounts?.volume ?? 0n).toString(),
    limits: { min: fiatText(amounts?.min ?? 0n), max: fiatText(amounts?.max ?? 0n) },
    payment_method_ids: sell ? context.methods.map((key) => Number.parseInt(key, 10)) : [],
    catalogue_methods: sell ? [] : context.methods.map(catalogueMethodOf),
    time_limit: context.timeLimit,
    description: context.market.canWriteConditions ? context.description.trim() : '',
    restrictions: {
      telegram_premium_required: context.premium,
      completed_trades_percent: checks.completed_trades_percent.value,
      trades_count_min: checks.trades_count_min.value,
      trades_volume_usd_min: checks.trades_volume_usd_min.value,
      account_age_days_min: checks.account_age_days_min.value,
    },
  };
}

/**
 * A buy offer's method key as the catalogue names it: "tinkoff" is an entry, "sbp/sberbank_sbp" a
 * group's bank (the server takes a group's banks one by one).
 */
export function catalogueMethodOf(key: string): { identifier: string; child_identifier: string | null } {
  const [identifier = '', child = null] = key.split('/');
  return { identifier, child_identifier: child };
}

/** The step that holds a field the server named (`invalid_offer`'s `data.field`). */
export function stepOfField(field: string, canWriteConditions: boolean): CreateOfferStep {
  const root = field.split('.')[0] ?? '';
  if (root === 'type') return 'type';
  if (root === 'asset' || root === 'fiat') return 'currency';
  if (root === 'price' || root === 'price_type' || root === 'price_floating_ratio') return 'price';
  if (root === 'volume' || root === 'limits') return 'amounts';
  if (root === 'payment_methods' || root === 'payment_method_ids' || root === 'catalogue_methods') return 'methods';
  if (root === 'time_limit') return 'time';
  if (root === 'description') return canWriteConditions ? 'conditions' : 'review';
  if (root === 'restrictions') return 'restrictions';
  return 'review';
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

function failureCode(error: unknown): string | null {
  const code = field(error, 'code');
  return typeof code === 'string' ? code : null;
}

function refusedField(error: unknown): string | null {
  if (failureCode(error) !== 'invalid_offer') return null;
  const name = field(field(error, 'data'), 'field');
  return typeof name === 'string' ? name : '';
}

const refusalReasons: readonly RefusalReason[] = ['cannot_create_offer', 'blocked', 'feature_disabled'];

function fromPending<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

function initialEntry(input: CreateOfferInput): CreateOfferEntry {
  const { market, draft, defaultFiat } = input;
  const fiat = market.fiats.some((each) => each.code === defaultFiat) ? (defaultFiat ?? null) : null;
  return {
    side: null,
    asset: market.assets[0]?.code ?? null,
    fiat: fiat ?? market.fiats[0]?.code ?? null,
    priceType: 'fixed',
    priceText: '',
    marginText: '0',
    volumeText: '',
    minText: '',
    maxText: '',
    methods: [],
    timeLimit: market.defaultTimeLimit,
    description: '',
    premium: false,
    restrictions: noRestrictions,
    ...withoutStep(draft),
  };
}

function withoutStep(draft: CreateOfferDraft | undefined): Partial<CreateOfferEntry> {
  if (draft === undefined) return {};
  const { step: _step, ...entry } = draft;
  return entry;
}

/** A transition to the previous step the person went through (conditions skipped when they may not write them). */
const backTo = (step: CreateOfferStep, skipping?: CreateOfferStep) =>
  skipping === undefined
    ? { target: step, actions: 'clearErrors' as const }
    : [
        { guard: 'writesConditions' as const, target: step, actions: 'clearErrors' as const },
        { target: skipping, actions: 'clearErrors' as const },
      ];

export const createOfferMachine = setup({
  types: {
    context: {} as CreateOfferContext,
    events: {} as CreateOfferEvent,
    input: {} as CreateOfferInput,
    output: {} as { offerId: number },
    tags: {} as CreateOfferTag,
    children: {} as { publishOffer: 'publishOffer' },
  },
  actions: {
    chooseSide: assign(({ context, event }) => {
      assertEvent(event, 'type.choose');
      // Sell offers list saved method ids, buy offers catalogue entries: another side starts over.
      return { side: event.side, methods: event.side === context.side ? context.methods : [] };
    }),
    chooseAsset: assign(({ event }) => {
      assertEvent(event, 'asset.choose');
      return { asset: event.code };
    }),
    chooseFiat: assign(({ context, event }) => {
      assertEvent(event, 'fiat.choose');
      return { fiat: event.code, methods: event.code === context.fiat ? context.methods : [] };
    }),
    setPriceType: assign(({ event }) => {
      assertEvent(event, 'price.type');
      return { priceType: event.priceType };
    }),
    setPrice: assign(({ event }) => {
      assertEvent(event, 'price.change');
      return { priceText: event.text };
    }),
    setMargin: assign(({ event }) => {
      assertEvent(event, 'margin.change');
      return { marginText: event.text };
    }),
    setVolume: assign(({ event }) => {
      assertEvent(event, 'volume.change');
      return { volumeText: event.text };
    }),
    putMaxVolume: assign(({ context }) => {
      const asset = offerAssetOf(context);
      if (asset === null) return {};
      const most = context.side === 'sell' ? maxSellVolume(BigInt(asset.available), asset.fee) : BigInt(asset.max);
      const capped = most > BigInt(asset.max) ? BigInt(asset.max) : most;
      return { volumeText: amountInputText(capped.toString(), asset.decimals) };
    }),
    setMin: assign(({ event }) => {
      assertEvent(event, 'min.change');
      return { minText: event.text };
    }),
    setMax: assign(({ event }) => {
      assertEvent(event, 'max.change');
      return { maxText: event.text };
    }),
    keepAvailableMethods: assign(({ context, event }) => {
      assertEvent(event, 'methods.available');
      return { methods: context.methods.filter((key) => event.keys.includes(key)) };
    }),
    toggleMethod: assign(({ context, event }) => {
      assertEvent(event, 'method.toggle');
      if (context.methods.includes(event.key)) return { methods: context.methods.filter((key) => key !== event.key) };
      // At the most allowed, another choice does nothing (the view says how many may be chosen).
      if (context.methods.length >= context.market.maxMethods) return {};
      return { methods: [...context.methods, event.key] };
    }),
    chooseTime: assign(({ context, event }) => {
      assertEvent(event, 'time.choose');
      return { timeLimit: context.market.timeLimits.includes(event.minutes) ? event.minutes : context.timeLimit };
    }),
    setConditions: assign(({ event }) => {
      assertEvent(event, 'conditions.change');
      return { description: event.text };
    }),
    togglePremium: assign(({ context }) => ({ premium: !context.premium })),
    setRestriction: assign(({ context, event }) => {
      assertEvent(event, 'restriction.change');
      return { restrictions: { ...context.restrictions, [event.name]: event.text } };
    }),
    takePrices: assign(({ context, event }) => {
      assertEvent(event, 'market.update');
      return { market: { ...context.market, fiats: event.fiats } };
    }),
    forgetResume: assign({ resumeAt: null }),
    clearErrors: assign({ serverError: null, publishError: null }),
    takeRefusedField: assign(({ context }, params: { error: unknown }) => {
      const name = refusedField(params.error) ?? '';
      return {
        serverError: { step: stepOfField(name, context.market.canWriteConditions), field: name },
        publishError: null,
      };
    }),
    takeRefusal: assign((_, params: { error: unknown }) => ({
      refusal: refusalReasons.find((reason) => reason === failureCode(params.error)) ?? 'cannot_create_offer',
    })),
    setPublishFailed: assign({ publishError: 'failed' as const }),
    storeOffer: assign((_, params: { id: number }) => ({ offerId: params.id, serverError: null, publishError: null })),
  },
  guards: {
    resumesAt: ({ context }, params: { step: CreateOfferStep }) =>
      context.resumeAt !== null && resumeStepOf(context) === params.step,
    valid: ({ context }, params: { step: CreateOfferStep }) => stepValid(context, params.step),
    writesConditions: ({ context }) => context.market.canWriteConditions,
    refusedAt: ({ context }, params: { error: unknown; step: CreateOfferStep }) => {
      const name = refusedField(params.error);
      return name !== null && stepOfField(name, context.market.canWriteConditions) === params.step;
    },
    isRefusal: (_, params: { error: unknown }) =>
      refusalReasons.some((reason) => reason === failureCode(params.error)) && field(params.error, 'status') === 403,
  },
  actors: {
    publishOffer: fromPending<{ id: number }, PublishOfferInput>(),
  },
}).createMachine({
  id: 'createOffer',
  description: 'Publishes a new, inactive P2P offer one step at a time; a reload resumes at its step.',
  context: ({ input }) => ({
    ...initialEntry(input),
    market: input.market,
    resumeAt: input.draft === undefined || input.draft.step === 'type' ? null : input.draft.step,
    serverError: null,
    publishError: null,
    refusal: null,
    offerId: null,
  }),
  initial: 'start',
  states: {
    start: {
      description: 'A draft resumes at its step, or at the first earlier step that is no longer valid.',
      always: [
        ...(['currency', 'price', 'amounts', 'methods', 'time', 'conditions', 'restrictions', 'review'] as const).map(
          (step) => ({
            guard: { type: 'resumesAt' as const, params: { step } },
            target: step,
            actions: 'forgetResume' as const,
          }),
        ),
        { target: 'type', actions: 'forgetResume' },
      ],
    },
    type: {
      description: 'Buy or sell; choosing one moves on. The view leaves the flow on back.',
      tags: ['type'],
      on: { 'type.choose': { target: 'currency', actions: ['chooseSide', 'clearErrors'] } },
    },
    currency: {
      tags: ['currency'],
      on: {
        'asset.choose': { actions: 'chooseAsset' },
        'fiat.choose': { actions: 'chooseFiat' },
        'currency.submit': {
          guard: { type: 'valid', params: { step: 'currency' } },
          target: 'price',
          actions: 'clearErrors',
        },
        back: backTo('type'),
      },
    },
    price: {
      description:
        'Fixed within the config band of the reference price, or a floating margin whose ratio is within its band.',
      tags: ['price'],
      on: {
        'price.type': { actions: 'setPriceType' },
        'price.change': { actions: 'setPrice' },
        'margin.change': { actions: 'setMargin' },
        'price.submit': {
          guard: { type: 'valid', params: { step: 'price' } },
          target: 'amounts',
          actions: 'clearErrors',
        },
        back: backTo('currency'),
      },
    },
    amounts: {
      description: 'The volume (and for a sell offer the fee reserved on top) and the per-order limits in fiat.',
      tags: ['amounts'],
      on: {
        'volume.change': { actions: 'setVolume' },
        'volume.max': { actions: 'putMaxVolume' },
        'min.change': { actions: 'setMin' },
        'max.change': { actions: 'setMax' },
        'amounts.submit': {
          guard: { type: 'valid', params: { step: 'amounts' } },
          target: 'methods',
          actions: 'clearErrors',
        },
        back: backTo('price'),
      },
    },
    methods: {
      description: 'Sell: saved methods of the fiat (one may be added and the flow resumed); buy: catalogue entries.',
      tags: ['methods'],
      on: {
        'methods.available': { actions: 'keepAvailableMethods' },
        'method.toggle': { actions: 'toggleMethod' },
        'methods.submit': {
          guard: { type: 'valid', params: { step: 'methods' } },
          target: 'time',
          actions: 'clearErrors',
        },
        back: backTo('amounts'),
      },
    },
    time: {
      tags: ['time'],
      on: {
        'time.choose': { actions: 'chooseTime' },
        'time.submit': [
          { guard: 'writesConditions', target: 'conditions', actions: 'clearErrors' },
          { target: 'restrictions', actions: 'clearErrors' },
        ],
        back: backTo('methods'),
      },
    },
    conditions: {
      tags: ['conditions'],
      on: {
        'conditions.change': { actions: 'setConditions' },
        'conditions.submit': {
          guard: { type: 'valid', params: { step: 'conditions' } },
          target: 'restrictions',
          actions: 'clearErrors',
        },
        back: backTo('time'),
      },
    },
    restrictions: {
      tags: ['restrictions'],
      on: {
        'premium.toggle': { actions: 'togglePremium' },
        'restriction.change': { actions: 'setRestriction' },
        'restrictions.submit': {
          guard: { type: 'valid', params: { step: 'restrictions' } },
          target: 'review',
          actions: 'clearErrors',
        },
        back: backTo('conditions', 'time'),
      },
    },
    review: {
      description: 'Everything on one screen, the fee for a sell offer included; Publish creates the offer.',
      tags: ['review'],
      on: {
        publish: { target: 'publishing', actions: 'clearErrors' },
        back: backTo('restrictions'),
      },
    },
    publishing: {
      description: 'POST /p2p/offers; no way back until the server answers.',
      tags: ['review', 'busy'],
      invoke: {
        id: 'publishOffer',
        src: 'publishOffer',
        input: ({ context }) => publishInputOf(context),
        onDone: { target: 'done', actions: { type: 'storeOffer', params: ({ event }) => ({ id: event.output.id }) } },
        onError: [
          ...(['type', 'currency', 'price', 'amounts', 'methods', 'time', 'conditions', 'restrictions'] as const).map(
            (step) => ({
              description: `invalid_offer naming a field of the ${step} step: back there with the refusal.`,
              guard: {
                type: 'refusedAt' as const,
                params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, step }),
              },
              target: step,
              actions: {
                type: 'takeRefusedField' as const,
                params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
              },
            }),
          ),
          {
            description: 'The person may not create offers (permission, block, feature flag).',
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'takeRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'invalid_offer naming nothing the steps hold: the review says so.',
            guard: { type: 'refusedAt', params: ({ event }) => ({ error: event.error, step: 'review' }) },
            target: 'review',
            actions: { type: 'takeRefusedField', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'No answer or a server error: Publish tries again.',
            target: 'review',
            actions: 'setPublishFailed',
          },
        ],
      },
    },
    refused: {
      description: 'The server says this person may not create offers.',
      tags: ['refused'],
      type: 'final',
    },
    done: {
      tags: ['done'],
      type: 'final',
    },
  },
  on: {
    'market.update': { actions: 'takePrices' },
  },
  output: ({ context }) => ({ offerId: context.offerId ?? 0 }),
});
