import { useLingui } from '@lingui/react/macro';
import { LineIcon } from './LineIcon.tsx';
import './verified-badge.css';

/** The verified merchant's tick beside a name (P2P.md "Verified merchant"), named for screen readers. */
export function VerifiedBadge() {
  const { t } = useLingui();
  const label = t`Verified merchant`;
  return (
    <span className="ui-verified" role="img" aria-label={label} title={label}>
      <LineIcon width={10} height={8} path="M1 4l2.5 2.5L9 1" strokeWidth={2} />
    </span>
  );
}
