import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { paymentMethodName } from '../../../contract/p2p-payment-methods.ts';

export type MethodNameCheck = { ok: true; name: string | null } | { ok: false; message: MessageDescriptor };

/**
 * A payment method's name as typed (spec 001 s.5): optional, at most 20 characters after
 * trimming. The trimmed name, null for an empty one (no name), or the rule's message.
 */
export function checkMethodName(typed: string): MethodNameCheck {
  const result = z.safeParse(paymentMethodName, typed);
  if (!result.success) return { ok: false, message: msg`Name must be no more than 20 characters` };
  return { ok: true, name: result.data === '' ? null : result.data };
}
