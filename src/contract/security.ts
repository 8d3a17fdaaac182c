import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { opaqueToken } from './opaque-token';
import { resultAnswer } from './result-answer';
import { deviceId, getSecurityEndpoint } from './security-info';

/** Passcode: digits only, exactly 4 (spec 001 s.5, s.9). */
export const passCodeLength = 4;
/** E-mail code: digits only, 6 long (spec 001 s.5, s.9). */
export const emailCodeLength = 6;
/** A new e-mail code may be asked for this long after the last one (spec 001 s.9). */
export const resendWaitMs = 60_000;

export const passCode = z.string().check(z.regex(/^\d{4}$/, 'Expected 4 digits'));
export const emailCode = z.string().check(z.regex(/^\d{6}$/, 'Expected 6 digits'));

/** Transaction types seen in passcode calls, and the token purposes (spec 001 s.3). */
export const transactionTypes = [
  'p2p',
  'addBiometric',
  'changePassCode',
  'withdraw',
  'withdraw_declined_deposit',
  'add_biometric',
  'pay_invoice',
  'bot',
  'p2c_qr',
  'dev_portal',
  'change_email',
] as const;
export const transactionType = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionType>;

/** Security flow types (spec 001 s.3). */
export const securityFlowTypes = ['change_pass_code', 'change_email', 'create_email'] as const;
export type SecurityFlowType = (typeof securityFlowTypes)[number];

/** The backup e-mail: trimmed and lowercased, basic pattern (spec 001 s.5). */
export const backupEmail = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)),
  z.string().check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Expected an e-mail address')),
);

export { opaqueToken } from './opaque-token';
export { deviceId, type SecurityInfo, securityInfo } from './security-info';
/** The operation a confirmation token is bound to, e.g. an order's 64-character unique hash. */
export const operationHash = z.string().check(z.minLength(1), z.maxLength(256));

export { resultAnswer } from './result-answer';
export const tokenAnswer = z.object({ token: z.string() });
export const idAnswer = z.object({ id: z.string() });

/** `data` of a 429: how long to wait. Absent on the daily cap (contact support). */
export const waitData = z.object({ seconds: z.number() });
/** `data` of a 403 for a wrong passcode or code. */
export const attemptsData = z.object({ attemptsLeft: z.number() });
/** `data` of a 403 `outflows_held`: when money may leave again (ISO 8601) and the seconds until then. */
export const outflowsHeldData = z.object({ until: z.string(), seconds: z.number() });
/** `data` of a 403 `confirmation_required`: which confirmations the call needs. */
export const confirmationRequiredData = z.object({ passCode: z.boolean(), email: z.boolean() });

/** After a passcode recovery or a backup e-mail change, money does not leave for this long. */
export const outflowHoldMs = 24 * 60 * 60_000;

/**
 * verify-email / change-email. Without a confirmed backup e-mail (flow `create_email`) the
 * address alone. To replace a confirmed one (flow `change_email`) also:
 * - `mailConfirmationToken`: a mail confirmation token for `change_email` (the code sent to the
 *   current address through `POST /security/email-code`), always;
 * - `passCodeConfirmationToken`: a passcode confirmation token for `change_email` (any hash),
 *   when a passcode is active.
 * Missing ones are 403 `confirmation_required`, invalid ones 403 `invalid_token` (both spent).
 * A resend to the same new address within the 10 minutes the confirmations bought needs no
 * tokens again.
 */
export const verifyEmailBody = z.object({
  email: backupEmail,
  passCodeConfirmationToken: z.optional(opaqueToken),
  mailConfirmationToken: z.optional(opaqueToken),
});

