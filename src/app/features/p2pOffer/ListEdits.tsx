import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OfferTimeLimit } from '../../../contract/p2p-market.ts';
import { fiatCatalogueQueryOptions, paymentMethodsQueryOptions } from '../../api/p2pMethodsQueries.ts';
import { ownMarketProfileQueryOptions } from '../../api/p2pProfileQueries.ts';
import { marketConfigQueryOptions } from '../../api/p2pQueries.ts';
import { paymentMethodLabel } from '../../lib/p2p/paymentMethodLabel.ts';
import { paymentWindowMessage } from '../../lib/p2p/paymentWindow.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import { Section } from '../../ui/Section.tsx';
import { EditForm, type EditFormProps } from './OfferEditPage.tsx';

function toggled<T>(list: readonly T[], item: T, same: (a: T, b: T) => boolean): T[] {
  return list.some((each) => same(each, item)) ? list.filter((each) => !same(each, item)) : [...list, item];
}

/**
 * `/p2p/offers/{id}/methods` (only while offline): on a sell offer the maker's own saved methods
 * of the offer's fiat the buyer pays to; on a buy offer the catalogue's entries the maker pays
 * with (a group counts for all its banks). At most `max_offer_payment_methods`.
 */
export function MethodsEdit(props: EditFormProps) {
  return props.offer.type === 'sell' ? <SavedMethodsEdit {...props} /> : <CatalogueMethodsEdit {...props} />;
}

function useMostMethods(): number {
  const config = useQuery(marketConfigQueryOptions());
  return config.data?.max_offer_payment_methods ?? 5;
}

function SavedMethodsEdit({ offer, save, saving, formId }: EditFormProps) {
  const { t } = useLingui();
  const methods = useQuery(paymentMethodsQueryOptions(offer.fiat));
  const most = useMostMethods();
  const [chosen, setChosen] = useState<number[]>(() => offer.payment.maker_accepts.map((method) => method.id));
  const fiatCode = offer.fiat;
  if (methods.isPending) return <Loading />;
  if (methods.isError)
    return <LoadFailed message={t`Couldn’t load your payment methods.`} onRetry={() => void methods.refetch()} />;
  const add = (
    <PathLink href={`/p2p/methods/add/${offer.fiat}?back=/p2p/offers/${offer.id}/methods`}>
      <span className="ui-cell">
        <span className="ui-cell-text">
          <span className="ui-cell-title p2p-link-title">
            <Trans>Add a payment method</Trans>
          </span>
        </span>
      </span>
    </PathLink>
  );
  if (methods.data.methods.length === 0) {
    return (
      <>
        <Empty>
          <p>
            <Trans>You have no payment methods in {fiatCode} yet.</Trans>
          </p>
        </Empty>
        <Section>{add}</Section>
      </>
    );
  }
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={chosen.length > 0}
      onSubmit={() => save({ property: 'methods', body: { payment_method_ids: chosen, catalogue_methods: [] } })}
    >
      <Section
        header={<Trans>Buyers pay you to</Trans>}
        footer={<Plural value={most} one="Choose up to # method." other="Choose up to # methods." />}
      >
        {methods.data.methods.map((method) => {
          const label = paymentMethodLabel(method);
          const checked = chosen.includes(method.id);
          return (
            <Choice
              key={method.id}
              kind="checkbox"
              title={label.title}
              subtitle={label.subtitle === null ? method.data : `${label.subtitle} · ${method.data}`}
              checked={checked}
              disabled={!checked && chosen.length >= most}
              onSelect={() => setChosen((list) => toggled(list, method.id, (a, b) => a === b))}
            />
          );
        })}
        {add}
      </Section>
    </EditForm>
  );
}

interface CatalogueChoice {
  identifier: string;
  child_identifier: string | null;
}

