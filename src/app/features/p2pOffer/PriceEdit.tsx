import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PriceType } from '../../../contract/p2p-offers.ts';
import { marketFiatsQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { offerRefreshMs } from '../../api/p2pOfferQueries.ts';
import { marketConfigQueryOptions } from '../../api/p2pQueries.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { marginTextOf } from '../../lib/p2p/margin.ts';
import { formatFiat } from '../../lib/p2p/offerFormat.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { EditForm, type EditFormProps } from './OfferEditPage.tsx';
import { checkPrice, fixedBand, floatingPrice, type PriceBands, type PriceProblem } from './offerPrice.ts';

/** `/p2p/offers/{id}/price`: fixed or floating, with the price it gives now. */
export function PriceEdit({ offer, save, saving, formId }: EditFormProps) {
  const { t } = useLingui();
  const config = useQuery(marketConfigQueryOptions());
  const fiats = useQuery({ ...marketFiatsQueryOptions(), refetchInterval: offerRefreshMs, staleTime: 0 });
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const [type, setType] = useState<PriceType>(offer.price_type);
  const [fixedText, setFixedText] = useState(offer.price_type === 'fixed' ? offer.price : '');
  const [marginText, setMarginText] = useState(
    offer.price_floating_ratio === null ? '0' : marginTextOf(offer.price_floating_ratio),
  );
  const reference = fiats.data?.fiats.find((fiat) => fiat.code === offer.fiat)?.prices[offer.asset] ?? null;
  const { asset, fiat: fiatCode } = offer;
  const fiat = (amount: string) => formatFiat(amount, offer.fiat, catalogue.data);
  const bands: PriceBands | null =
    config.data === undefined
      ? null
      : { floating: config.data.floating_ratio, fixed: config.data.fixed_price_ratio, reference };
  const text = type === 'fixed' ? fixedText : marginText;
  const check = bands === null ? null : checkPrice(type, text, bands);
  const problem = check !== null && !check.ok && check.problem !== 'empty' ? check.problem : null;
  const message = (issue: PriceProblem): string => {
    if (bands === null) return '';
    if (issue === 'not_a_number') return t`Use only digits and one decimal mark, like 12.5`;
    if (issue === 'too_many_decimals') return t`At most 2 decimal places`;
    if (type === 'floating') {
      const low = marginTextOf(bands.floating.min);
      const high = marginTextOf(bands.floating.max);
      return t`The margin must be from ${low}% to +${high}%`;
    }
    const [low, high] = fixedBand(bands);
    const from = fiat(low);
    const to = fiat(high);
    return t`The price must be from ${from} to ${to}`;
  };
  const preview =
    check?.ok && reference !== null
      ? check.body.price_floating_ratio === null
        ? null
        : fiat(floatingPrice(reference, check.body.price_floating_ratio))
      : null;
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={check?.ok === true}
      onSubmit={() => check?.ok && save({ property: 'price', body: check.body })}
    >
      <ChoiceSection header={<Trans>Price type</Trans>}>
        <Choice
          title={<Trans>Fixed</Trans>}
          subtitle={<Trans>Stays as you set it</Trans>}
          checked={type === 'fixed'}
          onSelect={() => setType('fixed')}
        />
        <Choice
          title={<Trans>Floating</Trans>}
          subtitle={<Trans>Follows the market price with your margin</Trans>}
          checked={type === 'floating'}
          onSelect={() => setType('floating')}
        />
      </ChoiceSection>
      {type === 'fixed' ? (
        <TextField
          label={
            <Trans>
              Price per {asset}, {fiatCode}
            </Trans>
          }
          value={fixedText}
          onChange={setFixedText}
          error={problem === null ? undefined : message(problem)}
          inputMode="decimal"
          autoComplete="off"
        />
      ) : (
        <TextField
          label={<Trans>Margin to the market, %</Trans>}
          value={marginText}
          onChange={setMarginText}
          error={problem === null ? undefined : message(problem)}
          hint={<Trans>For example 1.5 or −2</Trans>}
          inputMode="text"
          autoComplete="off"
        />
      )}
      <Section>
        <Cell title={<Trans>Market price</Trans>} value={reference === null ? '—' : fiat(reference)} />
        {preview === null ? null : <Cell title={<Trans>Your price now</Trans>} value={preview} />}
      </Section>
    </EditForm>
  );
}
