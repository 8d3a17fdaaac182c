import { Trans } from '@lingui/react/macro';
import { Cell } from '../../ui/Cell.tsx';
import { usePayMoney } from './payMoney.ts';

/** What a quote or a payment costs in crypto: the rate, the amount, the service fee and the total. */
export function PriceCells({
  price,
}: {
  price: { asset: string; rate: string; amount: string; fee: string; total: string };
}) {
  const money = usePayMoney();
  return (
    <>
      <Cell
        title={<Trans>Rate</Trans>}
        value={<span className="p2c-pay-value">{`1 ${price.asset} = ${money.fiat(price.rate)}`}</span>}
      />
      <Cell
        title={<Trans>Amount</Trans>}
        value={<span className="p2c-pay-value">{money.crypto(price.amount, price.asset)}</span>}
      />
      <Cell
        title={<Trans>Service fee</Trans>}
        value={<span className="p2c-pay-value">{money.crypto(price.fee, price.asset)}</span>}
      />
      <Cell
        title={<Trans>Total</Trans>}
        value={<strong className="p2c-pay-value">{money.crypto(price.total, price.asset)}</strong>}
      />
    </>
  );
}
