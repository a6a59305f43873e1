import { describe, expect, it } from 'vitest';
import { isIsoDate, settingValueProblem } from './settings.js';

const value = (custom_value: string | null, pass_through_value: string | null = null) => ({ custom_value, pass_through_value });

describe('settingValueProblem', () => {
  it('accepts values that fit their option', () => {
    expect(settingValueProblem({ id: 17, value_type: 'boolean' }, value('false'))).toBeNull();
    expect(settingValueProblem({ id: 15, value_type: 'date' }, value('2024-02-29'))).toBeNull();
    expect(settingValueProblem({ id: 43, value_type: 'number' }, value('true', '30'))).toBeNull();
    expect(settingValueProblem({ id: 1, value_type: 'select', options: ['1', '2', '3'] }, value('true', '3'))).toBeNull();
  });

  it('refuses values that do not', () => {
    expect(settingValueProblem({ id: 17, value_type: 'boolean' }, value('TRUE'))).toMatch(/'true' or 'false'/);
    expect(settingValueProblem({ id: 17, value_type: 'boolean' }, value('true', '5'))).toMatch(/no pass_through_value/);
    expect(settingValueProblem({ id: 15, value_type: 'date' }, value('2023-02-29'))).toMatch(/date/);
    expect(settingValueProblem({ id: 15, value_type: 'date' }, value('2024-1-5'))).toMatch(/date/);
    expect(settingValueProblem({ id: 43, value_type: 'number' }, value('true', '61'))).toMatch(/1 to 60/);
    expect(settingValueProblem({ id: 43, value_type: 'number' }, value('true', null))).toMatch(/1 to 60/);
    expect(settingValueProblem({ id: 1, value_type: 'select', options: ['1', '2', '3'] }, value('true', '0'))).toMatch(/one of 1, 2, 3/);
    expect(settingValueProblem({ id: 9, value_type: 'color' }, value('true'))).toMatch(/cannot be changed/);
    expect(settingValueProblem({ id: 17, value_type: 'boolean' }, value('x'.repeat(256)))).toMatch(/maximum of 255/);
  });

  it('knows real calendar dates', () => {
    expect(isIsoDate('2026-12-31')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
  });
});
