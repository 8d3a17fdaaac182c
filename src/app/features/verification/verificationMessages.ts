import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VerificationFlowError } from '../../../../machines/verificationFlow.machine.ts';
import type {
  SectionStatus,
  StepStatus,
  VerificationResult,
  VerificationStepType,
} from '../../../contract/verification.ts';
import type { VerificationLevel } from '../../../contract/verification-level.ts';

/**
 * Verification's words per code (levels, steps, statuses, results, the flow's errors), as Lingui
 * messages: render with `i18n._(…)`. The same word for the same thing on every screen.
 */

export function levelName(level: VerificationLevel): MessageDescriptor {
  switch (level) {
    case 'basic':
      return msg`Basic`;
    case 'withdraw':
      return msg`Withdrawals`;
    case 'p2c-client':
      return msg`P2C payments`;
    case 'p2p-merchant':
      return msg`P2P merchant`;
    case 'p2c-merchant':
      return msg`P2C merchant`;
    case 'full':
      return msg`Full verification`;
  }
}

/** What a level gives, in one line under its name. */
export function levelPurpose(level: VerificationLevel): MessageDescriptor {
  switch (level) {
    case 'basic':
      return msg`Phone number and personal data`;
    case 'withdraw':
      return msg`Needed to withdraw crypto`;
    case 'p2c-client':
      return msg`Pay merchants in fiat: adds your passport`;
    case 'p2p-merchant':
      return msg`Trade as a P2P merchant: adds proof of address`;
    case 'p2c-merchant':
      return msg`Accept P2C payments: adds a selfie check`;
    case 'full':
      return msg`Every step`;
  }
}

export function stepName(type: VerificationStepType): MessageDescriptor {
  switch (type) {
    case 'PHONE_NUMBER':
      return msg`Phone number`;
    case 'BASIC':
      return msg`Personal data`;
    case 'SUMSUB_BASIC':
      return msg`Passport`;
    case 'SUMSUB_ADDRESS':
      return msg`Proof of address`;
    case 'SUMSUB_VIDEO':
      return msg`Selfie with your passport`;
  }
}

/** The button that takes a step. */
export function stepAction(type: VerificationStepType): MessageDescriptor {
  switch (type) {
    case 'PHONE_NUMBER':
      return msg`Share phone number`;
    case 'BASIC':
      return msg`Fill in personal data`;
    case 'SUMSUB_BASIC':
      return msg`Upload passport`;
    case 'SUMSUB_ADDRESS':
      return msg`Upload proof of address`;
    case 'SUMSUB_VIDEO':
      return msg`Upload a selfie`;
  }
}

/** What to upload for a provider step. */
export function stepFilesHint(type: VerificationStepType): MessageDescriptor {
  switch (type) {
    case 'SUMSUB_ADDRESS':
      return msg`A utility bill or bank statement from the last 3 months with your name and address. A photo or a PDF.`;
    case 'SUMSUB_VIDEO':
      return msg`A photo of your face holding your open passport next to it, both clearly visible.`;
    default:
      return msg`The page of your passport with your photo, all four corners visible. A photo or a PDF.`;
  }
}

export function stepStatusName(status: StepStatus): MessageDescriptor {
  switch (status) {
    case 'not_started':
      return msg`Not started`;
    case 'in_progress':
      return msg`In review`;
    case 'completed':
      return msg`Done`;
    case 'rejected':
      return msg`Rejected`;
    case 'blocked':
      return msg`Blocked`;
  }
}

export function sectionStatusName(status: SectionStatus): MessageDescriptor {
  switch (status) {
    case 'action_required':
      return msg`Not verified`;
    case 'completed':
      return msg`Verified`;
    case 'blocked':
      return msg`Blocked`;
  }
}

/** Why a step was turned down or blocked, by its result; null when the result says nothing more. */
export function resultMessage(result: VerificationResult | null): MessageDescriptor | null {
  switch (result) {
    case 'UNDER_18':
      return msg`You must be 18 or older to be verified.`;
    case 'ABOVE_65':
      return msg`We can’t verify people over 65 online. Contact support.`;
    case 'RESTRICTED_REGION':
      return msg`Kopilka isn’t available in your country of residence.`;
    case 'FAILED':
      return msg`The check didn’t pass.`;
    default:
      return null;
  }
}

export function flowErrorMessage(error: VerificationFlowError): MessageDescriptor {
  switch (error) {
    case 'load_failed':
      return msg`Couldn’t load the verification.`;
    case 'contact_cancelled':
      return msg`You didn’t share your number. Share it to go on.`;
    case 'contact_invalid':
      return msg`This isn’t your Telegram number. Share the number of this account.`;
    case 'step_unavailable':
      return msg`This step isn’t available now. Go back and check the steps before it.`;
    case 'files_missing':
      return msg`A file is missing. Upload it again.`;
    case 'rate_limited':
      return msg`Too many attempts. Try again later.`;
    case 'no_connection':
      return msg`No connection. Check your internet and try again.`;
    case 'submit_failed':
      return msg`Couldn’t send. Try again.`;
  }
}
