import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { defaultAmountType, type TakeFacts, takerSells } from '../../../../machines/takeOffer/amountRules.ts';
import type { TakeOfferInput, takeOfferMachine } from '../../../../machines/takeOffer.machine.ts';
import type { Offer } from '../../../contract/p2p-offers.ts';
import type { PaymentMethod } from '../../../contract/p2p-payment-methods.ts';
import type { SecurityInfo } from '../../../contract/security.ts';
import { ownMarketProfileQueryOptions } from '../../api/p2pProfileQueries.ts';
import { marketConfigQueryOptions } from '../../api/p2pQueries.ts';
import { securityQueryOptions } from '../../api/securityQueries.ts';
import { verificationOverviewQueryOptions } from '../../api/verificationQueries.ts';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { deviceId } from '../../lib/deviceId.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page } from '../../ui/Page.tsx';
import { confirmInput, storageOrNull, useBiometricsAvailable } from '../../ui/passcodeConfirm/passcodeConfirm.ts';
import { TakeForm } from './TakeForm.tsx';
import { TakeSteps } from './TakeSteps.tsx';
import { readTakeDraft, writeTakeDraft } from './takeDraft.ts';
import { chosenMethod, methodOptions } from './takeMethods.ts';
import { offerOnline, provideTakeOffer, rememberUnlockNotice, takeMethodOf, unlockNoticeShown } from './takeOffer.ts';
import { useTakeOfferEffects } from './useTakeOfferEffects.ts';

export type TakeOfferSnapshot = SnapshotFrom<typeof takeOfferMachine>;

/**
 * The take-offer form and its steps (spec 001 s.2 "Take-offer form", "Confirm sheet"; s.4 "Taker
 * order flow"), rendered from the takeOffer machine's snapshot. First what the flow needs: the
 * catalogue (decimals); the person's verification, market profile id and the market's
 * `unlock_duration` for the one-time notice; and when the taker sells (a buy offer) their balance
 * and the security info (is a passcode set, biometrics, a lockout). docs/p2p.md "Taking an offer".
 */
export function TakeOfferView({ offer, leave }: { offer: Offer; leave: () => void }) {
  const { t } = useLingui();
  const sells = takerSells(offer.type);
  const platform = usePlatform();
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const balances = useQuery({ ...balanceQueryOptions(), enabled: sells });
  const security = useQuery({ ...securityQueryOptions(deviceId()), enabled: sells });
  const verification = useQuery(verificationOverviewQueryOptions());
  const profile = useQuery(ownMarketProfileQueryOptions());
  const config = useQuery(marketConfigQueryOptions());
  const biometricsAvailable = useBiometricsAvailable(platform);
  const failed = catalogue.isError || (sells && (balances.isError || security.isError));
  useScreenActions({ main: null, back: leave });
  if (failed) {
    return (
      <Page>
        <LoadFailed
          message={t`Couldn’t load what taking this offer needs.`}
          onRetry={() => {
            for (const query of [catalogue, balances, security]) if (query.isError) void query.refetch();
          }}
        />
      </Page>
    );
  }
  const facts = takeFactsOf(offer, catalogue.data?.assets[offer.asset], balances.data?.balances);
  // Unknown (a check that failed) is not unverified: the notice then stays away.
  const settled = (query: { isPending: boolean; isError: boolean }) => !query.isPending || query.isError;
  const waiting =
    facts === null ||
    biometricsAvailable === null ||
    (sells && security.data === undefined) ||
    !settled(verification) ||
    !settled(profile) ||
    !settled(config);
  if (waiting) {
    return (
      <Page>
        <Loading />
      </Page>
    );
  }
  const unverified =
    verification.data !== undefined && !verification.data.passport.completed && !verification.data.address.completed;
  const notice =
    unverified && profile.data !== undefined && config.data !== undefined
      ? { publicId: profile.data.user.id, hours: config.data.unlock_duration_hours }
      : null;
  return (
    <TakeOfferFlow
      offer={offer}
      facts={facts}
      info={security.data ?? null}
      biometricsAvailable={biometricsAvailable}
      notice={notice}
      leave={leave}
    />
  );
}

/** The amount rules' facts of this offer, or null until the asset's decimals are known. */
function takeFactsOf(
  offer: Offer,
  asset: { decimals: number; view_full_decimals: number } | undefined,
  balances: readonly { asset: string; available: string }[] | undefined,
): TakeFacts | null {
  if (asset === undefined) return null;
  const sells = takerSells(offer.type);
  if (sells && balances === undefined) return null;
  return {
    type: offer.type,
    price: offer.price,
    limits: offer.limits,
    remainingVolume: offer.remaining_volume,
    assetDecimals: asset.decimals,
    shownDecimals: asset.view_full_decimals,
    balance: sells ? (balances?.find((each) => each.asset === offer.asset)?.available ?? '0') : null,
  };
}

