import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type {
  MerchantCondition,
  VerifiedMerchantState,
  VerifiedMerchantStatus,
} from '../../../contract/p2p-merchant.ts';
import type { AssetCatalogue } from '../../../contract/wallet.ts';
import { toApiError } from '../../api/errors.ts';
import {
  applyVerifiedMerchant,
  leaveVerifiedMerchant,
  verifiedMerchantQueryOptions,
} from '../../api/p2pMerchantQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { formatCrypto } from '../../lib/p2p/offerFormat.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { CatalogueGate } from '../../ui/CatalogueGate.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { VerifiedBadge } from '../../ui/VerifiedBadge.tsx';
import { conditionProgress } from './merchantProgress.ts';
import './verified-merchant.css';

/**
 * /account/verified-merchant (spec 001 s.2, s.4 "Verified merchant"; P2P.md "Verified
 * merchant"): the person's status, each condition with their progress, the security deposit,
 * and the one thing the status allows next: apply (the deposit shown first, in a confirmation),
 * or leave (withdraw an application, or give up the status: the deposit is released 7 days later).
 */
export function VerifiedMerchantPage({ timeZone }: { timeZone: string | null }) {
  const { t } = useLingui();
  const state = useQuery(verifiedMerchantQueryOptions());
  useScreenActions({ back: useBack({ to: '/account' }) });
  return (
    <Page>
      <PageTitle
        title={<Trans>Verified merchant</Trans>}
        subtitle={
          <Trans>
            A badge on your offers and profile, and up to 10 open orders on each offer instead of 4. Buyers looking for
            verified merchants only will see your offers.
          </Trans>
        }
      />
      <QueryGate query={state} failed={() => t`Couldn’t load your merchant status.`}>
        {(data) => (
          <CatalogueGate>
            {(catalogue) => <MerchantState state={data} catalogue={catalogue} timeZone={timeZone} />}
          </CatalogueGate>
        )}
      </QueryGate>
    </Page>
  );
}

type Confirming = 'apply' | 'leave' | null;

function MerchantState({
  state,
  catalogue,
  timeZone,
}: {
  state: VerifiedMerchantState;
  catalogue: AssetCatalogue;
  timeZone: string | null;
}) {
  const { t, i18n } = useLingui();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const deposit = formatCrypto(state.deposit.amount, state.deposit.asset, catalogue);
  const change = useMutation({
    mutationFn: (action: 'apply' | 'leave') => (action === 'apply' ? applyVerifiedMerchant() : leaveVerifiedMerchant()),
    onSuccess: (next, action) => {
      queryClient.setQueryData(verifiedMerchantQueryOptions().queryKey, next);
      // The badge shows on the person's offers and profile.
      void queryClient.invalidateQueries({ queryKey: ['p2p', 'profile', 'own'] });
      setConfirming(null);
      toasts.show('success', action === 'apply' ? t`Application sent` : t`You left verified merchants`);
    },
    onError: (error, action) => {
      setConfirming(null);
      const reason = toApiError(error)?.reason;
      if (reason === 'insufficient_funds') {
        toasts.show('error', t`Your available balance doesn’t cover the ${deposit} deposit.`);
      } else if (reason === 'merchant_status_conflict') {
        toasts.show('error', t`Your status has changed. This page now shows it as it is.`);
        void queryClient.invalidateQueries({ queryKey: verifiedMerchantQueryOptions().queryKey });
      } else {
        toasts.show('error', action === 'apply' ? t`Couldn’t send the application.` : t`Couldn’t leave. Try again.`);
      }
    },
  });
  const canLeave = state.status === 'on_review' || state.status === 'verified_merchant';
  useScreenActions({
    main:
      state.status === 'can_apply'
        ? { label: t`Apply`, onPress: () => setConfirming('apply'), busy: change.isPending }
        : null,
  });
  const refundDate =
    state.refund_at === null ? null : formatShortDate(state.refund_at, { locale: i18n.locale, timeZone });
  return (
    <>
      <Section header={<Trans>Status</Trans>}>
        <Cell
          title={<StatusName status={state.status} />}
          subtitle={<StatusNote status={state.status} deposit={deposit} refundDate={refundDate} />}
          value={state.status === 'verified_merchant' ? <VerifiedBadge /> : undefined}
        />
      </Section>
      {state.rejection_note !== null && (state.status === 'can_apply' || state.status === 'conditions_not_met') ? (
        <Section header={<Trans>Support’s note on your last application</Trans>}>
          <p className="merchant-status-note">{state.rejection_note}</p>
        </Section>
      ) : null}
      <Section header={<Trans>Conditions</Trans>}>
        {state.conditions.map((condition) => (
          <ConditionRow key={condition.kind} condition={condition} deposit={state.deposit} catalogue={catalogue} />
        ))}
      </Section>
      <Section
        header={<Trans>Security deposit</Trans>}
        footer={
          <Trans>
            It is held from your balance while your application is reviewed and while you are a verified merchant, and
            released 7 days after you leave, so that disputes of your last orders can still be settled.
          </Trans>
        }
      >
        <Cell
          title={<Trans context="security deposit">Deposit</Trans>}
          value={<span className="tabular">{deposit}</span>}
          subtitle={state.deposit_held ? <Trans>Held now</Trans> : <Trans>Not held</Trans>}
        />
      </Section>
      {canLeave ? (
        <div className="merchant-actions">
          <Button variant="destructive" disabled={change.isPending} onClick={() => setConfirming('leave')}>
            {state.status === 'on_review' ? (
              <Trans>Withdraw application</Trans>
            ) : (
              <Trans>Leave verified merchants</Trans>
            )}
          </Button>
        </div>
      ) : null}
      <Sheet
        open={confirming === 'apply'}
        title={<Trans>Apply as a verified merchant?</Trans>}
        description={
          <Trans>
            {deposit} will be held from your available balance now. Support reviews your application; if it is declined,
            the deposit is released at once.
          </Trans>
        }
        onClose={() => setConfirming(null)}
      >
        <Button stretched disabled={change.isPending} onClick={() => change.mutate('apply')}>
          {change.isPending ? <Trans>Applying…</Trans> : <Trans>Hold {deposit} and apply</Trans>}
        </Button>
        <Button variant="secondary" stretched disabled={change.isPending} onClick={() => setConfirming(null)}>
          <Trans>Cancel</Trans>
        </Button>
      </Sheet>
      <Sheet
        open={confirming === 'leave'}
        title={
          state.status === 'on_review' ? (
            <Trans>Withdraw your application?</Trans>
          ) : (
            <Trans>Leave verified merchants?</Trans>
          )
        }
        description={
          <Trans>
            The badge and the higher order limit end now. Your {deposit} deposit is released 7 days from now.
          </Trans>
        }
        onClose={() => setConfirming(null)}
      >
        <Button variant="destructive" stretched disabled={change.isPending} onClick={() => change.mutate('leave')}>
          {change.isPending ? <Trans>Leaving…</Trans> : <Trans>Leave</Trans>}
        </Button>
        <Button variant="secondary" stretched disabled={change.isPending} onClick={() => setConfirming(null)}>
          <Trans>Cancel</Trans>
        </Button>
      </Sheet>
    </>
  );
}

