import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SecurityInfo } from '../../../contract/security.ts';
import { isUnauthorized } from '../../api/errors.ts';
import { refreshSecurity, securityQueryOptions } from '../../api/securityQueries.ts';
import { callErrorMessage } from '../../lib/securityMessages.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { BackLink } from '../../ui/BackLink.tsx';
import { Button } from '../../ui/Button.tsx';
import { Cell, CellButton } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { deviceId, securityCalls, useBiometricsAvailable } from './securityApi.ts';
import './security.css';

/**
 * /account/security, in Telegram's style: the passcode (off / waiting for the bot / on, with Set,
 * Change and "Forgot passcode?"), the backup e-mail (the address and whether it is confirmed; add
 * or change it on its own page), and biometrics inside the mini app (7.2+, available on the
 * device): on or off for this device, turned on at /account/security/biometrics (passcode first)
 * and off here. Everything comes from `GET /security?deviceId=`.
 */
export function SecurityView() {
  const security = useQuery(securityQueryOptions(deviceId()));
  return (
    <Page>
      <BackLink to="/account">
        <Trans>Account</Trans>
      </BackLink>
      <PageTitle title={<Trans>Security</Trans>} />
      {security.isPending ? (
        <div className="account-profile account-profile--loading" aria-hidden="true" />
      ) : security.isError ? (
        <div className="security-lockout">
          <p className="security-error">
            <Trans>Couldn’t load your security settings.</Trans>
          </p>
          <Button variant="plain" onClick={() => void security.refetch()} disabled={security.isFetching}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <SecuritySections info={security.data} />
      )}
    </Page>
  );
}

function SecuritySections({ info }: { info: SecurityInfo }) {
  return (
    <>
      <PasscodeSection info={info} />
      <EmailSection info={info} />
      <BiometricSection info={info} />
    </>
  );
}

function Status({ tone, children }: { tone: 'on' | 'pending' | 'off'; children: ReactNode }) {
  return <span className={`security-status--${tone}`}>{children}</span>;
}

function PasscodeSection({ info }: { info: SecurityInfo }) {
  const status = info.passCode ? (
    <Status tone="on">
      <Trans>On</Trans>
    </Status>
  ) : info.passCodePending ? (
    <Status tone="pending">
      <Trans>Waiting for confirmation in the bot</Trans>
    </Status>
  ) : (
    <Status tone="off">
      <Trans>Not set</Trans>
    </Status>
  );
  return (
    <Section
      header={<Trans>Passcode</Trans>}
      footer={
        <Trans>The passcode confirms payments and withdrawals. If you forget it, you restore it by e-mail.</Trans>
      }
    >
      <Cell title={<Trans>Passcode</Trans>} value={status} />
      {info.passCode ? (
        <>
          <Link to="/account/security/passcode/change">
            <Cell title={<Trans>Change passcode</Trans>} chevron />
          </Link>
          <Link to="/account/security/passcode/change">
            <Cell title={<Trans>Forgot passcode?</Trans>} chevron />
          </Link>
        </>
      ) : (
        <Link to="/account/security/passcode/new">
          <Cell
            title={info.passCodePending ? <Trans>Set the passcode again</Trans> : <Trans>Set passcode</Trans>}
            chevron
          />
        </Link>
      )}
    </Section>
  );
}

function EmailSection({ info }: { info: SecurityInfo }) {
  const subtitle =
    info.email === null ? undefined : info.isEmailConfirmed ? <Trans>Confirmed</Trans> : <Trans>Not confirmed</Trans>;
  return (
    <Section header={<Trans>Backup e-mail</Trans>}>
      <Cell title={info.email ?? <Trans>No e-mail yet</Trans>} {...(subtitle ? { subtitle } : {})} />
      <Link to="/account/security/email">
        <Cell title={info.email === null ? <Trans>Add e-mail</Trans> : <Trans>Change e-mail</Trans>} chevron />
      </Link>
    </Section>
  );
}

/** Only inside the mini app from 7.2, when the device has biometrics the messenger can use. */
function BiometricSection({ info }: { info: SecurityInfo }) {
  const { i18n } = useLingui();
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const biometry = platform.capabilities.biometrics ? platform.biometry : undefined;
  const available = useBiometricsAvailable(platform);
  const turnOff = useMutation({
    mutationFn: async () => {
      await securityCalls.removeBiometric();
      await biometry?.removeToken();
    },
    onSuccess: () => void refreshSecurity(queryClient),
    onError: (error) => {
      const message = callErrorMessage('remove-biometric', error);
      if (!isUnauthorized(error) && message) toasts.show('error', i18n._(message));
    },
  });
  if (biometry === undefined || available !== true) return null;
  return (
    <Section
      header={<Trans>Biometrics</Trans>}
      footer={
        info.biometric ? undefined : info.passCode ? (
          <Trans>Confirm payments with your face or fingerprint instead of typing the passcode.</Trans>
        ) : (
          <Trans>Set a passcode first.</Trans>
        )
      }
    >
      <Cell
        title={<Trans>Confirm with biometrics</Trans>}
        value={
          info.biometric ? (
            <Status tone="on">
              <Trans>On</Trans>
            </Status>
          ) : (
            <Status tone="off">
              <Trans>Off</Trans>
            </Status>
          )
        }
      />
      {info.biometric ? (
        <CellButton
          disabled={turnOff.isPending}
          aria-busy={turnOff.isPending || undefined}
          onClick={() => turnOff.mutate()}
        >
          <Cell title={<Trans>Turn biometrics off</Trans>} />
        </CellButton>
      ) : info.passCode ? (
        <Link to="/account/security/biometrics">
          <Cell title={<Trans>Turn biometrics on</Trans>} chevron />
        </Link>
      ) : null}
    </Section>
  );
}
