import { verificationErrorCodes } from '../../../contract/verification';
import type { VerificationLevel } from '../../../contract/verification-level';
import { ApiError } from '../../http/api-error';

/** Verification's failures: stable codes with English messages. */
export const verificationErrors = {
  contactInvalid: () =>
    new ApiError(403, verificationErrorCodes.contactInvalid, 'The shared contact is not valid or not your own'),
  stepUnavailable: () =>
    new ApiError(
      409,
      verificationErrorCodes.stepUnavailable,
      'This step cannot be taken now: an earlier step is not completed, or it is done or in review already',
    ),
  personalDataRefused: (result: 'UNDER_18' | 'RESTRICTED_REGION') =>
    new ApiError(
      422,
      verificationErrorCodes.personalDataRefused,
      result === 'UNDER_18'
        ? 'Verification is available from the age of 18'
        : 'Verification is not available in the country of residence',
      { result },
    ),
  verificationRequired: (level: VerificationLevel) =>
    new ApiError(403, verificationErrorCodes.verificationRequired, 'Pass verification to continue', { level }),
  fileNotFound: () =>
    new ApiError(404, verificationErrorCodes.fileNotFound, 'A file of the submission is not one of your uploads'),
};
