import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Choice } from '../../ui/Choice.tsx';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { useMethodChoices } from './methodGroups.ts';
import { ServerRefusalNotice, StepForm, type StepProps } from './stepForm.tsx';

/** Where adding a payment method brings the person back to: this step, with the draft kept. */
export const methodsStepPath = '/p2p/offers/new?step=methods';

/**
 * The methods step. A sell offer lists the person's own saved methods of the fiat (the buyer pays
 * to them; their data shows masked), with a way to add one: the add flow returns here with the
 * draft kept. A buy offer lists the fiat's catalogue entries (banks, e-money, groups) it pays with.
 */
export function MethodsScreen({ actor, snapshot, onBack }: StepProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const fiat = context.fiat ?? '';
  const sell = context.side === 'sell';
  const { groups, failed, retry } = useMethodChoices(sell, fiat);
  const keys = groups?.flatMap((group) => group.rows.map((row) => row.key)).join(' ');
  // A method chosen before and deleted since (or of another fiat) is no longer offered.
  useEffect(() => {
    if (keys !== undefined) actor.send({ type: 'methods.available', keys: keys === '' ? [] : keys.split(' ') });
  }, [actor, keys]);
  const most = context.market.maxMethods;
  useScreenActions({
    main: { label: t`Continue`, submits: 'create-offer-methods', disabled: !snapshot.can({ type: 'methods.submit' }) },
    back: onBack,
  });
  const addLink = (
    <Link
      className="create-offer-link"
      to="/p2p/methods/add/$fiat"
      params={{ fiat }}
      search={{ back: methodsStepPath }}
    >
      <Trans>Add a payment method</Trans>
    </Link>
  );
  return (
    <Page>
      <PageTitle
        title={<Trans>Payment methods</Trans>}
        subtitle={
          sell ? (
            <Trans>
              Where buyers send you {fiat}. Choose up to {most}.
            </Trans>
          ) : (
            <Trans>
              How you pay sellers in {fiat}. Choose up to {most}.
            </Trans>
          )
        }
      />
      <StepForm id="create-offer-methods" onSubmit={() => actor.send({ type: 'methods.submit' })}>
        <ServerRefusalNotice snapshot={snapshot} step="methods" />
        {failed ? (
          <LoadFailed message={<Trans>Couldn’t load the payment methods.</Trans>} onRetry={retry} />
        ) : groups === undefined ? (
          <Loading />
        ) : keys === '' && sell ? (
          <Empty>
            <p>
              <Trans>You have no {fiat} payment methods yet.</Trans>
            </p>
            {addLink}
          </Empty>
        ) : (
          <>
            {groups.map((group) => (
              <Section key={group.header ?? group.rows[0]?.key} header={group.header ?? undefined}>
                {group.rows.map((row) => (
                  <Choice
                    key={row.key}
                    kind="checkbox"
                    title={row.title}
                    subtitle={row.subtitle ?? undefined}
                    checked={context.methods.includes(row.key)}
                    onSelect={() => actor.send({ type: 'method.toggle', key: row.key })}
                  />
                ))}
              </Section>
            ))}
            {sell ? (
              <Section>
                <Link to="/p2p/methods/add/$fiat" params={{ fiat }} search={{ back: methodsStepPath }}>
                  <Cell title={<Trans>Add a payment method</Trans>} chevron />
                </Link>
              </Section>
            ) : null}
          </>
        )}
      </StepForm>
    </Page>
  );
}
