import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { currentStepOf, providerStepOf } from '../../../../machines/verificationFlow.machine.ts';
import type { VerificationFlow, VerificationStep } from '../../../contract/verification.ts';
import type { VerificationLevel } from '../../../contract/verification-level.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { LoadFailed, Loading } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { NoAccessNotice } from './NoAccessView.tsx';
import { StepFiles } from './StepFiles.tsx';
import { StepList } from './StepList.tsx';
import type { FlowStepProps, VerificationFlowActor, VerificationFlowSnapshot } from './verificationFlow.ts';
import {
  flowErrorMessage,
  levelName,
  levelPurpose,
  resultMessage,
  stepAction,
  stepFilesHint,
  stepName,
} from './verificationMessages.ts';
import './verification.css';

/**
 * `/account/verification/{flow}`: renders the verificationFlow machine's snapshot, one screen per
 * state (machines/verificationFlow.machine.ts). `onBack` is the flow's back (a sub-flow's back
 * returns to the level; the level's leaves), `onDone` leaves the finished level.
 */
export function VerificationFlowView({
  actor,
  onBack,
  onDone,
}: {
  actor: VerificationFlowActor;
  onBack: () => void;
  onDone: () => void;
}) {
  const snapshot = useSelector(actor, (current) => current);
  const { section, flow } = snapshot.context;
  if (snapshot.hasTag('loading') || snapshot.hasTag('personalData'))
    return <FlowLoading section={section} onBack={onBack} />;
  if (snapshot.hasTag('failed') || flow === null)
    return <FlowLoadFailed section={section} onBack={onBack} onRetry={() => actor.send({ type: 'retry' })} />;
  if (snapshot.hasTag('phone')) return <PhoneStep snapshot={snapshot} actor={actor} onBack={onBack} />;
  if (snapshot.hasTag('documents')) return <DocumentsStep snapshot={snapshot} actor={actor} onBack={onBack} />;
  if (snapshot.hasTag('blocked')) return <FlowBlocked flow={flow} onBack={onBack} />;
  if (snapshot.hasTag('completed')) return <FlowCompleted flow={flow} onBack={onBack} onDone={onDone} />;
  return (
    <FlowOverview snapshot={snapshot} flow={flow} onBack={onBack} onStart={() => actor.send({ type: 'step.start' })} />
  );
}

function LevelTitle({ section, subtitle }: { section: VerificationLevel; subtitle?: ReactNode }) {
  const { i18n } = useLingui();
  return <PageTitle title={i18n._(levelName(section))} subtitle={subtitle ?? i18n._(levelPurpose(section))} />;
}

function FlowLoading({ section, onBack }: { section: VerificationLevel; onBack: () => void }) {
  useScreenActions({ main: null, back: onBack });
  return (
    <Page>
      <LevelTitle section={section} />
      <Loading />
    </Page>
  );
}

