import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { lockoutMachine } from '../../../../machines/lockout.machine.ts';
import { EMAIL_CODE_LENGTH, formatCountdown, PASSCODE_LENGTH } from '../../../../machines/passcode/rules.ts';
import type { setPasscodeMachine } from '../../../../machines/setPasscode.machine.ts';
import { machineErrorMessage } from '../../lib/securityMessages.ts';
import type { ScreenAction } from '../../platform/screenActions.ts';
import type { HapticKind } from '../../platform/types.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { CodeBoxes } from '../../ui/CodeBoxes.tsx';
import { Keypad } from '../../ui/Keypad.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PasscodeDots } from '../../ui/PasscodeDots.tsx';
import { FlowLayout } from '../../ui/passcodeConfirm/parts.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import '../../ui/text-field.css';
import { BotConfirmationLink } from './BotConfirmationLink.tsx';
import './security.css';
import { authConfigQueryOptions } from '../../api/authConfig.ts';

export type SetPasscodeActor = ActorRefFrom<typeof setPasscodeMachine>;
type Snapshot = ReturnType<SetPasscodeActor['getSnapshot']>;
type LockoutActor = ActorRefFrom<typeof lockoutMachine>;

/** Which screen a snapshot shows (one per stage of spec 001 s.4). */
export type SetPasscodeScreen =
  | 'suggestion'
  | 'setUp'
  | 'confirm'
  | 'email'
  | 'emailCode'
  | 'setting'
  | 'botConfirm'
  | 'biometric'
  | 'completed'
  | 'dismissed'
  | 'starting';

export function screenOf(snapshot: Snapshot): SetPasscodeScreen {
  if (snapshot.matches('suggestion')) return 'suggestion';
  if (snapshot.matches('setUp')) return 'setUp';
  if (snapshot.matches('confirm')) return 'confirm';
  if (snapshot.matches('email')) return 'email';
  if (snapshot.matches('emailCode')) return 'emailCode';
  if (snapshot.matches('setting')) return 'setting';
  if (snapshot.matches('botConfirm')) return 'botConfirm';
  if (snapshot.matches('biometric')) return 'biometric';
  if (snapshot.matches('completed')) return 'completed';
  if (snapshot.matches('dismissed')) return 'dismissed';
  return 'starting';
}

export interface SetPasscodeViewProps {
  actor: SetPasscodeActor;
  /** `platform.haptic`, for the keypad's key presses. */
  onHaptic?: (kind: HapticKind) => void;
  /** The completed screen's Done button, back from the first stage, and where a dismissed suggestion leads. */
  onDone: () => void;
}

/**
 * The set-passcode flow (spec 001 s.4), rendered from the machine's snapshot only; every control
 * sends the machine an event. One screen per stage: suggestion, setUp ("Create a passcode", dots
 * and keypad), confirm ("Repeat the passcode", the dots shake on a wrong repeat), the e-mail form,
 * the e-mail code (boxes, resend with its countdown, Back, the lockout countdown or "too many
 * attempts" with a support link), setting, botConfirm (the bot chat; the local mailbox in local
 * mode), the biometric offer and completed. The stage's buttons are the screen's actions
 * (Telegram's buttons inside the mini app); back steps back where the machine can, else leaves
 * (`onDone`).
 */
export function SetPasscodeView({ actor, onHaptic, onDone }: SetPasscodeViewProps) {
  const snapshot = useSelector(actor, (current) => current);
  const send = actor.send;
  const screen = screenOf(snapshot);
  const emailFormId = useId();
  useScreenActions({
    ...useStageActions(snapshot, send, screen, emailFormId, onDone),
    // Leaving the flow before its end goes where finishing it goes: back where the person came from.
    // Dismissed, the flow is already on its way out (onDone).
    back:
      screen === 'dismissed' ? null : snapshot.can({ type: 'step.back' }) ? () => send({ type: 'step.back' }) : onDone,
  });
  switch (screen) {
    case 'suggestion':
      return <Suggestion />;
    case 'setUp':
    case 'confirm':
      return <PasscodeEntry snapshot={snapshot} send={send} onHaptic={onHaptic} />;
    case 'email':
      return <EmailForm snapshot={snapshot} send={send} formId={emailFormId} />;
    case 'emailCode':
      return <EmailCode snapshot={snapshot} send={send} />;
    case 'setting':
      return <Saving />;
    case 'botConfirm':
      return <BotConfirm />;
    case 'biometric':
      return <BiometricOffer snapshot={snapshot} />;
    case 'completed':
      return (
        <Page centered>
          <PageTitle
            title={<Trans>Passcode is on</Trans>}
            subtitle={<Trans>You’ll enter it to confirm payments and withdrawals.</Trans>}
          />
        </Page>
      );
    case 'dismissed':
    case 'starting':
      return null;
  }
}