/** A signed-in device (session) of the user. */
export const sessionItem = z.object({
  id: z.string(),
  /** `mini_app` or `web`; null for sessions opened before the platform was recorded. */
  platform: z.nullable(z.string()),
  /** A short label: the Telegram client, or the browser and system ("Chrome on Windows"). */
  device: z.nullable(z.string()),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionList = z.object({ sessions: z.array(sessionItem) });
export const sessionIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * Stable error codes of the security calls (spec 001 s.8); the client translates them, the
 * message is English.
 */
export const securityErrorCodes = {
  wrongPassCode: 'wrong_pass_code',
  passCodeNotSet: 'pass_code_not_set',
  passCodeAlreadySet: 'pass_code_already_set',
  tooManyAttempts: 'too_many_attempts',
  attemptsExhausted: 'attempts_exhausted',
  resendTooSoon: 'resend_too_soon',
  emailNotSet: 'email_not_set',
  emailNotConfirmed: 'email_not_confirmed',
  emailInUse: 'email_in_use',
  emailAlreadyConfirmed: 'email_already_confirmed',
  wrongCode: 'wrong_code',
  codeNotFound: 'code_not_found',
  invalidToken: 'invalid_token',
  biometricNotFound: 'biometric_not_found',
  /** 403, data { passCode, email }: changing a confirmed e-mail needs these confirmations. */
  confirmationRequired: 'confirmation_required',
  /** 403, data { until, seconds }: money may not leave yet after a recovery or an e-mail change. */
  outflowsHeld: 'outflows_held',
  /** 404: no such session of this user. */
  sessionNotFound: 'session_not_found',
} as const;

export const securityEndpoints = {
  getSecurity: getSecurityEndpoint,
  /** set-passcode: needs a confirmed e-mail; active after the bot confirmation. */
  setPassCode: defineEndpoint({
    method: 'POST',
    path: '/security/pass-code',
    body: z.object({ code: passCode }),
    response: resultAnswer,
    errors: [401, 403, 409],
    auth: true,
  }),
  /** verify-passcode: a single-use confirmation token bound to transactionType and hash. */
  passCodeToken: defineEndpoint({
    method: 'POST',
    path: '/security/pass-code/token',
    body: z.object({ code: passCode, transactionType, hash: operationHash }),
    response: tokenAnswer,
    errors: [401, 403, 404, 429],
    auth: true,
  }),
  /**
   * forgot-passcode / change-passcode: a new code with a mail confirmation token (changePassCode).
   * The new code is pending until confirmed through the bot's link, like set-passcode.
   */
  recoverPassCode: defineEndpoint({
    method: 'POST',
    path: '/security/pass-code/recovery',
    body: z.object({ code: passCode, mailConfirmationToken: opaqueToken }),
    response: resultAnswer,
    errors: [401, 403, 404, 502],
    auth: true,
  }),
  /**
   * send-email-code: a code to the confirmed e-mail for a transaction type. The e-mail change
   * (`change_email`) may show its passcode confirmation token: such a send is the person's own
   * and does not wait behind another code sent in the last 60 s.
   */
  sendEmailCode: defineEndpoint({
    method: 'POST',
    path: '/security/email-code',
    body: z.object({ transactionType, passCodeConfirmationToken: z.optional(opaqueToken) }),
    response: idAnswer,
    errors: [401, 404, 429],
    auth: true,
  }),
  /** verify-email-code: the code → a single-use mail confirmation token for its transaction type. */
  emailCodeToken: defineEndpoint({
    method: 'POST',
    path: '/security/email-code/token',
    body: z.object({ code: emailCode, id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: tokenAnswer,
    errors: [401, 403, 404],
    auth: true,
  }),
  /** add-biometric: a biometric token for the device, paid for with a passcode confirmation token. */
  addBiometric: defineEndpoint({
    method: 'POST',
    path: '/security/biometric',
    body: z.object({ deviceId, passCodeConfirmationToken: opaqueToken }),
    response: tokenAnswer,
    errors: [401, 403],
    auth: true,
  }),
  /** verify-biometric: the device's biometric token → a confirmation token. */
  biometricToken: defineEndpoint({
    method: 'POST',
    path: '/security/biometric/token',
    body: z.object({ deviceId, token: opaqueToken, transactionType, hash: operationHash }),
    response: tokenAnswer,
    errors: [401, 404],
    auth: true,
  }),
  /** Turns biometrics off for a device (revokes its token). */
  removeBiometric: defineEndpoint({
    method: 'DELETE',
    path: '/security/biometric',
    query: z.object({ deviceId }),
    response: resultAnswer,
    errors: [401],
    auth: true,
  }),
  /** verify-email / change-email: sets the address to confirm and mails a code; answers the code id. */
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/user/verify-email',
    body: verifyEmailBody,
    response: idAnswer,
    errors: [401, 403, 409, 429],
    auth: true,
  }),
  /** confirm-email: the code makes the address the confirmed backup e-mail. */
  confirmEmail: defineEndpoint({
    method: 'POST',
    path: '/user/confirm-email',
    body: z.object({ code: emailCode, id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: resultAnswer,
    errors: [401, 403, 404, 409],
    auth: true,
  }),
  /** The user's live sessions (signed-in devices), newest use first; this one is `current`. */
  listSessions: defineEndpoint({
    method: 'GET',
    path: '/security/sessions',
    response: sessionList,
    errors: [401],
    auth: true,
  }),
  /** Ends one of the user's sessions (another user's id, or an unknown one, is 404). */
  endSession: defineEndpoint({
    method: 'DELETE',
    path: '/security/sessions/:id',
    params: sessionIdParams,
    response: resultAnswer,
    errors: [401, 404],
    auth: true,
  }),
  /** Ends every session of the user but this one. */
  endOtherSessions: defineEndpoint({
    method: 'DELETE',
    path: '/security/sessions',
    response: resultAnswer,
    errors: [401],
    auth: true,
  }),
};
