import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { SecurityInfo } from '../../../../contract/security.ts';
import { securityQueryOptions } from '../../../api/securityQueries.ts';
import { useBack } from '../../../lib/back.ts';
import { deviceId } from '../../../lib/deviceId.ts';
import { machineErrorMessage } from '../../../lib/securityMessages.ts';
import { usePlatform } from '../../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../../ui/Page.tsx';
import { PasscodeConfirmView } from '../../../ui/passcodeConfirm/PasscodeConfirmView.tsx';
import { TooManyAttempts } from '../../../ui/passcodeConfirm/parts.tsx';
import {
  confirmInput,
  providePasscodeConfirm,
  storageOrNull,
  useBiometricsAvailable,
} from '../../../ui/passcodeConfirm/passcodeConfirm.ts';
import { Spinner } from '../../../ui/Spinner.tsx';

/**
 * The transaction type a `/passcode/{id}` confirmation is bound to. Spec 001 names three types
 * seen in passcode calls (s.3: p2p, addBiometric, changePassCode); the page is opened from the
 * messenger (deep link `passcode-{id}`) to confirm an operation the bot started, and the only such
 * operation in the spec is the P2P order (s.4 "Taker order flow": a buy order needs a passcode
 * confirmation; s.7: the order is read "inside the messenger for the passcode flow"). So the page
 * confirms `p2p` with the id as the hash; addBiometric and changePassCode have their own screens.
 */
export const deepLinkTransactionType = 'p2p';

/**
 * `/passcode/{id}`: reads the security info (`GET /security`) first, so that a lockout survives a
 * reload (its `lockSeconds` start the machine locked) and a day's exhausted attempts show at once;
 * then runs the passcode-confirm machine for the hash.
 */
export function PasscodeConfirmPage({ hash }: { hash: string }) {
  const { t } = useLingui();
  const platform = usePlatform();
  const query = useQuery(securityQueryOptions(deviceId()));
  // The messenger has a second to say whether biometrics can confirm instead of the keypad.
  const biometricsAvailable = useBiometricsAvailable(platform);
  // Opened from the bot's message, it has a way back all the same: where the person came from, else home.
  useScreenActions({
    back: useBack({ to: '/' }),
    ...(query.isError ? { main: { label: t`Try again`, onPress: () => void query.refetch() } } : {}),
  });
  if (query.isPending || biometricsAvailable === null) {
    return (
      <Page centered>
        <Spinner label={t`Loading`} />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page centered>
        <PageTitle
          title={<Trans>Couldn’t open the confirmation</Trans>}
          subtitle={<Trans>Check your connection and try again.</Trans>}
        />
      </Page>
    );
  }
  if (query.data.attemptsExhausted) return <AttemptsExhausted />;
  return <PasscodeConfirmFlow key={hash} hash={hash} info={query.data} biometricsAvailable={biometricsAvailable} />;
}

function AttemptsExhausted() {
  const { i18n } = useLingui();
  return (
    <Page>
      <PageTitle title={<Trans>Enter your passcode</Trans>} />
      <TooManyAttempts message={i18n._(machineErrorMessage('too_many_attempts'))} />
      <Link to="/account/security/passcode/change" className="security-link">
        <Trans>Forgot passcode?</Trans>
      </Link>
    </Page>
  );
}

function PasscodeConfirmFlow({
  hash,
  info,
  biometricsAvailable,
}: {
  hash: string;
  info: SecurityInfo;
  biometricsAvailable: boolean;
}) {
  const platform = usePlatform();
  const storage = storageOrNull();
  const actor = useActorRef(providePasscodeConfirm(platform, storage), {
    input: confirmInput({ platform, storage, biometricsAvailable }, info, deepLinkTransactionType, hash, Date.now()),
  });
  return (
    <PasscodeConfirmView
      actor={actor}
      confirmedNote={<Trans>The operation will continue in the chat with the bot. You can close this page.</Trans>}
    />
  );
}
