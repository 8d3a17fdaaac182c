import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { Compliance } from '../../../contract/settings.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import './blocked.css';

/**
 * What a blocked person sees instead of a guarded area (spec 000 s.4 "Blocked user"): a ban
 * blocks the account for good; a lock (without a ban) locks the money, for a while, until
 * support lifts it. The reason and the end date are shown when the server gives them.
 */
export function BlockedScreen({ compliance, timeZone }: { compliance: Compliance; timeZone: string | null }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const goToWallet = useGoToWalletAction();
  useScreenActions({
    main: goToWallet,
    secondary: { label: t`Contact support`, onPress: () => void navigate({ to: '/help' }) },
  });
  const banned = compliance.ban;
  const reason = compliance.ban_reason?.trim() ?? '';
  const until =
    compliance.soft_ban_until === null
      ? null
      : formatShortDate(compliance.soft_ban_until, { locale: i18n.locale, timeZone });
  return (
    <Page>
      <div className="blocked" role="alert">
        <svg className="blocked-icon" width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="32" fill="currentColor" opacity="0.12" />
          <rect x="20" y="29" width="24" height="18" rx="4" fill="currentColor" />
          <path d="M25 29v-5a7 7 0 0 1 14 0v5" fill="none" stroke="currentColor" strokeWidth="3.5" />
        </svg>
        {banned ? (
          <PageTitle
            title={<Trans>Your account is blocked</Trans>}
            subtitle={<Trans>Your account has been blocked for good, so this section isn’t available to you.</Trans>}
          />
        ) : (
          <PageTitle
            title={<Trans>Your money is locked</Trans>}
            subtitle={
              <Trans>
                Your money is temporarily locked, so this section isn’t available. Contact support to find out why and
                what to do.
              </Trans>
            }
          />
        )}
      </div>
      {reason !== '' || until !== null ? (
        <Section>
          {reason !== '' ? <Cell title={<Trans>Reason</Trans>} subtitle={reason} /> : null}
          {until !== null ? (
            <Cell
              title={banned ? <Trans>Blocked until</Trans> : <Trans>Locked until</Trans>}
              value={<span className="tabular">{until}</span>}
            />
          ) : null}
        </Section>
      ) : null}
    </Page>
  );
}
