import * as z from 'zod/mini';

/**
 * What the taker chose on one offer's take form, remembered per offer (spec 001 s.4: "The chosen
 * amount and type are remembered per offer"): the amount as typed, its type, and the payment
 * method chosen on `/p2p/offers/{id}/method`. Kept in this tab's sessionStorage under the offer's
 * id: it survives a reload and a visit to the method page, and goes with the tab. No personal
 * data: an amount, a word and a method's id (its details stay on the server). docs/p2p.md.
 */
const takeDraft = z.object({
  amount: z.string().check(z.maxLength(64)),
  type: z.enum(['fiat', 'crypto']),
  /** A saved method's id (sell offers: the maker's; buy offers: the taker's own), or null. */
  methodId: z.nullable(z.int()),
});
export type TakeDraft = z.infer<typeof takeDraft>;

const keyOf = (offerId: number) => `kopilka.p2p.take.${offerId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a privacy mode): the form still works, it only forgets.
    return null;
  }
}

export function readTakeDraft(offerId: number): TakeDraft | null {
  const raw = storage()?.getItem(keyOf(offerId));
  if (raw == null) return null;
  try {
    const parsed = takeDraft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeTakeDraft(offerId: number, draft: TakeDraft): void {
  try {
    storage()?.setItem(keyOf(offerId), JSON.stringify(draft));
  } catch {
    // Full or refused: nothing to remember then.
  }
}
