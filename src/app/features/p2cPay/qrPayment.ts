import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  type DisputeInput,
  type LookupAnswer,
  type LookupInput,
  type PayInput,
  type QrPaymentPasscodeFacts,
  qrPaymentMachine,
} from '../../../../machines/qrPayment.machine.ts';
import type { P2cClientPayment } from '../../../contract/p2c.ts';
import {
  disputePayment,
  fetchClientPayment,
  lookupQrCode,
  p2cPaymentsQueryKey,
  payQrCode,
  refreshAfterPayment,
} from '../../api/p2cQueries.ts';
import type { Platform } from '../../platform/types.ts';
import { providePasscodeConfirm } from '../../ui/passcodeConfirm/passcodeConfirm.ts';

/** Where the last answer about a payment is kept, so the payment's page shows it at once. */
export function clientPaymentKey(id: number) {
  return [...p2cPaymentsQueryKey, 'client', id] as const;
}

/**
 * The qrPayment machine (machines/qrPayment.machine.ts) wired to the app: the calls of
 * api/p2cQueries.ts, each answer about a payment kept in the query cache (the page opened from the
 * payments list or after paying shows it at once); paying and disputing refresh the balance, the
 * history and the P2C lists; the passcode step is the shared confirmation (`p2c_qr`).
 */
export function provideQrPayment(deps: { platform: Platform; storage: Storage | null; queryClient: QueryClient }) {
  const { queryClient } = deps;
  const keep = (payment: P2cClientPayment) => {
    queryClient.setQueryData(clientPaymentKey(payment.id), payment);
    return payment;
  };
  return qrPaymentMachine.provide({
    actors: {
      lookupCode: fromPromise<LookupAnswer, LookupInput>(({ input }) => lookupQrCode(input)),
      payCode: fromPromise<P2cClientPayment, PayInput>(async ({ input }) => {
        const payment = keep(await payQrCode(input));
        void refreshAfterPayment(queryClient);
        return payment;
      }),
      fetchPayment: fromPromise<P2cClientPayment, { paymentId: number }>(async ({ input }) =>
        keep(await fetchClientPayment(input)),
      ),
      openDispute: fromPromise<P2cClientPayment, DisputeInput>(async ({ input }) => {
        const payment = keep(await disputePayment(input));
        void queryClient.invalidateQueries({ queryKey: p2cPaymentsQueryKey, exact: false });
        return payment;
      }),
      passcodeConfirm: providePasscodeConfirm(deps.platform, deps.storage),
    },
  });
}

/** The passcode step's facts when no passcode step can come (a payment's page). */
export const noPasscodeFacts: QrPaymentPasscodeFacts = {
  biometric: { inMessenger: false, version: null, available: false, enabled: false, lastSuggested: null },
  now: 0,
};
