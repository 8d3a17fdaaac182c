import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AddressNameField } from '../../lib/useAddressNameField.ts';
import { TextField } from '../../ui/TextField.tsx';

/**
 * An entry's title: the name rule's error first, else the server's refusal about the title.
 * Typing calls `onEdit` first, so the caller can drop the server's refusal.
 */
export function AddressBookTitleField({
  field,
  serverError,
  pending,
  placeholder,
  onEdit,
}: {
  field: AddressNameField;
  serverError: MessageDescriptor | null;
  pending: boolean;
  placeholder?: string;
  onEdit: () => void;
}) {
  const { i18n } = useLingui();
  const error = field.error ?? serverError;
  return (
    <TextField
      label={<Trans>Title</Trans>}
      value={field.value}
      onChange={(value) => {
        onEdit();
        field.setValue(value);
      }}
      autoComplete="off"
      spellCheck={false}
      placeholder={placeholder}
      error={error ? i18n._(error) : undefined}
      disabled={pending}
    />
  );
}
