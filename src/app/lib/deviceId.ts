const deviceIdKey = 'kopilka.deviceId';

/** This device's id for biometric calls (spec 001 s.3 "local storage"): random, kept locally. */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(deviceIdKey);
    if (stored) return stored;
    const fresh = crypto.randomUUID();
    localStorage.setItem(deviceIdKey, fresh);
    return fresh;
  } catch {
    return 'unknown-device';
  }
}
