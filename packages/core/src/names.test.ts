import { describe, expect, it } from 'vitest';
import { costcodeLabel, jobLabel, personName } from './names';

describe('names', () => {
  it('never shows a person blank', () => {
    expect(personName({ id: 4, firstname: 'Ana', lastname: 'Ruiz' })).toBe('Ana Ruiz');
    expect(personName({ id: 4, firstname: ' Ana ', lastname: '  ' })).toBe('Ana');
    expect(personName({ id: 4, username: 'ana.r' })).toBe('ana.r');
    expect(personName({ id: 4, email: 'ana@summit.test' })).toBe('ana@summit.test');
    expect(personName({ id: 4 })).toBe('#4');
  });

  it('labels a job by its abbreviation and name, and a cost code by its code and description', () => {
    expect(jobLabel({ job: 'Harbor View', job_abbr: 'HV' })).toBe('HV · Harbor View');
    expect(jobLabel({ job: 'Harbor View', job_abbr: ' ' })).toBe('Harbor View');
    expect(jobLabel({ job: 'Harbor View' })).toBe('Harbor View');
    expect(costcodeLabel({ costcode: '01-100', description: 'Site work' })).toBe('01-100 Site work');
    expect(costcodeLabel({ costcode: '01-100', description: null })).toBe('01-100');
  });
});
