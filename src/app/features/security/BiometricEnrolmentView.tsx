import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { biometricEnrolmentMachine } from '../../../../machines/biometricEnrolment.machine.ts';
import { machineErrorMessage } from '../../lib/securityMessages.ts';
import { Button } from '../../ui/Button.tsx';
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
 * (the error text: enter the passcode again or cancel).
 */
export function BiometricEnrolmentView({ actor }: { actor: BiometricEnrolmentActor }) {
  const snapshot = useSelector(actor, (current: Snapshot) => current);
  const { t, i18n } = useLingui();
  const confirm = snapshot.children.passcodeConfirm;
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
      <div className="security-actions">
        <Button stretched onClick={() => actor.send({ type: 'enrolment.retry' })}>
          <Trans>Try again</Trans>
        </Button>
        <Button variant="plain" stretched onClick={() => actor.send({ type: 'enrolment.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Page>
  );
}
