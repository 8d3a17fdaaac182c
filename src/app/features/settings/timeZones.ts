import { normalizeTimeZone } from '../../../contract/settings.ts';

/**
 * The time zone list of the settings (spec 000 s.9): every IANA zone the browser knows, under
 * its current name (Europe/Kiev → Europe/Kyiv), sorted by today's UTC offset, then by name, and
 * shown as "(UTC+03:00) Europe/Moscow".
 */
export interface TimeZoneOption {
  readonly zone: string;
  /** Minutes east of UTC now (daylight saving included). */
  readonly offsetMinutes: number;
  /** "(UTC+03:00) Europe/Moscow". */
  readonly label: string;
}

/** "GMT+5:30", "GMT-03:00", "GMT" → minutes east of UTC. */
export function parseGmtOffset(text: string): number {
  const match = /^(?:GMT|UTC)(?:([+-\u2212])(\d{1,2})(?::?(\d{2}))?)?$/.exec(text.trim());
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? '0');
  return match[1] === '+' ? minutes : -minutes;
}

/** Minutes east of UTC in `zone` at `at`. */
export function offsetMinutesOf(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
  return parseGmtOffset(parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT');
}

/** 180 → "UTC+03:00", -570 → "UTC-09:30", 0 → "UTC+00:00". */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

export function timeZoneOption(zone: string, at: Date): TimeZoneOption {
  const name = normalizeTimeZone(zone);
  const offsetMinutes = offsetMinutesOf(name, at);
  return { zone: name, offsetMinutes, label: `(${formatUtcOffset(offsetMinutes)}) ${name}` };
}

/** The browser's zones (plus `extra`, e.g. the device's and the saved one), each once, in order. */
export function timeZoneOptions(at: Date, extra: readonly string[] = [], known: readonly string[] = supportedZones()) {
  const names = new Set<string>();
  for (const zone of [...known, ...extra]) {
    const name = normalizeTimeZone(zone);
    if (isKnownZone(name)) names.add(name);
  }
  return [...names]
    .map((zone) => timeZoneOption(zone, at))
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.zone.localeCompare(b.zone, 'en'));
}

function supportedZones(): readonly string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
