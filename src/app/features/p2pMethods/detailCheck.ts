import type { MessageDescriptor } from '@lingui/core';
import type { PaymentDetailField } from '../../../contract/p2p-market.ts';
import { checkPaymentDetail, type PaymentDetailProblem } from '../../../contract/p2p-payment-details.ts';
import { detailKindLooks, detailProblemMessages } from './detailFields.ts';

/** What a detail refused for `problem` is told, by its kind ("Enter a valid card number"). */
export function detailProblemMessage(field: PaymentDetailField, problem: PaymentDetailProblem): MessageDescriptor {
  switch (problem) {
    case 'required':
    case 'too_long':
      return detailProblemMessages[problem];
    case 'invalid_checksum':
      return detailKindLooks[field.kind].checksum ?? detailKindLooks[field.kind].invalid;
    case 'invalid_format':
    case 'unknown_field':
      return detailKindLooks[field.kind].invalid;
  }
}

/**
 * A detail as typed, checked with the contract's per-kind check (the server runs the same one
 * again before saving): the message to show, or null when it passes.
 */
export function checkDetail(field: PaymentDetailField, typed: string): MessageDescriptor | null {
  const check = checkPaymentDetail(field.kind, typed);
  return check.ok ? null : detailProblemMessage(field, check.problem);
}
