import { createFileRoute } from '@tanstack/react-router';
import { PromoView } from '../features/p2cPay/PromoView.tsx';

/** `/p2c/promo`: the public page explaining P2C (spec 001 s.2); no sign-in, no flag. */
export const Route = createFileRoute('/p2c/promo')({
  component: PromoView,
});
