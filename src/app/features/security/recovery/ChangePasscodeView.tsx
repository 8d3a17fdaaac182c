import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ChangePasscodeError, changePasscodeMachine } from '../../../../../machines/changePasscode.machine.ts';
import { EMAIL_CODE_LENGTH, PASSCODE_LENGTH } from '../../../../../machines/passcode/rules.ts';
import { useBack } from '../../../lib/back.ts';
import { machineErrorMessage } from '../../../lib/securityMessages.ts';
import { usePlatform } from '../../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../../platform/useScreenActions.ts';
import { CodeBoxes } from '../../../ui/CodeBoxes.tsx';
import { Keypad } from '../../../ui/Keypad.tsx';
import { Page, PageTitle } from '../../../ui/Page.tsx';
import { PasscodeDots } from '../../../ui/PasscodeDots.tsx';
import {
  FlowLayout,
  LockoutCountdown,
  lockoutChild,
  TooManyAttempts,
  useErrorToast,
  usePasteDigits,
} from '../../../ui/passcodeConfirm/parts.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { BotConfirmationLink } from '../BotConfirmationLink.tsx';

export type ChangePasscodeActor = ActorRefFrom<typeof changePasscodeMachine>;
type Snapshot = SnapshotFrom<typeof changePasscodeMachine>;

function toastMessage(error: ChangePasscodeError | null): MessageDescriptor | null {
  return error === null || error === 'too_many_attempts' ? null : machineErrorMessage(error);
}

