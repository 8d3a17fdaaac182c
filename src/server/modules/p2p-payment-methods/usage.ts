import type { Database } from '../../db/database';

/**
 * Whether an offer still lists the saved method, asked inside the delete's transaction after the
 * method's row is locked (so an offer edit that locks it too cannot slip in between). The offers
 * module supplies it (app.ts); a method nothing uses can always go.
 */
export type PaymentMethodUsage = (tx: Database, userId: number, methodId: number) => Promise<boolean>;

export const unusedPaymentMethods: PaymentMethodUsage = async () => false;
