import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMember, createSession, createTenant } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';

const t = useTestApp();

const STATIC = `query { listStaticData {
  states { code name } trades requirement_categories
  apprenticeship_requirements_template { category title hours } scheduled_event_types } }`;

type StaticData = {
  states: { code: string; name: string }[];
  trades: string[];
  requirement_categories: string[];
  apprenticeship_requirements_template: { category: string; title: string; hours: number }[];
  scheduled_event_types: string[];
};

describe('listStaticData', () => {
  it('gives any signed-in person the product lists, before and after choosing a company', async () => {
    const session = await createSession(t.database.db, randomUUID());
    const res = await t.gql<{ listStaticData: StaticData }>(STATIC, {}, session);
    expect(res.errors).toBeUndefined();
    const data = res.data?.listStaticData as StaticData;
    expect(data.states).toHaveLength(51);
    expect(data.states).toContainEqual({ code: 'CO', name: 'Colorado' });
    expect(data.states).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(data.states.map((s) => s.name)).toEqual([...data.states.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(data.states.map((s) => s.code)).size).toBe(51);
    expect(data.trades).toEqual(expect.arrayContaining(['Carpenter', 'Electrician', 'Laborer', 'Foreman', 'Plumber']));
    expect(new Set(data.trades).size).toBe(data.trades.length);
    expect(data.requirement_categories).toEqual([
      'On-the-Job Training',
      'Related Technical Instruction',
      'Safety',
      'Certifications',
      'Tools and Equipment',
    ]);
    expect(data.apprenticeship_requirements_template.length).toBeGreaterThan(5);
    for (const r of data.apprenticeship_requirements_template) {
      expect(data.requirement_categories, r.title).toContain(r.category);
      expect(r.hours, r.title).toBeGreaterThan(0);
    }
    expect(data.scheduled_event_types).toEqual(expect.arrayContaining(['Work', 'Training', 'Vacation', 'Holiday']));
    // The same lists for a member of any company: nothing in them belongs to one company.
    const member = await createMember(t.database.db, await createTenant(t.database.db), { permissions: ['receipts_basic'] });
    expect((await t.gql(STATIC, {}, member.token)).data?.listStaticData).toEqual(data);
  });

  // Forbidden role and other tenant: none. The lists belong to no company and any signed-in person reads them, before
  // choosing a company too (the test above checks a member of a company gets the very same lists).
  it('refuses a visitor without a session, and arguments it does not take', async () => {
    expect((await t.gql(STATIC)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const session = await createSession(t.database.db, randomUUID());
    const bad = await t.gql('query { listStaticData(tenant_uuid: "x") { trades } }', {}, session);
    expect(bad.errors?.[0].extensions?.code).toBe('VALIDATION');
  });
});
