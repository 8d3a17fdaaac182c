import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  checkAmounts,
  feeOf,
  fiatFor,
  fiatText,
  type OfferAsset,
  scaled,
} from '../../../../machines/createOffer/offerRules.ts';
import { FIAT_DECIMALS } from '../../../../machines/takeOffer/amountRules.ts';
import type { Offer } from '../../../contract/p2p-offers.ts';
import { marketAssetsQueryOptions } from '../../api/p2pQueries.ts';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { amountInputText, parseAmountInput } from '../../lib/amountInput.ts';
import { amountInputMessage } from '../../lib/amountInputMessages.ts';
import { formatPercent, unitsFromSmallest } from '../../lib/moneyUnits.ts';
import { offerAssetFrom } from '../../lib/p2p/offerAsset.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { EditForm, type EditFormProps } from './OfferEditPage.tsx';

/** A typed amount's check with the shared parser: the smallest units, or the words for what is wrong (null: nothing to say). */
function useAmountCheck(text: string, code: string, decimals: number | null) {
  const { i18n } = useLingui();
  if (decimals === null) return { smallest: null, error: null };
  const parsed = parseAmountInput(text, decimals);
  if (parsed.ok) return { smallest: parsed.smallest, error: null };
  if (parsed.problem === 'empty' || parsed.problem === 'zero') return { smallest: null, error: null };
  return { smallest: null, error: i18n._(amountInputMessage(parsed.problem, code, decimals)) };
}

/**
 * What bounds the offer's amounts, as the create flow reads it (offerAssetFrom): the asset's
 * market limits, the maker's fee and the available balance (an offline offer holds nothing, so
 * all of it may back the new volume). Null while loading.
 */
function useOfferAsset(offer: Offer): OfferAsset | null {
  const markets = useQuery(marketAssetsQueryOptions());
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const balance = useQuery(balanceQueryOptions());
  const market = markets.data?.assets.find((each) => each.code === offer.asset);
  if (market === undefined || catalogue.data === undefined || balance.data === undefined) return null;
  return offerAssetFrom(market, catalogue.data, balance.data.balances);
}

/** `/p2p/offers/{id}/volume` (only while offline): the offer's total crypto volume. */
export function VolumeEdit({ offer, save, saving, formId }: EditFormProps) {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const decimals = catalogue.data?.assets[offer.asset]?.decimals ?? null;
  const [text, setText] = useState(() => (decimals === null ? '' : amountInputText(offer.volume, decimals)));
  const { smallest, error } = useAmountCheck(text, offer.asset, decimals);
  const asset = offer.asset;
  const facts = useOfferAsset(offer);
  const crypto = (amount: bigint) => formatCrypto(amount.toString(), asset, catalogue.data);
  const sell = offer.type === 'sell';
  // The same words as the create flow's amount step: what the fee takes, and what may back a sell.
  const feePercent = facts === null ? '' : formatPercent(facts.fee);
  const fee = facts === null || smallest === null ? null : crypto(feeOf(BigInt(smallest), facts.fee));
  const hint =
    facts === null ? undefined : sell ? (
      fee === null ? (
        <Trans>A fee of {feePercent} is reserved on top</Trans>
      ) : (
        <Trans>Fee {fee} will be reserved</Trans>
      )
    ) : (
      <Trans>A fee of {feePercent} comes out of the crypto you receive</Trans>
    );
  const available = facts === null ? null : crypto(BigInt(facts.available));
  const lowest = facts === null ? null : crypto(BigInt(facts.min));
  const highest = facts === null ? null : crypto(BigInt(facts.max));
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={smallest !== null}
      onSubmit={() => smallest !== null && save({ property: 'volume', body: { volume: smallest } })}
    >
      <TextField
        label={<Trans>Volume, {asset}</Trans>}
        value={text}
        onChange={setText}
        error={error ?? undefined}
        hint={hint}
        inputMode="decimal"
        autoComplete="off"
      />
      {facts === null ? null : (
        <Section>
          {sell ? <Cell title={<Trans>Available</Trans>} value={available} /> : null}
          <Cell title={<Trans>Allowed volume</Trans>} value={`${lowest} – ${highest}`} />
        </Section>
      )}
    </EditForm>
  );
}

/** `/p2p/offers/{id}/limits`: the least and the most one order may be, in fiat. */
export function LimitsEdit({ offer, save, saving, formId }: EditFormProps) {
  const { t } = useLingui();
  const [minText, setMinText] = useState(offer.limits.min);
  const [maxText, setMaxText] = useState(offer.limits.max);
  const min = useAmountCheck(minText, offer.fiat, FIAT_DECIMALS);
  const max = useAmountCheck(maxText, offer.fiat, FIAT_DECIMALS);
  const fiatCode = offer.fiat;
  const fiatOf = (smallest: string) => unitsFromSmallest(smallest, FIAT_DECIMALS);
  const reversed = min.smallest !== null && max.smallest !== null && fiatOf(min.smallest).gt(fiatOf(max.smallest));
  const bounds = useLimitBounds(offer);
  const body =
    min.smallest !== null && max.smallest !== null && !reversed
      ? { min: fiatOf(min.smallest).toFixed(), max: fiatOf(max.smallest).toFixed() }
      : null;
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={body !== null}
      onSubmit={() => body !== null && save({ property: 'limits', body })}
    >
      <div className="p2p-edit-fields">
        <TextField
          label={<Trans>Minimum, {fiatCode}</Trans>}
          value={minText}
          onChange={setMinText}
          error={min.error ?? undefined}
          hint={bounds === null ? undefined : <Trans>At least {bounds.lowest}</Trans>}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          label={<Trans>Maximum, {fiatCode}</Trans>}
          value={maxText}
          onChange={setMaxText}
          error={max.error ?? (reversed ? t`The maximum can’t be less than the minimum` : undefined)}
          hint={bounds === null ? undefined : <Trans>At most {bounds.highest}</Trans>}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
    </EditForm>
  );
}

/**
 * The least and the most one order may be at the offer's price, as the create flow's limits say
 * them (offerRules.ts checkAmounts): the asset's market limits in fiat, and at most what the
 * offer's remaining volume is worth. Null while loading.
 */
function useLimitBounds(offer: Offer): { lowest: string; highest: string } | null {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const facts = useOfferAsset(offer);
  const priceCents = scaled(offer.price, FIAT_DECIMALS);
  if (facts === null || priceCents === null || priceCents === 0n) return null;
  const volumeText = amountInputText(offer.remaining_volume, facts.decimals);
  const check = checkAmounts({ volumeText, minText: '', maxText: '' }, offer.type, facts, priceCents);
  const worth = fiatFor(BigInt(offer.remaining_volume), priceCents, facts.decimals);
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
  const highest = check.fiatMax > worth ? worth : check.fiatMax;
  const money = (cents: bigint) => formatFiat(fiatText(cents), offer.fiat, catalogue.data);
  return { lowest: money(check.fiatMin), highest: money(highest) };
}
