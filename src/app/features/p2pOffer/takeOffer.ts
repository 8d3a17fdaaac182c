import { fromPromise } from 'xstate';
import { type CreateOrderInput, type TakeMethod, takeOfferMachine } from '../../../../machines/takeOffer.machine.ts';
import type { Offer } from '../../../contract/p2p-offers.ts';
import type { PaymentMethod } from '../../../contract/p2p-payment-methods.ts';
import { createOrder } from '../../api/p2pTakeOffer.ts';
import type { Platform } from '../../platform/types.ts';
import { providePasscodeConfirm } from '../../ui/passcodeConfirm/passcodeConfirm.ts';

/**
 * The take-offer machine (machines/takeOffer.machine.ts) wired to the app: `createOrder` is
 * `POST /p2p/orders/{offerId}` (api/p2pTakeOffer.ts), the passcode step the shared passcode
 * confirmation (`POST /security/pass-code/token`, type `p2p`), and `rememberNotice` marks the
 * verification notice as shown for this person.
 */
export function provideTakeOffer(deps: { platform: Platform; storage: Storage | null; rememberNotice: () => void }) {
  return takeOfferMachine.provide({
    actors: {
      createOrder: fromPromise<{ id: number }, CreateOrderInput>(({ input }) => createOrder(input)),
      passcodeConfirm: providePasscodeConfirm(deps.platform, deps.storage),
    },
    actions: { rememberNotice: () => deps.rememberNotice() },
  });
}

/** The order's method as the create call names it. */
export function takeMethodOf(method: PaymentMethod | null): TakeMethod | null {
  if (method === null) return null;
  return { id: method.id, identifier: method.identifier, childIdentifier: method.child_identifier };
}

/**
 * The verification notice is shown once per person (P2P.md "Unverified sellers"): remembered on
 * this device under their public market id (published on every offer anyway; no personal data).
 */
const noticeKeyOf = (publicId: number) => `kopilka.p2p.unlockNoticeShown.${publicId}`;

export function unlockNoticeShown(storage: Storage | null, publicId: number): boolean {
  try {
    return storage?.getItem(noticeKeyOf(publicId)) === 'true';
  } catch {
    return false;
  }
}

export function rememberUnlockNotice(storage: Storage | null, publicId: number): void {
  try {
    storage?.setItem(noticeKeyOf(publicId), 'true');
  } catch {
    // Storage refused: the notice may show again next time, which does no harm.
  }
}

/** The offer is online: only then can it be taken (an offline one opened by its link says so). */
export function offerOnline(offer: Offer): boolean {
  return offer.status === 'active';
}
