import { describe, expect, it } from 'vitest';
import { profilePayload } from './components/profile-edit-dialog';
import { readTrades } from './trades';

const blank = {
  firstname: '',
  lastname: '',
  email: '',
  cellphone: '',
  street: '',
  street2: '',
  city: '',
  state: '',
  zip: '',
  birthdate: '',
  trades: [] as string[],
};

describe('profile update payload (spec §8)', () => {
  it('sends only the non-empty fields, trimmed', () => {
    expect(profilePayload({ ...blank, firstname: ' Rosa ', city: 'Golden', street2: '   ', birthdate: '1990-05-17' })).toEqual({
      firstname: 'Rosa',
      city: 'Golden',
      birthdate: '1990-05-17',
      trades: '[]',
    });
  });

  it('always sends trades, as a JSON list that may be empty', () => {
    expect(profilePayload({ ...blank, trades: ['Welder', ' ', 'Carpenter '] }).trades).toBe('["Welder","Carpenter"]');
    expect(profilePayload(blank).trades).toBe('[]');
  });
});

describe('readTrades', () => {
  it('reads the stored JSON list and ignores anything else', () => {
    expect(readTrades('["Foreman","Operator"]')).toEqual(['Foreman', 'Operator']);
    expect(readTrades('[1,"Laborer",""]')).toEqual(['Laborer']);
    expect(readTrades('Carpenter')).toEqual([]);
    expect(readTrades(null)).toEqual([]);
  });
});
