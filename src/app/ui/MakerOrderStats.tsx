import { Plural, Trans } from '@lingui/react/macro';
import type { Offer } from '../../contract/p2p-offers.ts';

/**
 * A maker's orders and completion in the last 30 days, as an offer card and the take form write
 * them: "120 orders · 98% completed", or "No orders yet" (a completion rate of no orders says
 * nothing: 0 % would read as a bad record).
 */
export function MakerOrderStats({ user }: { user: Pick<Offer['user'], 'orders' | 'orders_percent'> }) {
  const percent = user.orders_percent;
  return (
    <>
      <Plural value={user.orders} _0="No orders yet" one="# order" other="# orders" />
      {user.orders > 0 ? (
        <>
          {' · '}
          <Trans>{percent}% completed</Trans>
        </>
      ) : null}
    </>
  );
}
