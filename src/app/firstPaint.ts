import './styles/base.css';
import './styles/launch.css';
import { afterFirstPaint, appStartTemplateId, startAppTags } from './appStart.ts';
import { showLaunchScreen } from './launchScreen.ts';
import { pickLocale } from './lib/locale.ts';
import { preferredLanguagesOf } from './platform/languages.ts';
import { readPageLaunchParams } from './platform/launchParams.ts';

/**
 * index.html's inline start (scripts/vite/firstPaint.ts builds it into the page with its styles):
 * the launch screen in the person's language paints from the HTML alone, then the app's
 * stylesheets start.
 */
showLaunchScreen(pickLocale(preferredLanguagesOf(readPageLaunchParams())));
const appTags = document.querySelector<HTMLTemplateElement>(`template#${appStartTemplateId}`);
if (appTags !== null) afterFirstPaint(document, window, () => startAppTags(document, appTags));
