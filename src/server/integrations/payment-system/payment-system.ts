import type { P2cQrCode } from '../../../contract/p2c';

/** A code as the payment system knows it, with the link the shop printed. */
export interface PaymentSystemCode extends P2cQrCode {
  readonly link: string;
}

/**
 * The Russian national payment system as P2C needs it (docs/p2c.md "The payment system"): what a
 * code asks for and whether it can still be paid. The local stand-in reads the codes its stand-in
 * shop issued (`payment_system_codes`); a real integration asks the payment system's API behind
 * the same interface.
 */
export interface PaymentSystem {
  /** The code with this id, its state as of `now`; null when the payment system has no such code. */
  lookup(id: string, now: Date): Promise<PaymentSystemCode | null>;
}
