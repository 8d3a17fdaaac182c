import { type ReactNode, useId } from 'react';
import { Spinner } from './Spinner.tsx';
import './choice.css';
import './ui.css';
import { LineIcon } from './LineIcon.tsx';

/**
 * A grouped list of choices, one of which is current (a radio group): the section header names
 * it, each cell shows a check mark when chosen. Telegram's language and theme lists look so.
 */
export function ChoiceSection({
  header,
  footer,
  label,
  children,
}: {
  /** The visible header; also the group's accessible name unless `label` is given. */
  header?: ReactNode;
  footer?: ReactNode;
  /** The group's accessible name when there is no header. */
  label?: string;
  children: ReactNode;
}) {
  const headerId = useId();
  return (
    <section className="ui-section">
      {header ? (
        <h2 className="ui-section-header" id={headerId}>
          {header}
        </h2>
      ) : null}
      <div
        className="ui-section-body"
        role="radiogroup"
        aria-labelledby={header && label === undefined ? headerId : undefined}
        aria-label={label}
      >
        {children}
      </div>
      {footer ? <p className="ui-section-footer">{footer}</p> : null}
    </section>
  );
}

export interface ChoiceProps {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  checked: boolean;
  /** The choice is being saved: a spinner instead of the check mark. */
  pending?: boolean;
  /** Read while pending, e.g. "Saving". */
  pendingLabel?: string;
  disabled?: boolean;
  lang?: string;
  /** `checkbox` for a list where several may be chosen (in a plain Section, not a ChoiceSection). */
  kind?: 'radio' | 'checkbox';
  /** Called on every press, the current choice's too (the caller decides whether that changes anything). */
  onSelect: () => void;
}

/** One choice of a `ChoiceSection`: a 44 px row with a check mark when it is the current one. */
export function Choice({
  title,
  subtitle,
  icon,
  checked,
  pending = false,
  pendingLabel,
  disabled,
  lang,
  kind = 'radio',
  onSelect,
}: ChoiceProps) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is radio or checkbox, both take aria-checked.
    <button
      type="button"
      role={kind}
      aria-checked={checked}
      aria-busy={pending || undefined}
      disabled={disabled}
      lang={lang}
      className="ui-choice"
      onClick={onSelect}
    >
      <span className="ui-cell">
        {icon ? <span className="ui-cell-icon">{icon}</span> : null}
        <span className="ui-cell-text">
          <span className="ui-cell-title">{title}</span>
          {subtitle ? <span className="ui-cell-subtitle">{subtitle}</span> : null}
        </span>
        <span className="ui-choice-mark" aria-hidden={!pending}>
          {pending ? (
            <Spinner size={20} label={pendingLabel ?? ''} />
          ) : kind === 'checkbox' ? (
            // Several may be chosen: every row shows its box, so the list reads as a checklist.
            <span className={checked ? 'ui-choice-box ui-choice-box--checked' : 'ui-choice-box'}>
              {checked ? <LineIcon width={12} height={10} path="M1.5 5l3 3 6-6.5" strokeWidth={2} /> : null}
            </span>
          ) : checked ? (
            <LineIcon width={18} height={14} path="M1.5 7.5l5 5 10-11" strokeWidth={2.2} />
          ) : null}
        </span>
      </span>
    </button>
  );
}