/** 42 → "0:42" (the resend wait is at most a minute or two). */
function minutesAndSeconds(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** What the code boxes report, as the machine's events: one digit more, one less, or a paste. */
function codeEvent(current: string, next: string) {
  if (next.length === current.length + 1 && next.startsWith(current)) {
    return { type: 'digit.enter', digit: next.slice(-1) } as const;
  }
  if (next === current.slice(0, -1)) return { type: 'digit.erase' } as const;
  return { type: 'code.paste', text: next } as const;
}

/**
 * Change or restore the passcode (spec 001 s.4 "Change-passcode flow"), rendered from the
 * changePasscode machine's snapshot only: sending the code (a spinner; a failure offers to try
 * again), the 6 code boxes with the resend countdown, the lockout countdown or "too many attempts"
 * with the support link, the new passcode and its repeat on the keypad, the recovery call, and the
 * end ("Back to Security" its main action). Back (Telegram's BackButton, the header's) steps back
 * where the machine can, else leaves where the person came from (Security, usually).
 */
export function ChangePasscodeView({ actor }: { actor: ChangePasscodeActor }) {
  const snapshot = useSelector(actor, (current: Snapshot) => current);
  const platform = usePlatform();
  const { t, i18n } = useLingui();
  const { code, error, resendIn } = snapshot.context;
  const onKeypad = snapshot.matches('setUp') || snapshot.matches('confirm');

  useErrorToast(toastMessage(error));
  usePasteDigits(onKeypad, (text) => actor.send({ type: 'code.paste', text }));
  const leave = useBack({ to: '/account/security' });
  useScreenActions({
    ...(snapshot.matches('requestFailed')
      ? { main: { label: t`Try again`, onPress: () => actor.send({ type: 'code.resend' }) } }
      : snapshot.matches('completed')
        ? { main: { label: t`Back to Security`, onPress: leave } }
        : {}),
    back: snapshot.matches('restoring')
      ? null
      : snapshot.can({ type: 'step.back' })
        ? () => actor.send({ type: 'step.back' })
        : leave,
  });

  if (snapshot.matches('requesting')) {
    return (
      <Page centered>
        <PageTitle
          title={<Trans>Change passcode</Trans>}
          subtitle={<Trans>Sending a code to your backup e-mail…</Trans>}
        />
        <Spinner label={t`Sending the code`} />
      </Page>
    );
  }

  if (snapshot.hasTag('tooSoon')) {
    // One e-mail code per minute (e.g. just after setting the passcode up): a wait, sent at 0.
    return (
      <Page centered>
        <PageTitle
          title={<Trans>Change passcode</Trans>}
          subtitle={
            <Trans>
              A code was e-mailed to you less than a minute ago. We’ll send a new one in {minutesAndSeconds(resendIn)}.
            </Trans>
          }
        />
      </Page>
    );
  }

  if (snapshot.matches('requestFailed')) {
    return (
      <Page centered>
        <PageTitle
          title={<Trans>Change passcode</Trans>}
          subtitle={
            <Trans>We couldn’t send the code to your backup e-mail. Check your connection and try again.</Trans>
          }
        />
      </Page>
    );
  }

  if (snapshot.matches('emailCode')) {
    const locked = snapshot.hasTag('locked');
    const lockout = lockoutChild(snapshot.children);
    const canResend = snapshot.can({ type: 'code.resend' });
    return (
      <Page>
        <FlowLayout>
          <PageTitle
            title={<Trans>Enter the code from the e-mail</Trans>}
            subtitle={<Trans>We sent a 6-digit code to your backup e-mail. It is valid for 10 minutes.</Trans>}
          />
          {snapshot.hasTag('supportLink') ? (
            <TooManyAttempts message={i18n._(machineErrorMessage('too_many_attempts'))} />
          ) : locked && lockout !== null ? (
            <LockoutCountdown lockout={lockout} />
          ) : (
            <CodeBoxes
              value={code}
              length={EMAIL_CODE_LENGTH}
              onChange={(next) => actor.send(codeEvent(code, next))}
              invalid={snapshot.hasTag('invalid')}
              disabled={!snapshot.hasTag('keypad') || snapshot.hasTag('busy')}
              label={t`Code from the e-mail`}
              autoFocus
            />
          )}
          <button
            type="button"
            className="security-text-button"
            disabled={!canResend}
            onClick={() => actor.send({ type: 'code.resend' })}
          >
            {resendIn > 0 ? (
              <Trans>Send a new code in {minutesAndSeconds(resendIn)}</Trans>
            ) : (
              <Trans>Send a new code</Trans>
            )}
          </button>
        </FlowLayout>
      </Page>
    );
  }

  if (snapshot.matches('completed')) return <ConfirmInBot />;

  // setUp, confirm and restoring: the keypad screens.
  const repeating = snapshot.matches('confirm') || snapshot.matches('restoring');
  const restoring = snapshot.matches('restoring');
  return (
    <Page>
      <FlowLayout
        keypad={
          <Keypad
            onDigit={(digit) => actor.send({ type: 'digit.enter', digit })}
            onErase={() => actor.send({ type: 'digit.erase' })}
            onHaptic={platform.haptic}
            canErase={code.length > 0}
            disabled={restoring}
          />
        }
      >
        <PageTitle
          title={repeating ? <Trans>Repeat the new passcode</Trans> : <Trans>Create a new passcode</Trans>}
          subtitle={<Trans>4 digits you will use to confirm operations.</Trans>}
        />
        <PasscodeDots
          filled={restoring ? PASSCODE_LENGTH : code.length}
          length={PASSCODE_LENGTH}
          invalid={snapshot.hasTag('invalid')}
        />
        {restoring ? <Spinner label={t`Saving the new passcode`} /> : null}
        {snapshot.hasTag('invalid') ? (
          <p className="security-hint" role="alert">
            <Trans>The passcodes don’t match. Try again.</Trans>
          </p>
        ) : null}
      </FlowLayout>
    </Page>
  );
}

/**
 * After the recovery: the new passcode waits for the bot's confirmation (like a first passcode),
 * the old one works until then, and withdrawals pause for 24 h once it is confirmed.
 */
function ConfirmInBot() {
  return (
    <Page centered>
      <div className="security-done">
        <PageTitle
          title={<Trans>Confirm in the bot</Trans>}
          subtitle={
            <Trans>
              We sent a message to the Kopilka bot. Tap Confirm there: the new passcode works after that, and until then
              the old one still does.
            </Trans>
          }
        />
        <p className="security-hint">
          <Trans>For your safety, withdrawals are paused for 24 hours after the change.</Trans>
        </p>
        <BotConfirmationLink />
      </div>
    </Page>
  );
}
