import { describe, expect, it } from 'vitest';
import { type Action, type Area, type AreaRule, accessTo, can, MODULES, PERMISSION_MATRIX } from './permissions.js';

const AREAS = Object.keys(PERMISSION_MATRIX) as Area[];
const ACTIONS: Action[] = ['read', 'create', 'write'];

describe('accessTo and can', () => {
  it('gives admin_access full access to every area and action', () => {
    for (const area of AREAS) {
      for (const action of ACTIONS) {
        expect(accessTo(['admin_access'], area, action), `${area} ${action}`).toBe('all');
        expect(can(new Set(['admin_access']), area, action), `${area} ${action}`).toBe(true);
      }
    }
  });

  it('lets receipts_basic read and add only their own receipts, and change none', () => {
    const held = ['receipts_basic'];
    expect(accessTo(held, 'receipts', 'read')).toBe('own');
    expect(accessTo(held, 'receipts', 'create')).toBe('own');
    expect(accessTo(held, 'receipts', 'write')).toBeNull();
    expect(can(held, 'receipts', 'write')).toBe(false);
    expect(accessTo(['receipts_admin'], 'receipts', 'write')).toBe('all');
    // Nothing beyond receipts.
    expect(can(held, 'projects', 'read')).toBe(false);
    expect(can(held, 'people', 'read')).toBe(false);
  });

  it('gives people_basic read only: people and groups, but no changes', () => {
    const held = ['people_basic'];
    expect(accessTo(held, 'people', 'read')).toBe('all');
    expect(accessTo(held, 'people', 'create')).toBeNull();
    expect(accessTo(held, 'people', 'write')).toBeNull();
    expect(accessTo(held, 'usergroups', 'read')).toBe('all');
    expect(accessTo(held, 'usergroups', 'write')).toBeNull();
    expect(can(held, 'projects', 'read')).toBe(false);
  });

  it('lets people_admin change people and links but not hand out groups', () => {
    const held = ['people_admin'];
    expect(accessTo(held, 'people', 'write')).toBe('all');
    expect(accessTo(held, 'customlinks', 'write')).toBe('all');
    expect(accessTo(held, 'usergroups', 'read')).toBe('all');
    expect(accessTo(held, 'usergroups', 'write')).toBeNull();
  });

  it('keeps basic_access to their own time card and links, adding neither for others', () => {
    const held = ['basic_access'];
    expect(accessTo(held, 'timecards', 'read')).toBe('own');
    expect(accessTo(held, 'timecards', 'write')).toBeNull();
    expect(accessTo(held, 'customlinks', 'read')).toBe('own');
    expect(accessTo(held, 'customlinks', 'create')).toBeNull();
    expect(accessTo(held, 'customlinks', 'write')).toBeNull();
    expect(accessTo(held, 'costcodes', 'read')).toBe('all');
  });

  it("keeps the planner's board for those who plan: basic_access reads only their own schedule (issue 46)", () => {
    expect(accessTo(['basic_access'], 'scheduling', 'read')).toBe('own');
    expect(accessTo(['basic_access'], 'scheduling', 'write')).toBeNull();
    expect(accessTo(['scheduling_admin'], 'scheduling', 'read')).toBe('all');
    expect(accessTo(['scheduling_admin'], 'scheduling', 'write')).toBe('all');
    expect(accessTo(['receipts_basic'], 'scheduling', 'read')).toBeNull();
  });

  it('refuses every operation of a switched-off module, even to admin_access', () => {
    const off = new Set([MODULES.people]);
    for (const action of ACTIONS) {
      expect(accessTo(['admin_access'], 'people', action, off)).toBeNull();
      expect(accessTo(['people_admin'], 'people', action, off)).toBeNull();
      expect(can(['admin_access'], 'people', action, off)).toBe(false);
    }
    // Areas without a module switch, and other modules, are untouched.
    expect(accessTo(['admin_access'], 'usergroups', 'write', off)).toBe('all');
    expect(accessTo(['admin_access'], 'projects', 'write', off)).toBe('all');
    // Every area tied to a module follows its switch.
    for (const area of AREAS) {
      const rule: AreaRule = PERMISSION_MATRIX[area];
      if (!rule.module) continue;
      expect(can(['admin_access'], area, 'read', new Set([MODULES[rule.module]])), area).toBe(false);
    }
  });

  it("lets any member read the 'member' areas, and only admins change them", () => {
    for (const area of ['settings', 'modules', 'company', 'self'] as const) {
      expect(accessTo([], area, 'read')).toBe('all');
      expect(accessTo(['receipts_basic'], area, 'read')).toBe('all');
      expect(accessTo([], area, 'write')).toBeNull();
      expect(accessTo(['people_admin'], area, 'write')).toBeNull();
    }
    // Pricing is not a member area: admin_access only.
    expect(accessTo(['basic_access'], 'pricing', 'read')).toBeNull();
  });

  it('refuses everything else to someone holding nothing', () => {
    for (const area of AREAS) {
      const rule: AreaRule = PERMISSION_MATRIX[area];
      expect(can([], area, 'read'), area).toBe(Boolean(rule.member));
      expect(can([], area, 'create'), area).toBe(false);
      expect(can([], area, 'write'), area).toBe(false);
    }
  });
});
