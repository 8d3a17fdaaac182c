import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { qrPaymentMachine } from '../../../../machines/qrPayment.machine.ts';
import { type FlowWrite, useFlowUrl } from '../../lib/flowUrl.ts';
import type { QrPaySearch } from './qrPaySearch.ts';

export type QrPayActor = ActorRefFrom<typeof qrPaymentMachine>;
type Snapshot = SnapshotFrom<typeof qrPaymentMachine>;

/**
 * The QR payment flow's steps as URLs (docs/flow-urls.md, docs/p2c.md "The client's flow"): a
 * code's flow is `?id=` (the quote) then `&step=confirm` (the passcode and paying); a payment's is
 * `?payment=` then `&step=dispute`. Once a payment exists, the code's entries give way to the
 * payment's page (`leave`), so back from it cannot reopen a step that would pay again.
 */
type QrPayStep = 'quote' | 'confirm' | 'payment' | 'dispute';
const codeSteps = ['quote', 'confirm'] as const satisfies readonly QrPayStep[];
const paymentSteps = ['payment', 'dispute'] as const satisfies readonly QrPayStep[];

interface StepSearch {
  readonly step?: QrPayStep;
  readonly [field: string]: string | undefined;
}

/** The step a snapshot stands for; in a code's flow a payment's states stay on `confirm` until the flow leaves. */
export function qrPayStepOf(snapshot: Snapshot, mode: 'code' | 'payment'): QrPayStep {
  // A reload on the dispute form keeps its URL while the payment loads (docs/flow-urls.md).
  if (mode === 'payment') {
    const restoring = snapshot.context.resumeDispute && snapshot.hasTag('loading');
    return snapshot.hasTag('dispute') || restoring ? 'dispute' : 'payment';
  }
  const confirming =
    snapshot.hasTag('passcode') ||
    snapshot.matches('paying') ||
    snapshot.matches('payFailed') ||
    snapshot.hasTag('payment') ||
    snapshot.hasTag('dispute');
  return confirming ? 'confirm' : 'quote';
}

function stepSearchOf(search: QrPaySearch, mode: 'code' | 'payment'): StepSearch {
  if (mode === 'payment') {
    return { payment: search.payment, ...(search.step === 'dispute' ? { step: 'dispute' } : {}) };
  }
  return { id: search.id, asset: search.asset, ...(search.step === 'confirm' ? { step: 'confirm' } : {}) };
}

function asQrPaySearch(search: StepSearch): QrPaySearch {
  const { id, payment, asset, step } = search;
  return {
    ...(id === undefined ? {} : { id }),
    ...(payment === undefined ? {} : { payment }),
    ...(asset === 'TON' || asset === 'USDT' ? { asset } : {}),
    ...(step === 'confirm' || step === 'dispute' ? { step } : {}),
  };
}

/**
 * Keeps the URL on the machine's step, and moves on where the flow ends: a payment made (or the
 * caller's own payment of a rescanned code) → its page in place of the code's entries; no passcode
 * → the set-passcode flow with the strict suggestion, back to this code afterwards; not allowed to
 * pay yet → the p2c-client verification.
 */
export function useQrPayUrl(
  actor: QrPayActor,
  search: QrPaySearch,
  onSearch: (search: QrPaySearch, how: FlowWrite) => void,
): { goBack: () => void } {
  const navigate = useNavigate();
  const mode = search.payment === undefined ? 'code' : 'payment';
  const step = useSelector(actor, (snapshot) => qrPayStepOf(snapshot, mode));
  const asset = useSelector(actor, (snapshot) => snapshot.context.asset);
  const qrId = useSelector(actor, (snapshot) => snapshot.context.qrId);
  const url = stepSearchOf(search, mode);
  const current = useMemo((): StepSearch => {
    if (mode === 'payment') return { payment: search.payment, ...(step === 'dispute' ? { step } : {}) };
    return { id: qrId ?? undefined, ...(asset === 'TON' ? { asset } : {}), ...(step === 'confirm' ? { step } : {}) };
  }, [mode, search.payment, step, qrId, asset]);
  const { goBack, leave } = useFlowUrl<QrPayStep, StepSearch>({
    steps: mode === 'code' ? codeSteps : paymentSteps,
    current,
    url,
    write: (next, how) => onSearch(asQrPaySearch(next), how),
    stepNow: () => qrPayStepOf(actor.getSnapshot(), mode),
    back: () => {
      if (!actor.getSnapshot().can({ type: 'back' })) return false;
      actor.send({ type: 'back' });
      return true;
    },
    forward: (to) => {
      const event = to === 'confirm' ? ({ type: 'pay' } as const) : ({ type: 'dispute.open' } as const);
      if ((to !== 'confirm' && to !== 'dispute') || !actor.getSnapshot().can(event)) return false;
      actor.send(event);
      return true;
    },
  });

  const madePayment = useSelector(actor, (snapshot) =>
    mode === 'code' && snapshot.hasTag('payment') ? snapshot.context.paymentId : null,
  );
  const ending = useSelector(actor, (snapshot) =>
    snapshot.hasTag('setPasscode') ? 'setPasscode' : snapshot.hasTag('verify') ? 'verify' : null,
  );
  // Once: the route's `onSearch` is a new function on every render.
  const leaving = useRef(false);
  useEffect(() => {
    if (madePayment === null || leaving.current) return;
    leaving.current = true;
    void leave().then(() =>
      onSearch({ payment: String(madePayment) }, { replace: true, state: { flowTrail: ['payment'] } }),
    );
  }, [madePayment, leave, onSearch]);
  useEffect(() => {
    if (ending === 'setPasscode' && qrId !== null) {
      void navigate({
        to: '/account/security/passcode/new',
        search: { suggestion: 'strict', back: `/qr-pay?id=${qrId}` },
      });
    }
    if (ending === 'verify') void navigate({ to: '/account/verification/$flow', params: { flow: 'p2c-client' } });
  }, [ending, qrId, navigate]);
  return { goBack };
}
