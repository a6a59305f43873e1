import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';

const t = useTestApp();

const LIST = `query($t: ID!) { listGlobalSettings(tenant_uuid: $t) {
  codx_tenant_options_values_id title description group value_type options custom_value pass_through_value } }`;
const UPDATE = `mutation($t: ID!, $s: [TenantSettingInput!]!) { updateTenantSettings(tenant_uuid: $t, global_settings: $s) {
  codx_tenant_options_values_id custom_value pass_through_value } }`;
const TIMECARD_SETTINGS = `query($t: ID!) { getTimecardInfo(tenant_uuid: $t) { settings { pay_period_type pay_period_anchor minute_increment } } }`;

type Setting = {
  codx_tenant_options_values_id: number;
  custom_value: string | null;
  pass_through_value: string | null;
  value_type?: string;
};

let admin: TestMember;
let groupAdmin: TestMember;
let worker: TestMember;
let adminB: TestMember;

const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;
const list = async (who: TestMember) => {
  const res = await t.gql<{ listGlobalSettings: Setting[] }>(LIST, { t: who.tenantUuid }, who.token);
  expect(res.errors).toBeUndefined();
  return new Map(res.data?.listGlobalSettings.map((s) => [s.codx_tenant_options_values_id, s]));
};
const update = (who: TestMember, s: Record<string, unknown>[], tenant = who.tenantUuid) => t.gql(UPDATE, { t: tenant, s }, who.token);

beforeAll(async () => {
  const a = await createTenant(t.database.db);
  admin = await createMember(t.database.db, a, { isAdmin: true });
  groupAdmin = await createMember(t.database.db, a, { permissions: ['admin_access'] });
  worker = await createMember(t.database.db, a, { permissions: ['receipts_basic'] });
  adminB = await createMember(t.database.db, await createTenant(t.database.db), { isAdmin: true });
});

