import { useLingui } from '@lingui/react/macro';
import type { ChangeEvent, ClipboardEvent, SyntheticEvent } from 'react';
import { fillCode, onlyDigits } from '../lib/digits.ts';
import './keypad.css';

export interface CodeBoxesProps {
  /** The digits entered so far (the machine's context). */
  value: string;
  /** How many digits the code has (6 for the e-mail code). */
  length?: number;
  /** Every change, digits only, never longer than `length`. */
  onChange: (digits: string) => void;
  /** Once, when a change fills the last box (the flow submits then). */
  onComplete?: (digits: string) => void;
  /** A wrong code: the boxes shake once and turn red. */
  invalid?: boolean;
  disabled?: boolean;
  /** The field's accessible name; "Code" unless given. */
  label?: string;
  autoFocus?: boolean;
}

/**
 * A row of boxes for a one-time code. Under them lies one real text field (numeric keyboard,
 * `one-time-code` so phones offer the code from mail or SMS) that takes the typing, the
 * autofill and the paste; the boxes only show its digits and where the next one goes. A paste
 * keeps only the digits: "12-34 56x" fills "123456".
 */
export function CodeBoxes({
  value,
  length = 6,
  onChange,
  onComplete,
  invalid = false,
  disabled = false,
  label,
  autoFocus = false,
}: CodeBoxesProps) {
  const { t } = useLingui();
  const current = onlyDigits(value).slice(0, length);

  const commit = (next: string) => {
    if (next === current) return;
    onChange(next);
    if (next.length === length) onComplete?.(next);
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    commit(onlyDigits(event.currentTarget.value).slice(0, length));
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    commit(fillCode(current, event.clipboardData.getData('text'), length));
  };

  // The caret stays after the last digit: a digit typed in the middle would shift the others.
  const onSelect = (event: SyntheticEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const end = input.value.length;
    if (input.selectionStart === input.selectionEnd && input.selectionStart !== end) {
      input.setSelectionRange(end, end);
    }
  };

  const boxes = Array.from({ length }, (_, index) => current[index] ?? '');
  const classes = ['ui-code', invalid ? 'ui-code--invalid' : '', disabled ? 'ui-code--disabled' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      <div className="ui-code-boxes" aria-hidden="true">
        {boxes.map((digit, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, they never move.
            key={index}
            className={[
              'ui-code-box',
              digit ? 'ui-code-box--filled' : '',
              index === current.length ? 'ui-code-box--caret' : '',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            {digit}
          </span>
        ))}
      </div>
      <input
        className="ui-code-input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="done"
        aria-label={label ?? t`Code`}
        aria-invalid={invalid || undefined}
        // biome-ignore lint/a11y/noAutofocus: the code is the only thing the screen asks for.
        autoFocus={autoFocus}
        disabled={disabled}
        value={current}
        onChange={onInput}
        onPaste={onPaste}
        onSelect={onSelect}
      />
    </div>
  );
}
