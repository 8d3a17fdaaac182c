import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { fiatName } from '../../lib/p2p/fiatName.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell, CellButton } from '../../ui/Cell.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { CannotCreateOffers } from './CannotCreateOffers.tsx';
import type { CreateOfferActor } from './createOffer.ts';
import { MethodsScreen } from './MethodsScreen.tsx';
import { AmountsScreen, PriceScreen } from './PriceAmountsScreens.tsx';
import { ReviewScreen } from './ReviewScreen.tsx';
import { type CreateOfferSnapshot, ServerRefusalNotice, StepForm, type StepProps } from './stepForm.tsx';
import { ConditionsScreen, RestrictionsScreen } from './TermsScreens.tsx';
import { TimeLimitLabel } from './TimeLimitLabel.tsx';

export interface CreateOfferFlowProps {
  actor: CreateOfferActor;
  catalogue: AssetCatalogue;
  /** One step back: through the history when the previous step's entry is there (src/app/lib/flowUrl.ts). */
  onBack: () => void;
  /** The first step's back: out of the flow. */
  onLeave: () => void;
}

/**
 * `/p2p/offers/new`, rendered from the createOffer machine's snapshot only, one screen per step
 * (its tag); `refused` says the person may not create offers. `done` is the page's: it opens the
 * new offer.
 */
export function CreateOfferFlowView(props: CreateOfferFlowProps) {
  const snapshot = useSelector(props.actor, (current: CreateOfferSnapshot) => current);
  const step: StepProps = { actor: props.actor, snapshot, catalogue: props.catalogue, onBack: props.onBack };
  if (snapshot.hasTag('type')) return <TypeScreen {...step} onBack={props.onLeave} />;
  if (snapshot.hasTag('currency')) return <CurrencyScreen {...step} />;
  if (snapshot.hasTag('price')) return <PriceScreen {...step} />;
  if (snapshot.hasTag('amounts')) return <AmountsScreen {...step} />;
  if (snapshot.hasTag('methods')) return <MethodsScreen {...step} />;
  if (snapshot.hasTag('time')) return <TimeScreen {...step} />;
  if (snapshot.hasTag('conditions')) return <ConditionsScreen {...step} />;
  if (snapshot.hasTag('restrictions')) return <RestrictionsScreen {...step} />;
  if (snapshot.hasTag('refused')) return <CannotCreateOffers />;
  // The page opens the new offer.
  if (snapshot.hasTag('done')) return <Loading />;
  return <ReviewScreen {...step} />;
}

function TypeScreen({ actor, snapshot, onBack }: StepProps) {
  const { t } = useLingui();
  const { side } = snapshot.context;
  // Choosing moves on: no main action.
  useScreenActions({ main: null, back: onBack });
  return (
    <Page>
      <PageTitle title={<Trans>New offer</Trans>} subtitle={<Trans>What do you want to do?</Trans>} />
      <ServerRefusalNotice snapshot={snapshot} step="type" />
      <ChoiceSection label={t`Offer type`}>
        <Choice
          title={<Trans>Sell crypto</Trans>}
          subtitle={<Trans>Buyers pay you in fiat, you send them crypto</Trans>}
          checked={side === 'sell'}
          onSelect={() => actor.send({ type: 'type.choose', side: 'sell' })}
        />
        <Choice
          title={<Trans>Buy crypto</Trans>}
          subtitle={<Trans>You pay sellers in fiat, they send you crypto</Trans>}
          checked={side === 'buy'}
          onSelect={() => actor.send({ type: 'type.choose', side: 'buy' })}
        />
      </ChoiceSection>
    </Page>
  );
}

function CurrencyScreen({ actor, snapshot, catalogue, onBack }: StepProps) {
  const { t, i18n } = useLingui();
  const { market, asset, fiat } = snapshot.context;
  // Twenty-odd fiats would push the step's end far down: the chosen one shows, the rest on request.
  const [allFiats, setAllFiats] = useState(false);
  const shownFiats = allFiats ? market.fiats : market.fiats.filter((each) => each.code === fiat);
  const hidden = market.fiats.length - shownFiats.length;
  useScreenActions({
    main: {
      label: t`Continue`,
      submits: 'create-offer-currency',
      disabled: !snapshot.can({ type: 'currency.submit' }),
    },
    back: onBack,
  });
  return (
    <Page>
      <PageTitle title={<Trans>Asset and currency</Trans>} />
      <StepForm id="create-offer-currency" onSubmit={() => actor.send({ type: 'currency.submit' })}>
        <ServerRefusalNotice snapshot={snapshot} step="currency" />
        <ChoiceSection header={<Trans>Crypto</Trans>}>
          {market.assets.map((each) => (
            <Choice
              key={each.code}
              title={each.code}
              subtitle={catalogue.assets[each.code]?.name}
              checked={each.code === asset}
              onSelect={() => actor.send({ type: 'asset.choose', code: each.code })}
            />
          ))}
        </ChoiceSection>
        <ChoiceSection header={<Trans>Fiat</Trans>}>
          {shownFiats.map((each) => (
            <Choice
              key={each.code}
              title={each.code}
              subtitle={fiatName(each.code, i18n.locale)}
              checked={each.code === fiat}
              onSelect={() => actor.send({ type: 'fiat.choose', code: each.code })}
            />
          ))}
          {allFiats || hidden === 0 ? null : (
            <CellButton onClick={() => setAllFiats(true)}>
              <Cell title={<Trans>Other currencies</Trans>} value={String(hidden)} chevron />
            </CellButton>
          )}
        </ChoiceSection>
      </StepForm>
    </Page>
  );
}

function TimeScreen({ actor, snapshot, onBack }: StepProps) {
  const { t } = useLingui();
  const { market, timeLimit, side } = snapshot.context;
  useScreenActions({
    main: { label: t`Continue`, submits: 'create-offer-time', disabled: !snapshot.can({ type: 'time.submit' }) },
    back: onBack,
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Time to pay</Trans>}
        subtitle={
          side === 'sell' ? (
            <Trans>How long a buyer has to pay you once you accept an order.</Trans>
          ) : (
            <Trans>How long you have to pay once a seller’s order is accepted.</Trans>
          )
        }
      />
      <StepForm id="create-offer-time" onSubmit={() => actor.send({ type: 'time.submit' })}>
        <ServerRefusalNotice snapshot={snapshot} step="time" />
        <ChoiceSection label={t`Time to pay`}>
          {market.timeLimits.map((minutes) => (
            <Choice
              key={minutes}
              title={<TimeLimitLabel minutes={minutes} />}
              checked={minutes === timeLimit}
              onSelect={() => actor.send({ type: 'time.choose', minutes })}
            />
          ))}
        </ChoiceSection>
      </StepForm>
    </Page>
  );
}
