import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { AmountInputProblem } from './amountInput.ts';

/** The problems a field says in words; an empty field says nothing, and what zero means is the field's own rule. */
export type AmountInputMistake = Exclude<AmountInputProblem, 'empty' | 'zero'>;

/**
 * What is wrong with a typed amount, the same words in every amount field (render with
 * `i18n._(…)`). `asset` is the code the field is in, `decimals` how many decimals it allows.
 */
export function amountInputMessage(problem: AmountInputMistake, asset: string, decimals: number): MessageDescriptor {
  switch (problem) {
    case 'two_marks':
      return msg`Use one decimal mark and no thousands separators, like 1000.5`;
    case 'exponent':
      return msg`Write the amount out in full, like 1000`;
    case 'not_a_number':
      return msg`Use only digits and one decimal mark, like 12.5`;
    case 'too_many_decimals':
      if (decimals === 0) return msg`${asset} takes whole numbers only`;
      return msg`${asset} allows at most ${plural(decimals, { one: '# decimal place', other: '# decimal places' })}`;
  }
}
