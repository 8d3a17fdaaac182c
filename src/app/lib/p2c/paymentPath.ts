/**
 * Where a P2C payment opens, by the person's side of it: the client's page in the /qr-pay flow,
 * the merchant's /p2c/orders/{id}. A plain path (the payments list and transaction pages link with
 * it): the /qr-pay search takes the id as plain digits (features/p2cPay/qrPaySearch.ts).
 */
export function p2cPaymentPath(side: 'client' | 'merchant', paymentId: number): string {
  return side === 'client' ? `/qr-pay?payment=${paymentId}` : `/p2c/orders/${paymentId}`;
}
