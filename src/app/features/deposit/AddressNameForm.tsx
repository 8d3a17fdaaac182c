import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { useAddressNameField } from '../../lib/useAddressNameField.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { TextField } from '../../ui/TextField.tsx';

/**
 * The name of a deposit address (spec 000 s.5: trimmed, required, at most 29 characters, word
 * characters and hyphens with an optional .ton/.gram/.t.me ending). The server's refusal
 * (`serverError`) shows under the field; `onEdit` lets the caller clear it when the name changes.
 * Submitting (`submitLabel`, busy while `pending`) is the screen's main action.
 */
export function AddressNameForm({
  initialName,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onEdit,
  children,
}: {
  initialName: string;
  submitLabel: string;
  pending: boolean;
  serverError: MessageDescriptor | null;
  onSubmit: (name: string) => void;
  onEdit: () => void;
  /** Rows shown above the field (e.g. the asset the address is for). */
  children?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const field = useAddressNameField(initialName);
  const shownError = field.error ?? serverError;
  const id = useId();
  useScreenActions({ main: { label: submitLabel, submits: id, busy: pending } });
  return (
    <form
      id={id}
      className="deposit-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const name = field.submit();
        if (name === null || pending) return;
        onSubmit(name);
      }}
    >
      {children}
      <TextField
        label={<Trans>Name</Trans>}
        name="name"
        value={field.value}
        onChange={(value) => {
          onEdit();
          field.setValue(value);
        }}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={t`For example, savings`}
        error={shownError ? i18n._(shownError) : undefined}
        hint={<Trans>Up to 29 letters, digits, hyphens or underscores.</Trans>}
        disabled={pending}
      />
    </form>
  );
}
