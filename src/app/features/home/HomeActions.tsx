import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { canSeeMarketPart } from '../../lib/p2p/marketAccess.ts';
import { useSignedInSettings } from '../../lib/signedInSettings.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { LineIcon } from '../../ui/LineIcon.tsx';
import { PathLink } from '../../ui/PathLink.tsx';
import './home.css';

/**
 * One action of the home row: a round icon with its label under it, leading to a path or doing
 * something in place. Exchange joins the list when its screens land.
 */
export interface HomeAction {
  readonly id: string;
  readonly label: ReactNode;
  /** A stroke path on a 24 × 24 canvas. */
  readonly icon: string;
  readonly target: { readonly href: string } | { readonly onPress: () => void };
}

const icons = {
  deposit: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  withdraw: 'M12 20V9M7 14l5-5 5 5M5 4h14',
  p2p: 'M4 8h14l-4-4M20 16H6l4 4',
  scan: 'M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M4 12h16',
  pay: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2',
} as const;

/**
 * Scanning from home (mini app only: Telegram's scanner): an address opens withdraw with it, a
 * Telegram or wallet link opens its screen, a shop's payment QR code its payment where P2C is on
 * (`payCodes`), anything else is said not to be understood.
 * Null where there is no scanner (the web: no Scan action rather than one that cannot work).
 */
function useScan(payCodes: boolean): (() => void) | null {
  const { t } = useLingui();
  const platform = usePlatform();
  const router = useRouter();
  const toasts = useToasts();
  const scanQr = platform.scanQr;
  if (scanQr === undefined) return null;
  return () => {
    // The code's grammar loads while the scanner is open: home's first screen does without it.
    const grammar = import('../../lib/scannedCode.ts');
    void Promise.all([scanQr(t`Scan a wallet address or a Kopilka link`), grammar]).then(
      ([text, { interpretScannedCode }]) => {
        if (text === null) return;
        const code = interpretScannedCode(text, window.location.origin, { payCodes });
        if (code.kind === 'path') router.history.push(code.path);
        else if (code.kind === 'address')
          router.history.push(`/wallet/withdraw?${new URLSearchParams({ address: code.address }).toString()}`);
        else toasts.show('error', t`This QR code is not a wallet address or a Kopilka link.`);
      },
    );
  };
}

/** The actions home offers on this platform, in order. */
export function useHomeActions(): HomeAction[] {
  const session = useSignedInSettings();
  const payCodes = session.settings?.feature_flags.show_p2c === true;
  const scan = useScan(payCodes);
  const actions: HomeAction[] = [
    { id: 'deposit', label: <Trans>Deposit</Trans>, icon: icons.deposit, target: { href: '/wallet/deposit' } },
    { id: 'withdraw', label: <Trans>Withdraw</Trans>, icon: icons.withdraw, target: { href: '/wallet/withdraw' } },
  ];
  if (scan !== null)
    actions.push({ id: 'scan', label: <Trans>Scan</Trans>, icon: icons.scan, target: { onPress: scan } });
  // P2C on the web, where there is no scanner: a shop's payment link is pasted (docs/p2c.md).
  else if (payCodes)
    actions.push({ id: 'pay', label: <Trans>Pay</Trans>, icon: icons.pay, target: { href: '/qr-pay?step=paste' } });
  // The market, for the people whose feature flags show it (spec 001 s.2).
  if (session.settings !== null && canSeeMarketPart(session.settings.feature_flags, 'market'))
    actions.push({ id: 'p2p', label: <Trans>P2P</Trans>, icon: icons.p2p, target: { href: '/p2p' } });
  return actions;
}

function ActionFace({ action }: { action: HomeAction }) {
  return (
    <>
      <span className="home-action-icon">
        <LineIcon width={24} height={24} path={action.icon} strokeWidth={2} />
      </span>
      <span className="home-action-label">{action.label}</span>
    </>
  );
}

/** The row of round actions under the total, like Telegram's wallet. */
export function HomeActions({ actions }: { actions: readonly HomeAction[] }) {
  const { t } = useLingui();
  return (
    <nav className="home-actions" aria-label={t`Wallet actions`}>
      {actions.map((action) =>
        'href' in action.target ? (
          <PathLink key={action.id} href={action.target.href} className="home-action">
            <ActionFace action={action} />
          </PathLink>
        ) : (
          <button key={action.id} type="button" className="home-action" onClick={action.target.onPress}>
            <ActionFace action={action} />
          </button>
        ),
      )}
    </nav>
  );
}
