import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Offer } from '../../../contract/p2p-offers.ts';
import { isPermitted, type UserSettings } from '../../../contract/settings.ts';
import { toApiError } from '../../api/errors.ts';
import { offerQueryOptions } from '../../api/p2pOfferQueries.ts';
import { verificationOverviewQueryOptions } from '../../api/verificationQueries.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Empty, LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { ManagementView } from './ManagementView.tsx';
import { useOfferBack } from './offerBack.ts';
import { TakeOfferView } from './TakeOfferView.tsx';
import './p2p-offer.css';

/**
 * `/p2p/offers/{id}`, in the precedence of spec 001 s.2 "Offer screen":
 * 1. loading;
 * 2. not found (an empty view): no such offer, or it was deleted;
 * 3. the maker: the management view; but an inactive offer of a maker with neither passport nor
 *    address verification (GET /verification) shows the passport verification prompt first
 *    ("Not now" goes on to the management view for the rest of the tab's visit: an unverified
 *    maker can still edit or delete);
 * 4. a person barred from market orders (`can_create_market_order` false): the blocked view;
 * 5. everyone else: the take form.
 * Blocked accounts never get here: the shell's guard covers /p2p/offers (features/blocked).
 */
export function OfferScreen({ id, settings }: { id: number; settings: UserSettings }) {
  const { t } = useLingui();
  const offer = useQuery(offerQueryOptions(id));
  const leave = useOfferBack(offer.data?.type ?? null);
  // A failed load being fetched again (a prefetch sent before the mini app's sign-in answered
  // 401, then this page's own fetch once signed in) is still loading, not failed.
  if (offer.isPending || (offer.isError && offer.isFetching)) return <Waiting leave={leave} />;
  if (offer.isError && toApiError(offer.error)?.code === 404) return <OfferNotFound leave={leave} />;
  if (offer.data === undefined) {
    return (
      <Screen leave={leave}>
        <LoadFailed message={t`Couldn’t load the offer.`} onRetry={() => void offer.refetch()} />
      </Screen>
    );
  }
  if (offer.data.is_mine) return <MakerView offer={offer.data} leave={leave} />;
  if (!isPermitted(settings.permissions, 'can_create_market_order')) return <OrdersBarred leave={leave} />;
  return <TakeOfferView offer={offer.data} leave={leave} />;
}

/** A page whose only action is back. */
function Screen({
  leave,
  centered = false,
  children,
}: {
  leave: () => void;
  centered?: boolean;
  children: React.ReactNode;
}) {
  useScreenActions({ main: null, back: leave });
  return <Page centered={centered}>{children}</Page>;
}

function Waiting({ leave }: { leave: () => void }) {
  return (
    <Screen leave={leave}>
      <Loading />
    </Screen>
  );
}

function OfferNotFound({ leave }: { leave: () => void }) {
  return (
    <Screen leave={leave} centered>
      <Empty>
        <PageTitle
          title={<Trans>Offer not found</Trans>}
          subtitle={<Trans>It may have been deleted by its author.</Trans>}
        />
      </Empty>
    </Screen>
  );
}

function OrdersBarred({ leave }: { leave: () => void }) {
  return (
    <Screen leave={leave} centered>
      <div role="alert">
        <PageTitle
          title={<Trans>You can’t take offers</Trans>}
          subtitle={
            <Trans>
              Placing orders on the P2P market isn’t available for your account. Contact support to find out why.
            </Trans>
          }
        />
      </div>
    </Screen>
  );
}

/**
 * "Not now" on the passport prompt holds for this tab (sessionStorage): coming back from an edit
 * page, or to another offer, does not ask again; a new tab or launch does.
 */
const promptSkippedKey = 'kopilka.p2p.verificationPromptSkipped';

function promptSkipped(): boolean {
  try {
    return window.sessionStorage.getItem(promptSkippedKey) === 'true';
  } catch {
    return false;
  }
}

function skipPrompt(): void {
  try {
    window.sessionStorage.setItem(promptSkippedKey, 'true');
  } catch {
    // Storage refused: the prompt is skipped for this screen only.
  }
}

/** The maker: the management view, after the verification prompt for an inactive offer of an unverified maker. */
function MakerView({ offer, leave }: { offer: Offer; leave: () => void }) {
  const [skipped, setSkipped] = useState(promptSkipped);
  const verification = useQuery({ ...verificationOverviewQueryOptions(), enabled: offer.status === 'inactive' });
  if (offer.status === 'inactive' && !skipped) {
    if (verification.isPending) return <Waiting leave={leave} />;
    const facts = verification.data;
    // Unknown (the check failed) is not unverified: the server still refuses what needs it.
    if (facts !== undefined && !facts.passport.completed && !facts.address.completed) {
      return (
        <VerificationPrompt
          leave={leave}
          onSkip={() => {
            skipPrompt();
            setSkipped(true);
          }}
        />
      );
    }
  }
  return <ManagementView offer={offer} leave={leave} />;
}

function VerificationPrompt({ leave, onSkip }: { leave: () => void; onSkip: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  useScreenActions({
    main: { label: t`Verify passport`, onPress: () => void navigate({ to: '/account/verification' }) },
    secondary: { label: t`Not now`, onPress: onSkip },
    back: leave,
  });
  return (
    <Page centered>
      <PageTitle
        title={<Trans>Verify your passport</Trans>}
        subtitle={
          <Trans>
            Your offer is offline. To trade on the P2P market, confirm your passport or address first: it takes a few
            minutes.
          </Trans>
        }
      />
    </Page>
  );
}
