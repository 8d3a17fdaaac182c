import type { Order } from '../../../contract/p2p-orders.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';

export interface OrderAmounts {
  /** "100 USDT": what the buyer receives. */
  crypto: string;
  /** "9 550.00 ₽": what the buyer pays. */
  fiat: string;
}

export function orderAmounts(
  order: Pick<Order, 'amount' | 'asset' | 'fiat_amount' | 'fiat'>,
  catalogue: AssetCatalogue,
): OrderAmounts {
  return {
    crypto: formatCrypto(order.amount, order.asset, catalogue),
    fiat: formatFiat(order.fiat_amount, order.fiat, catalogue),
  };
}
