import { createInstance, type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The namespaces the sign-in pages need; they come in one small chunk per language (lib/strings/public.*.ts). */
const PUBLIC_NAMESPACES = ['translation', 'shell', 'auth', 'join'] as const;
/** The signed-in screens' namespaces, in one chunk per language fetched as the signed-in shell opens (strings/app.*.ts). */
const APP_NAMESPACES = [
  'projects',
  'profile',
  'people',
  'company',
  'dashboard',
  'timecards',
  'files',
  'receipts',
  'scheduling',
  'tasks',
  'tools',
  'ordering',
  'project-notes',
  'chatbot',
  'announcements',
  'people-report',
  'reports',
] as const;
export type Namespace = (typeof PUBLIC_NAMESPACES)[number] | (typeof APP_NAMESPACES)[number];
export const NAMESPACES: readonly Namespace[] = [...PUBLIC_NAMESPACES, ...APP_NAMESPACES];

type Strings = { default: Record<string, object> };
const BUNDLES: Record<'public' | 'app', Record<Language, () => Promise<Strings>>> = {
  public: { en: () => import('./strings/public.en'), es: () => import('./strings/public.es') },
  app: { en: () => import('./strings/app.en'), es: () => import('./strings/app.es') },
};
const bundleOf = (namespace: string) => ((PUBLIC_NAMESPACES as readonly string[]).includes(namespace) ? 'public' : 'app');

export function detectLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    const match = SUPPORTED_LANGUAGES.find((language) => language === base);
    if (match) return match;
  }
  return 'en';
}

/** The language chosen on the profile page, kept in this browser. */
export const LANGUAGE_STORAGE_KEY = 'language';

function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return SUPPORTED_LANGUAGES.find((language) => language === stored) ?? null;
  } catch {
    return null;
  }
}

/** An i18next instance that fetches its strings through LOADERS; the app has one (`i18n`), tests make their own. */
export function createI18n(language: Language): I18n {
  const instance = createInstance({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: SUPPORTED_LANGUAGES,
    // React already escapes rendered text.
    interpolation: { escapeValue: false },
    // The app shell's strings; a screen's own namespace loads when it first renders (useTranslation suspends meanwhile).
    ns: ['shell'],
    defaultNS: 'translation',
    // Only the person's language and English (the fallback) are fetched, never 'es-MX' and the like.
    load: 'languageOnly',
    showSupportNotice: false,
  });
  return instance.use(initReactI18next).use(
    resourcesToBackend((lng: string, namespace: string) => {
      const load = BUNDLES[bundleOf(namespace)][lng as Language];
      if (!load) return Promise.reject(new Error(`no strings for ${lng}`));
      return load().then((module) => {
        const strings = module.default[namespace];
        if (!strings) throw new Error(`no strings for ${lng}/${namespace}`);
        return strings;
      });
    }),
  );
}

export const i18n: I18n = createI18n(storedLanguage() ?? detectLanguage(typeof navigator === 'undefined' ? [] : navigator.languages));

/** Fetches every namespace of the current language (and English, the fallback): the signed-in shell waits for it. */
export function preloadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces(NAMESPACES).then(() => undefined);
}

// Screen readers and hyphenation follow <html lang>.
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

void i18n.init();
