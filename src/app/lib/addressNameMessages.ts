import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { validationFailedData } from '../../contract/errors.ts';
import { addressName, addressNameIssues } from '../../contract/wallet-names.ts';

type AddressNameIssue = (typeof addressNameIssues)[keyof typeof addressNameIssues];

/**
 * The texts of the address-name rule (spec 000 s.5), shared by deposit-address names and
 * address-book titles. The contract's issue messages are stable codes; these are what people read.
 */
const issueMessages: Record<AddressNameIssue, MessageDescriptor> = {
  name_required: msg`Enter a name`,
  name_too_long: msg`Name must be less than 30 characters`,
  name_invalid: msg`Use only letters, digits, hyphens and underscores; .ton, .gram or .t.me may end the name`,
};

function isAddressNameIssue(code: string): code is AddressNameIssue {
  return Object.hasOwn(issueMessages, code);
}

export type AddressNameCheck = { ok: true; name: string } | { ok: false; message: MessageDescriptor };

/** Checks what a person typed against the rule: the trimmed name, or the first rule it breaks. */
export function checkAddressName(typed: string): AddressNameCheck {
  const result = z.safeParse(addressName, typed);
  if (result.success) return { ok: true, name: result.data };
  const code = result.error.issues[0]?.message ?? addressNameIssues.invalid;
  return { ok: false, message: issueMessages[isAddressNameIssue(code) ? code : addressNameIssues.invalid] };
}

/**
 * The rule's text when a 400 `validation_failed` answer's issues name one of its codes (the
 * server checks names with the same schema), else null.
 */
export function addressNameMessageIn(data: unknown): MessageDescriptor | null {
  const parsed = z.safeParse(validationFailedData, data);
  if (!parsed.success) return null;
  const issue = parsed.data.issues.find((candidate) => isAddressNameIssue(candidate.message));
  return issue && isAddressNameIssue(issue.message) ? issueMessages[issue.message] : null;
}
