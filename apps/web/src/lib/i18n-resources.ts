// Every string in both languages, bundled: the source of i18next's key types and of the locale tests. The app itself
// never imports this file: it fetches the strings of the person's language a group at a time (lib/i18n.ts).
import appEn from './strings/app.en';
import appEs from './strings/app.es';
import publicEn from './strings/public.en';
import publicEs from './strings/public.es';

export const resources = {
  en: { ...publicEn, ...appEn },
  es: { ...publicEs, ...appEs },
};

declare module 'i18next' {
  interface CustomTypeOptions {
    // English is the source of truth: a key missing there is a compile error.
    resources: typeof publicEn & typeof appEn;
  }
}
