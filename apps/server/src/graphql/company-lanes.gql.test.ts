import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { okData, useTestApp } from '../testing/test-app.js';

// The company lanes (company-lanes.ts) through the API, with one lane a company: heavy operations queue, in any
// number and in any mix, and every one answers; a document asking for two heavy fields (resolved side by side, each
// in a lane of its own) does not wait on itself.
const t = useTestApp({ config: { heavyWorkPerCompany: 1 } });

const TWO_REPORTS = `query($t: ID!) {
  reportLaborBudget(tenant_uuid: $t) { total }
  reportTimecardStatus(tenant_uuid: $t) { total }
}`;
const BOARD = `query($t: ID!, $from: String!, $to: String) { getScheduleBoard(tenant_uuid: $t, from: $from, to: $to) { jobs { id } } }`;
const PEOPLE = `query($t: ID!) { listEmployees(tenant_uuid: $t) { items { id } } }`;

let admin: TestMember;
let other: TestMember;

beforeAll(async () => {
  admin = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
  other = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
});

describe('heavy operations in the company lanes', () => {
  it("answers a burst of one company's reports and boards, one lane at a time, beside another company's list", async () => {
    const burst = [
      ...Array.from({ length: 4 }, () => t.gql(TWO_REPORTS, { t: admin.tenantUuid }, admin.token)),
      ...Array.from({ length: 4 }, () => t.gql(BOARD, { t: admin.tenantUuid, from: '2026-03-02', to: '2026-03-29' }, admin.token)),
      t.gql(PEOPLE, { t: other.tenantUuid }, other.token),
    ];
    const answers = await Promise.all(burst);
    for (const answer of answers.slice(0, 4)) {
      expect(okData(answer).reportLaborBudget).toEqual({ total: 0 });
      expect(okData(answer).reportTimecardStatus).toMatchObject({ total: expect.any(Number) });
    }
    for (const answer of answers.slice(4, 8)) expect(okData(answer).getScheduleBoard).toEqual({ jobs: [] });
    expect(okData(answers[8]).listEmployees.items).toHaveLength(1);
  });

  it("refuses another company's admin naming this company, as the gate does without lanes", async () => {
    const answer = await t.gql(TWO_REPORTS, { t: admin.tenantUuid }, other.token);
    expect(answer.data).toBeNull();
    expect(new Set(answer.errors?.map((e: { extensions?: { code?: string } }) => e.extensions?.code))).toEqual(new Set(['NOT_FOUND']));
  });
});