/** The main and second action of each stage that has buttons. */
function useStageActions(
  snapshot: Snapshot,
  send: Send,
  screen: SetPasscodeScreen,
  emailFormId: string,
  onDone: () => void,
): { main?: ScreenAction; secondary?: ScreenAction } {
  const { t } = useLingui();
  const busy = snapshot.hasTag('busy');
  switch (screen) {
    case 'suggestion':
      return {
        main: { label: t`Set a passcode`, onPress: () => send({ type: 'passcode.accept' }) },
        ...(snapshot.can({ type: 'passcode.dismiss' })
          ? { secondary: { label: t`Not now`, onPress: () => send({ type: 'passcode.dismiss' }) } }
          : {}),
      };
    case 'email':
      return { main: { label: t`Send code`, submits: emailFormId, busy } };
    case 'biometric':
      return {
        main: {
          label: snapshot.hasTag('biometricDenied') ? t`Try again` : t`Turn on`,
          busy,
          onPress: () => send({ type: 'biometric.accept' }),
        },
        secondary: { label: t`Skip`, disabled: busy, onPress: () => send({ type: 'biometric.decline' }) },
      };
    case 'completed':
      return { main: { label: t`Done`, onPress: onDone } };
    default:
      return {};
  }
}

function Saving() {
  const { t } = useLingui();
  return (
    <Page centered>
      <Spinner label={t`Saving`} />
      <p className="security-hint">
        <Trans>Saving the passcode…</Trans>
      </p>
    </Page>
  );
}

type Send = SetPasscodeActor['send'];

function ErrorText({ snapshot }: { snapshot: Snapshot }) {
  const { i18n } = useLingui();
  const error = snapshot.context.error;
  if (error === null) return null;
  return (
    <p className="security-error" role="alert">
      {i18n._(machineErrorMessage(error))}
    </p>
  );
}

function Suggestion() {
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Protect your wallet with a passcode</Trans>}
        subtitle={
          <Trans>
            A 4-digit passcode confirms payments and withdrawals, so nobody else can spend your money, even with your
            phone.
          </Trans>
        }
      />
    </Page>
  );
}

function PasscodeEntry({
  snapshot,
  send,
  onHaptic,
}: {
  snapshot: Snapshot;
  send: Send;
  onHaptic: ((kind: HapticKind) => void) | undefined;
}) {
  const { t } = useLingui();
  const repeating = snapshot.matches('confirm');
  const invalid = snapshot.hasTag('invalid');
  return (
    <Page>
      {/* The same layout as the other keypad screens: text on top, the keypad at thumb height. */}
      <FlowLayout
        keypad={
          <Keypad
            label={t`Passcode keypad`}
            onDigit={(digit) => send({ type: 'digit.enter', digit })}
            onErase={() => send({ type: 'digit.erase' })}
            canErase={snapshot.context.code.length > 0}
            {...(onHaptic ? { onHaptic } : {})}
          />
        }
      >
        <PageTitle
          title={repeating ? <Trans>Repeat the passcode</Trans> : <Trans>Create a passcode</Trans>}
          subtitle={repeating ? undefined : <Trans>4 digits you’ll enter to confirm payments and withdrawals.</Trans>}
        />
        <PasscodeDots filled={snapshot.context.code.length} length={PASSCODE_LENGTH} invalid={invalid} />
        {invalid ? (
          <p className="security-error" role="alert">
            <Trans>The passcodes don’t match. Try again.</Trans>
          </p>
        ) : (
          <ErrorText snapshot={snapshot} />
        )}
      </FlowLayout>
    </Page>
  );
}

function EmailForm({ snapshot, send, formId }: { snapshot: Snapshot; send: Send; formId: string }) {
  const busy = snapshot.hasTag('busy');
  return (
    <Page>
      <PageTitle
        title={<Trans>Add a backup e-mail</Trans>}
        subtitle={<Trans>If you forget the passcode, you’ll restore it through this e-mail.</Trans>}
      />
      <form
        id={formId}
        className="security-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('email');
          send({ type: 'email.submit', email: typeof value === 'string' ? value : '' });
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
            defaultValue={snapshot.context.email}
            aria-invalid={snapshot.context.error !== null || undefined}
            disabled={busy}
          />
        </label>
        <ErrorText snapshot={snapshot} />
      </form>
    </Page>
  );
}

