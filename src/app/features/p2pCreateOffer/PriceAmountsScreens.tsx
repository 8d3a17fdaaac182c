import { Trans, useLingui } from '@lingui/react/macro';
import { fiatFor, fiatText, fixedBandCents, maxSellVolume } from '../../../../machines/createOffer/offerRules.ts';
import {
  amountsCheckOf,
  offerAssetOf,
  priceCheckOf,
  referenceCentsOf,
} from '../../../../machines/createOffer.machine.ts';
import { formatPercent } from '../../lib/moneyUnits.ts';
import { formatCrypto, formatFiat, formatMargin } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { limitErrorMessage, priceErrorMessage, volumeErrorMessage } from './createOfferMessages.ts';
import { ServerRefusalNotice, StepForm, type StepProps } from './stepForm.tsx';

/**
 * The price step: fixed (a fiat price within the config's band of the market price) or floating
 * (a margin to the market price, "+1.5", whose ratio 100 + margin is within its band: the price
 * edit asks the same), with the price that results shown live as the reference price moves.
 */
export function PriceScreen({ actor, snapshot, catalogue, onBack }: StepProps) {
  const { t, i18n } = useLingui();
  const { context } = snapshot;
  const asset = context.asset ?? '';
  const fiat = context.fiat ?? '';
  const money = (cents: bigint) => formatFiat(fiatText(cents), fiat, catalogue);
  const reference = referenceCentsOf(context);
  const check = priceCheckOf(context);
  const floating = context.priceType === 'floating';
  const band = reference === null ? null : fixedBandCents(reference, context.market.fixedBand);
  // A floating band's ratios as the margins they allow: 90–110 reads "From −10% to +10%".
  const lowest = floating ? formatMargin(context.market.floatingBand.min) : band === null ? '' : money(band.min);
  const highest = floating ? formatMargin(context.market.floatingBand.max) : band === null ? '' : money(band.max);
  const message = check.error === null ? null : priceErrorMessage(check.error, { fiat, lowest, highest });
  useScreenActions({
    main: { label: t`Continue`, submits: 'create-offer-price', disabled: !snapshot.can({ type: 'price.submit' }) },
    back: onBack,
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Price</Trans>}
        subtitle={
          reference === null ? undefined : (
            <Trans>
              Market price: 1 {asset} = {money(reference)}
            </Trans>
          )
        }
      />
      <StepForm id="create-offer-price" onSubmit={() => actor.send({ type: 'price.submit' })}>
        <ServerRefusalNotice snapshot={snapshot} step="price" />
        <ChoiceSection header={<Trans>Price type</Trans>}>
          <Choice
            title={<Trans>Fixed</Trans>}
            subtitle={<Trans>Stays as you set it</Trans>}
            checked={!floating}
            onSelect={() => actor.send({ type: 'price.type', priceType: 'fixed' })}
          />
          <Choice
            title={<Trans>Floating</Trans>}
            subtitle={<Trans>Follows the market price</Trans>}
            checked={floating}
            onSelect={() => actor.send({ type: 'price.type', priceType: 'floating' })}
          />
        </ChoiceSection>
        {floating ? (
          <TextField
            label={<Trans>Margin to the market, %</Trans>}
            value={context.marginText}
            onChange={(text) => actor.send({ type: 'margin.change', text })}
            error={message === null ? undefined : i18n._(message)}
            hint={
              <Trans>
                From {lowest} to {highest}
              </Trans>
            }
            // A margin may be negative ("-2"): a decimal keypad has no minus sign.
            inputMode="text"
            autoComplete="off"
            placeholder="0"
          />
        ) : (
          <TextField
            label={
              <Trans>
                Price for 1 {asset}, {fiat}
              </Trans>
            }
            value={context.priceText}
            onChange={(text) => actor.send({ type: 'price.change', text })}
            error={message === null ? undefined : i18n._(message)}
            hint={
              <Trans>
                From {lowest} to {highest}
              </Trans>
            }
            inputMode="decimal"
            autoComplete="off"
            placeholder={reference === null ? '0' : fiatText(reference)}
          />
        )}
        <Section>
          <Cell title={<Trans>Your price</Trans>} value={check.cents === null ? '—' : money(check.cents)} />
        </Section>
      </StepForm>
    </Page>
  );
}

