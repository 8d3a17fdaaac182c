import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { biometricEnrolmentMachine } from '../../../../machines/biometricEnrolment.machine.ts';
import { useBack } from '../../lib/back.ts';
import { machineErrorMessage } from '../../lib/securityMessages.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { PasscodeConfirmView } from '../../ui/passcodeConfirm/PasscodeConfirmView.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import './security.css';

export type BiometricEnrolmentActor = ActorRefFrom<typeof biometricEnrolmentMachine>;
type Snapshot = SnapshotFrom<typeof biometricEnrolmentMachine>;

/**
 * /account/security/biometrics, rendered from the enrolment machine's snapshot only: the passcode
 * (the passcodeConfirm child's own screen), "Turning biometrics on…" while access is asked and the
 * token added, the refused access (settings opened: try again or cancel) and a failed enrolment
 * (the error text: enter the passcode again or cancel). "Try again" and "Cancel" are the screen's
 * actions; back cancels where the machine can, else leaves where the person came from.
 */
export function BiometricEnrolmentView({ actor }: { actor: BiometricEnrolmentActor }) {
  const snapshot = useSelector(actor, (current: Snapshot) => current);
  const { t, i18n } = useLingui();
  const confirm = snapshot.children.passcodeConfirm;
  const leave = useBack({ to: '/account/security' });
  const canCancel = snapshot.can({ type: 'enrolment.cancel' });
  const cancel = () => actor.send({ type: 'enrolment.cancel' });
  useScreenActions({
    ...(snapshot.hasTag('biometricDenied') || snapshot.hasTag('failed')
      ? {
          main: { label: t`Try again`, onPress: () => actor.send({ type: 'enrolment.retry' }) },
          secondary: { label: t`Cancel`, onPress: cancel },
        }
      : {}),
    back: canCancel ? cancel : leave,
  });
  if (snapshot.matches('confirming') && confirm !== undefined) return <PasscodeConfirmView actor={confirm} />;
  if (snapshot.hasTag('busy')) {
    return (
      <Page centered>
        <Spinner label={t`Turning biometrics on`} />
        <p className="security-hint" role="status">
          <Trans>Turning biometrics on…</Trans>
        </p>
      </Page>
    );
  }
  const denied = snapshot.hasTag('biometricDenied');
  if (!denied && !snapshot.hasTag('failed')) return null;
  const error = snapshot.context.error;
  return (
    <Page centered>
      <PageTitle
        title={denied ? <Trans>No access to biometrics</Trans> : <Trans>Biometrics are still off</Trans>}
        subtitle={
          denied ? (
            <Trans>Kopilka has no access to biometrics. Allow it in the settings that opened, then try again.</Trans>
          ) : (
            <Trans>Enter the passcode again to try once more.</Trans>
          )
        }
      />
      {error === null ? null : (
        <p className="security-error" role="alert">
          {i18n._(machineErrorMessage(error))}
        </p>
      )}
    </Page>
  );
}
