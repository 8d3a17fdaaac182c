import { useLingui } from '@lingui/react/macro';
import './asset.css';

/**
 * Where a headline balance will be while it first loads: a bar of the amount's height, so the
 * page does not jump. `className` gives the amount's own size and margins.
 */
export function BalancePlaceholder({ className }: { className: string }) {
  const { t } = useLingui();
  return <p className={`${className} ui-balance-placeholder`} role="status" aria-label={t`Loading the balance`} />;
}
