import { useLingui } from '@lingui/react/macro';
import './keypad.css';

export interface PasscodeDotsProps {
  /** How many digits have been entered. */
  filled: number;
  /** How many the passcode has (4). */
  length?: number;
  /** A wrong passcode: the dots shake once and turn red until the next digit. */
  invalid?: boolean;
}

/** One dot per digit of the passcode, filled as the digits are entered; the digits never show. */
export function PasscodeDots({ filled, length = 4, invalid = false }: PasscodeDotsProps) {
  const { t } = useLingui();
  const count = Math.min(Math.max(filled, 0), length);
  const dots = Array.from({ length }, (_, index) => index < count);
  return (
    <div
      className={`ui-dots${invalid ? ' ui-dots--invalid' : ''}`}
      role="img"
      aria-label={t`Digits entered: ${count} of ${length}`}
    >
      {dots.map((on, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, they never move.
        <span key={index} className={`ui-dot${on ? ' ui-dot--filled' : ''}`} />
      ))}
    </div>
  );
}
