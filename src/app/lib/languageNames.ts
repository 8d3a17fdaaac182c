/**
 * Languages are named in their own language in every locale (as language pickers do), so
 * these names are deliberately not translated.
 */
const endonyms: Readonly<Record<string, string>> = { en: 'English', ru: 'Русский' };

export function languageName(code: string): string {
  return endonyms[code] ?? code;
}
