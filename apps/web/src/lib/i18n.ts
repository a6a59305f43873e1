import { createInstance, type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/**
 * The namespaces the sign-in pages need; they come in one small chunk per language (lib/strings/public.*.ts). `errors`
 * (the server's refusals by message key, issue 46) is among them: every page, signed in or not, can show one.
 */
const PUBLIC_NAMESPACES = ['translation', 'shell', 'auth', 'join', 'errors'] as const;
/**
 * What the signed-in shell itself shows (the app bar's theme and notifications, the dashboard): one chunk per language
 * (lib/strings/signed-in.*.ts), fetched beside the shell's code.
 */
const SHELL_NAMESPACES = ['profile', 'announcements', 'dashboard'] as const;
/** Every other signed-in screen's strings: a chunk per namespace and language, fetched with the screen (issue 28). */
const PAGE_NAMESPACES = [
  'projects',
  'people',
  'company',
  'timecards',
  'files',
  'receipts',
  'scheduling',
  'tasks',
  'tools',
  'ordering',
  'project-notes',
  'chatbot',
  'people-report',
  'reports',
] as const;
type PageNamespace = (typeof PAGE_NAMESPACES)[number];
export type Namespace = (typeof PUBLIC_NAMESPACES)[number] | (typeof SHELL_NAMESPACES)[number] | PageNamespace;
export const NAMESPACES: readonly Namespace[] = [...PUBLIC_NAMESPACES, ...SHELL_NAMESPACES, ...PAGE_NAMESPACES];

type Strings = { default: Record<string, object> };
type Loader = (language: Language) => Promise<{ default: object }>;
const BUNDLES: Record<'public' | 'signed-in', Record<Language, () => Promise<Strings>>> = {
  public: { en: () => import('./strings/public.en'), es: () => import('./strings/public.es') },
  'signed-in': { en: () => import('./strings/signed-in.en'), es: () => import('./strings/signed-in.es') },
};
const PAGE_STRINGS: Record<PageNamespace, Loader> = {
  projects: (lng) => import(`../locales/projects.${lng}.json`),
  people: (lng) => import(`../locales/people.${lng}.json`),
  company: (lng) => import(`../locales/company.${lng}.json`),
  timecards: (lng) => import(`../locales/timecards.${lng}.json`),
  files: (lng) => import(`../components/files/files.${lng}.json`),
  receipts: (lng) => import(`../locales/receipts.${lng}.json`),
  scheduling: (lng) => import(`../locales/scheduling.${lng}.json`),
  tasks: (lng) => import(`../locales/tasks.${lng}.json`),
  tools: (lng) => import(`../locales/tools.${lng}.json`),
  ordering: (lng) => import(`../locales/ordering.${lng}.json`),
  'project-notes': (lng) => import(`../locales/project-notes.${lng}.json`),
  chatbot: (lng) => import(`../locales/chatbot.${lng}.json`),
  'people-report': (lng) => import(`../locales/people-report.${lng}.json`),
  reports: (lng) => import(`../locales/reports.${lng}.json`),
};

const includes = (list: readonly string[], value: string) => list.includes(value);

/** One namespace's strings in one language, from its bundle or its own chunk. */
function loadStrings(language: Language, namespace: string): Promise<object> {
  const bundle = includes(PUBLIC_NAMESPACES, namespace) ? 'public' : includes(SHELL_NAMESPACES, namespace) ? 'signed-in' : null;
  const strings = bundle
    ? BUNDLES[bundle][language]().then((module) => module.default[namespace])
    : includes(PAGE_NAMESPACES, namespace)
      ? PAGE_STRINGS[namespace as PageNamespace](language).then((module) => module.default)
      : Promise.resolve(undefined);
  return strings.then((found) => {
    if (!found) throw new Error(`no strings for ${language}/${namespace}`);
    return found;
  });
}

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
      const language = SUPPORTED_LANGUAGES.find((supported) => supported === lng);
      return language ? loadStrings(language, namespace) : Promise.reject(new Error(`no strings for ${lng}`));
    }),
  );
}

export const i18n: I18n = createI18n(storedLanguage() ?? detectLanguage(typeof navigator === 'undefined' ? [] : navigator.languages));

/**
 * The strings the signed-in shell renders with (the app's own and the shared ones from the sign-in chunk): it waits
 * for them, fetched beside its code, so its first render does not stop half-way for one of them.
 */
export function loadShellNamespaces(instance: I18n = i18n): Promise<void> {
  return instance.loadNamespaces(['translation', 'shell', 'errors', ...SHELL_NAMESPACES]).then(() => undefined);
}

/**
 * Fetches every namespace of the current language (and English, the fallback): the signed-in shell asks for them once
 * its first screen is up, so a later page (or one opened offline) does not wait for its strings.
 */
export function preloadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces(NAMESPACES).then(() => undefined);
}

// Screen readers and hyphenation follow <html lang>.
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

void i18n.init();
