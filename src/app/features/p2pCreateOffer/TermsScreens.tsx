import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { type RestrictionName, restrictionBounds } from '../../../../machines/createOffer/offerRules.ts';
import { conditionsTooLong, restrictionChecksOf } from '../../../../machines/createOffer.machine.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Choice } from '../../ui/Choice.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { restrictionErrorMessage } from './createOfferMessages.ts';
import { ServerRefusalNotice, StepForm, type StepProps } from './stepForm.tsx';
import '../../ui/text-field.css';

/** The conditions step: a free text the counterparty reads before ordering (optional). */
export function ConditionsScreen({ actor, snapshot, onBack }: StepProps) {
  const { t } = useLingui();
  const id = useId();
  const { description, market } = snapshot.context;
  const length = description.trim().length;
  const most = market.maxDescriptionLength;
  const tooLong = conditionsTooLong(snapshot.context);
  useScreenActions({
    main: { label: t`Continue`, submits: 'create-offer-conditions', disabled: tooLong },
    back: onBack,
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Conditions</Trans>}
        subtitle={<Trans>What the other side should know before ordering. You can leave this empty.</Trans>}
      />
      <StepForm id="create-offer-conditions" onSubmit={() => actor.send({ type: 'conditions.submit' })}>
        <ServerRefusalNotice snapshot={snapshot} step="conditions" />
        <div className="ui-text-field">
          <label className="ui-text-field-label" htmlFor={id}>
            <Trans>Conditions</Trans>
          </label>
          <textarea
            id={id}
            className="ui-text-field-input create-offer-textarea"
            value={description}
            onChange={(event) => actor.send({ type: 'conditions.change', text: event.target.value })}
            aria-invalid={tooLong || undefined}
            aria-describedby={`${id}-note`}
          />
          <p id={`${id}-note`} className={tooLong ? 'ui-text-field-error' : 'ui-text-field-hint'}>
            {tooLong ? (
              <Trans>
                At most {most} characters: {length} now
              </Trans>
            ) : (
              <Trans>
                {length} of {most} characters
              </Trans>
            )}
          </p>
        </div>
      </StepForm>
    </Page>
  );
}

/** The restrictions step: who may take the offer (spec 001 s.3 "Offer restrictions"), each optional. */
export function RestrictionsScreen({ actor, snapshot, onBack }: StepProps) {
  const { t, i18n } = useLingui();
  const { premium, restrictions, side } = snapshot.context;
  const checks = restrictionChecksOf(snapshot.context);
  const labels: Record<RestrictionName, ReactNode> = {
    completed_trades_percent: <Trans>Completed orders, %</Trans>,
    trades_count_min: <Trans>Completed orders</Trans>,
    trades_volume_usd_min: <Trans>Traded volume, USD</Trans>,
    account_age_days_min: <Trans>Account age, days</Trans>,
  };
  useScreenActions({
    main: {
      label: t`Continue`,
      submits: 'create-offer-restrictions',
      disabled: !snapshot.can({ type: 'restrictions.submit' }),
    },
    back: onBack,
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Restrictions</Trans>}
        subtitle={
          side === 'sell' ? (
            <Trans>Who may buy from you. Leave a field empty for no restriction.</Trans>
          ) : (
            <Trans>Who may sell to you. Leave a field empty for no restriction.</Trans>
          )
        }
      />
      <StepForm id="create-offer-restrictions" onSubmit={() => actor.send({ type: 'restrictions.submit' })}>
        <ServerRefusalNotice snapshot={snapshot} step="restrictions" />
        <Section>
          <Choice
            kind="checkbox"
            title={<Trans>Telegram Premium users only</Trans>}
            checked={premium}
            onSelect={() => actor.send({ type: 'premium.toggle' })}
          />
        </Section>
        <p className="create-offer-note">
          <Trans>Each is a minimum: completed orders in % count the last 30 days.</Trans>
        </p>
        {(Object.keys(labels) as RestrictionName[]).map((name) => {
          const error = checks[name].error;
          return (
            <TextField
              key={name}
              label={labels[name]}
              value={restrictions[name]}
              onChange={(text) => actor.send({ type: 'restriction.change', name, text })}
              error={error === null ? undefined : i18n._(restrictionErrorMessage(error, restrictionBounds[name]))}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t`No restriction`}
            />
          );
        })}
      </StepForm>
    </Page>
  );
}
