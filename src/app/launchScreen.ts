import type { Locale } from './lib/locale.ts';

/**
 * Shows the launch screen (index.html's, scripts/vite/launchScreen.ts) in `locale`: it is hidden
 * until a locale is picked, so nobody sees another language first. index.html's inline start
 * (firstPaint.ts) shows it; the early start shows it again, which changes nothing there and shows
 * it in the development server, whose index.html has no inline start.
 */
export function showLaunchScreen(locale: Locale): void {
  const screen = document.querySelector<HTMLElement>('.launch-screen');
  if (screen === null) return;
  for (const text of screen.querySelectorAll<HTMLElement>('[lang]')) text.hidden = text.lang !== locale;
  screen.hidden = false;
}
