import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The field's problem, shown under it and tied to it for screen readers. */
  error?: ReactNode;
  /** A quiet sentence under the field when there is no error. */
  hint?: ReactNode;
  /** Monospace (addresses, codes). */
  mono?: boolean;
}

/** A labelled one-line field on the section background, with its inline error or hint. */
export function TextField({ label, value, onChange, error, hint, mono = false, className, ...rest }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={['ui-text-field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="ui-text-field-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        className={mono ? 'ui-text-field-input ui-text-field-input--mono' : 'ui-text-field-input'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
      />
      {note ? (
        <p
          id={noteId}
          className={error ? 'ui-text-field-error' : 'ui-text-field-hint'}
          role={error ? 'alert' : undefined}
        >
          {note}
        </p>
      ) : null}
    </div>
  );
}