describe('listGlobalSettings', () => {
  it("lets any member read the catalogue with the company's values, defaults where unset", async () => {
    const settings = await list(worker);
    expect([...settings.keys()].sort((x, y) => x - y)).toEqual([1, 6, 7, 8, 9, 15, 17, 43, 44, 45, 46, 47, 48]);
    expect(settings.get(17)).toMatchObject({ value_type: 'boolean', custom_value: 'true', pass_through_value: null });
    expect(settings.get(1)).toMatchObject({
      value_type: 'select',
      options: ['1', '2', '3'],
      custom_value: 'true',
      pass_through_value: '1',
    });
    expect(settings.get(15)).toMatchObject({ value_type: 'date', custom_value: '2024-01-01' });
    expect(settings.get(6)).toMatchObject({ value_type: 'boolean', custom_value: 'false' });
    expect(settings.get(43)).toMatchObject({ value_type: 'number', custom_value: 'false', pass_through_value: '15' });
  });

  // Forbidden role: none. Every member reads the settings (time cards and the menu depend on them).
  it('refuses a visitor without a session, another company and a call without a company', async () => {
    expect(code(await t.gql(LIST, { t: worker.tenantUuid }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(LIST, { t: adminB.tenantUuid }, worker.token))).toBe('NOT_FOUND');
    expect(code(await t.gql('query { listGlobalSettings { title } }', {}, worker.token))).toBe('VALIDATION');
  });
});

describe('updateTenantSettings', () => {
  it('saves values that the time-card module then honours', async () => {
    const res = await update(admin, [
      { codx_tenant_options_values_id: 1, pass_through_value: '2' },
      { codx_tenant_options_values_id: 15, custom_value: '2026-01-05' },
      { codx_tenant_options_values_id: 6, custom_value: 'true' },
      { codx_tenant_options_values_id: 44, custom_value: 'true' },
    ]);
    expect(res.errors).toBeUndefined();
    const settings = await list(worker);
    expect(settings.get(1)).toMatchObject({ custom_value: 'true', pass_through_value: '2' });
    expect(settings.get(15)).toMatchObject({ custom_value: '2026-01-05', pass_through_value: null });
    expect(settings.get(6)).toMatchObject({ custom_value: 'true' });
    expect(settings.get(44)).toMatchObject({ custom_value: 'true', pass_through_value: '30' });
    const info = await t.gql(TIMECARD_SETTINGS, { t: admin.tenantUuid }, admin.token);
    expect(info.data?.getTimecardInfo.settings).toEqual({ pay_period_type: 2, pay_period_anchor: '2026-01-05', minute_increment: 30 });
  });

  it('keeps one minute increment on: turning another on turns the first off', async () => {
    const res = await update(groupAdmin, [{ codx_tenant_options_values_id: 46, custom_value: 'true', pass_through_value: '6' }]);
    expect(res.errors).toBeUndefined();
    const settings = await list(admin);
    expect(settings.get(46)).toMatchObject({ custom_value: 'true', pass_through_value: '6' });
    expect(settings.get(44)).toMatchObject({ custom_value: 'false', pass_through_value: '30' });
    const info = await t.gql(TIMECARD_SETTINGS, { t: admin.tenantUuid }, admin.token);
    expect(info.data?.getTimecardInfo.settings.minute_increment).toBe(6);
    expect(
      code(
        await update(admin, [
          { codx_tenant_options_values_id: 43, custom_value: 'true' },
          { codx_tenant_options_values_id: 45, custom_value: 'true' },
        ]),
      ),
    ).toBe('VALIDATION');
  });

  it('refuses values that do not fit the option, and saves nothing of a refused call', async () => {
    const before = await list(admin);
    const bad: Record<string, unknown>[][] = [
      [{ codx_tenant_options_values_id: 17, custom_value: 'yes' }],
      [{ codx_tenant_options_values_id: 17, custom_value: 'true', pass_through_value: 'x' }],
      [{ codx_tenant_options_values_id: 15, custom_value: '2026-02-30' }],
      [{ codx_tenant_options_values_id: 15, custom_value: 'true' }],
      [{ codx_tenant_options_values_id: 1, pass_through_value: '4' }],
      [{ codx_tenant_options_values_id: 43, custom_value: 'true', pass_through_value: '0' }],
      [{ codx_tenant_options_values_id: 43, custom_value: 'true', pass_through_value: '7.5' }],
      [{ codx_tenant_options_values_id: 999, custom_value: 'true' }],
      [{ codx_tenant_options_values_id: 7, custom_value: 'x'.repeat(300) }],
      [
        { codx_tenant_options_values_id: 7, custom_value: 'true' },
        { codx_tenant_options_values_id: 7, custom_value: 'false' },
      ],
      [
        { codx_tenant_options_values_id: 7, custom_value: 'true' },
        { codx_tenant_options_values_id: 8, custom_value: 'maybe' },
      ],
      [],
    ];
    for (const s of bad) {
      const res = await update(admin, s);
      expect(code(res), JSON.stringify(s)).toBe('VALIDATION');
    }
    expect((await update(admin, [{ codx_tenant_options_values_id: 17, custom_value: 'nope' }])).errors?.[0].message).toBe(
      "Setting 17 (Show messages): custom_value must be 'true' or 'false'.",
    );
    expect(code(await t.gql(UPDATE, { t: admin.tenantUuid, s: [{ custom_value: 'true' }] }, admin.token))).toBe('VALIDATION');
    expect(await list(admin)).toEqual(before);
  });

  it('is for admins only, in their own company only', async () => {
    const change = [{ codx_tenant_options_values_id: 17, custom_value: 'false' }];
    expect(code(await t.gql(UPDATE, { t: worker.tenantUuid, s: change }))).toBe('UNAUTHENTICATED');
    expect(code(await update(worker, change))).toBe('FORBIDDEN');
    expect(code(await update(admin, change, adminB.tenantUuid))).toBe('NOT_FOUND');
    expect((await list(adminB)).get(17)?.custom_value).toBe('true');
    expect((await list(adminB)).get(44)?.custom_value).toBe('false');
    expect((await list(worker)).get(17)?.custom_value).toBe('true');
  });
});
