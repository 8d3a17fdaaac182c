import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AmountError, SubmitError } from '../../../../machines/withdraw.machine.ts';
import { amountInputMessage } from '../../lib/amountInputMessages.ts';

/**
 * The texts of the steps after the address (amount, review, passcode, failures) per typed error
 * code of machines/withdraw.machine.ts, as Lingui messages (render with `i18n._(…)`). Amounts
 * come in already formatted with their unit. Apart from withdrawMessages.ts so that they load
 * with those steps (WithdrawLaterSteps.tsx) and with a gate's refusal (WithdrawRefusals.tsx), texts
 * included, not with the address step.
 */

/** Why withdrawals cannot be made at all (`can_withdraw` off, or the server's `withdraw_forbidden`). */
export const withdrawForbiddenMessage = msg`Withdrawals are turned off for your account. Contact support if you think this is a mistake.`;

export interface AmountFacts {
  asset: string;
  decimals: number;
  /** Formatted with the unit: "1 USDT". */
  minimum: string;
  maximum: string;
  /** The most that can be sent after the fee, formatted. */
  sendable: string;
  fee: string;
}

/** What is wrong with the amount; null for an empty field (nothing to say yet, "Continue" is off). */
export function amountErrorMessage(error: AmountError, facts: AmountFacts): MessageDescriptor | null {
  // Plain names, so the messages' placeholders read {minimum}, {fee}… for the translators.
  const { asset, decimals, minimum, maximum, sendable, fee } = facts;
  switch (error) {
    case 'empty':
      return null;
    case 'two_marks':
    case 'exponent':
    case 'not_a_number':
    case 'too_many_decimals':
      return amountInputMessage(error, asset, decimals);
    case 'below_minimum':
      return msg`Minimum amount is ${minimum}`;
    case 'above_maximum':
      return msg`Maximum amount is ${maximum}`;
    case 'above_balance':
      return msg`Not enough funds: you can send up to ${sendable} after the ${fee} fee`;
  }
}

/** Why the withdrawal was not created, where the flow stays on its own screen. */
export function submitErrorMessage(error: SubmitError, asset: string): MessageDescriptor {
  switch (error) {
    case 'invalid_token':
      return msg`The confirmation has expired. Enter your passcode again.`;
    case 'withdraw_forbidden':
      return withdrawForbiddenMessage;
    case 'unavailable':
      return msg`Withdrawals of ${asset} on this network are not available right now.`;
    case 'failed':
      return msg`Check your connection and try again. Trying again won’t send the money twice.`;
  }
}
