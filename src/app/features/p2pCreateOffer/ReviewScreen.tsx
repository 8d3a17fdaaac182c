import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { fiatText, ratioText } from '../../../../machines/createOffer/offerRules.ts';
import { amountsCheckOf, priceCheckOf, restrictionChecksOf } from '../../../../machines/createOffer.machine.ts';
import { formatPercent } from '../../lib/moneyUnits.ts';
import { formatCrypto, formatFiat, formatMargin } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { methodNameOf, useMethodChoices } from './methodGroups.ts';
import type { StepProps } from './stepForm.tsx';
import { TimeLimitLabel } from './TimeLimitLabel.tsx';

/** The review: the whole offer on one screen, the fee of a sell offer included; "Publish" creates it. */
export function ReviewScreen({ actor, snapshot, catalogue, onBack }: StepProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const asset = context.asset ?? '';
  const fiat = context.fiat ?? '';
  const sell = context.side === 'sell';
  const price = priceCheckOf(context).cents;
  const amounts = amountsCheckOf(context);
  const checks = restrictionChecksOf(context);
  const { groups } = useMethodChoices(sell, fiat);
  const methods = context.methods.map((key) => methodNameOf(groups, key));
  const money = (cents: bigint) => formatFiat(fiatText(cents), fiat, catalogue);
  const crypto = (smallest: bigint) => formatCrypto(smallest.toString(), asset, catalogue);
  const ratio = context.priceType === 'floating' ? ratioText(context.marginText) : null;
  const feePercent = formatPercent(context.market.assets.find((each) => each.code === asset)?.fee ?? '0');
  useScreenActions({
    main: { label: t`Publish`, onPress: () => actor.send({ type: 'publish' }), busy },
    back: busy ? null : onBack,
  });
  const { completed_trades_percent: percent, trades_count_min: orders } = checks;
  const { trades_volume_usd_min: volume, account_age_days_min: age } = checks;
  const restrictionRows = [
    context.premium ? { key: 'premium', title: t`Telegram Premium`, value: t`Required` } : null,
    percent.value === null
      ? null
      : { key: 'percent', title: t`Completed orders, %`, value: t`At least ${percent.value}%` },
    orders.value === null
      ? null
      : {
          key: 'orders',
          title: t`Completed orders`,
          value: t`At least ${plural(orders.value, { one: '# order', other: '# orders' })}`,
        },
    volume.value === null ? null : { key: 'volume', title: t`Traded volume, USD`, value: t`At least $${volume.value}` },
    age.value === null
      ? null
      : {
          key: 'age',
          title: t`Account age`,
          value: t`At least ${plural(age.value, { one: '# day', other: '# days' })}`,
        },
  ].filter((row) => row !== null);
  return (
    <Page>
      <PageTitle
        title={
          sell ? (
            <Trans>
              Sell {asset} for {fiat}
            </Trans>
          ) : (
            <Trans>
              Buy {asset} for {fiat}
            </Trans>
          )
        }
        subtitle={<Trans>Check the offer. It’s created offline: turn it online on its page when you’re ready.</Trans>}
      />
      <div className="create-offer-form">
        {context.publishError === null ? null : (
          <p className="create-offer-alert" role="alert">
            <Trans>Couldn’t publish the offer. Check your connection and try again.</Trans>
          </p>
        )}
        {context.serverError?.step === 'review' ? (
          <p className="create-offer-alert" role="alert">
            <Trans>The offer wasn’t accepted as it was. Check it and try again.</Trans>
          </p>
        ) : null}
        <Section>
          <Cell
            title={<Trans>Price</Trans>}
            value={price === null ? '—' : money(price)}
            subtitle={ratio === null ? undefined : <Trans>Market price {formatMargin(ratio)}</Trans>}
          />
          <Cell title={<Trans>Amount</Trans>} value={amounts?.volume == null ? '—' : crypto(amounts.volume)} />
          {sell ? (
            <Cell
              title={<Trans>Fee</Trans>}
              subtitle={<Trans>Reserved with the amount while the offer is online</Trans>}
              value={crypto(amounts?.fee ?? 0n)}
            />
          ) : (
            <Cell
              title={<Trans>Fee</Trans>}
              subtitle={<Trans>Out of the crypto you receive</Trans>}
              value={feePercent}
            />
          )}
          <Cell
            title={<Trans>Limits per order</Trans>}
            value={amounts?.min == null || amounts.max == null ? '—' : `${money(amounts.min)} – ${money(amounts.max)}`}
          />
          <Cell title={<Trans>Time to pay</Trans>} value={<TimeLimitLabel minutes={context.timeLimit} />} />
        </Section>
        <Section header={<Trans>Payment methods</Trans>}>
          {methods.map((name) => (
            <Cell key={name} names title={name} />
          ))}
        </Section>
        <Section header={<Trans>Restrictions</Trans>}>
          {restrictionRows.length === 0 ? (
            <Cell title={<Trans>None</Trans>} />
          ) : (
            restrictionRows.map((row) => <Cell key={row.key} title={row.title} value={row.value} />)
          )}
        </Section>
        {context.market.canWriteConditions && context.description.trim() !== '' ? (
          <Section header={<Trans>Conditions</Trans>}>
            <p className="create-offer-conditions">{context.description.trim()}</p>
          </Section>
        ) : null}
      </div>
    </Page>
  );
}