/** CodeBoxes report the whole value; the machine wants a digit, an erase, or a paste. */
export function codeEvent(
  current: string,
  next: string,
): { type: 'digit.enter'; digit: string } | { type: 'digit.erase' } | { type: 'code.paste'; text: string } {
  if (next.length === current.length + 1 && next.startsWith(current))
    return { type: 'digit.enter', digit: next.slice(-1) };
  if (next.length === current.length - 1 && current.startsWith(next)) return { type: 'digit.erase' };
  return { type: 'code.paste', text: next };
}

function EmailCode({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { t } = useLingui();
  const { code, email, resendIn } = snapshot.context;
  const locked = snapshot.hasTag('locked');
  const tooMany = snapshot.hasTag('supportLink');
  const lockout = snapshot.children.lockout;
  const resendWait = formatCountdown(resendIn).slice(3);
  return (
    <Page>
      <PageTitle title={<Trans>Enter the code</Trans>} subtitle={<Trans>We sent a 6-digit code to {email}</Trans>} />
      {locked ? null : (
        <CodeBoxes
          value={code}
          length={EMAIL_CODE_LENGTH}
          label={t`Code from the e-mail`}
          invalid={snapshot.hasTag('invalid')}
          disabled={snapshot.hasTag('busy') && snapshot.matches({ emailCode: { input: 'verifying' } })}
          autoFocus
          onChange={(digits) => send(codeEvent(code, digits))}
        />
      )}
      {lockout && !tooMany ? <LockoutNotice lockout={lockout} /> : null}
      {tooMany ? <SupportNotice snapshot={snapshot} /> : <ErrorText snapshot={snapshot} />}
      <div className="security-actions">
        <Button
          variant="secondary"
          stretched
          disabled={!snapshot.can({ type: 'code.resend' })}
          onClick={() => send({ type: 'code.resend' })}
        >
          {resendIn > 0 ? <Trans>Send a new code in {resendWait}</Trans> : <Trans>Send a new code</Trans>}
        </Button>
      </div>
    </Page>
  );
}

/** The lockout's hh:mm:ss countdown (the keypad is hidden meanwhile). */
export function LockoutNotice({ lockout }: { lockout: LockoutActor }) {
  const secondsLeft = useSelector(lockout, (current) => current.context.secondsLeft);
  const countdown = formatCountdown(secondsLeft);
  return (
    <div className="security-lockout" role="status">
      <p className="security-lockout-title">
        <Trans>Too many attempts</Trans>
      </p>
      <p>
        <Trans>
          Try again in <time className="security-timer">{countdown}</time>
        </Trans>
      </p>
    </div>
  );
}

function SupportNotice({ snapshot }: { snapshot: Snapshot }) {
  const config = useQuery(authConfigQueryOptions());
  const bot = config.data?.bot_username;
  return (
    <div className="security-lockout">
      <ErrorText snapshot={snapshot} />
      {bot ? (
        <a className="security-link" href={`https://t.me/${bot}`} target="_blank" rel="noreferrer">
          <Trans>Contact support</Trans>
        </a>
      ) : null}
    </div>
  );
}

function BotConfirm() {
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Confirm in the bot</Trans>}
        subtitle={
          <Trans>
            We sent a message to the Kopilka bot. Open it and tap Confirm: the passcode turns on after that.
          </Trans>
        }
      />
      <BotConfirmationLink />
      <p className="security-hint" role="status">
        <Trans>Waiting for the confirmation…</Trans>
      </p>
    </Page>
  );
}

function BiometricOffer({ snapshot }: { snapshot: Snapshot }) {
  const denied = snapshot.hasTag('biometricDenied');
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Confirm with biometrics?</Trans>}
        subtitle={
          denied ? (
            <Trans>Kopilka has no access to biometrics. Allow it in the settings that opened, then try again.</Trans>
          ) : (
            <Trans>Confirm payments with your face or fingerprint instead of typing the passcode.</Trans>
          )
        }
      />
      <ErrorText snapshot={snapshot} />
    </Page>
  );
}
