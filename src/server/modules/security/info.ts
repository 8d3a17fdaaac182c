import type { SecurityInfo } from '../../../contract/security';
import type { Database } from '../../db/database';
import { hasBiometric } from './biometric';
import { lockStatus } from './lockout';
import { securityRow } from './store';

/** GET /security: the passcode, e-mail, lock and (for the device) biometric state. */
export async function securityInfo(
  db: Database,
  userId: number,
  deviceId: string | undefined,
  now: Date,
): Promise<SecurityInfo> {
  const row = await securityRow(db, userId);
  const status = lockStatus(row, now);
  return {
    passCode: row.passCodeHash !== null,
    passCodePending: row.pendingPassCodeHash !== null,
    email: row.email,
    isEmailConfirmed: row.emailConfirmed,
    biometric: deviceId === undefined ? false : await hasBiometric(db, userId, deviceId),
    lockSeconds: status.kind === 'locked' ? status.seconds : null,
    attemptsExhausted: status.kind === 'exhausted',
    outflowsHeldUntil:
      row.outflowsHeldUntil !== null && row.outflowsHeldUntil.getTime() > now.getTime()
        ? row.outflowsHeldUntil.toISOString()
        : null,
  };
}

/** The security fields of the user's settings (spec 001 s.3). */
export async function settingsSecurity(db: Database, userId: number) {
  const row = await securityRow(db, userId);
  return {
    isEmailConfirmed: row.emailConfirmed,
    passCode: row.passCodeHash !== null,
    email: row.email,
    biometric: await hasBiometric(db, userId),
  };
}
