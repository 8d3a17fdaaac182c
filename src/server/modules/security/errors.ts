import { securityErrorCodes } from '../../../contract/security';
import { ApiError } from '../../http/api-error';

/** The security calls' failures: stable codes with English messages (spec 001 s.8). */
export const securityErrors = {
  wrongPassCode: (attemptsLeft: number) =>
    new ApiError(403, securityErrorCodes.wrongPassCode, 'The passcode is wrong', { attemptsLeft }),
  passCodeNotSet: () => new ApiError(404, securityErrorCodes.passCodeNotSet, 'No passcode is set'),
  passCodeAlreadySet: () =>
    new ApiError(409, securityErrorCodes.passCodeAlreadySet, 'A passcode is already set; change it through recovery'),
  tooManyAttempts: (seconds: number) =>
    new ApiError(429, securityErrorCodes.tooManyAttempts, 'Too many wrong passcodes; try again later', { seconds }),
  attemptsExhausted: () =>
    new ApiError(
      429,
      securityErrorCodes.attemptsExhausted,
      'Too many attempts today; try again tomorrow or contact support',
    ),
  resendTooSoon: (seconds: number) =>
    new ApiError(429, securityErrorCodes.resendTooSoon, 'A code was sent moments ago; wait before asking again', {
      seconds,
    }),
  emailNotSet: () => new ApiError(404, securityErrorCodes.emailNotSet, 'No confirmed backup e-mail is set'),
  emailNotConfirmed: () =>
    new ApiError(403, securityErrorCodes.emailNotConfirmed, 'Confirm a backup e-mail before setting a passcode'),
  emailInUse: () => new ApiError(409, securityErrorCodes.emailInUse, 'This e-mail belongs to another account'),
  emailAlreadyConfirmed: () =>
    new ApiError(409, securityErrorCodes.emailAlreadyConfirmed, 'This e-mail is already your confirmed backup e-mail'),
  wrongCode: (attemptsLeft: number) =>
    new ApiError(403, securityErrorCodes.wrongCode, 'The code is wrong', { attemptsLeft }),
  codeNotFound: () =>
    new ApiError(404, securityErrorCodes.codeNotFound, 'The code has expired, was used up or does not exist'),
  invalidToken: () =>
    new ApiError(403, securityErrorCodes.invalidToken, 'The confirmation token is invalid, used or expired'),
  biometricNotFound: () =>
    new ApiError(404, securityErrorCodes.biometricNotFound, 'Biometrics are not enabled for this device'),
  confirmationRequired: (needs: { readonly passCode: boolean; readonly email: boolean }) =>
    new ApiError(
      403,
      securityErrorCodes.confirmationRequired,
      'Changing a confirmed backup e-mail needs the passcode and a code sent to the current address',
      needs,
    ),
  sessionNotFound: () => new ApiError(404, securityErrorCodes.sessionNotFound, 'No such session was found'),
  botUnavailable: () =>
    new ApiError(502, 'bot_unavailable', 'The bot could not send the confirmation message; try again'),
};
