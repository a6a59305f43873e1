import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import type { TestApp } from '../../testing/test-app.js';

/** The test setup the QuickBooks integrations' tests share: the provider's stand-in, the members, the consent trip. */

/**
 * The provider's stand-in for the whole test file, closed after it. Filled in by beforeAll like useTestApp's app,
 * so call it before useTestApp: `ready` points the integration's settings at it before the app is built.
 */
export function useStandIn<S extends { url: string; close(): Promise<void> }>(start: () => Promise<S>, ready: (standIn: S) => void): S {
  const standIn = {} as S;
  beforeAll(async () => {
    Object.assign(standIn, await start());
    ready(standIn);
  });
  afterAll(() => standIn.close?.());
  return standIn;
}

/** The company under test with its admin, a worker, an admin of every other area, and another company's admin. */
export async function integrationMembers(db: Db, company: string) {
  const tenant = await createTenant(db, company);
  return {
    tenant,
    admin: await createMember(db, tenant, { isAdmin: true }),
    worker: await createMember(db, tenant, { permissions: ['basic_access'] }),
    billingAdmin: await createMember(db, tenant, { permissions: ['billing_admin', 'people_admin', 'projects_admin'] }),
    foreign: await createMember(db, await createTenant(db), { isAdmin: true }),
  };
}

type Members = Awaited<ReturnType<typeof integrationMembers>>;

export const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

/** Runs an operation in the member's company (`$t`), as that member (the admin when none is named). */
export const caller = (t: TestApp, admin: () => TestMember) => (q: string, vars: Record<string, unknown>, who?: TestMember) =>
  t.gql(q, { t: (who ?? admin()).tenantUuid, ...vars }, who?.token);

/** Every integration operation is for admins only: refused without a session, to non-admins and to another company. */
export async function expectAdminsOnly(t: TestApp, m: Members, operations: [string, Record<string, unknown>][]) {
  const call = caller(t, () => m.admin);
  for (const [q, vars] of operations) {
    expect(code(await t.gql(q, { t: m.admin.tenantUuid, ...vars })), q).toBe('UNAUTHENTICATED');
    expect(code(await call(q, vars, m.worker)), q).toBe('FORBIDDEN');
    expect(code(await call(q, vars, m.billingAdmin)), q).toBe('FORBIDDEN');
    expect(code(await t.gql(q, { t: m.admin.tenantUuid, ...vars }, m.foreign.token)), q).toBe('NOT_FOUND');
  }
}

/** Follows the provider's consent page (`redirectUri`, answered by connect) back to our callback, as the browser would. */
export async function throughConsent(t: TestApp, redirectUri: string | null, callbackPath: string) {
  const consent = await fetch(redirectUri as string, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') as string);
  expect(back.pathname).toBe(callbackPath);
  const callback = `${back.pathname}${back.search}`;
  return { res: await t.app.inject({ method: 'GET', url: callback }), callback };
}