function FlowLoadFailed({
  section,
  onBack,
  onRetry,
}: {
  section: VerificationLevel;
  onBack: () => void;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  useScreenActions({ main: null, back: onBack });
  return (
    <Page>
      <LevelTitle section={section} />
      <LoadFailed message={i18n._(flowErrorMessage('load_failed'))} onRetry={onRetry} />
    </Page>
  );
}

/** The level's steps and where the person stands: ready for the next step, in review, or rejected. */
function FlowOverview({
  snapshot,
  flow,
  onBack,
  onStart,
}: {
  snapshot: VerificationFlowSnapshot;
  flow: VerificationFlow;
  onBack: () => void;
  onStart: () => void;
}) {
  const { t, i18n } = useLingui();
  const current = currentStepOf(flow);
  const rejected = snapshot.hasTag('rejected');
  const inReview = snapshot.hasTag('review');
  useScreenActions({
    main:
      current === null || inReview
        ? null
        : { label: rejected ? t`Try again` : i18n._(stepAction(current.type)), onPress: onStart },
    back: onBack,
  });
  return (
    <Page>
      <LevelTitle section={flow.section} />
      {rejected && current !== null ? <RejectedNotice step={current} /> : null}
      {inReview && current !== null ? (
        <div className="verification-notice" role="status">
          <Spinner label={t`Checking`} />
          <p>
            <Trans>We’re checking this step. It usually takes a few minutes; this page updates by itself.</Trans>
          </p>
        </div>
      ) : null}
      <StepList steps={flow.steps} current={current?.type ?? null} />
    </Page>
  );
}

function RejectedNotice({ step }: { step: VerificationStep }) {
  const { i18n } = useLingui();
  const result = resultMessage(step.result);
  return (
    <div className="verification-notice verification-notice--bad" role="alert">
      <p className="verification-notice-title">
        <Trans>Rejected: {i18n._(stepName(step.type))}</Trans>
      </p>
      {step.reason ? <p>{step.reason}</p> : null}
      {result ? <p>{i18n._(result)}</p> : null}
    </div>
  );
}

function FlowCompleted({ flow, onBack, onDone }: { flow: VerificationFlow; onBack: () => void; onDone: () => void }) {
  const { t, i18n } = useLingui();
  useScreenActions({ main: { label: t`Done`, onPress: onDone }, back: onBack });
  return (
    <Page>
      <LevelTitle
        section={flow.section}
        subtitle={<Trans>Verified: every step of {i18n._(levelName(flow.section))} is done.</Trans>}
      />
      <StepList steps={flow.steps} current={null} />
    </Page>
  );
}

function FlowBlocked({ flow, onBack }: { flow: VerificationFlow; onBack: () => void }) {
  const blockedStep = flow.steps.find((step) => step.status === 'blocked') ?? null;
  return <NoAccessNotice result={blockedStep?.result ?? null} reason={blockedStep?.reason ?? null} back={onBack} />;
}

/** PHONE_NUMBER: Telegram's prompt in the mini app, the bot elsewhere. */
function PhoneStep({ snapshot, actor, onBack }: FlowStepProps) {
  const { t, i18n } = useLingui();
  const { error, botOpened } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const viaBot = snapshot.hasTag('bot');
  useScreenActions({
    main: viaBot
      ? {
          label: botOpened ? t`Open Telegram again` : t`Open Telegram`,
          onPress: () => actor.send({ type: 'bot.open' }),
        }
      : {
          label: t`Share phone number`,
          busy,
          onPress: () => actor.send({ type: 'contact.request' }),
        },
    back: onBack,
  });
  return (
    <Page>
      <PageTitle
        title={<Trans>Your phone number</Trans>}
        subtitle={
          viaBot ? (
            <Trans>
              Open Kopilka’s bot in Telegram and tap “Share phone number”. This page moves on by itself once the bot has
              it.
            </Trans>
          ) : (
            <Trans>Telegram will ask you to share the number of this account. We use it only to verify you.</Trans>
          )
        }
      />
      {viaBot && botOpened ? (
        <div className="verification-notice" role="status">
          <Spinner label={t`Waiting`} />
          <p>
            <Trans>Waiting for the bot…</Trans>
          </p>
        </div>
      ) : null}
      {error ? (
        <p className="verification-error" role="alert">
          {i18n._(flowErrorMessage(error))}
        </p>
      ) : null}
    </Page>
  );
}

/** SUMSUB_*: upload the files one at a time, then send them for review. */
function DocumentsStep({ snapshot, actor, onBack }: FlowStepProps) {
  const { i18n } = useLingui();
  const type = providerStepOf(snapshot.context.flow) ?? 'SUMSUB_BASIC';
  return (
    <Page>
      <PageTitle title={i18n._(stepName(type))} subtitle={i18n._(stepFilesHint(type))} />
      <StepFiles snapshot={snapshot} actor={actor} type={type} onBack={onBack} />
      {snapshot.context.error ? (
        <p className="verification-error" role="alert">
          {i18n._(flowErrorMessage(snapshot.context.error))}
        </p>
      ) : null}
    </Page>
  );
}
