import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { CreateOfferEvent, CreateOfferStep } from '../../../../machines/createOffer.machine.ts';
import { createOfferSteps } from '../../../../machines/createOffer.machine.ts';
import type { UserSettings } from '../../../contract/settings.ts';
import { isPermitted } from '../../../contract/settings.ts';
import { marketFiatsQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { p2pOffersQueryKey } from '../../api/p2pOfferQueries.ts';
import { ownMarketProfileQueryOptions } from '../../api/p2pProfileQueries.ts';
import { marketAssetsQueryOptions, marketConfigQueryOptions } from '../../api/p2pQueries.ts';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { useBack } from '../../lib/back.ts';
import { type FlowWrite, useFlowUrl } from '../../lib/flowUrl.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { CannotCreateOffers } from './CannotCreateOffers.tsx';
import { CreateOfferFlowView } from './CreateOfferFlowView.tsx';
import { type CreateOfferActor, createOfferMarket, type MarketData, provideCreateOffer } from './createOffer.ts';
import { createOfferStepOf, entryOf, forgetOfferDraft, readOfferDraft, writeOfferDraft } from './createOfferSteps.ts';
import { type CreateOfferSearch, createOfferSearchOf } from './createOfferUrl.ts';

/**
 * `/p2p/offers/new`: the market's config, assets and reference prices, the wallet catalogue and
 * balance, and the person's market profile (may they write conditions) first; then the
 * createOffer machine with what they said. Someone whose `can_create_market_offer` is false sees
 * why instead; a blocked person never gets here (the root's blocked guard). The reference prices
 * refresh every `config.price_refresh_ms` and reach the machine, so a floating price's preview
 * moves with the market. Each step has its own URL and the draft is kept in this tab
 * (createOfferSteps.ts). Once published, the new (inactive) offer's page replaces the flow.
 */
export function CreateOfferPage({
  settings,
  search,
  onSearch,
}: {
  settings: UserSettings;
  search: CreateOfferSearch;
  onSearch: (search: CreateOfferSearch, how: FlowWrite) => void;
}) {
  if (!isPermitted(settings.permissions, 'can_create_market_offer')) return <CannotCreateOffers />;
  return <CreateOfferData settings={settings} search={search} onSearch={onSearch} />;
}

function CreateOfferData({
  settings,
  search,
  onSearch,
}: {
  settings: UserSettings;
  search: CreateOfferSearch;
  onSearch: (search: CreateOfferSearch, how: FlowWrite) => void;
}) {
  const config = useQuery(marketConfigQueryOptions());
  const assets = useQuery(marketAssetsQueryOptions());
  const fiats = useQuery({
    ...marketFiatsQueryOptions(),
    refetchInterval: config.data?.price_refresh_ms ?? false,
    staleTime: 0,
  });
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const balance = useQuery(balanceQueryOptions());
  const profile = useQuery(ownMarketProfileQueryOptions());
  const queries = [config, assets, fiats, catalogue, balance, profile];
  const loaded =
    config.data !== undefined &&
    assets.data !== undefined &&
    fiats.data !== undefined &&
    catalogue.data !== undefined &&
    balance.data !== undefined &&
    profile.data !== undefined;
  if (!loaded) {
    const failed = queries.filter((query) => query.isError);
    return (
      <MarketLoading onRetry={failed.length === 0 ? null : () => failed.forEach((query) => void query.refetch())} />
    );
  }
  return (
    <CreateOfferFlow
      data={{
        config: config.data,
        assets: assets.data.assets,
        fiats: fiats.data.fiats,
        catalogue: catalogue.data,
        balances: balance.data.balances,
        canWriteConditions: profile.data.account_info.can_edit_remark,
      }}
      defaultFiat={settings.local_currency}
      search={search}
      onSearch={onSearch}
    />
  );
}

/**
 * The market on its way, or a failure to load it: back leaves. Its own component, so that its
 * screen actions are declared only while it shows (a screen's declaration would otherwise be
 * overridden by the page's around it when everything is cached and both mount at once).
 */
function MarketLoading({ onRetry }: { onRetry: (() => void) | null }) {
  useScreenActions({ main: null, back: useBack({ to: '/p2p' }) });
  if (onRetry === null) return <Loading />;
  return <LoadFailed message={<Trans>Couldn’t load the market.</Trans>} onRetry={onRetry} />;
}

function CreateOfferFlow({
  data,
  defaultFiat,
  search,
  onSearch,
}: {
  data: MarketData;
  defaultFiat: string;
  search: CreateOfferSearch;
  onSearch: (search: CreateOfferSearch, how: FlowWrite) => void;
}) {
  const draft = readOfferDraft(search.step ?? 'type');
  const actor = useActorRef(provideCreateOffer(), {
    input: { market: createOfferMarket(data), defaultFiat, ...(draft === undefined ? {} : { draft }) },
  });
  // Newer reference prices: the price step's preview and every bound that hangs on the price follow.
  useEffect(() => {
    actor.send({ type: 'market.update', fiats: data.fiats });
  }, [actor, data.fiats]);
  // What was entered is kept for a reload or a detour to add a payment method.
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      const entry = snapshot.status === 'active' ? entryOf(snapshot.context) : null;
      if (entry !== null) writeOfferDraft(entry);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  const { goBack, leave } = useCreateOfferUrl(actor, search, onSearch);
  const leaveFlow = useBack({ to: '/p2p' });
  const done = useSelector(actor, (snapshot) => (snapshot.hasTag('done') ? snapshot.context.offerId : null));
  if (done !== null) return <Published offerId={done} leaveFlow={leave} />;
  return <CreateOfferFlowView actor={actor} catalogue={data.catalogue} onBack={goBack} onLeave={leaveFlow} />;
}

/** The event that moves the flow on from each step at once, for the browser's forward button. */
const submitEvents: Record<Exclude<CreateOfferStep, 'type' | 'review'>, CreateOfferEvent> = {
  currency: { type: 'currency.submit' },
  price: { type: 'price.submit' },
  amounts: { type: 'amounts.submit' },
  methods: { type: 'methods.submit' },
  time: { type: 'time.submit' },
  conditions: { type: 'conditions.submit' },
  restrictions: { type: 'restrictions.submit' },
};

function forwardEvent(actor: CreateOfferActor, step: CreateOfferStep): CreateOfferEvent | null {
  const { side } = actor.getSnapshot().context;
  if (step === 'type') return side === null ? null : { type: 'type.choose', side };
  // Publishing is never redone by a forward button.
  if (step === 'review') return null;
  return submitEvents[step];
}

/** The machine's step, kept in the URL (src/app/lib/flowUrl.ts). */
function useCreateOfferUrl(
  actor: CreateOfferActor,
  url: CreateOfferSearch,
  write: (search: CreateOfferSearch, how: FlowWrite) => void,
) {
  const step = useSelector(actor, createOfferStepOf);
  const current = useMemo(() => createOfferSearchOf(step), [step]);
  return useFlowUrl<CreateOfferStep, CreateOfferSearch>({
    steps: createOfferSteps,
    current,
    url,
    write,
    stepNow: () => createOfferStepOf(actor.getSnapshot()),
    back: () => {
      if (!actor.getSnapshot().can({ type: 'back' })) return false;
      actor.send({ type: 'back' });
      return true;
    },
    forward: () => {
      const event = forwardEvent(actor, createOfferStepOf(actor.getSnapshot()));
      if (event === null || !actor.getSnapshot().can(event)) return false;
      actor.send(event);
      return true;
    },
  });
}

/** The offer exists (inactive): the draft is forgotten, the offer lists refreshed, and its page replaces the flow. */
function Published({ offerId, leaveFlow }: { offerId: number; leaveFlow: () => Promise<void> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useRef(leaveFlow);
  useScreenActions({ main: null, back: null });
  useEffect(() => {
    forgetOfferDraft();
    void queryClient.invalidateQueries({ queryKey: p2pOffersQueryKey });
    void leave.current().then(() => navigate({ to: '/p2p/offers/$id', params: { id: offerId }, replace: true }));
  }, [navigate, queryClient, offerId]);
  return <Loading />;
}
