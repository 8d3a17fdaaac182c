import type { PaymentMethod } from '../../contract/p2p-payment-methods.ts';
import { paymentMethodLabel } from '../lib/p2p/paymentMethodLabel.ts';
import { Cell } from './Cell.tsx';

/**
 * A saved payment method as one row: its name (or the catalogue's), the bank under it, and the
 * masked data ("•••• 4417") on the right, as the server sent it (never the full details). A long
 * name ("T-Bank · SBP (Faster Payments)") wraps rather than losing its end at 320 px; the masked
 * data stays whole on one line.
 */
export function PaymentMethodCell({
  method,
  chevron = false,
}: {
  method: Pick<PaymentMethod, 'name' | 'locale' | 'child_locale' | 'data'>;
  chevron?: boolean;
}) {
  const { title, subtitle } = paymentMethodLabel(method);
  return (
    <Cell
      title={title}
      subtitle={subtitle ?? undefined}
      value={<span className="ui-nowrap">{method.data}</span>}
      chevron={chevron}
    />
  );
}
