import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultAmountType } from '../../../../machines/takeOffer/amountRules.ts';
import { toApiError } from '../../api/errors.ts';
import { offerQueryOptions } from '../../api/p2pOfferQueries.ts';
import { useBack } from '../../lib/back.ts';
import { paymentMethodLabel } from '../../lib/p2p/paymentMethodLabel.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { Section } from '../../ui/Section.tsx';
import { readTakeDraft, writeTakeDraft } from './takeDraft.ts';
import { chosenMethod, methodOptions } from './takeMethods.ts';

/**
 * `/p2p/offers/{id}/method`: the take form's payment method (spec 001 s.2, s.6 "The maker versus
 * taker distinction also affects the method-choice link"): on a sell offer one of the maker's
 * methods to pay to, on a buy offer one of the taker's own to receive to (or a new one). The
 * choice is remembered with the offer's draft; choosing goes back to the offer.
 */
export function TakeMethodView({ id }: { id: number }) {
  const { t } = useLingui();
  const offer = useQuery(offerQueryOptions(id));
  const toOffer = useBack({ to: '/p2p/offers/$id', params: { id } });
  const [methodId, setMethodId] = useState(() => readTakeDraft(id)?.methodId ?? null);
  useScreenActions({ main: null, back: toOffer });
  if (offer.isPending) {
    return (
      <Page>
        <Loading />
      </Page>
    );
  }
  const missing = (offer.isError && toApiError(offer.error)?.code === 404) || offer.data?.is_mine === true;
  if (missing || offer.data === undefined) {
    return (
      <Page>
        {missing ? (
          <Empty>
            <PageTitle title={<Trans>Offer not found</Trans>} />
          </Empty>
        ) : (
          <LoadFailed message={t`Couldn’t load the offer.`} onRetry={() => void offer.refetch()} />
        )}
      </Page>
    );
  }
  const data = offer.data;
  const options = methodOptions(data);
  const chosen = chosenMethod(options, methodId);
  const choose = (next: number) => {
    setMethodId(next);
    const draft = readTakeDraft(id) ?? { amount: '', type: defaultAmountType(data.type), methodId: null };
    writeTakeDraft(id, { ...draft, methodId: next });
    toOffer();
  };
  return (
    <Page>
      <PageTitle
        title={data.type === 'sell' ? <Trans>How you pay</Trans> : <Trans>Where you receive</Trans>}
        subtitle={
          data.type === 'sell' ? (
            <Trans>The seller’s details show once the order is accepted.</Trans>
          ) : (
            <Trans>The buyer sends the money to this method.</Trans>
          )
        }
      />
      {options.length === 0 ? null : (
        <ChoiceSection label={t`Payment method`}>
          {options.map((method) => {
            const label = paymentMethodLabel(method);
            return (
              <Choice
                key={method.id}
                title={label.title}
                subtitle={`${label.subtitle === null ? '' : `${label.subtitle} · `}${method.data}`}
                checked={chosen?.id === method.id}
                onSelect={() => choose(method.id)}
              />
            );
          })}
        </ChoiceSection>
      )}
      {data.type === 'buy' ? (
        <Section>
          <PathLink href={`/p2p/methods/add/${data.fiat}?back=/p2p/offers/${id}`}>
            <Cell title={<Trans>Add payment details</Trans>} chevron />
          </PathLink>
        </Section>
      ) : null}
    </Page>
  );
}