function StatusName({ status }: { status: VerifiedMerchantStatus }) {
  switch (status) {
    case 'conditions_not_met':
      return <Trans>Conditions not met yet</Trans>;
    case 'can_apply':
      return <Trans>You can apply</Trans>;
    case 'on_review':
      return <Trans>Application under review</Trans>;
    case 'verified_merchant':
      return <Trans>You are a verified merchant</Trans>;
    case 'refund_pending':
      return <Trans>Deposit refund pending</Trans>;
  }
}

function StatusNote({
  status,
  deposit,
  refundDate,
}: {
  status: VerifiedMerchantStatus;
  deposit: string;
  refundDate: string | null;
}): ReactNode {
  switch (status) {
    case 'conditions_not_met':
      return <Trans>Meet every condition below to apply.</Trans>;
    case 'can_apply':
      return <Trans>You meet every condition. Applying holds the {deposit} deposit.</Trans>;
    case 'on_review':
      return <Trans>Support is reviewing your application. Your {deposit} deposit is held meanwhile.</Trans>;
    case 'verified_merchant':
      return <Trans>Your offers and profile show the badge. Your {deposit} deposit is held.</Trans>;
    case 'refund_pending':
      return refundDate === null ? (
        <Trans>Your {deposit} deposit will be released soon.</Trans>
      ) : (
        <Trans>
          Your {deposit} deposit will be released on {refundDate}.
        </Trans>
      );
  }
}

function ConditionRow({
  condition,
  deposit,
  catalogue,
}: {
  condition: MerchantCondition;
  deposit: VerifiedMerchantState['deposit'];
  catalogue: AssetCatalogue;
}) {
  const { t } = useLingui();
  const { current, required } = condition;
  const met = condition.met ? t`Met` : t`Not met yet`;
  let title: string;
  // Under the title, so a long title and its figures never share a 320 px line.
  let progressText: ReactNode;
  switch (condition.kind) {
    case 'completed_orders':
      title = t`Completed orders`;
      progressText = `${t`${current} of ${required}`} · ${met}`;
      break;
    case 'completion_percent_30d':
      title = t`Completion rate, 30 days`;
      progressText = `${t`${current}% of ${required}%`} · ${met}`;
      break;
    case 'verification_level':
      title = t`Merchant verification`;
      progressText = condition.met ? (
        met
      ) : (
        <>
          {`${met} · `}
          <Link to="/account/verification">{t`Verify`}</Link>
        </>
      );
      break;
    case 'deposit_balance': {
      const have = formatCrypto(current, deposit.asset, catalogue);
      const need = formatCrypto(required, deposit.asset, catalogue);
      title = t`Balance for the deposit`;
      progressText = `${t`${have} of ${need}`} · ${met}`;
      break;
    }
  }
  const progress = conditionProgress(condition);
  return (
    <div className={condition.met ? 'merchant-condition merchant-condition--met' : 'merchant-condition'}>
      <Cell title={title} subtitle={<span className="tabular">{progressText}</span>} />
      <div
        className="merchant-progress"
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <span className="merchant-progress-fill" style={{ width: `${Math.round(progress * 100)}%` }} />
      </div>
    </div>
  );
}
