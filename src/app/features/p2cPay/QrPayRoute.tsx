import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import type { QrPaymentInput } from '../../../../machines/qrPayment.machine.ts';
import type { P2cClientPayment } from '../../../contract/p2c.ts';
import { isBlocked, isPermitted } from '../../../contract/settings.ts';
import { securityQueryOptions } from '../../api/securityQueries.ts';
import { deviceId } from '../../lib/deviceId.ts';
import type { FlowWrite } from '../../lib/flowUrl.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page } from '../../ui/Page.tsx';
import { confirmInput, storageOrNull, useBiometricsAvailable } from '../../ui/passcodeConfirm/passcodeConfirm.ts';
import { SessionGate } from '../session/SessionGate.tsx';
import { PasteCodePage } from './PasteCodePage.tsx';
import { QrPayScreens } from './QrPayScreens.tsx';
import { clientPaymentKey, noPasscodeFacts, provideQrPayment } from './qrPayment.ts';
import type { QrPaySearch } from './qrPaySearch.ts';
import { type QrPayActor, useQrPayUrl } from './useQrPayUrl.ts';
import './p2c-pay.css';

export interface QrPayRouteProps {
  search: QrPaySearch;
  onSearch: (search: QrPaySearch, how: FlowWrite) => void;
  /** What `/qr-pay` shows when P2C is off for the person, or they are blocked: home, as without a code. */
  home: ReactNode;
}

/**
 * `/qr-pay` with a code, a payment or the paste field (docs/p2c.md "The client's flow"): signed in,
 * and only where the `show_p2c` flag shows P2C and the person is not blocked (elsewhere home, as
 * `/qr-pay` alone, which tells a blocked person why with its banner).
 */
export default function QrPayRoute({ search, onSearch, home }: QrPayRouteProps) {
  return (
    <SessionGate>
      {(settings) =>
        settings.feature_flags.show_p2c === true && !isBlocked(settings.compliance) ? (
          <QrPayStart
            search={search}
            onSearch={onSearch}
            canPay={isPermitted(settings.permissions, 'can_create_p2c_order')}
          />
        ) : (
          home
        )
      }
    </SessionGate>
  );
}

type FlowProps = Omit<QrPayRouteProps, 'home'>;

function QrPayStart({ search, onSearch, canPay }: FlowProps & { canPay: boolean }) {
  if (search.payment !== undefined) {
    const paymentId = Number(search.payment);
    return <PaymentFlow key={paymentId} paymentId={paymentId} search={search} onSearch={onSearch} />;
  }
  if (search.id !== undefined) {
    return <CodeFlow key={search.id} qrId={search.id} canPay={canPay} search={search} onSearch={onSearch} />;
  }
  return <PasteCodePage onCode={(id) => onSearch({ id }, { replace: false, state: { flowTrail: ['quote'] } })} />;
}

/** A payment of the caller's: the page shows what the app last heard of it at once, then follows it. */
function PaymentFlow({ paymentId, search, onSearch }: FlowProps & { paymentId: number }) {
  const queryClient = useQueryClient();
  const [known] = useState(() => queryClient.getQueryData<P2cClientPayment>(clientPaymentKey(paymentId)) ?? null);
  const input: QrPaymentInput = {
    start: { kind: 'payment', paymentId, payment: known, resumeDispute: search.step === 'dispute' },
    // No paying from a payment's page.
    canPay: true,
    hasPasscode: true,
    passcode: noPasscodeFacts,
  };
  return <QrPayMachine input={input} search={search} onSearch={onSearch} />;
}

/**
 * A shop's code: what paying needs first, the security info (is a passcode set, a lockout running)
 * and whether the device's biometrics can be used.
 */
function CodeFlow({ qrId, canPay, search, onSearch }: FlowProps & { qrId: string; canPay: boolean }) {
  const { t } = useLingui();
  const platform = usePlatform();
  const security = useQuery(securityQueryOptions(deviceId()));
  const biometricsAvailable = useBiometricsAvailable(platform);
  const [storage] = useState(storageOrNull);
  const failed = security.data === undefined && security.isError;
  useScreenActions({
    main: failed ? { label: t`Try again`, onPress: () => void security.refetch() } : null,
  });
  if (failed) {
    return (
      <Page>
        <LoadFailed message={t`Couldn’t load what paying needs.`} onRetry={() => void security.refetch()} />
      </Page>
    );
  }
  if (security.data === undefined || biometricsAvailable === null) {
    return (
      <Page>
        <Loading />
      </Page>
    );
  }
  const {
    transactionType: _type,
    hash: _hash,
    ...passcode
  } = confirmInput({ platform, storage, biometricsAvailable }, security.data, 'p2c_qr', '', Date.now());
  const input: QrPaymentInput = {
    start: { kind: 'code', qrId, asset: search.asset ?? 'USDT' },
    canPay,
    hasPasscode: security.data.passCode,
    passcode,
  };
  return <QrPayMachine input={input} search={search} onSearch={onSearch} />;
}

function QrPayMachine({ input, search, onSearch }: FlowProps & { input: QrPaymentInput }) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const [machine] = useState(() => provideQrPayment({ platform, storage: storageOrNull(), queryClient }));
  const actor: QrPayActor = useActorRef(machine, { input });
  const { goBack } = useQrPayUrl(actor, search, onSearch);
  return <QrPayScreens actor={actor} goBack={goBack} />;
}
