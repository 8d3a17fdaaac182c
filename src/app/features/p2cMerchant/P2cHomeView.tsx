import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { P2cProfile } from '../../../contract/p2c.ts';
import { p2cProfileQueryOptions } from '../../api/p2cMerchantQueries.ts';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatCrypto, formatFiat } from '../../lib/p2p/offerFormat.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { merchantFailureOf } from './merchantTexts.ts';
import { useLiveList } from './useLiveList.ts';
import './p2c-merchant.css';

/**
 * /p2c: the area's home. A merchant sees how many payments wait in the live list now, their
 * accounts and the last 30 days; anyone else what P2C is and how to become a merchant (the
 * `p2c-merchant` verification). Everyone reaches their own payments.
 */
export function P2cHomeView() {
  const { t, i18n } = useLingui();
  const profile = useQuery(p2cProfileQueryOptions());
  useScreenActions({ main: null, back: useBack({ to: '/' }) });
  return (
    <Page>
      <PageTitle title={t`Pay by QR`} subtitle={<Trans>Shops’ Russian QR codes, paid with crypto.</Trans>} />
      <QueryGate query={profile} failed={(error) => i18n._(merchantFailureOf(error, 'summary'))}>
        {(data) => (data.is_merchant ? <MerchantHome profile={data} /> : <BecomeMerchant />)}
      </QueryGate>
      <Section>
        <Link to="/p2c/payments">
          <Cell title={t`My payments`} chevron />
        </Link>
      </Section>
    </Page>
  );
}

function MerchantHome({ profile }: { profile: P2cProfile }) {
  const { t } = useLingui();
  const catalogue = useQuery(assetCatalogueQueryOptions()).data;
  const { as_merchant: merchant, active_accounts: active } = profile;
  const completed = merchant.completed;
  return (
    <>
      <Section header={t`Payments to take`}>
        {profile.can_take ? (
          <LiveCount />
        ) : (
          <Link to="/p2c/methods">
            <Cell
              title={t`Add an account to take payments`}
              subtitle={t`Payments are paid from your own bank account or card.`}
              chevron
            />
          </Link>
        )}
      </Section>
      <Section header={t`Last 30 days`}>
        <Cell title={t`Payments completed`} value={<span className="tabular">{completed}</span>} />
        <Cell
          title={t`Paid to shops`}
          value={<span className="tabular">{formatFiat(merchant.fiat_total, 'RUB', catalogue)}</span>}
        />
        {merchant.rewards_30d.map((reward) => (
          <Cell
            key={reward.asset}
            title={t`Received in ${reward.asset}`}
            value={<span className="tabular">{formatCrypto(reward.amount, reward.asset, catalogue)}</span>}
          />
        ))}
      </Section>
      <Section>
        <Link to="/p2c/methods">
          <Cell
            title={t`Payment accounts`}
            subtitle={<Plural value={active} _0="None active" one="# active" other="# active" />}
            chevron
          />
        </Link>
        <Link to="/p2c/profile">
          <Cell title={t`Merchant profile`} chevron />
        </Link>
        <Link to="/p2c/statements">
          <Cell title={t`Statements`} chevron />
        </Link>
        <Link to="/p2c/checks">
          <Cell title={t`Receipts`} chevron />
        </Link>
      </Section>
    </>
  );
}

/** How many payments wait now, live; the row opens the list. */
function LiveCount() {
  const { t } = useLingui();
  const live = useLiveList();
  const count = live.items.length;
  return (
    <Link to="/p2c/orders">
      <Cell
        title={t`Live payments`}
        subtitle={
          live.status === 'live' ? (
            <Plural value={count} _0="Nothing waiting now" one="# waiting now" other="# waiting now" />
          ) : (
            <Trans>Connecting…</Trans>
          )
        }
        chevron
      />
    </Link>
  );
}

function BecomeMerchant() {
  return (
    <>
      <Section>
        <div className="p2c-merchant-about">
          <p>
            <Trans>
              A client scans a shop’s QR code and pays in crypto. A merchant pays the shop in roubles from their own
              bank within 5 minutes and receives the client’s crypto.
            </Trans>
          </p>
          <p className="p2c-merchant-hint">
            <Trans>
              To become a merchant, pass the P2C merchant verification, then add a bank account or card in your name.
            </Trans>
          </p>
        </div>
      </Section>
      <Section>
        <Link to="/account/verification/$flow" params={{ flow: 'p2c-merchant' }}>
          <Cell title={<Trans>Become a merchant</Trans>} chevron />
        </Link>
      </Section>
    </>
  );
}
