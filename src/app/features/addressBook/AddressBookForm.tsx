import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';

/**
 * An address-book form (add, edit): the fields, a failure that belongs to no field, then "Save"
 * (busy while saving). Enter submits too; the fields check themselves, so the browser does not.
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
  const { i18n } = useLingui();
  return (
    <form
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
      <Button type="submit" stretched disabled={pending} aria-busy={pending || undefined}>
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}
