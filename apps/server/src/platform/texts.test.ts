import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.js';
import { addNotifications } from '../modules/notifications/notifications.service.js';
import type { Mailer } from './mail.js';
import type { SmsSender } from './sms.js';
import {
  CATALOGUE,
  formatDate,
  formatMoney,
  LANGUAGES,
  languageOfHeader,
  renderRef,
  type TextKey,
  t,
  tCount,
  textRef,
  tHtml,
} from './texts.js';

/**
 * The server's catalogue of texts (issue 46): every key in English and Spanish with the same variables, and nothing
 * a person reads made outside it. The last is held by types (mail, texts and notifications take only what the
 * catalogue renders, checked below with @ts-expect-error, so `tsc` fails if a raw string is ever accepted) and by
 * a scan for the two ways around them.
 */

const variables = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the catalogue', () => {
  const keys = Object.keys(CATALOGUE.en) as TextKey[];

  it('has every key in every language, none empty, and no key only one language has', () => {
    for (const lang of LANGUAGES) {
      expect(Object.keys(CATALOGUE[lang]).sort(), lang).toEqual([...keys].sort());
      for (const key of keys) expect(CATALOGUE[lang][key]?.trim(), `${lang} ${key}`).toBeTruthy();
    }
  });

  it('names the same variables in each language', () => {
    for (const key of keys) {
      for (const lang of LANGUAGES) expect(variables(CATALOGUE[lang][key]), `${lang} ${key}`).toEqual(variables(CATALOGUE.en[key]));
    }
  });

  it('has both forms of every counted text, each taking the count', () => {
    for (const key of keys.filter((k) => k.endsWith('_one'))) {
      const other = key.replace(/_one$/, '_other') as TextKey;
      expect(keys, key).toContain(other);
      expect(variables(CATALOGUE.en[other]), other).toContain('count');
    }
  });

  it('fills values formatted for the language: dates, money, numbers and counts', () => {
    expect(t('en', 'notification.reservation_overdue', { tool: 'Concrete vibrator #1', date: { date: '2026-11-26' } })).toBe(
      'Concrete vibrator #1 is overdue: it was due back on November 26, 2026.',
    );
    expect(t('es', 'notification.reservation_overdue', { tool: 'Vibrador de concreto #1', date: { date: '2026-11-26' } })).toBe(
      `Vibrador de concreto #1 está vencida: debía devolverse el ${formatDate('es', '2026-11-26')}.`,
    );
    expect(formatDate('es', '2026-11-26')).toBe('26 de noviembre de 2026');
    expect(formatMoney('en', 123450)).toBe('$1,234.50');
    expect(formatMoney('es', 123450)).toMatch(/^1\.?234,50\s?US\$$/);
    expect(tCount('en', 'push.summary', 1)).toBe('1 new notification');
    expect(tCount('es', 'push.summary', 3)).toBe('3 notificaciones nuevas');
    expect(tHtml('en', 'digest.html_item', { url: 'https://x.test/?a=1&b="2"', title: '<b>' })).toBe(
      '<li><a href="https://x.test/?a=1&amp;b=&quot;2&quot;">&lt;b&gt;</a></li>',
    );
  });

  it('renders a stored key and values in the reader’s language, and nothing for an unknown key', () => {
    const ref = textRef('notification.schedule_changed_day', { date: { date: '2026-12-07' } });
    const stored = JSON.parse(JSON.stringify(ref)) as { key: string; values: unknown };
    expect(renderRef('en', stored)).toBe('Schedule changed: December 7, 2026');
    expect(renderRef('es', stored)).toBe('Programación cambiada: 7 de diciembre de 2026');
    expect(renderRef('es', { key: 'no.such.key', values: {} })).toBeNull();
  });

  it('reads the language of an Accept-Language header', () => {
    expect(languageOfHeader('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageOfHeader('fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(languageOfHeader('de')).toBeNull();
    expect(languageOfHeader(undefined)).toBeNull();
  });
});

// --- Nothing a person reads is made outside the catalogue ----------------------------------------------

/** Never called: `tsc` checks that each raw string below is refused (an unused @ts-expect-error fails the build). */
export function rawStringsDoNotTypecheck(mailer: Mailer, sms: SmsSender, tx: Tx) {
  // @ts-expect-error a subject must come from the catalogue
  void mailer.send({ to: 'a@b.test', subject: 'Your order', text: t('en', 'po.notes') });
  // @ts-expect-error so must the text
  void mailer.send({ to: 'a@b.test', subject: t('en', 'po.notes'), text: 'Hello' });
  // @ts-expect-error and an SMS
  void sms.send({ to: '+15555550100', text: 'Your code is 123456' });
  // @ts-expect-error a notification says a key and its values, not a title
  void addNotifications(tx, 't', [1], { kind: 'task_assigned', title: 'Pour the footing' });
  // @ts-expect-error nor a key the catalogue lacks
  void addNotifications(tx, 't', [1], { kind: 'task_assigned', text: { key: 'task.made_up', values: {} } });
  // @ts-expect-error nor a key without the values its template names
  void addNotifications(tx, 't', [1], { kind: 'task_assigned', text: textRef('notification.task_assigned', {}) });
}

const SRC = path.join(import.meta.dirname, '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

/**
 * `authored` passes on words a person wrote (or that are no one's language: a link, a company's name); these are
 * the files that may use it, each for that reason. A new one is a decision to make here, not a way around the
 * catalogue.
 */
const AUTHORED_IN = new Set([
  'identity/routes.ts', // the outbox's stored text, handed to the SMS provider
  'modules/announcements/announcements.graphql.ts', // an announcement e-mailed as its author wrote it
  'modules/notifications/sweeps.ts', // the same, on its start day; blank lines of the digest
  'modules/ordering/ordering.mail.ts', // sendEmail's subject and message
  'modules/ordering/ordering.po.ts', // the orderer's notes; the company's name as a signature
  'modules/project-notes/project-notes.service.ts', // the company's name as a signature; a blank line
  'modules/issues/issues.graphql.ts', // a person's issue report, for the operator
]);

describe('server-made text comes from the catalogue', () => {
  const files = sourceFiles(SRC).map((file) => ({
    rel: path.relative(SRC, file).split(path.sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }));

  it('marks text as rendered only in the catalogue', () => {
    const casts = files.filter((f) => f.rel !== 'platform/texts.ts' && /as\s+Rendered\b/.test(f.text)).map((f) => f.rel);
    expect(casts).toEqual([]);
  });

  it('passes words on as written only where a person wrote them', () => {
    const users = files.filter((f) => f.rel !== 'platform/texts.ts' && /\bauthored\(/.test(f.text)).map((f) => f.rel);
    expect(users.filter((rel) => !AUTHORED_IN.has(rel))).toEqual([]);
  });

  it('leaves no English title, subject or push text in a literal beside a notification or a send', () => {
    const offenders = files.flatMap((f) =>
      [...f.text.matchAll(/\b(title|subject):\s*(`|'|")[^`'"]*[A-Za-z]{3}/g)]
        .filter(() => /addNotifications|notifyPeople|notifyInTx|mailer\.send|sms\.send|pushRows/.test(f.text))
        .map((m) => `${f.rel}: ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });
});
