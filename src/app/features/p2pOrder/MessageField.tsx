import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import '../../ui/text-field.css';

/** A several-line text with its limit: "120 / 2000" under it, "At most 2000 characters" when over. */
export function MessageField({
  id,
  label,
  value,
  most,
  rows = 5,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: string;
  most: number;
  rows?: number;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const length = value.trim().length;
  const tooLong = length > most;
  return (
    <div className="ui-text-field">
      <label className="ui-text-field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="ui-text-field-input p2p-order-textarea"
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-note`}
      />
      <p
        id={`${id}-note`}
        className={tooLong ? 'ui-text-field-error' : 'ui-text-field-hint'}
        role={tooLong ? 'alert' : undefined}
      >
        {tooLong ? (
          t`At most ${most} characters`
        ) : (
          <Trans>
            {length} / {most}
          </Trans>
        )}
      </p>
    </div>
  );
}
