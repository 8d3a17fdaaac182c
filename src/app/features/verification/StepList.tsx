import { useLingui } from '@lingui/react/macro';
import type { StepStatus, VerificationStep, VerificationStepType } from '../../../contract/verification.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Section } from '../../ui/Section.tsx';
import { stepName, stepStatusName } from './verificationMessages.ts';

/** A step's mark: a check when done, its number otherwise (coloured by its status). */
function StepMark({ status, index }: { status: StepStatus; index: number }) {
  return (
    <span className={`verification-mark verification-mark--${status}`} aria-hidden="true">
      {status === 'completed' ? '✓' : index + 1}
    </span>
  );
}

/** A level's steps in order, each with its status; the current one says so. */
export function StepList({
  steps,
  current,
}: {
  steps: readonly VerificationStep[];
  current: VerificationStepType | null;
}) {
  const { t, i18n } = useLingui();
  return (
    <Section header={t`Steps`}>
      <ol className="verification-steps">
        {steps.map((step, index) => (
          <li key={step.type} aria-current={step.type === current ? 'step' : undefined}>
            <Cell
              icon={<StepMark status={step.status} index={index} />}
              title={i18n._(stepName(step.type))}
              value={
                <span className={`verification-status verification-status--${step.status}`}>
                  {i18n._(stepStatusName(step.status))}
                </span>
              }
            />
          </li>
        ))}
      </ol>
    </Section>
  );
}
