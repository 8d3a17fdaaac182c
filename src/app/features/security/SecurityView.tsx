import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { type SessionTarget, sessionEndMachine } from '../../../../machines/sessionEnd.machine.ts';
import { type SecurityInfo, securityEndpoints } from '../../../contract/security.ts';
import { call } from '../../api/call.ts';
import { isUnauthorized } from '../../api/errors.ts';
import { refreshSecurity, securityQueryOptions } from '../../api/securityQueries.ts';
import { sessionsQueryOptions } from '../../api/sessionsQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { deviceId } from '../../lib/deviceId.ts';
import { callErrorMessage } from '../../lib/securityMessages.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell, CellButton } from '../../ui/Cell.tsx';
import { OutflowHoldNotice } from '../../ui/OutflowHoldNotice.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { useBiometricsAvailable } from '../../ui/passcodeConfirm/passcodeConfirm.ts';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { securityCalls } from './securityApi.ts';
import './security.css';

/**
 * /account/security, in Telegram's style: the passcode (off / waiting for the bot / on, with Set,
 * Change and "Forgot passcode?"), the backup e-mail (the address and whether it is confirmed; add
 * or change it on its own page), and biometrics inside the mini app (7.2+, available on the
 * device): on or off for this device, turned on at /account/security/biometrics (passcode first)
 * and off here; the signed-in devices, with End and "End all other sessions"; while outflows are
 * held (24 h after a recovery or an e-mail change) a notice says until when. Everything comes
 * from `GET /security?deviceId=` and `GET /security/sessions`.
 */
export function SecurityView() {
  const security = useQuery(securityQueryOptions(deviceId()));
  useScreenActions({ back: useBack({ to: '/account' }) });
  return (
    <Page>
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
  const held = info.outflowsHeldUntil ?? null;
  return (
    <>
      {held === null ? null : <OutflowHoldNotice until={held} />}
      <PasscodeSection info={info} />
      <EmailSection info={info} />
      <BiometricSection info={info} />
      <SessionsSection />
    </>
  );
}

function Status({ tone, children }: { tone: 'on' | 'pending' | 'off'; children: ReactNode }) {
  return <span className={`security-status--${tone}`}>{children}</span>;
}

function PasscodeSection({ info }: { info: SecurityInfo }) {
  const status =
    info.passCode && info.passCodePending ? (
      <Status tone="pending">
        <Trans>New passcode waits for the bot</Trans>
      </Status>
    ) : info.passCode ? (
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

function platformLabel(platform: string | null): MessageDescriptor {
  if (platform === 'mini_app') return msg`Mini app`;
  if (platform === 'web') return msg`Web wallet`;
  return msg`Unknown device`;
}

/**
 * The signed-in devices (`GET /security/sessions`): each with its label, how it signed in, when
 * it signed in and was last active; this one marked "This device"; End on the others and "End
 * all other sessions", each asked first (machines/sessionEnd.machine.ts).
 */
function SessionsSection() {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const machine = useMemo(
    () =>
      sessionEndMachine.provide({
        actors: {
          endSessions: fromPromise<unknown, SessionTarget>(({ input }) =>
            input.kind === 'one'
              ? call(securityEndpoints.endSession, { params: { id: input.id } })
              : call(securityEndpoints.endOtherSessions),
          ),
        },
        actions: { ended: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }) },
      }),
    [queryClient],
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (current) => current);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);
  const when = (value: string) => formatShortDate(value, { locale: i18n.locale });
  const target = snapshot.context.target;
  const targetSession = target?.kind === 'one' ? list.find((session) => session.id === target.id) : undefined;
  const targetName = targetSession ? (targetSession.device ?? i18n._(platformLabel(targetSession.platform))) : '';
  const busy = snapshot.hasTag('busy');
  if (sessions.isPending) return null;
  return (
    <Section
      header={<Trans>Devices</Trans>}
      footer={<Trans>End a session you don’t recognise: that device is signed out at once.</Trans>}
    >
      {sessions.isError ? (
        <p className="security-error">
          <Trans>Couldn’t load your devices.</Trans>
        </p>
      ) : null}
      <ul className="security-sessions" aria-label={t`Signed-in devices`}>
        {list.map((session) => {
          const how = i18n._(platformLabel(session.platform));
          const name = session.device ?? how;
          const signedIn = when(session.createdAt);
          const lastSeen = when(session.lastSeenAt);
          return (
            <li key={session.id} className="security-session">
              <Cell
                title={name}
                subtitle={
                  <>
                    <Trans>
                      {how} · signed in {signedIn} · active {lastSeen}
                    </Trans>
                    {/* Under the dates rather than beside them: a column of its own left the
                        dates too narrow at 320 px. */}
                    {session.current ? (
                      <span className="security-session-current">
                        <Status tone="on">
                          <Trans>This device</Trans>
                        </Status>
                      </span>
                    ) : null}
                  </>
                }
                value={
                  session.current ? undefined : (
                    <Button
                      variant="plain"
                      disabled={!snapshot.can({ type: 'session.end', id: session.id })}
                      aria-label={t`End the session on ${name}`}
                      onClick={() => actor.send({ type: 'session.end', id: session.id })}
                    >
                      <Trans>End</Trans>
                    </Button>
                  )
                }
              />
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <CellButton
          disabled={!snapshot.can({ type: 'sessions.endOthers' })}
          onClick={() => actor.send({ type: 'sessions.endOthers' })}
        >
          <Cell title={<Trans>End all other sessions</Trans>} />
        </CellButton>
      ) : null}
      {snapshot.context.error === null ? null : (
        <p className="security-error" role="alert">
          <Trans>Couldn’t end the session. Try again.</Trans>
        </p>
      )}
      <Sheet
        open={snapshot.hasTag('confirm')}
        title={target?.kind === 'others' ? <Trans>End all other sessions?</Trans> : <Trans>End this session?</Trans>}
        description={
          target?.kind === 'others' ? (
            <Trans>Every other device is signed out at once.</Trans>
          ) : (
            <Trans>{targetName} is signed out at once.</Trans>
          )
        }
        onClose={() => actor.send({ type: 'confirm.cancel' })}
      >
        <Button
          variant="destructive"
          stretched
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => actor.send({ type: 'confirm.accept' })}
        >
          {target?.kind === 'others' ? <Trans>End all</Trans> : <Trans>End session</Trans>}
        </Button>
        <Button variant="plain" stretched disabled={busy} onClick={() => actor.send({ type: 'confirm.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </Sheet>
    </Section>
  );
}
