import authEn from '../../locales/auth.en.json';
import en from '../../locales/en.json';
import errorsEn from '../../locales/errors.en.json';
import joinEn from '../../locales/join.en.json';
import shellEn from '../../locales/shell.en.json';

// The sign-in pages' strings (and the shell's) in one chunk per language: one request, not one per namespace (lib/i18n.ts).
export default {
  translation: en,
  shell: shellEn,
  auth: authEn,
  errors: errorsEn,
  join: joinEn,
};
