import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import filesEn from '../components/files/files.en.json';
import filesEs from '../components/files/files.es.json';
import authEn from '../locales/auth.en.json';
import authEs from '../locales/auth.es.json';
import chatbotEn from '../locales/chatbot.en.json';
import chatbotEs from '../locales/chatbot.es.json';
import companyEn from '../locales/company.en.json';
import companyEs from '../locales/company.es.json';
import dashboardEn from '../locales/dashboard.en.json';
import dashboardEs from '../locales/dashboard.es.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import joinEn from '../locales/join.en.json';
import joinEs from '../locales/join.es.json';
import orderingEn from '../locales/ordering.en.json';
import orderingEs from '../locales/ordering.es.json';
import peopleEn from '../locales/people.en.json';
import peopleEs from '../locales/people.es.json';
import profileEn from '../locales/profile.en.json';
import profileEs from '../locales/profile.es.json';
import projectNotesEn from '../locales/project-notes.en.json';
import projectNotesEs from '../locales/project-notes.es.json';
import projectsEn from '../locales/projects.en.json';
import projectsEs from '../locales/projects.es.json';
import receiptsEn from '../locales/receipts.en.json';
import receiptsEs from '../locales/receipts.es.json';
import schedulingEn from '../locales/scheduling.en.json';
import schedulingEs from '../locales/scheduling.es.json';
import shellEn from '../locales/shell.en.json';
import shellEs from '../locales/shell.es.json';
import tasksEn from '../locales/tasks.en.json';
import tasksEs from '../locales/tasks.es.json';
import timecardsEn from '../locales/timecards.en.json';
import timecardsEs from '../locales/timecards.es.json';
import toolsEn from '../locales/tools.en.json';
import toolsEs from '../locales/tools.es.json';
import announcementsEn from '../modules/announcements/locales/en.json';
import announcementsEs from '../modules/announcements/locales/es.json';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const resources = {
  en: {
    translation: en,
    shell: shellEn,
    auth: authEn,
    projects: projectsEn,
    profile: profileEn,
    people: peopleEn,
    company: companyEn,
    dashboard: dashboardEn,
    timecards: timecardsEn,
    files: filesEn,
    receipts: receiptsEn,
    scheduling: schedulingEn,
    tasks: tasksEn,
    tools: toolsEn,
    ordering: orderingEn,
    'project-notes': projectNotesEn,
    chatbot: chatbotEn,
    join: joinEn,
    announcements: announcementsEn,
  },
  es: {
    translation: es,
    shell: shellEs,
    auth: authEs,
    projects: projectsEs,
    profile: profileEs,
    people: peopleEs,
    company: companyEs,
    dashboard: dashboardEs,
    timecards: timecardsEs,
    files: filesEs,
    receipts: receiptsEs,
    scheduling: schedulingEs,
    tasks: tasksEs,
    tools: toolsEs,
    ordering: orderingEs,
    'project-notes': projectNotesEs,
    chatbot: chatbotEs,
    join: joinEs,
    announcements: announcementsEs,
  },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    // English is the source of truth: a key missing there is a compile error.
    resources: {
      translation: typeof en;
      shell: typeof shellEn;
      auth: typeof authEn;
      projects: typeof projectsEn;
      profile: typeof profileEn;
      people: typeof peopleEn;
      company: typeof companyEn;
      dashboard: typeof dashboardEn;
      timecards: typeof timecardsEn;
      files: typeof filesEn;
      receipts: typeof receiptsEn;
      scheduling: typeof schedulingEn;
      tasks: typeof tasksEn;
      tools: typeof toolsEn;
      ordering: typeof orderingEn;
      'project-notes': typeof projectNotesEn;
      chatbot: typeof chatbotEn;
      announcements: typeof announcementsEn;
      join: typeof joinEn;
    };
  }
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

export const i18n: I18n = createInstance({
  resources,
  lng: storedLanguage() ?? detectLanguage(typeof navigator === 'undefined' ? [] : navigator.languages),
  fallbackLng: 'en',
  supportedLngs: SUPPORTED_LANGUAGES,
  // React already escapes rendered text.
  interpolation: { escapeValue: false },
  // Resources are bundled, so init synchronously and avoid a first render without strings.
  initAsync: false,
  showSupportNotice: false,
});

i18n.use(initReactI18next);

// Screen readers and hyphenation follow <html lang>.
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

void i18n.init();
