import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { SectionStatus, VerificationOverview } from '../../../contract/verification.ts';
import type { VerificationLevel } from '../../../contract/verification-level.ts';
import { verificationOverviewQueryOptions } from '../../api/verificationQueries.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell } from '../../ui/Cell.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { levelName, levelPurpose, sectionStatusName } from './verificationMessages.ts';
import './verification.css';

/**
 * `/account/verification`: what is verified (phone, passport, address: spec 001's "Verification
 * status"), then every level with its status, each leading to its flow (`GET /verification`),
 * then the way to the documents and to what compliance asks.
 */
export function VerificationLevelsView() {
  const overview = useQuery(verificationOverviewQueryOptions());
  useScreenActions({ back: useBack({ to: '/account' }) });
  return (
    <Page>
      <PageTitle
        title={<Trans>Verification</Trans>}
        subtitle={<Trans>Some features need to know who you are. Each level lists the steps it takes.</Trans>}
      />
      <QueryGate query={overview} failed={() => <Trans>Couldn’t load your verification.</Trans>}>
        {(data) => <Levels overview={data} />}
      </QueryGate>
    </Page>
  );
}

/** A level's purpose, and under it its status in its colour (a value beside it would crowd 320 px). */
function LevelSubtitle({ level, status }: { level: VerificationLevel; status: SectionStatus }) {
  const { i18n } = useLingui();
  return (
    <>
      <span className="verification-level-purpose">{i18n._(levelPurpose(level))}</span>
      <span className={`verification-level verification-level--${status}`}>{i18n._(sectionStatusName(status))}</span>
    </>
  );
}

function FactValue({ done }: { done: boolean }) {
  return (
    <span className={done ? 'verification-status verification-status--completed' : 'verification-status'}>
      {done ? <Trans context="fact">Verified</Trans> : <Trans context="fact">Not verified</Trans>}
    </span>
  );
}

function Levels({ overview }: { overview: VerificationOverview }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <Section header={t`Status`}>
        <Cell
          title={<Trans>Phone</Trans>}
          subtitle={overview.phone ?? undefined}
          value={<FactValue done={overview.phone !== null} />}
        />
        <Cell title={<Trans>Passport</Trans>} value={<FactValue done={overview.passport.completed} />} />
        <Cell title={<Trans>Address</Trans>} value={<FactValue done={overview.address.completed} />} />
      </Section>
      <Section header={t`Levels`}>
        {overview.levels.map(({ level, status }) => (
          <Link key={level} to="/account/verification/$flow" params={{ flow: level }}>
            <Cell title={i18n._(levelName(level))} subtitle={<LevelSubtitle level={level} status={status} />} chevron />
          </Link>
        ))}
      </Section>
      <Section header={t`Compliance`}>
        <Link to="/account/verification/documents">
          <Cell
            title={<Trans>Documents</Trans>}
            subtitle={<Trans>What you have sent and what is asked for</Trans>}
            chevron
          />
        </Link>
        <Link to="/compliance">
          <Cell
            title={<Trans>Compliance requests</Trans>}
            subtitle={<Trans>What our compliance team needs from you</Trans>}
            chevron
          />
        </Link>
      </Section>
    </>
  );
}
