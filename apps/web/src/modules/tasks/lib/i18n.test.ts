import { TASK_MESSAGES } from '@groundwork/core/tasks';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/tasks.en.json';
import es from '../../../locales/tasks.es.json';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('tasks strings', () => {
  it('has every English key in Spanish and no other', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it("says the spec's messages verbatim in English", () => {
    expect(en.messages.fetchError).toBe(TASK_MESSAGES.fetchError);
    expect(en.messages.addError).toBe(TASK_MESSAGES.addError);
    expect(en.messages.updateError).toBe(TASK_MESSAGES.updateError);
    expect(en.templates.alreadyApplied).toBe(TASK_MESSAGES.alreadyApplied);
  });
});
