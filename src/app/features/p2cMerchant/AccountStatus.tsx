import { useLingui } from '@lingui/react/macro';
import type { P2cAccountStatus } from '../../../contract/p2c.ts';
import { accountStatusLabels } from './merchantTexts.ts';

const tone: Record<P2cAccountStatus, 'good' | 'wait' | 'bad' | 'quiet'> = {
  created: 'quiet',
  pending: 'wait',
  under_verification: 'wait',
  requested_verification: 'bad',
  rejected: 'bad',
  active: 'good',
  disabled: 'quiet',
};

/** An account's status as a small coloured label. */
export function AccountStatus({ status }: { status: P2cAccountStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`p2c-merchant-status p2c-merchant-status--${tone[status]}`}>
      {i18n._(accountStatusLabels[status])}
    </span>
  );
}
