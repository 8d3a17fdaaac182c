import { normalizeTimeZone } from '../../../contract/settings.ts';

/** The device's zone, under its current name (Europe/Kiev → Europe/Kyiv); UTC when the browser does not say. */
export function deviceTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return normalizeTimeZone(zone || 'UTC');
}
