import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  convertAmountText,
  decimalsOf,
  maxAmountText,
  minimumText,
  type TakeAmountProblem,
} from '../../../../machines/takeOffer/amountRules.ts';
import type { takeOfferMachine } from '../../../../machines/takeOffer.machine.ts';
import type { Offer } from '../../../contract/p2p-offers.ts';
import type { PaymentMethod } from '../../../contract/p2p-payment-methods.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { amountInputMessage } from '../../lib/amountInputMessages.ts';
import { amountWithCode, formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';
import { paymentMethodLabel } from '../../lib/p2p/paymentMethodLabel.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { MakerOrderStats } from '../../ui/MakerOrderStats.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { PaymentMethodCell } from '../../ui/PaymentMethodCell.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { VerifiedBadge } from '../../ui/VerifiedBadge.tsx';
import { useOfferTexts } from './offerTexts.ts';
import { ShareOfferLink } from './ShareOfferLink.tsx';
import type { TakeOfferSnapshot } from './TakeOfferView.tsx';
import { preloadPasscodeStep } from './TakeSteps.tsx';
import { methodOptions } from './takeMethods.ts';
import { createOrderMessage } from './takeOfferMessages.ts';

type TakeOfferActor = ActorRefFrom<typeof takeOfferMachine>;

interface TakeFormProps {
  actor: TakeOfferActor;
  snapshot: TakeOfferSnapshot;
  offer: Offer;
  method: PaymentMethod | null;
  leave: () => void;
}

/**
 * The take form (spec 001 s.2): the amount in fiat or crypto with Max, the payment method row,
 * the share link and the offer's details; the main button "Buy {asset}" on a sell offer, "Sell
 * {asset}" on a buy offer, enabled for a valid amount with a method on an online offer; a refused
 * order's reason above the amount until it changes; and the confirm sheet over it.
 */
export function TakeForm({ actor, snapshot, offer, method, leave }: TakeFormProps) {
  const { t, i18n } = useLingui();
  const asset = offer.asset;
  const sheetOpen = snapshot.hasTag('sheet');
  useScreenActions({
    // While the sheet asks, its own buttons are the only actions: Telegram's MainButton hides.
    main: sheetOpen
      ? null
      : {
          label: offer.type === 'sell' ? t`Buy ${asset}` : t`Sell ${asset}`,
          onPress: () => actor.send({ type: 'submit' }),
          disabled: !snapshot.can({ type: 'submit' }),
        },
    back: sheetOpen ? () => actor.send({ type: 'back' }) : leave,
  });
  const texts = useOfferTexts(offer);
  const price = texts.price;
  const refusal = snapshot.context.refusal;
  return (
    <Page>
      <PageTitle
        title={offer.type === 'sell' ? <Trans>Buy {asset}</Trans> : <Trans>Sell {asset}</Trans>}
        subtitle={
          <Trans>
            {price} per {asset}
          </Trans>
        }
      />
      {offer.status === 'inactive' && (
        <p className="p2p-take-offline" role="status">
          <Trans>This offer is offline. It can be taken once its author turns it online again.</Trans>
        </p>
      )}
      {refusal === null ? null : (
        <p className="p2p-take-refusal" role="alert">
          {i18n._(createOrderMessage(refusal, offer.fiat))}
        </p>
      )}
      <AmountForm actor={actor} snapshot={snapshot} offer={offer} />
      <MethodRow offer={offer} method={method} />
      <ShareOfferLink offerId={offer.id} />
      <OfferFacts offer={offer} />
      <ConfirmSheet actor={actor} snapshot={snapshot} offer={offer} method={method} />
    </Page>
  );
}

function AmountForm({ actor, snapshot, offer }: { actor: TakeOfferActor; snapshot: TakeOfferSnapshot; offer: Offer }) {
  const { t, i18n } = useLingui();
  const { amountText, amountType, check, facts } = snapshot.context;
  const code = amountType === 'fiat' ? offer.fiat : offer.asset;
  const otherCode = amountType === 'fiat' ? offer.asset : offer.fiat;
  const converted = convertAmountText(amountText, amountType, facts);
  const message = (issue: TakeAmountProblem): string => {
    switch (issue) {
      case 'below_minimum': {
        const amount = amountWithCode(minimumText(amountType, facts), code);
        return t`Minimum amount is ${amount}`;
      }
      case 'above_maximum': {
        const amount = amountWithCode(maxAmountText(amountType, facts), code);
        return t`Maximum amount is ${amount}`;
      }
      case 'not_enough_balance': {
        const asset = offer.asset;
        return t`Not enough ${asset} on your balance`;
      }
      default:
        return i18n._(amountInputMessage(issue, code, decimalsOf(amountType, facts)));
    }
  };
  return (
    <form
      id="p2p-take-amount"
      className="p2p-take-amount"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit' });
      }}
    >
      <fieldset className="p2p-take-toggle">
        <legend className="visually-hidden">{t`Enter the amount in`}</legend>
        {(['fiat', 'crypto'] as const).map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={each === amountType}
            onClick={() => each !== amountType && actor.send({ type: 'amount.toggle' })}
          >
            {each === 'fiat' ? offer.fiat : offer.asset}
          </button>
        ))}
      </fieldset>
      <div className="p2p-take-field">
        <TextField
          label={<Trans>Amount, {code}</Trans>}
          value={amountText}
          onChange={(text) => actor.send({ type: 'amount.change', text })}
          error={check.status === 'invalid' ? message(check.problem) : undefined}
          hint={converted === '' ? undefined : `≈ ${amountWithCode(converted, otherCode)}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
        />
        <Button variant="plain" onClick={() => actor.send({ type: 'amount.max' })}>
          <Trans>Max</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * The payment method row (spec 001 s.2): on a sell offer the maker's methods the taker pays to;
 * on a buy offer the taker's own methods that match what the maker sends with ("Add payment
 * details" when they have none). One method alone is the choice; the choice is made on
 * `/p2p/offers/{id}/method`.
 */
function MethodRow({ offer, method }: { offer: Offer; method: PaymentMethod | null }) {
  const header = offer.type === 'sell' ? <Trans>You pay to</Trans> : <Trans>You receive to</Trans>;
  if (offer.type === 'buy' && methodOptions(offer).length === 0) {
    return (
      <Section header={header}>
        <PathLink href={`/p2p/methods/add/${offer.fiat}?back=/p2p/offers/${offer.id}`}>
          <Cell title={<Trans>Add payment details</Trans>} chevron />
        </PathLink>
      </Section>
    );
  }
  return (
    <Section header={header}>
      <Link to="/p2p/offers/$id/method" params={{ id: offer.id }}>
        {method === null ? (
          <Cell title={<Trans>Choose method</Trans>} chevron />
        ) : (
          <PaymentMethodCell method={method} chevron />
        )}
      </Link>
    </Section>
  );
}

/**
 * The confirm sheet (spec 001 s.2 "Confirm sheet"): "Are you sure you want to buy USDT for RUB
 * via T-Bank?", what the person pays or sends and receives, and the price the order asks for.
 * After `price_changed` it says the price moved and shows the new figures.
 */
function ConfirmSheet({ actor, snapshot, offer, method }: Omit<TakeFormProps, 'leave'>) {
  const { t } = useLingui();
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const { check, quotedPrice, priceChanged } = snapshot.context;
  const open = snapshot.hasTag('sheet');
  const sells = offer.type === 'buy';
  useEffect(() => {
    if (open && sells) preloadPasscodeStep();
  }, [open, sells]);
  const asset = offer.asset;
  const fiat = offer.fiat;
  const methodName = method === null ? '' : paymentMethodLabel(method).title;
  const fiatText = check.status === 'valid' ? formatFiat(check.fiat, fiat, catalogue.data) : '';
  const cryptoText = check.status === 'valid' ? formatCrypto(check.crypto, asset, catalogue.data) : '';
  const priceText = formatFiat(quotedPrice ?? offer.price, fiat, catalogue.data);
  const buying = offer.type === 'sell';
  const question = buying
    ? t`Are you sure you want to buy ${asset} for ${fiat} via ${methodName}?`
    : t`Are you sure you want to sell ${asset} for ${fiat} via ${methodName}?`;
  return (
    <Sheet
      open={open}
      title={buying ? <Trans>Buy {asset}</Trans> : <Trans>Sell {asset}</Trans>}
      description={
        priceChanged ? (
          <>
            <span className="p2p-take-price-changed" role="alert">
              <Trans>The price has changed to {priceText}. Check the amounts and confirm again.</Trans>
            </span>{' '}
            {question}
          </>
        ) : (
          question
        )
      }
      details={
        <Section>
          {buying ? (
            <>
              <Cell title={<Trans>You pay</Trans>} value={fiatText} />
              <Cell title={<Trans>You receive</Trans>} value={cryptoText} />
            </>
          ) : (
            <>
              <Cell title={<Trans>You send</Trans>} value={cryptoText} />
              <Cell title={<Trans>You receive</Trans>} value={fiatText} />
            </>
          )}
          <Cell title={<Trans>Price per {asset}</Trans>} value={priceText} />
        </Section>
      }
      onClose={() => actor.send({ type: 'back' })}
    >
      <Button stretched onClick={() => actor.send({ type: 'confirm.accept' })}>
        {buying ? <Trans>Buy {asset}</Trans> : <Trans>Sell {asset}</Trans>}
      </Button>
      <Button variant="plain" stretched onClick={() => actor.send({ type: 'back' })}>
        <Trans>Cancel</Trans>
      </Button>
    </Sheet>
  );
}

/** The offer's details and its maker (spec 001 s.2 "an offer-details table"). */
function OfferFacts({ offer }: { offer: Offer }) {
  const texts = useOfferTexts(offer);
  const user = offer.user;
  return (
    <div className="p2p-offer-details">
      <Section header={<Trans>Offer</Trans>}>
        <Cell title={<Trans>Price</Trans>} subtitle={texts.priceKind} value={texts.price} />
        <Cell title={<Trans>Limits</Trans>} value={texts.limits} />
        <Cell title={<Trans>Available</Trans>} value={texts.remaining} />
        <Cell title={<Trans>Time to pay</Trans>} value={texts.paymentWindow} />
        {offer.type === 'buy' ? <Cell title={<Trans>Maker pays with</Trans>} subtitle={texts.methods} /> : null}
        {offer.description === '' ? null : (
          <Cell
            title={<Trans>Conditions</Trans>}
            subtitle={<span className="p2p-offer-conditions">{offer.description}</span>}
          />
        )}
      </Section>
      <Section header={<Trans>Maker</Trans>}>
        <Link to="/p2p/users/$id" params={{ id: user.id }}>
          <Cell
            icon={<UserAvatar name={user.username} colorIndex={user.user_color_index} />}
            title={
              <span className="ui-verified-name">
                {user.username}
                {user.is_verified_merchant ? <VerifiedBadge /> : null}
              </span>
            }
            subtitle={<MakerOrderStats user={user} />}
            chevron
          />
        </Link>
      </Section>
    </div>
  );
}
