import { useLingui } from '@lingui/react/macro';
import type { StepStatus, VerificationStep, VerificationStepType } from '../../../contract/verification.ts';
import { Cell } from '../../ui/Cell.tsx';
import { Section } from '../../ui/Section.tsx';
import { stepName, stepStatusName } from './verificationMessages.ts';

/** A step's mark: its number in a ring, a check when done (drawn, so it is no part of the row's text). */
function StepMark({ status, number }: { status: StepStatus; number: number }) {
  return (
    <span
      className={`verification-mark verification-mark--${status}`}
      data-number={status === 'completed' ? undefined : number}
      aria-hidden="true"
    >
      {status === 'completed' ? (
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <path
            d="m2.5 7.5 3 3 6-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : null}
    </span>
  );
}

/**
 * A level's steps in order, each with its status; the current one says so. The server marks the
 * steps after the current one `blocked` (they cannot be taken yet): for the person they are
 * simply not started. Only the current step's `blocked` means what it says.
 */
export function StepList({
  steps,
  current,
}: {
  steps: readonly VerificationStep[];
  current: VerificationStepType | null;
}) {
  const { t, i18n } = useLingui();
  const currentIndex = steps.findIndex((step) => step.type === current);
  return (
    <Section header={t`Steps`}>
      <ol className="verification-steps">
        {steps.map((step, index) => {
          const status: StepStatus =
            step.status === 'blocked' && currentIndex !== -1 && index > currentIndex ? 'not_started' : step.status;
          return (
            <li key={step.type} aria-current={step.type === current ? 'step' : undefined}>
              <Cell
                icon={<StepMark status={status} number={index + 1} />}
                title={i18n._(stepName(step.type))}
                value={
                  // A step not started says so only to screen readers: its numbered ring shows it.
                  <span
                    className={
                      status === 'not_started'
                        ? 'visually-hidden'
                        : `verification-status verification-status--${status}`
                    }
                  >
                    {i18n._(stepStatusName(status))}
                  </span>
                }
              />
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
