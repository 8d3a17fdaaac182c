import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { useScreenActions } from '../../platform/useScreenActions.ts';

/**
 * An address-book form (add, edit): the fields and a failure that belongs to no field; "Save"
 * (busy while saving) is the screen's main action. Enter submits too; the fields check
 * themselves, so the browser does not.
 */
export function AddressBookForm({
  formError,
  pending,
  onSubmit,
  children,
}: {
  formError: MessageDescriptor | null;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  useScreenActions({ main: { label: t`Save`, submits: id, busy: pending } });
  return (
    <form
      id={id}
      className="address-book-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {formError ? (
        <p className="address-book-error" role="alert">
          {i18n._(formError)}
        </p>
      ) : null}
    </form>
  );
}
