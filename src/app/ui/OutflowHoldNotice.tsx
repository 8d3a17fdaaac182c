import { Trans, useLingui } from '@lingui/react/macro';
import { formatShortDate } from '../lib/dates.ts';
import './outflow-hold.css';

/**
 * "For your safety, withdrawals are paused until …": shown on the security page and the
 * withdraw screen while `GET /security` answers `outflowsHeldUntil` (24 h after a passcode
 * recovery or a backup e-mail change). `until` is ISO 8601; the date is in the person's zone.
 */
export function OutflowHoldNotice({ until, timeZone = null }: { until: string; timeZone?: string | null }) {
  const { i18n } = useLingui();
  const when = formatShortDate(until, { locale: i18n.locale, timeZone });
  return (
    <p className="ui-outflow-hold" role="status">
      <Trans>
        For your safety, withdrawals are paused until {when} after the change of your passcode or backup e-mail.
      </Trans>
    </p>
  );
}