function CatalogueMethodsEdit({ offer, save, saving, formId }: EditFormProps) {
  const { t } = useLingui();
  const catalogue = useQuery(fiatCatalogueQueryOptions(offer.fiat));
  const most = useMostMethods();
  const [chosen, setChosen] = useState<CatalogueChoice[]>(() =>
    offer.payment.maker_sends.map(({ identifier, child_identifier }) => ({ identifier, child_identifier })),
  );
  if (catalogue.isPending) return <Loading />;
  if (catalogue.isError)
    return <LoadFailed message={t`Couldn’t load the payment methods.`} onRetry={() => void catalogue.refetch()} />;
  const same = (a: CatalogueChoice, b: CatalogueChoice) =>
    a.identifier === b.identifier && a.child_identifier === b.child_identifier;
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={chosen.length > 0}
      onSubmit={() => save({ property: 'methods', body: { payment_method_ids: [], catalogue_methods: chosen } })}
    >
      <Section
        header={<Trans>You pay with</Trans>}
        footer={<Plural value={most} one="Choose up to # method." other="Choose up to # methods." />}
      >
        {catalogue.data.methods.map((entry) => {
          const choice = { identifier: entry.identifier, child_identifier: null };
          const checked = chosen.some((each) => same(each, choice));
          return (
            <Choice
              key={entry.identifier}
              kind="checkbox"
              title={entry.locale}
              subtitle={entry.is_parent ? <Trans>Any bank of the group</Trans> : undefined}
              checked={checked}
              disabled={!checked && chosen.length >= most}
              onSelect={() => setChosen((list) => toggled(list, choice, same))}
            />
          );
        })}
      </Section>
    </EditForm>
  );
}

/** `/p2p/offers/{id}/time`: the payment window, one of the market's choices. */
export function TimeEdit({ offer, save, saving, formId }: EditFormProps) {
  const { i18n } = useLingui();
  const config = useQuery(marketConfigQueryOptions());
  const [limit, setLimit] = useState<OfferTimeLimit>(offer.payment.time_limit);
  const choices = config.data?.time_limits ?? [offer.payment.time_limit];
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave
      onSubmit={() => save({ property: 'time', body: { time_limit: limit } })}
    >
      <ChoiceSection header={<Trans>The buyer pays within</Trans>}>
        {choices.map((minutes) => (
          <Choice
            key={minutes}
            title={i18n._(paymentWindowMessage(minutes))}
            checked={minutes === limit}
            onSelect={() => setLimit(minutes)}
          />
        ))}
      </ChoiceSection>
    </EditForm>
  );
}

/**
 * `/p2p/offers/{id}/conditions`: the offer's conditions text, editable when `can_edit_remark`
 * (GET /p2p/profile account_info) or conditions already exist (spec 001 s.6); emptying it
 * removes them.
 */
export function ConditionsEdit({ offer, save, saving, formId }: EditFormProps) {
  const { t } = useLingui();
  const profile = useQuery(ownMarketProfileQueryOptions());
  const config = useQuery(marketConfigQueryOptions());
  const [text, setText] = useState(offer.description);
  const most = config.data?.max_description_length ?? 1000;
  if (profile.isPending) return <Loading />;
  const canWrite = profile.data?.account_info.can_edit_remark === true;
  if (!canWrite) {
    if (offer.description === '') {
      return (
        <Empty>
          <p>
            <Trans>You can’t add conditions to offers yet.</Trans>
          </p>
        </Empty>
      );
    }
    // Without can_edit_remark the conditions written before may only be removed (the server
    // refuses new text): they are shown as they are, and the action removes them.
    return (
      <EditForm
        formId={formId}
        saving={saving}
        canSave
        label={t`Remove conditions`}
        onSubmit={() => save({ property: 'conditions', body: { description: '' } })}
      >
        <Section footer={<Trans>You can remove these conditions; writing new ones isn’t available to you yet.</Trans>}>
          <Cell title={<span className="p2p-offer-conditions">{offer.description}</span>} />
        </Section>
      </EditForm>
    );
  }
  const tooLong = text.trim().length > most;
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={!tooLong && text.trim() !== offer.description}
      onSubmit={() => save({ property: 'conditions', body: { description: text.trim() } })}
    >
      <div className="ui-text-field">
        <label className="ui-text-field-label" htmlFor={`${formId}-text`}>
          <Trans>Conditions for the other side</Trans>
        </label>
        <textarea
          id={`${formId}-text`}
          className="ui-text-field-input p2p-edit-textarea"
          value={text}
          rows={6}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={tooLong || undefined}
        />
        <p className={tooLong ? 'ui-text-field-error' : 'ui-text-field-hint'} role={tooLong ? 'alert' : undefined}>
          {tooLong ? t`At most ${most} characters` : `${text.trim().length} / ${most}`}
        </p>
      </div>
    </EditForm>
  );
}
