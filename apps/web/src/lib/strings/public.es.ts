import authEs from '../../locales/auth.es.json';
import errorsEs from '../../locales/errors.es.json';
import es from '../../locales/es.json';
import joinEs from '../../locales/join.es.json';
import shellEs from '../../locales/shell.es.json';

// The sign-in pages' strings (and the shell's) in one chunk per language: one request, not one per namespace (lib/i18n.ts).
export default {
  translation: es,
  shell: shellEs,
  auth: authEs,
  errors: errorsEs,
  join: joinEs,
};
