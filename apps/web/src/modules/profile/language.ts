import { LANGUAGE_STORAGE_KEY, type Language, SUPPORTED_LANGUAGES } from '../../lib/i18n';

export const isLanguage = (value: string): value is Language => (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** Remembers the chosen language in this browser; lib/i18n starts from it on the next visit. */
export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts until the page is closed.
  }
}
