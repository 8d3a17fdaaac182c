import { eq } from 'drizzle-orm';
import type { P2cQrCode } from '../../../contract/p2c';
import { p2cFiat } from '../../../contract/p2c';
import type { Database } from '../../db/database';
import { paymentSystemCodes } from '../../db/schema/p2c';
import { storedRoubles } from '../../modules/p2c-payments/money';
import type { PaymentSystem, PaymentSystemCode } from './payment-system';

type CodeRow = typeof paymentSystemCodes.$inferSelect;

/** Paid once it is paid; a dynamic code past its expiry can no longer be paid. */
function stateOf(row: Pick<CodeRow, 'paidAt' | 'expiresAt'>, now: Date): P2cQrCode['state'] {
  if (row.paidAt !== null) return 'paid';
  if (row.expiresAt !== null && row.expiresAt <= now) return 'expired';
  return 'payable';
}

/**
 * The local stand-in of the payment system: the codes the local shop issued into
 * `payment_system_codes`, paid when the local bank marks them (`paid_at`). Outside local mode the
 * table stays empty, so every code is unknown until a real integration replaces this.
 */
export function localPaymentSystem(db: Database): PaymentSystem {
  return {
    async lookup(id: string, now: Date): Promise<PaymentSystemCode | null> {
      const [row] = await db.select().from(paymentSystemCodes).where(eq(paymentSystemCodes.id, id));
      if (row === undefined) return null;
      return {
        id: row.id,
        type: row.type,
        link: row.link,
        payee: { name: row.payeeName, bank_name: row.payeeBank },
        fiat_amount: storedRoubles(row.fiatAmount),
        fiat: p2cFiat,
        purpose: row.purpose,
        state: stateOf(row, now),
      };
    },
  };
}
