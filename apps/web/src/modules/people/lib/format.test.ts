import { describe, expect, it } from 'vitest';
import { matchesPerson, parseTrades, serializeTrades, signInStatusKey } from './format';

describe('people formatting', () => {
  it('reads trades as a JSON list, a plain comma list, or nothing', () => {
    expect(parseTrades('["Carpenter"," Electrician "]')).toEqual(['Carpenter', 'Electrician']);
    expect(parseTrades('Carpenter, Laborer')).toEqual(['Carpenter', 'Laborer']);
    expect(parseTrades('"Welder"')).toEqual(['Welder']);
    expect(parseTrades('{"a":1}')).toEqual([]);
    expect(parseTrades(null)).toEqual([]);
    expect(serializeTrades([' Carpenter', 'Carpenter', '', 'Laborer'])).toBe('["Carpenter","Laborer"]');
  });

  it('matches every word against names, e-mails, trades and phone digits', () => {
    const ana = {
      id: 1,
      firstname: 'Ana',
      lastname: 'Ruiz',
      email: 'ana@summit.test',
      cellphone: '+1 (303) 555-0142',
      trades: '["Electrician"]',
    };
    expect(matchesPerson(ana, 'ana ruiz')).toBe(true);
    expect(matchesPerson(ana, 'ELECTRIC')).toBe(true);
    expect(matchesPerson(ana, '555-0142')).toBe(true);
    expect(matchesPerson(ana, '3035550142')).toBe(true);
    expect(matchesPerson(ana, '303-555-0199')).toBe(false);
    expect(matchesPerson(ana, '(303)')).toBe(true);
    // Letters and digits together are a name or code, not a phone number.
    expect(matchesPerson(ana, 'tester0142')).toBe(false);
    expect(matchesPerson(ana, '13035550142')).toBe(true);
    expect(matchesPerson(ana, 'summit.test')).toBe(true);
    expect(matchesPerson(ana, 'ana plumber')).toBe(false);
    expect(matchesPerson(ana, '  ')).toBe(true);
  });

  it('says the sign-in status in plain words', () => {
    expect(signInStatusKey(null)).toBe('signIn.none');
    expect(signInStatusKey('FORCE_CHANGE_PASSWORD')).toBe('signIn.invited');
    expect(signInStatusKey('CONFIRMED')).toBe('signIn.confirmed');
    expect(signInStatusKey('Deleted')).toBe('signIn.removed');
    expect(signInStatusKey('RESET_REQUIRED')).toBe('signIn.other');
  });
});
