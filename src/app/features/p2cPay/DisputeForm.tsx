import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { disputeMessageMaxLength } from '../../../../machines/qrPayment.machine.ts';
import { p2cDisputeReasons } from '../../../contract/p2c.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { disputeReasonNames } from './p2cPayMessages.ts';
import type { ScreenProps } from './QrPayScreens.tsx';
import '../../ui/text-field.css';

/**
 * The client's dispute of a completed payment (docs/p2c.md "Disputes"): a reason and what happened
 * (at most 1000 characters); Send is the main button. Support decides with the merchant's receipt.
 */
export function DisputeForm({ actor, snapshot, goBack }: ScreenProps) {
  const { t, i18n } = useLingui();
  const messageId = useId();
  const { disputeReason, disputeMessage, disputeRefusal } = snapshot.context;
  const sending = snapshot.hasTag('busy');
  const length = disputeMessage.trim().length;
  const tooLong = length > disputeMessageMaxLength;
  useScreenActions({
    main: {
      label: t`Send`,
      onPress: () => actor.send({ type: 'dispute.submit' }),
      disabled: !sending && !snapshot.can({ type: 'dispute.submit' }),
      busy: sending,
    },
    back: sending ? null : goBack,
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Open a dispute</Trans>}
        subtitle={
          <Trans>Support will check the merchant’s receipt and decide. Until then the payment stays disputed.</Trans>
        }
      />
      {disputeRefusal !== null ? (
        <p className="p2c-pay-note p2c-pay-note--alert" role="alert">
          {disputeRefusal.code === 'dispute_window_closed' ? (
            <Trans>The 24 hours to dispute this payment have passed.</Trans>
          ) : (
            <Trans>Couldn’t send the dispute. Check the connection and try again.</Trans>
          )}
        </p>
      ) : null}
      <ChoiceSection header={<Trans>What went wrong?</Trans>}>
        {p2cDisputeReasons.map((reason) => (
          <Choice
            key={reason}
            title={i18n._(disputeReasonNames[reason])}
            checked={disputeReason === reason}
            disabled={sending}
            onSelect={() => actor.send({ type: 'dispute.reason', reason })}
          />
        ))}
      </ChoiceSection>
      <div className="ui-text-field">
        <label className="ui-text-field-label" htmlFor={messageId}>
          <Trans>What happened</Trans>
        </label>
        <textarea
          id={messageId}
          className="ui-text-field-input p2c-pay-textarea"
          value={disputeMessage}
          rows={5}
          disabled={sending}
          onChange={(event) => actor.send({ type: 'dispute.message', text: event.target.value })}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${messageId}-note`}
        />
        <p
          id={`${messageId}-note`}
          className={tooLong ? 'ui-text-field-error' : 'ui-text-field-hint'}
          role={tooLong ? 'alert' : undefined}
        >
          {tooLong ? (
            <Trans>At most {disputeMessageMaxLength} characters</Trans>
          ) : (
            <Trans>
              {length} / {disputeMessageMaxLength}
            </Trans>
          )}
        </p>
      </div>
    </Page>
  );
}
