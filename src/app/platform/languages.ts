import type { LaunchParams } from './launchParams.ts';

/**
 * The person's preferred languages, best first, as the platform knows them: inside the mini app
 * the init data user's `language_code`, on the web the browser's `navigator.languages`. The
 * language rule (lib/locale.ts `pickLocale`) picks the catalog from them.
 */
export function preferredLanguagesOf(launch: LaunchParams | null): string[] {
  if (launch !== null) return launch.user?.languageCode ? [launch.user.languageCode] : [];
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}
