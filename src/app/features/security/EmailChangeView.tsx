import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { emailChangeMachine } from '../../../../machines/emailChange.machine.ts';
import { EMAIL_CODE_LENGTH, formatCountdown } from '../../../../machines/passcode/rules.ts';
import { machineErrorMessage } from '../../lib/securityMessages.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { CodeBoxes } from '../../ui/CodeBoxes.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PasscodeConfirmView } from '../../ui/passcodeConfirm/PasscodeConfirmView.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { codeEvent } from './SetPasscodeView.tsx';
import '../../ui/text-field.css';
import './security.css';

export type EmailChangeActor = ActorRefFrom<typeof emailChangeMachine>;

/**
 * /account/security/email: add or change the backup e-mail, rendered from the e-mail change
 * machine's snapshot. Changing a confirmed address first asks for the passcode (the
 * passcodeConfirm child's own screen) and a code sent to the current address; then, as for a
 * first address, the form, the 6-digit code (boxes, resend after 60 s) and done. "Send code",
 * "Start again" and "Done" are the screen's main action; back steps back where the machine can,
 * else leaves the flow (`onDone`: back where the person came from, Security usually).
 */
export function EmailChangeView({ actor, onDone }: { actor: EmailChangeActor; onDone: () => void }) {
  const { i18n, t } = useLingui();
  const snapshot = useSelector(actor, (current) => current);
  const { email, currentEmail, code, error, resendIn, change } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const formId = useId();
  const done = snapshot.matches('done');
  useScreenActions({
    ...(done
      ? { main: { label: t`Done`, onPress: onDone } }
      : snapshot.hasTag('expired')
        ? { main: { label: t`Start again`, onPress: () => actor.send({ type: 'flow.restart' }) } }
        : snapshot.hasTag('emailForm')
          ? { main: { label: t`Send code`, submits: formId, busy } }
          : {}),
    back: snapshot.can({ type: 'step.back' }) ? () => actor.send({ type: 'step.back' }) : onDone,
  });
  const errorText =
    error === null ? null : (
      <p className="security-error" role="alert">
        {i18n._(machineErrorMessage(error))}
      </p>
    );

  if (done) {
    return (
      <Page centered>
        <PageTitle
          title={<Trans>E-mail confirmed</Trans>}
          subtitle={<Trans>{email} is your backup e-mail now.</Trans>}
        />
        {change === null ? null : (
          <p className="security-hint" role="status">
            <Trans>For your safety, withdrawals are paused for 24 hours, and your other devices were signed out.</Trans>
          </p>
        )}
      </Page>
    );
  }

  const confirm = snapshot.children.passcodeConfirm;
  if (snapshot.hasTag('passcode') && confirm !== undefined) {
    return (
      <PasscodeConfirmView
        actor={confirm}
        title={<Trans>Enter your passcode</Trans>}
        subtitle={<Trans>to change the backup e-mail</Trans>}
      />
    );
  }

  if (snapshot.hasTag('expired')) {
    return (
      <Page centered>
        <PageTitle
          title={<Trans>The confirmation has expired</Trans>}
          subtitle={<Trans>Start again: your passcode, then a code sent to your current e-mail.</Trans>}
        />
      </Page>
    );
  }

  if (snapshot.hasTag('oldCode')) {
    const sendingFirst = snapshot.matches('oldSending');
    const oldResendWait = formatCountdown(resendIn).slice(3);
    return (
      <Page>
        <PageTitle
          title={<Trans>Confirm it’s you</Trans>}
          subtitle={<Trans>We sent a 6-digit code to your current e-mail {currentEmail}</Trans>}
        />
        {sendingFirst ? (
          <Spinner label={t`Sending the code`} />
        ) : (
          <CodeBoxes
            value={code}
            length={EMAIL_CODE_LENGTH}
            label={t`Code from the current e-mail`}
            invalid={snapshot.hasTag('invalid')}
            disabled={!snapshot.hasTag('keypad') || snapshot.matches({ oldCode: { input: 'verifying' } })}
            autoFocus
            onChange={(digits) => actor.send(codeEvent(code, digits))}
          />
        )}
        {errorText}
        <div className="security-actions">
          <Button
            variant="secondary"
            stretched
            disabled={!snapshot.can({ type: 'code.resend' })}
            onClick={() => actor.send({ type: 'code.resend' })}
          >
            {resendIn > 0 ? <Trans>Send a new code in {oldResendWait}</Trans> : <Trans>Send a new code</Trans>}
          </Button>
        </div>
      </Page>
    );
  }

  if (snapshot.hasTag('emailForm')) {
    return (
      <Page>
        <PageTitle
          title={change === null ? <Trans>Backup e-mail</Trans> : <Trans>New backup e-mail</Trans>}
          subtitle={
            change === null ? (
              <Trans>If you forget the passcode, you’ll restore it through this e-mail.</Trans>
            ) : (
              <Trans>Enter the new address. We’ll send it a code to confirm it.</Trans>
            )
          }
        />
        <form
          id={formId}
          className="security-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('email');
            actor.send({ type: 'email.submit', email: typeof value === 'string' ? value : '' });
          }}
        >
          <label className="ui-text-field">
            <span className="ui-text-field-label">
              <Trans>E-mail</Trans>
            </span>
            <input
              className="ui-text-field-input"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
              defaultValue={email}
              aria-invalid={error !== null || undefined}
              disabled={busy}
            />
          </label>
          {errorText}
        </form>
      </Page>
    );
  }

  const resendWait = formatCountdown(resendIn).slice(3);
  return (
    <Page>
      <PageTitle title={<Trans>Enter the code</Trans>} subtitle={<Trans>We sent a 6-digit code to {email}</Trans>} />
      <CodeBoxes
        value={code}
        length={EMAIL_CODE_LENGTH}
        label={t`Code from the e-mail`}
        invalid={snapshot.hasTag('invalid')}
        disabled={snapshot.matches({ code: { input: 'verifying' } })}
        autoFocus
        onChange={(digits) => actor.send(codeEvent(code, digits))}
      />
      {errorText}
      <div className="security-actions">
        <Button
          variant="secondary"
          stretched
          disabled={!snapshot.can({ type: 'code.resend' })}
          onClick={() => actor.send({ type: 'code.resend' })}
        >
          {resendIn > 0 ? <Trans>Send a new code in {resendWait}</Trans> : <Trans>Send a new code</Trans>}
        </Button>
      </div>
    </Page>
  );
}
