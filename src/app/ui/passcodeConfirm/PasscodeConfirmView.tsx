import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { biometricsUsable, PASSCODE_LENGTH } from '../../../../machines/passcode/rules.ts';
import type { PasscodeConfirmError, passcodeConfirmMachine } from '../../../../machines/passcodeConfirm.machine.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { callErrorMessage, machineErrorMessage } from '../../lib/securityMessages.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../Button.tsx';
import { Keypad } from '../Keypad.tsx';
import { LineIcon } from '../LineIcon.tsx';
import { Page, PageTitle } from '../Page.tsx';
import { PasscodeDots } from '../PasscodeDots.tsx';
import { Sheet } from '../Sheet.tsx';
import {
  FlowLayout,
  LockoutCountdown,
  lockoutChild,
  TooManyAttempts,
  useErrorToast,
  usePasteDigits,
} from './parts.tsx';
import { loadPasscodeCalls } from './passcodeConfirm.ts';

export type PasscodeConfirmActor = ActorRefFrom<typeof passcodeConfirmMachine>;
type Snapshot = SnapshotFrom<typeof passcodeConfirmMachine>;

/** The toast for an error code; too many attempts is on the screen instead. */
function toastMessage(error: PasscodeConfirmError | null): MessageDescriptor | null {
  if (error === null || error === 'too_many_attempts') return null;
  // A failed biometric check is verify-biometric's default ("Failed to verify biometric").
  if (error === 'biometric_failed') return callErrorMessage('verify-biometric', null);
  return machineErrorMessage(error);
}

/**
 * The passcode confirmation (spec 001 s.2 `/passcode/{id}`, s.4 "Passcode confirm", "Lockout"),
 * rendered from the passcodeConfirm machine's snapshot only. Shared by the `/passcode/{id}` page,
 * biometric enrolment and the withdraw flow (which invokes the machine as its `passcode` step):
 *
 * - `keypad`: the title, the dots (red and shaking after a refused passcode: a 403 shows no
 *   message), the keypad (greyed while the check runs; a Face ID key when biometrics are on) and
 *   "Forgot passcode?"; other failures are error toasts;
 * - after a refused passcode, how many attempts the server still allows ("Wrong passcode. 3
 *   attempts left.", an inline status, not a toast: spec 001 s.8 wants no error message on a 403);
 * - `locked`: the keypad hidden (its place kept) and the hh:mm:ss countdown of the `lockout` child;
 * - `supportLink`: too many attempts, with the support link;
 * - "Forgot passcode?" on every one of these, the lockout and too many attempts included;
 * - `biometricOffer`: the confirmation, with a sheet offering biometrics (yes or no; yes turns
 *   them on for this device, its buttons busy meanwhile); nothing leaves the screen until the
 *   person answers, since a flow around it (withdraw) goes on only after;
 * - `done`: "Confirmed" and what happens next (`confirmedNote`, from the screen that knows it).
 *
 * `title` and `subtitle` replace the keypad screen's heading (the withdraw flow names the amount);
 * `header` goes above it (the withdraw flow's way back).
 */
