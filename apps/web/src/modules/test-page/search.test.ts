import { describe, expect, it } from 'vitest';
import { validateTestPageSearch, withKey, withoutKey } from './search';

describe('test page query keys', () => {
  it('types id and step as integers, keeps admin and tab as given, and drops invalid or empty ones', () => {
    expect(validateTestPageSearch({ id: '42', admin: 'yes', tab: 'details', step: '2' })).toEqual({
      id: 42,
      admin: 'yes',
      tab: 'details',
      step: 2,
    });
    // As the router parsed them (tab=2, admin=true): kept as they are, so they are written back unchanged.
    expect(validateTestPageSearch({ tab: 2, admin: true })).toEqual({ tab: 2, admin: true });
    expect(validateTestPageSearch({ id: 'x', admin: '', tab: null, step: '1.5' })).toEqual({});
    expect(validateTestPageSearch({ id: -3, step: 0 })).toEqual({ step: 0 });
  });

  it('keeps keys it does not know', () => {
    expect(validateTestPageSearch({ dialog: 'x', id: 7 })).toEqual({ dialog: 'x', id: 7 });
  });

  it('adds or removes one key without touching the others', () => {
    const search = { id: 42, tab: 'details', other: 'kept' };
    expect(withKey(search, 'step', 3)).toEqual({ id: 42, tab: 'details', other: 'kept', step: 3 });
    expect(withoutKey(search, 'id')).toEqual({ tab: 'details', other: 'kept' });
    expect(withoutKey(search, 'admin')).toEqual(search);
  });
});
