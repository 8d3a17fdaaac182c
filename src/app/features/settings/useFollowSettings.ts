import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { activateLocale } from '../../lib/i18n.ts';
import { useSignedInSettings } from '../../lib/signedInSettings.ts';

/**
 * Keeps the interface in the signed-in person's saved language (mounted once, by the root
 * layout): when `settings.language` differs from the interface's, its catalog is loaded (a
 * small chunk) and activated, and <html lang> and the title follow. So the saved choice beats
 * the device's language at start, and a change on the settings page (merged into the cached
 * settings) switches the interface live. (The device's time zone, while none is saved, is sent
 * by the session feature after sign-in.)
 */
export function useFollowSettings(): void {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const language = useSignedInSettings().settings?.language ?? null;

  useEffect(() => {
    if (language === null || language === locale) return;
    let current = true;
    void activateLocale(language).then(() => {
      if (current) document.title = i18n._(msg`Kopilka`);
    });
    return () => {
      current = false;
    };
  }, [language, locale, i18n]);
}
