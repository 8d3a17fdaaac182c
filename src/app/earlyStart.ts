import { signInEarly } from './api/earlySignIn.ts';
import { showLaunchScreen } from './launchScreen.ts';
import { type Locale, loadCatalog, pickLocale } from './lib/locale.ts';
import { preferredLanguagesOf } from './platform/languages.ts';
import { type LaunchParams, readPageLaunchParams } from './platform/launchParams.ts';
import { preloadSignedInHome } from './routes/-preloadSignedInHome.ts';

/**
 * What the page starts before the app's code has arrived. index.html loads this module on its
 * own (`async`, a few KiB with no framework code), so it runs as soon as it is there, while the
 * framework chunk (most of the first screen's bytes) is still downloading: it sends for the
 * locale's catalog, and in the mini app the sign-in, the asset catalogue and on the home the
 * signed-in home's chunks. Otherwise each would be asked for only once the framework had arrived
 * and run, one round trip later. main.tsx imports it too (the same module, run once) and takes
 * what it started. (index.html's inline start, firstPaint.ts, has shown the launch screen already.)
 */
export const launchParams: LaunchParams | null = readPageLaunchParams();
export const firstLocale: Locale = pickLocale(preferredLanguagesOf(launchParams));
export const firstCatalog = loadCatalog(firstLocale);
// A failed download is the app's to show when it activates the catalog.
firstCatalog.catch(() => undefined);

showLaunchScreen(firstLocale);

if (launchParams?.initDataRaw) {
  signInEarly(launchParams.initDataRaw, launchParams.platform);
  preloadSignedInHome(window.location.pathname);
}
