/**
 * A fiat currency's name in the interface's language ("Российский рубль", "Euro"), from the
 * platform's Intl; the code itself when Intl does not know it or the browser has no names.
 */
export function fiatName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'none' }).of(code);
    if (name) return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    // No display names in this browser: the code says enough.
  }
  return code;
}
