import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { p2pErrorCodes } from '../../../contract/p2p-market.ts';
import type { PaymentDetailProblem } from '../../../contract/p2p-payment-details.ts';
import { paymentMethodErrorCodes } from '../../../contract/p2p-payment-methods.ts';
import { toApiError } from '../../api/errors.ts';

export type MethodCall = 'list' | 'load' | 'catalogue' | 'add' | 'delete' | 'save-name' | 'remove-name';

/**
 * Each call's default (spec 001 s.8 gives the name screen's toasts: "Failed to save name.",
 * "Failed to remove name."; the rest are ours).
 */
const defaults: Record<MethodCall, MessageDescriptor> = {
  list: msg`Couldn’t load your payment methods.`,
  load: msg`Couldn’t load the payment method.`,
  catalogue: msg`Couldn’t load the payment methods of this currency.`,
  add: msg`Couldn’t add the payment method`,
  delete: msg`Couldn’t delete the payment method`,
  'save-name': msg`Failed to save name.`,
  'remove-name': msg`Failed to remove name.`,
};

/** The server's 422 `invalid_payment_details` names the failing details: `{ fields: { key: problem } }`. */
const invalidDetailsData = z.object({
  fields: z.record(
    z.string(),
    z.catch(z.enum(['required', 'invalid_format', 'invalid_checksum', 'too_long', 'unknown_field']), 'invalid_format'),
  ),
});

/** The details an add was refused for, each with why (an unknown reason reads as a wrong format). */
export function refusedDetails(thrown: unknown): Record<string, PaymentDetailProblem> {
  const error = toApiError(thrown);
  if (error?.reason !== paymentMethodErrorCodes.invalidDetails) return {};
  const parsed = z.safeParse(invalidDetailsData, error.data);
  return parsed.success ? parsed.data.fields : {};
}

/** What a payment-method call threw, as a sentence: the server's stable codes, else the call's default. */
export function methodFailure(thrown: unknown, call: MethodCall): MessageDescriptor {
  const error = toApiError(thrown);
  switch (error?.reason) {
    case paymentMethodErrorCodes.methodNotFound:
    case p2pErrorCodes.notFound:
      // The method went away meanwhile (deleted in another tab): a name change has nothing to update.
      return call === 'save-name' || call === 'remove-name'
        ? msg`Failed to update name`
        : msg`Payment method not found`;
    case paymentMethodErrorCodes.catalogueEntryNotFound:
      return msg`This payment method is not available for this currency.`;
    case paymentMethodErrorCodes.tooManyMethods:
      return msg`You have saved as many payment methods as allowed. Delete one to add another.`;
    case paymentMethodErrorCodes.methodInUse:
      return msg`An offer uses this payment method. Remove it from the offer, then delete it.`;
    case paymentMethodErrorCodes.invalidDetails:
      return msg`Check the details: some of them are not valid.`;
    case p2pErrorCodes.featureDisabled:
      return msg`Payment methods are not available to you yet.`;
    case p2pErrorCodes.blocked:
      return msg`Your account is restricted and cannot change payment methods.`;
    default:
      return defaults[call];
  }
}

/** Whether a load failed because there is no such method (the page then shows its empty message). */
export function isMissingMethod(thrown: unknown): boolean {
  return toApiError(thrown)?.code === 404;
}
