import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { call, companySnapshot, malformedValues, sweepForeignTenant, tenantFields, variablesFor } from '../testing/schema-sweep.js';
import { useTestApp } from '../testing/test-app.js';
import { getSchema } from './schema.js';

// The schema sweep: every operation on company data, found in the schema rather than listed by hand.
const t = useTestApp();
let a: TestMember;
let b: TestMember;
let aBasic: TestMember;

beforeAll(async () => {
  a = await createMember(t.database.db, await createTenant(t.database.db, 'Sweep Victim'), { isAdmin: true });
  aBasic = await createMember(t.database.db, a.tenantUuid, { permissions: ['basic_access'] });
  b = await createMember(t.database.db, await createTenant(t.database.db, 'Sweep Outsider'), { isAdmin: true });
  // Company A has rows of its own the sweep must neither reach nor change.
  const seeded = await t.gql(
    `mutation($t: ID!) {
      createDepartments(tenant_uuid: $t, data: [{ department: "Concrete" }]) { id }
      createJobs(tenant_uuid: $t, data: [{ job: "Sweep Tower", job_abbr: "ST" }]) { id }
      createCostcodes(tenant_uuid: $t, data: [{ costcode: "01-100", description: "Forming" }]) { id }
      createCustomLinks(tenant_uuid: $t, data: [{ title: "Plans", url: "https://example.com", employees_id: ${aBasic.employeeId} }]) { id }
    }`,
    { t: a.tenantUuid },
    a.token,
  );
  expect(seeded.errors).toBeUndefined();
});

// The sweep checks what the API answers, which does not depend on the engine: with a PostgreSQL at hand (CI) it
// runs there only (vitest.config.ts), a machine without one runs it on PGlite.
describe('schema sweep', () => {
  const schema = getSchema();
  const fields = tenantFields(schema);

  it('finds every operation on company data, each with tenant_uuid: ID!', () => {
    expect(fields.length).toBeGreaterThan(60);
    for (const { field } of fields) {
      expect(`${field.name}: ${field.args.find((x) => x.name === 'tenant_uuid')?.type.toString()}`).toBe(`${field.name}: ID!`);
    }
  });

  it("refuses another company's admin naming this company and its ids, and changes nothing", async () => {
    const before = await companySnapshot(t.database.db, a.tenantUuid);
    expect(await sweepForeignTenant(t, schema, a, b)).toEqual([]);
    expect(await companySnapshot(t.database.db, a.tenantUuid)).toBe(before);
  }, 120_000);

  it("answers an admin naming their own company with another company's ids without reaching them", async () => {
    const before = await companySnapshot(t.database.db, a.tenantUuid);
    const failures: string[] = [];
    for (const swept of fields) {
      if (swept.kind === 'subscription' || swept.field.name === 'deleteTenant') continue;
      const answer = await call(
        t,
        swept,
        variablesFor(swept.field, { tenantUuid: b.tenantUuid, id: aBasic.employeeId, text: 'sweep' }),
        b.token,
      );
      if (answer.status >= 500 || answer.codes.includes('INTERNAL_SERVER_ERROR') || answer.body.includes('Sweep Victim')) {
        failures.push(`${swept.field.name}: ${answer.body.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await companySnapshot(t.database.db, a.tenantUuid)).toBe(before);
  }, 120_000);

  it('answers malformed values for every argument of every operation with a client error, never a 500', async () => {
    const failures: string[] = [];
    for (const swept of fields) {
      if (swept.kind === 'subscription' || swept.field.name === 'deleteTenant') continue;
      for (const arg of swept.field.args) {
        if (arg.name === 'tenant_uuid') continue;
        for (const bad of malformedValues(arg.type)) {
          const variables = variablesFor(swept.field, { tenantUuid: b.tenantUuid, id: b.employeeId, text: 'sweep' }, (x) =>
            x === arg ? bad : undefined,
          );
          const answer = await call(t, swept, variables, b.token);
          if (answer.status >= 500 || answer.codes.includes('INTERNAL_SERVER_ERROR')) {
            failures.push(
              `${swept.field.name}(${arg.name}=${JSON.stringify(bad)?.slice(0, 40)}): ${answer.status} ${answer.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
