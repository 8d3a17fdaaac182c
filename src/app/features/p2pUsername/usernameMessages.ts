import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UsernameProblem } from '../../../../machines/p2pUsername.machine.ts';

/** The field's problems: spec 001 s.5 and s.8 "Username errors", in plain words. */
export const usernameProblemMessages: Readonly<Record<UsernameProblem, MessageDescriptor>> = {
  too_short: msg`Name must be no less than 5 characters`,
  too_long: msg`Name must be no more than 15 characters`,
  taken: msg`This username is already taken`,
  wrong: msg`This username can’t be used. Choose another one.`,
  cannot_change_now: msg`You can change your username only twice a year.`,
};

/** Spec 001 s.8's toast for any other failure. */
export const usernameFailedMessage = msg`Failed to change market username.`;
