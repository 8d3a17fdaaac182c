/**
 * The passcode lockout schedule, as pure functions over the stored counters.
 *
 * - 5 wrong passcodes in a row lock passcode checks.
 * - The n-th lockout within a day lasts 60 s, 5 min, 15 min, then 1 h.
 * - The 5th lockout within the day (24 h from the first one) is the daily cap: checks stay
 *   refused, with no seconds count, until that day is over.
 */
export const maxFailedAttempts = 5;
export const lockoutSeconds: readonly number[] = [60, 5 * 60, 15 * 60, 60 * 60];
export const dailyLockoutCap = 5;
export const lockoutWindowMs = 24 * 60 * 60_000;

export interface LockState {
  readonly failedAttempts: number;
  readonly lockedUntil: Date | null;
  readonly lockouts: number;
  readonly lockoutWindowStart: Date | null;
}

export type LockStatus =
  | { readonly kind: 'open' }
  | { readonly kind: 'locked'; readonly seconds: number }
  | { readonly kind: 'exhausted' };

/** The state with a finished day forgotten: its lockouts no longer count. */
export function currentState(state: LockState, now: Date): LockState {
  const start = state.lockoutWindowStart;
  if (start === null || now.getTime() < start.getTime() + lockoutWindowMs) return state;
  return { failedAttempts: state.failedAttempts, lockedUntil: null, lockouts: 0, lockoutWindowStart: null };
}

export function lockStatus(state: LockState, now: Date): LockStatus {
  const current = currentState(state, now);
  if (current.lockouts >= dailyLockoutCap) return { kind: 'exhausted' };
  const until = current.lockedUntil;
  if (until !== null && until.getTime() > now.getTime()) {
    return { kind: 'locked', seconds: Math.ceil((until.getTime() - now.getTime()) / 1000) };
  }
  return { kind: 'open' };
}

/** The counters after one more wrong passcode (a lockout starts at the 5th in a row). */
export function afterFailure(state: LockState, now: Date): LockState {
  const current = currentState(state, now);
  const failedAttempts = current.failedAttempts + 1;
  if (failedAttempts < maxFailedAttempts) return { ...current, failedAttempts };
  const lockouts = current.lockouts + 1;
  const windowStart = current.lockoutWindowStart ?? now;
  const lockedUntil =
    lockouts >= dailyLockoutCap
      ? new Date(windowStart.getTime() + lockoutWindowMs)
      : new Date(now.getTime() + 1000 * (lockoutSeconds[Math.min(lockouts, lockoutSeconds.length) - 1] ?? 3600));
  return { failedAttempts: 0, lockedUntil, lockouts, lockoutWindowStart: windowStart };
}

/** A right passcode clears the run of failures; the day's lockouts still count. */
export function afterSuccess(state: LockState, now: Date): LockState {
  return { ...currentState(state, now), failedAttempts: 0, lockedUntil: null };
}

/** Recovery through e-mail clears everything. */
export const clearedLock: LockState = { failedAttempts: 0, lockedUntil: null, lockouts: 0, lockoutWindowStart: null };
