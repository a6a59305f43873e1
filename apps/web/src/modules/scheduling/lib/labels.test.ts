import { SCHEDULE_MESSAGES } from '@groundwork/core/scheduling';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/scheduling.en.json';
import es from '../../../locales/scheduling.es.json';
import { outcomeMessage } from './labels';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

async function translator(lng: 'en' | 'es') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { scheduling: en }, es: { scheduling: es } }, ns: ['scheduling'], defaultNS: 'scheduling' });
  return i18n.getFixedT(lng, 'scheduling') as unknown as TFunction<'scheduling'>;
}

describe('scheduling messages', () => {
  it('has the same keys in English and Spanish', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('says each outcome in the spec’s English words, and in Spanish', async () => {
    const t = await translator('en');
    expect(outcomeMessage({ added: 2, removed: 1, failed: [] }, t)).toEqual({
      color: 'success',
      message: 'Schedule updated: 2 added, 1 removed.',
    });
    expect(outcomeMessage({ added: 0, removed: 0, failed: [] }, t)).toEqual({ color: 'info', message: SCHEDULE_MESSAGES.noChange });
    const failed = [
      {
        kind: 'add',
        index: 0,
        code: 'BLOCKED',
        message: 'Not available that day: Vacation.',
        label: 'Dana Brooks, LER, 2026-12-03',
        jobs_id: 1,
        employees_id: 2,
        date: '2026-12-03',
      },
    ];
    expect(outcomeMessage({ added: 0, removed: 0, failed }, t)).toEqual({ color: 'error', message: SCHEDULE_MESSAGES.failed });
    expect(outcomeMessage({ added: 1, removed: 0, failed }, t)).toEqual({
      color: 'warning',
      message: 'Schedule partially updated with errors: Dana Brooks, LER, 2026-12-03: Not available that day: Vacation.',
    });
    const tEs = await translator('es');
    expect(outcomeMessage({ added: 1, removed: 0, failed }, tEs).message).toBe(
      'Programación actualizada parcialmente con errores: Dana Brooks, LER, 2026-12-03: No disponible ese día: Vacation.',
    );
  });
});
