import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import '../../ui/back-link.css';

/** "‹ Wallet" above a wallet page's content: the way home on the web (and in the mini app for now). */
export function WalletBackLink() {
  return (
    <Link to="/" className="ui-back-link">
      <svg width="10" height="17" viewBox="0 0 10 17" aria-hidden="true" focusable="false">
        <path
          d="M8.5 1.5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Trans>Wallet</Trans>
    </Link>
  );
}
