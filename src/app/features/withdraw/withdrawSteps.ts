import type { SnapshotFrom } from 'xstate';
import * as z from 'zod/mini';
import type { WithdrawDraft, withdrawMachine } from '../../../../machines/withdraw.machine.ts';

/**
 * The withdraw flow's steps as URLs (src/app/lib/flowUrl.ts, docs/flow-urls.md):
 * `/wallet/withdraw/{asset}/{network}` for the address, then `?step=amount`, `?step=review` and
 * `?step=confirm` (the passcode and what follows it), each with the address and the amount text
 * typed so far. The passcode is never in the URL: a reload on `confirm` resumes at the review.
 */
export const withdrawSteps = ['address', 'amount', 'review', 'confirm'] as const;
export type WithdrawStep = (typeof withdrawSteps)[number];

/** Longer than any address or amount a person types; a longer value is dropped, not cut. */
const typedText = z.string().check(z.maxLength(256));

/** The route's search: anything malformed (a bare JSON number, an unknown step) is dropped, not guessed at. */
export const withdrawSearch = z.object({
  step: z.catch(z.optional(z.enum(withdrawSteps)), undefined),
  address: z.catch(z.optional(typedText), undefined),
  amount: z.catch(z.optional(typedText), undefined),
});
export type WithdrawSearch = z.infer<typeof withdrawSearch>;

type Snapshot = SnapshotFrom<typeof withdrawMachine>;

/** The step a snapshot stands for; a restored draft's address check keeps the step it is restoring. */
export function withdrawStepOf(snapshot: Snapshot): WithdrawStep {
  const { resumeAt } = snapshot.context;
  if (snapshot.hasTag('address')) return snapshot.hasTag('busy') && resumeAt !== null ? resumeAt : 'address';
  if (snapshot.hasTag('amount')) return 'amount';
  if (snapshot.hasTag('review')) return 'review';
  return 'confirm';
}

/** The URL's search for the step and what was typed (empty fields left out, no step on the first). */
export function withdrawSearchOf(step: WithdrawStep, address: string, amountText: string): WithdrawSearch {
  return {
    ...(step === 'address' ? {} : { step }),
    ...(address === '' ? {} : { address }),
    ...(amountText === '' ? {} : { amount: amountText }),
  };
}

/** The flow's fields of a route search that may hold others (the root's `back`). */
export function flowSearchOf(search: WithdrawSearch): WithdrawSearch {
  const { step, address, amount } = search;
  return withdrawSearchOf(step ?? 'address', address ?? '', amount ?? '');
}

/** What a reload brings back to the machine; nothing when the URL holds nothing typed. */
export function withdrawDraftOf(search: WithdrawSearch): WithdrawDraft | undefined {
  const address = search.address ?? '';
  const amountText = search.amount ?? '';
  if (address === '' && amountText === '') return undefined;
  const step = search.step === 'confirm' ? 'review' : (search.step ?? 'address');
  return { step, address, amountText };
}
