import type { ColorScheme } from './types.ts';

/** The theme keys the UI uses, as Telegram names them. */
export const themeKeys = [
  'bg_color',
  'secondary_bg_color',
  'section_bg_color',
  'header_bg_color',
  'bottom_bar_bg_color',
  'text_color',
  'hint_color',
  'link_color',
  'button_color',
  'button_text_color',
  'destructive_text_color',
  'accent_text_color',
  'section_header_text_color',
  'subtitle_text_color',
  'section_separator_color',
] as const;

/** `bg_color` → `--tg-theme-bg-color`, the name Telegram and the SDK use. */
export function themeVariableName(key: string): string {
  return `--tg-theme-${key.replace(/_/g, '-')}`;
}

/** Relative luminance test Telegram's SDK also uses: dark when the colour is closer to black. */
export function isColorDark(hex: string): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return false;
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => Number.parseInt(part ?? '0', 16));
  return Math.sqrt(0.299 * (r ?? 0) ** 2 + 0.587 * (g ?? 0) ** 2 + 0.114 * (b ?? 0) ** 2) < 120;
}

export function schemeOfThemeParams(params: Readonly<Record<string, string>>): ColorScheme {
  const background = params.bg_color;
  return background !== undefined && isColorDark(background) ? 'dark' : 'light';
}

/**
 * Sets the colour scheme on <html>: `data-theme` selects our palette (the web's colours and the
 * mini app's fallback for keys an older Telegram does not send) and `color-scheme` themes form
 * controls and scrollbars.
 */
export function applyColorScheme(root: HTMLElement, scheme: ColorScheme): void {
  root.dataset.theme = scheme;
  root.style.colorScheme = scheme;
}

/** Writes Telegram's theme parameters as `--tg-theme-*` variables on <html>. */
export function applyThemeParams(root: HTMLElement, params: Readonly<Record<string, string>>): void {
  for (const [key, value] of Object.entries(params)) root.style.setProperty(themeVariableName(key), value);
}
