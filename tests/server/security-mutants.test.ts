import { describe, expect, it } from 'vitest';
import { securityErrors } from '../../src/server/modules/security/errors';
import { outflowsHeldError } from '../../src/server/modules/security/outflow-hold';

// Security behaviour that mutation testing (docs/testing.md) found no test for. The refusals'
// messages are part of every answer ({ code, message, data }) and what a client without its own
// text for a code shows, so each is pinned word for word.

describe('the security refusals', () => {
  it('say what happened in plain words, with their status, code and data', () => {
    expect(securityErrors.wrongPassCode(3)).toMatchObject({
      statusCode: 403,
      code: 'wrong_pass_code',
      message: 'The passcode is wrong',
      data: { attemptsLeft: 3 },
    });
    expect(securityErrors.passCodeNotSet()).toMatchObject({
      statusCode: 404,
      code: 'pass_code_not_set',
      message: 'No passcode is set',
    });
    expect(securityErrors.passCodeAlreadySet()).toMatchObject({
      statusCode: 409,
      code: 'pass_code_already_set',
      message: 'A passcode is already set; change it through recovery',
    });
    expect(securityErrors.tooManyAttempts(60)).toMatchObject({
      statusCode: 429,
      code: 'too_many_attempts',
      message: 'Too many wrong passcodes; try again later',
      data: { seconds: 60 },
    });
    expect(securityErrors.attemptsExhausted()).toMatchObject({
      statusCode: 429,
      code: 'attempts_exhausted',
      message: 'Too many attempts today; try again tomorrow or contact support',
    });
    expect(securityErrors.resendTooSoon(42)).toMatchObject({
      statusCode: 429,
      code: 'resend_too_soon',
      message: 'A code was sent moments ago; wait before asking again',
      data: { seconds: 42 },
    });
    expect(securityErrors.emailNotSet()).toMatchObject({
      statusCode: 404,
      code: 'email_not_set',
      message: 'No confirmed backup e-mail is set',
    });
    expect(securityErrors.emailNotConfirmed()).toMatchObject({
      statusCode: 403,
      code: 'email_not_confirmed',
      message: 'Confirm a backup e-mail before setting a passcode',
    });
    expect(securityErrors.emailInUse()).toMatchObject({
      statusCode: 409,
      code: 'email_in_use',
      message: 'This e-mail belongs to another account',
    });
    expect(securityErrors.emailAlreadyConfirmed()).toMatchObject({
      statusCode: 409,
      code: 'email_already_confirmed',
      message: 'This e-mail is already your confirmed backup e-mail',
    });
    expect(securityErrors.wrongCode(4)).toMatchObject({
      statusCode: 403,
      code: 'wrong_code',
      message: 'The code is wrong',
      data: { attemptsLeft: 4 },
    });
    expect(securityErrors.codeNotFound()).toMatchObject({
      statusCode: 404,
      code: 'code_not_found',
      message: 'The code has expired, was used up or does not exist',
    });
    expect(securityErrors.invalidToken()).toMatchObject({
      statusCode: 403,
      code: 'invalid_token',
      message: 'The confirmation token is invalid, used or expired',
    });
    expect(securityErrors.biometricNotFound()).toMatchObject({
      statusCode: 404,
      code: 'biometric_not_found',
      message: 'Biometrics are not enabled for this device',
    });
    expect(securityErrors.confirmationRequired({ passCode: true, email: false })).toMatchObject({
      statusCode: 403,
      code: 'confirmation_required',
      message: 'Changing a confirmed backup e-mail needs the passcode and a code sent to the current address',
      data: { passCode: true, email: false },
    });
    expect(securityErrors.sessionNotFound()).toMatchObject({
      statusCode: 404,
      code: 'session_not_found',
      message: 'No such session was found',
    });
    expect(securityErrors.botUnavailable()).toMatchObject({
      statusCode: 502,
      code: 'bot_unavailable',
      message: 'The bot could not send the confirmation message; try again',
    });
  });

  it('say when held money may leave, in whole seconds rounded up', () => {
    const until = new Date('2026-11-25T10:00:00.000Z');

    expect(outflowsHeldError(until, new Date('2026-11-25T09:59:58.500Z'))).toMatchObject({
      statusCode: 403,
      code: 'outflows_held',
      message: 'Money cannot leave the account yet: a recent passcode recovery or e-mail change holds it for 24 hours',
      data: { until: '2026-11-25T10:00:00.000Z', seconds: 2 },
    });
  });
});
