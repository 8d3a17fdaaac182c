import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Compliance } from '../../../contract/settings.ts';
import './compliance-notice.css';

/**
 * The home screen's notice while compliance waits for the person (`pending_actions_from_user`):
 * one tap to `/compliance`, where the request is spelled out. Nothing otherwise.
 */
export function ComplianceNotice({ compliance }: { compliance: Compliance }) {
  if (!compliance.pending_actions_from_user) return null;
  return (
    <Link to="/compliance" className="compliance-notice">
      <strong>
        <Trans>Compliance needs something from you</Trans>
      </strong>
      <span>
        <Trans>See what to do</Trans>
      </span>
    </Link>
  );
}