export function PasscodeConfirmView({
  actor,
  confirmedNote,
  title,
  subtitle,
  header,
}: {
  actor: PasscodeConfirmActor;
  confirmedNote?: ReactNode;
  title?: ReactNode;
  subtitle?: ReactNode;
  header?: ReactNode;
}) {
  const snapshot = useSelector(actor, (current: Snapshot) => current);
  const platform = usePlatform();
  const { t, i18n } = useLingui();
  const { code, error, enableBiometric, biometric, attemptsLeft } = snapshot.context;
  const keypad = snapshot.hasTag('keypad');
  const busy = snapshot.hasTag('busy');
  const locked = snapshot.hasTag('locked');
  const lockout = lockoutChild(snapshot.children);
  // The calls the keypad and biometrics make: on their way while the person types.
  useEffect(() => {
    void loadPasscodeCalls();
  }, []);

  useErrorToast(toastMessage(error));
  usePasteDigits(keypad && !busy, (text) => actor.send({ type: 'code.paste', text }));
  const goToWallet = useGoToWalletAction();
  // Confirmed: the screen's main action leads home (the screen around it declares back).
  useScreenActions(snapshot.hasTag('done') ? { main: goToWallet } : {});

  if (snapshot.hasTag('done') || snapshot.hasTag('biometricOffer')) {
    return (
      <Page centered>
        <div className="security-done">
          <span className="security-done-mark">
            <LineIcon width={36} height={36} path="M9 18.5l6 6 12-13" strokeWidth={3} />
          </span>
          <PageTitle title={<Trans>Confirmed</Trans>} subtitle={confirmedNote} />
          {enableBiometric ? (
            <p className="security-hint">
              <Trans>Biometrics are on: next time confirm with your face or fingerprint.</Trans>
            </p>
          ) : null}
        </div>
        <Sheet
          open={snapshot.hasTag('biometricOffer')}
          title={<Trans>Confirm with biometrics?</Trans>}
          description={
            <Trans>Next time you can confirm operations with your face or fingerprint instead of the passcode.</Trans>
          }
          onClose={() => {
            if (!busy) actor.send({ type: 'biometric.decline' });
          }}
        >
          <Button stretched disabled={busy} aria-busy={busy} onClick={() => actor.send({ type: 'biometric.accept' })}>
            <Trans>Use biometrics</Trans>
          </Button>
          <Button variant="plain" stretched disabled={busy} onClick={() => actor.send({ type: 'biometric.decline' })}>
            <Trans>Not now</Trans>
          </Button>
        </Sheet>
      </Page>
    );
  }

  const biometricKey =
    biometric.enabled && biometricsUsable(biometric)
      ? {
          label: t`Confirm with biometrics`,
          icon: (
            <LineIcon
              width={28}
              height={28}
              path="M4 9V6a2 2 0 0 1 2-2h3M19 4h3a2 2 0 0 1 2 2v3M24 19v3a2 2 0 0 1-2 2h-3M9 24H6a2 2 0 0 1-2-2v-3M10 11v2M18 11v2M14 11v5h-1M10.5 19a5 5 0 0 0 7 0"
              strokeWidth={1.8}
            />
          ),
          onPress: () => actor.send({ type: 'biometric.start' }),
        }
      : undefined;

  return (
    <Page>
      {header}
      <FlowLayout
        keypad={
          snapshot.hasTag('supportLink') ? null : (
            <Keypad
              onDigit={(digit) => actor.send({ type: 'digit.enter', digit })}
              onErase={() => actor.send({ type: 'digit.erase' })}
              onHaptic={platform.haptic}
              action={biometricKey}
              canErase={code.length > 0}
              disabled={busy}
              hidden={!keypad}
            />
          )
        }
      >
        <PageTitle
          title={title ?? <Trans>Enter your passcode</Trans>}
          subtitle={subtitle ?? <Trans>Confirm the operation with your 4-digit passcode.</Trans>}
        />
        {snapshot.hasTag('supportLink') ? (
          <TooManyAttempts message={i18n._(machineErrorMessage('too_many_attempts'))} />
        ) : locked && lockout !== null ? (
          <LockoutCountdown lockout={lockout} />
        ) : (
          <>
            <PasscodeDots filled={code.length} length={PASSCODE_LENGTH} invalid={snapshot.hasTag('invalid')} />
            {attemptsLeft !== null && keypad ? (
              <p className="security-hint" role="status">
                <Plural
                  value={attemptsLeft}
                  one="Wrong passcode. # attempt left."
                  other="Wrong passcode. # attempts left."
                />
              </p>
            ) : null}
          </>
        )}
        {/* A lockout or a day's exhausted attempts is exactly when the way to a new passcode matters. */}
        <Link to="/account/security/passcode/change" className="security-link">
          <Trans>Forgot passcode?</Trans>
        </Link>
      </FlowLayout>
    </Page>
  );
}