interface FlowProps {
  offer: Offer;
  facts: TakeFacts;
  /** The security info (sellers only). */
  info: SecurityInfo | null;
  biometricsAvailable: boolean;
  /** The verification notice's facts for an unverified taker, else null. */
  notice: { publicId: number; hours: number } | null;
  leave: () => void;
}

function TakeOfferFlow({ offer, facts, info, biometricsAvailable, notice, leave }: FlowProps) {
  const platform = usePlatform();
  const [storage] = useState(storageOrNull);
  const [machine] = useState(() =>
    provideTakeOffer({
      platform,
      storage,
      rememberNotice: () => {
        if (notice !== null) rememberUnlockNotice(storage, notice.publicId);
      },
    }),
  );
  const remembered = readTakeDraft(offer.id);
  const options = methodOptions(offer);
  const method = chosenMethod(options, remembered?.methodId ?? null);
  const [input] = useState(
    (): TakeOfferInput => ({
      offerId: offer.id,
      facts,
      online: offerOnline(offer),
      draft: { amount: remembered?.amount ?? '', type: remembered?.type ?? defaultAmountType(offer.type) },
      method: takeMethodOf(method),
      noticeDue: notice !== null && !unlockNoticeShown(storage, notice.publicId),
      hasPasscode: info?.passCode === true,
      passcode: passcodeFacts(platform, info, storage, biometricsAvailable),
    }),
  );
  const actor = useActorRef(machine, { input });
  const online = offerOnline(offer);
  // The facts are rebuilt on every render: only a change of their values is news to the machine.
  const { type: offerType, price, limits, remainingVolume, assetDecimals, shownDecimals, balance } = facts;
  const { min, max } = limits;
  useEffect(() => {
    const current = {
      type: offerType,
      price,
      limits: { min, max },
      remainingVolume,
      assetDecimals,
      shownDecimals,
      balance,
    };
    actor.send({ type: 'facts.update', facts: current, online });
  }, [actor, offerType, price, min, max, remainingVolume, assetDecimals, shownDecimals, balance, online]);
  const methodId = method?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the method changes with its id.
  useEffect(() => actor.send({ type: 'method.set', method: takeMethodOf(method) }), [actor, methodId]);
  const amountText = useSelector(actor, (snapshot) => snapshot.context.amountText);
  const amountType = useSelector(actor, (snapshot) => snapshot.context.amountType);
  useEffect(
    () =>
      writeTakeDraft(offer.id, {
        amount: amountText,
        type: amountType,
        methodId: readTakeDraft(offer.id)?.methodId ?? null,
      }),
    [offer.id, amountText, amountType],
  );
  useTakeOfferEffects(actor, offer.id);
  return (
    <TakeOfferScreens actor={actor} offer={offer} method={method} noticeHours={notice?.hours ?? 0} leave={leave} />
  );
}

/** One screen per step of the machine's snapshot: the form (with its sheet) or a later step. */
export function TakeOfferScreens({
  actor,
  offer,
  method,
  noticeHours,
  leave,
}: {
  actor: ActorRefFrom<typeof takeOfferMachine>;
  offer: Offer;
  method: PaymentMethod | null;
  noticeHours: number;
  leave: () => void;
}) {
  const snapshot = useSelector(actor, (current: TakeOfferSnapshot) => current);
  if (snapshot.hasTag('form')) {
    return <TakeForm actor={actor} snapshot={snapshot} offer={offer} method={method} leave={leave} />;
  }
  return <TakeSteps actor={actor} snapshot={snapshot} offer={offer} noticeHours={noticeHours} />;
}

function passcodeFacts(
  platform: ReturnType<typeof usePlatform>,
  info: SecurityInfo | null,
  storage: Storage | null,
  biometricsAvailable: boolean,
): TakeOfferInput['passcode'] {
  if (info === null) {
    return {
      biometric: { inMessenger: false, version: null, available: false, enabled: false, lastSuggested: null },
      now: Date.now(),
    };
  }
  const {
    transactionType: _type,
    hash: _hash,
    ...facts
  } = confirmInput({ platform, storage, biometricsAvailable }, info, 'p2p', '', Date.now());
  return facts;
}
