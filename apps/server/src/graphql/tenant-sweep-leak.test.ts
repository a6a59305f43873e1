import { beforeAll, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { sweepForeignTenant } from '../testing/schema-sweep.js';
import { useTestApp } from '../testing/test-app.js';
import { builder } from './builder.js';
import { getSchema } from './schema.js';

// A test-only operation defined outside the gate: it answers whatever company it is named. The sweep must
// catch it without anyone writing a test for it. (This file adds to the schema, so it runs isolated.)
builder.queryField('leakySweepFixture', (t) =>
  t.field({ type: 'String', nullable: true, args: { tenant_uuid: t.arg.id({ required: true }) }, resolve: (_r, args) => args.tenant_uuid }),
);

const t = useTestApp();
let a: TestMember;
let b: TestMember;

beforeAll(async () => {
  a = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  b = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
});

it('fails for an operation added outside the tenant gate, and only for it', async () => {
  const failures = await sweepForeignTenant(t, getSchema(), a, b);
  expect(failures.map((f) => f.split(':')[0])).toEqual(['leakySweepFixture']);
}, 120_000);
