import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';

/**
 * The security info (`GET /security`) in a module of its own: the withdraw screen needs it before
 * it paints (is a passcode set, a running lockout, held outflows), the rest of the security
 * contract only at the passcode step, and a module goes into one chunk whole (docs/performance.md).
 */

/** A device id sent with biometric calls. */
export const deviceId = z.string().check(z.minLength(1), z.maxLength(128));

export const securityInfo = z.object({
  /** A passcode is set and confirmed in the bot chat. */
  passCode: z.boolean(),
  /** A passcode was set and waits for the bot confirmation. */
  passCodePending: z.boolean(),
  email: z.nullable(z.string()),
  isEmailConfirmed: z.boolean(),
  /** Biometrics are enabled for the device of the query. */
  biometric: z.boolean(),
  /** Seconds the passcode check stays locked, or null when it is open (or locked for the day). */
  lockSeconds: z.nullable(z.number()),
  /** The day's lockouts are used up: passcode checks are refused until the day rolls over. */
  attemptsExhausted: z.boolean(),
  /**
   * Withdrawals (and P2P releases) are paused until this moment (ISO 8601) after a passcode
   * recovery or a backup e-mail change; null or absent: money may leave.
   */
  outflowsHeldUntil: z.optional(z.nullable(z.string())),
});
export type SecurityInfo = z.infer<typeof securityInfo>;

export const getSecurityEndpoint = defineEndpoint({
  method: 'GET',
  path: '/security',
  query: z.object({ deviceId: z.optional(deviceId) }),
  response: securityInfo,
  errors: [401],
  auth: true,
});
