import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { p2cAssets } from '../../../contract/p2c.ts';
import { useBack } from '../../lib/back.ts';
import { formatCountdown, useSecondsLeft } from '../../lib/countdown.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Page } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { PriceCells } from './PriceCells.tsx';
import { usePayMoney } from './payMoney.ts';
import type { ScreenProps } from './QrPayScreens.tsx';

/**
 * What the code asks for and its price in crypto (docs/p2c.md "The quote"): the shop, its bank and
 * the roubles; USDT or TON; the rate, the amount, the service fee and the total; how long the
 * price holds (the machine fetches it again before it runs out). Pay is the main button. A refusal
 * (too little on the balance) and a renewed price (the quote ran out while confirming) are said
 * above the figures.
 */
export function QuoteScreen({ actor, snapshot, preload }: ScreenProps & { preload: () => void }) {
  const { t } = useLingui();
  const money = usePayMoney();
  const leave = useBack({ to: '/' });
  const { code, quote, asset, refusal, quoteRenewed } = snapshot.context;
  const refreshing = snapshot.hasTag('refreshing');
  const secondsLeft = useSecondsLeft(quote?.expires_at ?? null);
  useEffect(() => {
    preload();
  }, [preload]);
  const total = quote === null ? '' : money.crypto(quote.total, quote.asset);
  useScreenActions({
    main: { label: t`Pay ${total}`, onPress: () => actor.send({ type: 'pay' }), disabled: quote === null },
    back: leave,
  });
  if (code === null || quote === null) return null;
  const available = refusalAvailable(refusal?.data);
  return (
    <Page>
      <header className="p2c-pay-header">
        <h1 className="p2c-pay-payee">{code.payee.name}</h1>
        <p className="p2c-pay-bank">{code.payee.bank_name}</p>
        <p className="p2c-pay-fiat">{money.fiat(code.fiat_amount)}</p>
        {code.purpose !== null ? <p className="p2c-pay-purpose">{code.purpose}</p> : null}
      </header>
      {quoteRenewed ? (
        <p className="p2c-pay-note" role="status">
          <Trans>The price changed while you were confirming. Check the new total and pay again.</Trans>
        </p>
      ) : null}
      {refusal !== null ? (
        <p className="p2c-pay-note p2c-pay-note--alert" role="alert">
          {refusal.code === 'insufficient_funds' ? (
            available === null ? (
              <Trans>Not enough {asset} on your balance.</Trans>
            ) : (
              <Trans>
                Not enough {asset} on your balance: you have {money.crypto(available, asset)}.
              </Trans>
            )
          ) : (
            <Trans>Couldn’t pay. Try again.</Trans>
          )}
        </p>
      ) : null}
      <fieldset className="p2c-pay-assets">
        <legend className="visually-hidden">
          <Trans>Pay with</Trans>
        </legend>
        {p2cAssets.map((each) => (
          <Button
            key={each}
            variant={each === asset ? 'primary' : 'secondary'}
            aria-pressed={each === asset}
            onClick={() => actor.send({ type: 'asset.set', asset: each })}
          >
            {each}
          </Button>
        ))}
      </fieldset>
      <Section>
        <PriceCells price={quote} />
      </Section>
      <p className="p2c-pay-hint" aria-live="polite">
        {refreshing || secondsLeft === null || secondsLeft <= 0 ? (
          <Trans>Updating the price…</Trans>
        ) : (
          <Trans>The price holds for {formatCountdown(secondsLeft)}.</Trans>
        )}
      </p>
    </Page>
  );
}

/** `insufficient_funds`' data: `{ available }` in smallest units. */
function refusalAvailable(data: unknown): string | null {
  const available: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, 'available') : undefined;
  return typeof available === 'string' && /^[0-9]+$/.test(available) ? available : null;
}
