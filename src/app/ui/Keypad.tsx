import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import { type Digit, digitOfKey } from '../lib/digits.ts';
import type { HapticKind } from '../platform/types.ts';
import './keypad.css';

/** The key in the bottom-left corner, e.g. "Use Face ID". */
export interface KeypadAction {
  /** The accessible name (the key usually shows only an icon). */
  label: string;
  icon: ReactNode;
  onPress: () => void;
}

export interface KeypadProps {
  onDigit: (digit: Digit) => void;
  onErase: () => void;
  /** Haptic feedback on every press of an on-screen key; views pass `platform.haptic`. */
  onHaptic?: (kind: HapticKind) => void;
  /** The optional key left of 0 (biometrics); an empty slot without it. */
  action?: KeypadAction;
  /** False hides Backspace (nothing to erase) but keeps its place. */
  canErase?: boolean;
  /** Keys greyed out and physical keys ignored (e.g. while the passcode is checked). */
  disabled?: boolean;
  /** Gone from sight and from the accessibility tree, its space kept (the lockout countdown). */
  hidden?: boolean;
  /** The group's accessible name; "Keypad" unless given. */
  label?: string;
}

const rows: readonly (readonly Digit[])[] = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
];

/** Text fields keep their own keys; buttons, links and the page do not. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
    return true;
  }
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'range', 'color', 'file'].includes(target.type);
}

/**
 * The 3×4 numeric keypad of the passcode screens, in Telegram's style: 1–9, an optional action
 * key, 0 and Backspace. Stateless: it reports `onDigit` and `onErase`, the digits entered live in
 * the flow's machine. While it is mounted, enabled and visible, the digit keys of a physical
 * keyboard (the row and the numeric keypad) and Backspace work too, unless a modifier is held,
 * focus is in a text field, or a modal dialog outside the keypad is open.
 */
export function Keypad({
  onDigit,
  onErase,
  onHaptic,
  action,
  canErase = true,
  disabled = false,
  hidden = false,
  label,
}: KeypadProps) {
  const { t } = useLingui();
  const group = useRef<HTMLDivElement>(null);
  const listening = !disabled && !hidden;

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    if (isEditable(event.target)) return;
    const modal = document.querySelector('[aria-modal="true"]');
    if (modal && !(group.current && modal.contains(group.current))) return;
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (canErase) onErase();
      return;
    }
    const digit = digitOfKey(event.key, event.code);
    if (digit === null || event.repeat) return;
    event.preventDefault();
    onDigit(digit);
  });

  useEffect(() => {
    if (!listening) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [listening]);

  const press = (then: () => void) => () => {
    onHaptic?.('light');
    then();
  };

  const digitKey = (digit: Digit) => (
    <button
      key={digit}
      type="button"
      className="ui-keypad-key ui-keypad-digit"
      disabled={disabled}
      onClick={press(() => onDigit(digit))}
    >
      {digit}
    </button>
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid of keys, not form fields; older WebViews lay out a fieldset as a grid badly.
    <div
      ref={group}
      role="group"
      aria-label={label ?? t`Keypad`}
      aria-hidden={hidden || undefined}
      inert={hidden}
      className={`ui-keypad${hidden ? ' ui-keypad--hidden' : ''}`}
    >
      {rows.map((row) => row.map(digitKey))}
      {action ? (
        <button
          type="button"
          className="ui-keypad-key ui-keypad-action"
          aria-label={action.label}
          disabled={disabled}
          onClick={press(action.onPress)}
        >
          {action.icon}
        </button>
      ) : (
        <span className="ui-keypad-empty" />
      )}
      {digitKey('0')}
      <button
        type="button"
        className="ui-keypad-key ui-keypad-erase"
        aria-label={t`Delete`}
        disabled={disabled}
        hidden={!canErase}
        onClick={press(onErase)}
      >
        <svg width="28" height="22" viewBox="0 0 28 22" aria-hidden="true" focusable="false">
          <path
            d="M9.2 2.5h14.3a3 3 0 0 1 3 3v11a3 3 0 0 1-3 3H9.2a2 2 0 0 1-1.5-.7L1.9 12.3a2 2 0 0 1 0-2.6l5.8-6.5a2 2 0 0 1 1.5-.7z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <path d="M12.5 7.5l7 7M19.5 7.5l-7 7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
