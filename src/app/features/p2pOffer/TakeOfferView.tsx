import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Offer } from '../../../contract/p2p-offers.ts';
import { assetCatalogueQueryOptions, balanceQueryOptions } from '../../api/walletQueries.ts';
import { amountInputMessage } from '../../lib/amountInputMessages.ts';
import { groupThousands, spaceSeparator } from '../../lib/money.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { MakerOrderStats } from '../../ui/MakerOrderStats.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { PaymentMethodCell } from '../../ui/PaymentMethodCell.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useOfferTexts } from './offerTexts.ts';
import { ShareOfferLink } from './ShareOfferLink.tsx';
import {
  type AmountType,
  checkTakeAmount,
  convertAmountText,
  decimalsOf,
  defaultAmountType,
  maxAmountText,
  minimumText,
  type TakeAmountProblem,
  type TakeFacts,
  takerSells,
} from './takeAmount.ts';
import { readTakeDraft, writeTakeDraft } from './takeDraft.ts';
import { chosenMethod, methodOptions } from './takeMethods.ts';

/**
 * The take-offer form (spec 001 s.2 "Take-offer form", s.4 "Amount entry", s.5 "Offer amount"):
 * the amount in fiat or crypto (the toggle; fiat by default on buy offers, crypto on sell offers;
 * amount and type remembered per offer), Max, the payment method row, the share link and the
 * offer's details with the maker's stats. The main button reads "Buy {asset}" on a sell offer and
 * "Sell {asset}" on a buy offer; placing the order is the next issue, so it stays disabled
 * (docs/p2p.md "The take form").
 */
export function TakeOfferView({ offer, leave }: { offer: Offer; leave: () => void }) {
  const { t } = useLingui();
  const asset = offer.asset;
  const [draft, setDraft] = useState(
    () => readTakeDraft(offer.id) ?? { amount: '', type: defaultAmountType(offer.type), methodId: null },
  );
  useEffect(() => writeTakeDraft(offer.id, draft), [offer.id, draft]);
  useScreenActions({
    // Placing the order comes with the next issue: until then the button only names the deal.
    main: { label: offer.type === 'sell' ? t`Buy ${asset}` : t`Sell ${asset}`, onPress: () => {}, disabled: true },
    back: leave,
  });
  const texts = useOfferTexts(offer);
  const price = texts.price;
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
      <AmountForm
        offer={offer}
        text={draft.amount}
        type={draft.type}
        onChange={(amount, type) => setDraft((previous) => ({ ...previous, amount, type }))}
      />
      <MethodRow offer={offer} methodId={draft.methodId} />
      <ShareOfferLink offerId={offer.id} />
      <OfferFacts offer={offer} />
    </Page>
  );
}

function useTakeFacts(offer: Offer): TakeFacts | null {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const sells = takerSells(offer.type);
  const balances = useQuery({ ...balanceQueryOptions(), enabled: sells });
  const asset = catalogue.data?.assets[offer.asset];
  if (asset === undefined) return null;
  const balance = sells
    ? (balances.data?.balances.find((each) => each.asset === offer.asset)?.available ?? null)
    : null;
  return {
    type: offer.type,
    price: offer.price,
    limits: offer.limits,
    remainingVolume: offer.remaining_volume,
    assetDecimals: asset.decimals,
    shownDecimals: asset.view_full_decimals,
    balance,
  };
}

/** "1 500.5 RUB": a plain decimal with its currency's code, as the amount's messages name it. */
function amountWithCode(decimal: string, code: string): string {
  const [whole = '0', fraction] = decimal.split('.');
  const grouped = groupThousands(whole, spaceSeparator);
  return `${fraction === undefined ? grouped : `${grouped}.${fraction}`}${spaceSeparator}${code}`;
}

function AmountForm({
  offer,
  text,
  type,
  onChange,
}: {
  offer: Offer;
  text: string;
  type: AmountType;
  onChange: (text: string, type: AmountType) => void;
}) {
  const { t, i18n } = useLingui();
  const facts = useTakeFacts(offer);
  const code = type === 'fiat' ? offer.fiat : offer.asset;
  const otherCode = type === 'fiat' ? offer.asset : offer.fiat;
  const check = facts === null ? null : checkTakeAmount(text, type, facts);
  const problem = check?.status === 'invalid' ? check.problem : null;
  const converted = facts === null ? '' : convertAmountText(text, type, facts);
  const message = (issue: TakeAmountProblem): string => {
    if (facts === null) return '';
    switch (issue) {
      case 'below_minimum': {
        const amount = amountWithCode(minimumText(type, facts), code);
        return t`Minimum amount is ${amount}`;
      }
      case 'above_maximum': {
        const amount = amountWithCode(maxAmountText(type, facts), code);
        return t`Maximum amount is ${amount}`;
      }
      case 'not_enough_balance': {
        const asset = offer.asset;
        return t`Not enough ${asset} on your balance`;
      }
      default:
        return i18n._(amountInputMessage(issue, code, decimalsOf(type, facts)));
    }
  };
  return (
    <div className="p2p-take-amount">
      <fieldset className="p2p-take-toggle">
        <legend className="visually-hidden">{t`Enter the amount in`}</legend>
        {(['fiat', 'crypto'] as const).map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={each === type}
            onClick={() => each !== type && facts !== null && onChange(convertAmountText(text, type, facts), each)}
          >
            {each === 'fiat' ? offer.fiat : offer.asset}
          </button>
        ))}
      </fieldset>
      <div className="p2p-take-field">
        <TextField
          label={<Trans>Amount, {code}</Trans>}
          value={text}
          onChange={(next) => onChange(next, type)}
          error={problem === null ? undefined : message(problem)}
          hint={converted === '' ? undefined : `≈ ${amountWithCode(converted, otherCode)}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
        />
        <Button
          variant="plain"
          disabled={facts === null}
          onClick={() => facts && onChange(maxAmountText(type, facts), type)}
        >
          <Trans>Max</Trans>
        </Button>
      </div>
    </div>
  );
}

/**
 * The payment method row (spec 001 s.2): on a sell offer the maker's methods the taker pays to;
 * on a buy offer the taker's own methods that match what the maker sends with ("Add payment
 * details" when they have none). One method alone is the choice; the choice is made on
 * `/p2p/offers/{id}/method`.
 */
function MethodRow({ offer, methodId }: { offer: Offer; methodId: number | null }) {
  const options = methodOptions(offer);
  const chosen = chosenMethod(options, methodId);
  const header = offer.type === 'sell' ? <Trans>You pay to</Trans> : <Trans>You receive to</Trans>;
  if (offer.type === 'buy' && options.length === 0) {
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
        {chosen === null ? (
          <Cell title={<Trans>Choose method</Trans>} chevron />
        ) : (
          <PaymentMethodCell method={chosen} chevron />
        )}
      </Link>
    </Section>
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
            title={user.username}
            subtitle={<MakerOrderStats user={user} />}
            chevron
          />
        </Link>
      </Section>
    </div>
  );
}