/**
 * The amounts step: the crypto volume (a sell offer's within the balance, the fee reserved on top
 * of it) and each order's limits in fiat.
 */
export function AmountsScreen({ actor, snapshot, catalogue, onBack }: StepProps) {
  const { t, i18n } = useLingui();
  const { context } = snapshot;
  const asset = offerAssetOf(context);
  const check = amountsCheckOf(context);
  const price = priceCheckOf(context).cents;
  useScreenActions({
    main: { label: t`Continue`, submits: 'create-offer-amounts', disabled: !snapshot.can({ type: 'amounts.submit' }) },
    back: onBack,
  });
  if (asset === null || check === null || price === null) return null;
  const code = asset.code;
  const fiat = context.fiat ?? '';
  const crypto = (smallest: bigint) => formatCrypto(smallest.toString(), code, catalogue);
  const money = (cents: bigint) => formatFiat(fiatText(cents), fiat, catalogue);
  const sell = context.side === 'sell';
  const sellable = maxSellVolume(BigInt(asset.available), asset.fee);
  const volumeMessage =
    check.volumeError === null
      ? null
      : volumeErrorMessage(check.volumeError, {
          asset: code,
          decimals: asset.decimals,
          minimum: crypto(BigInt(asset.min)),
          maximum: crypto(BigInt(asset.max)),
          sellable: crypto(sellable),
        });
  const volume = check.volume;
  const worthCents = volume === null ? null : fiatFor(volume, price, asset.decimals);
  const highestCents = worthCents !== null && worthCents < check.fiatMax ? worthCents : check.fiatMax;
  const facts = {
    fiat,
    lowest: money(check.fiatMin),
    highest: money(check.fiatMax),
    worth: worthCents === null ? '' : money(worthCents),
  };
  const minMessage = check.minError === null ? null : limitErrorMessage(check.minError, facts);
  const maxMessage = check.maxError === null ? null : limitErrorMessage(check.maxError, facts);
  const fee = crypto(check.fee);
  const feePercent = formatPercent(asset.fee);
  const lowest = facts.lowest;
  const highest = money(highestCents);
  return (
    <Page>
      <PageTitle
        title={<Trans>Amount and limits</Trans>}
        subtitle={
          <Trans>
            Price: 1 {code} = {money(price)}
          </Trans>
        }
      />
      <StepForm id="create-offer-amounts" onSubmit={() => actor.send({ type: 'amounts.submit' })}>
        <ServerRefusalNotice snapshot={snapshot} step="amounts" />
        <div className="create-offer-field">
          <TextField
            label={sell ? <Trans>Amount to sell, {code}</Trans> : <Trans>Amount to buy, {code}</Trans>}
            value={context.volumeText}
            onChange={(text) => actor.send({ type: 'volume.change', text })}
            error={volumeMessage === null ? undefined : i18n._(volumeMessage)}
            hint={
              sell ? (
                volume === null ? (
                  <Trans>A fee of {feePercent} is reserved on top</Trans>
                ) : (
                  <Trans>Fee {fee} will be reserved</Trans>
                )
              ) : (
                <Trans>A fee of {feePercent} comes out of the crypto you receive</Trans>
              )
            }
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
          />
          {sell ? (
            <Button variant="plain" onClick={() => actor.send({ type: 'volume.max' })}>
              <Trans>Max</Trans>
            </Button>
          ) : null}
        </div>
        {sell ? (
          <Section>
            <Cell title={<Trans>Available</Trans>} value={crypto(BigInt(asset.available))} />
          </Section>
        ) : null}
        <TextField
          label={<Trans>Minimum per order, {fiat}</Trans>}
          value={context.minText}
          onChange={(text) => actor.send({ type: 'min.change', text })}
          error={minMessage === null ? undefined : i18n._(minMessage)}
          hint={<Trans>At least {lowest}</Trans>}
          inputMode="decimal"
          autoComplete="off"
          placeholder={fiatText(check.fiatMin)}
        />
        <TextField
          label={<Trans>Maximum per order, {fiat}</Trans>}
          value={context.maxText}
          onChange={(text) => actor.send({ type: 'max.change', text })}
          error={maxMessage === null ? undefined : i18n._(maxMessage)}
          hint={<Trans>At most {highest}</Trans>}
          inputMode="decimal"
          autoComplete="off"
          placeholder={fiatText(highestCents)}
        />
      </StepForm>
    </Page>
  );
}
