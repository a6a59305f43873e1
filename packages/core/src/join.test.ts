import { describe, expect, it } from 'vitest';
import { JOIN_CODE, joinFields, joinLinkFields, joinUrl } from './join.js';

describe('join rules', () => {
  it('builds the public link from the origin and the code', () => {
    expect(joinUrl('https://app.example.com/', 'AbCdEfGhIjKlMnOpQrStUv')).toBe(
      'https://app.example.com/join?company=AbCdEfGhIjKlMnOpQrStUv',
    );
  });

  it('accepts only 22-character base64url codes', () => {
    expect(JOIN_CODE.test('AbCdEfGhIjKlMnOpQrSt-_')).toBe(true);
    for (const bad of ['', 'short', 'AbCdEfGhIjKlMnOpQrStUvW', 'AbCdEfGhIjKlMnOpQrSt+/', "x' or 1=1 --xxxxxxxxxx"])
      expect(JOIN_CODE.test(bad)).toBe(false);
  });

  it('asks for a first and last name, trimmed, with the spec messages', () => {
    expect(joinFields.parse({ firstname: ' Rosa ', lastname: 'Delgado' })).toEqual({ firstname: 'Rosa', lastname: 'Delgado' });
    const issues = joinFields.safeParse({ firstname: ' ', lastname: 'x'.repeat(101) }).error?.issues.map((i) => i.message);
    expect(issues).toEqual(['This field is required', 'You must enter a maximum of 100 characters']);
    expect(joinLinkFields.safeParse({ name: 'Door', auto_approve: false, usergroup_ids: [0] }).success).toBe(false);
  });
});
