import { lazy, Suspense } from 'react';
import { loadTexts } from '../../lib/i18n.ts';
import { Loading } from '../../ui/LoadStates.tsx';
import type { WithdrawRefusalReason } from './WithdrawRefusals.tsx';

// Its texts are in the withdraw steps' later catalog part (scripts/vite/catalogParts.ts): they come together.
const Refusal = lazy(() =>
  Promise.all([import('./WithdrawRefusals.tsx'), loadTexts(['withdrawLater'])]).then(([{ WithdrawRefusal }]) => ({
    default: WithdrawRefusal,
  })),
);

/** A withdraw gate's refusal (WithdrawRefusals.tsx), loaded when it is shown. */
export function LazyWithdrawRefusal({ reason }: { reason: WithdrawRefusalReason }) {
  return (
    <Suspense fallback={<Loading />}>
      <Refusal reason={reason} />
    </Suspense>
  );
}
