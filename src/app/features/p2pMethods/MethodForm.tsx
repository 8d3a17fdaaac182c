import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { useScreenActions } from '../../platform/useScreenActions.ts';

/**
 * A payment-method form (the details, the name): "Save" (busy while saving) is the screen's main
 * action, Enter submits too; the fields check themselves, so the browser does not.
 */
export function MethodForm({
  pending,
  onSubmit,
  children,
}: {
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const id = useId();
  useScreenActions({ main: { label: t`Save`, submits: id, busy: pending } });
  return (
    <form
      id={id}
      className="p2p-methods-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
