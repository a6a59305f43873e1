import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTenant, type TestMember } from '../testing/factories.js';
import { describeModelContract } from '../testing/model-contract.js';
import { useTestApp } from '../testing/test-app.js';

const t = useTestApp();

describeModelContract(t, {
  name: 'Employees',
  fields: 'id firstname lastname email status',
  admin: 'people_admin',
  readOnly: 'people_basic',
  none: 'tool20_basic',
  valid: { firstname: 'Rosa', lastname: 'Diaz', email: 'rosa@example.com' },
  invalid: { email: 'not-an-email' },
  change: { lastname: 'Diaz-Peralta', status: 0 },
});

describeModelContract(t, {
  name: 'Costcodes',
  fields: 'id costcode description status',
  admin: 'projects_admin',
  readOnly: 'basic_access',
  none: 'people_basic',
  valid: { costcode: '03-300', description: 'Concrete' },
  invalid: { costcode: '' },
  change: { description: 'Cast-in-place concrete' },
});

describeModelContract(t, {
  name: 'Departments',
  fields: 'id department status',
  admin: 'people_admin',
  readOnly: 'people_basic',
  none: 'tool20_admin',
  valid: { department: 'Estimating' },
  invalid: { department: '' },
  change: { department: 'Preconstruction' },
});

describeModelContract(t, {
  name: 'Divisions',
  fields: 'id division status',
  admin: 'people_admin',
  readOnly: 'basic_access',
  none: 'receipts_basic',
  valid: { division: 'Civil' },
  invalid: { division: 'x'.repeat(201) },
  change: { division: 'Heavy Civil', status: 0 },
});

// The contract checks create, update, get and delete input; the list operations of these models take input too.
describe('list input of these models', () => {
  let admin: TestMember;
  beforeAll(async () => {
    admin = await createMember(t.database.db, await createTenant(t.database.db), { permissions: ['people_admin', 'projects_admin'] });
  });

  it('refuses a bad limit, a forged nextToken, a filter on an unknown column and a missing company', async () => {
    for (const [name, column] of [
      ['Employees', 'firstname'],
      ['Costcodes', 'costcode'],
      ['Departments', 'department'],
      ['Divisions', 'division'],
    ]) {
      const list = (args: string) => `query($t: ID!) { list${name}(tenant_uuid: $t${args}) { items { id } } }`;
      const code = async (query: string, vars: Record<string, unknown> = { t: admin.tenantUuid }) =>
        (await t.gql(query, vars, admin.token)).errors?.[0]?.extensions?.code;
      expect((await t.gql(list(''), { t: admin.tenantUuid }, admin.token)).errors, name).toBeUndefined();
      expect(await code(list(', limit: 0')), name).toBe('VALIDATION');
      expect(await code(list(', limit: 1001')), name).toBe('VALIDATION');
      expect(await code(list(', nextToken: "forged"')), name).toBe('VALIDATION');
      expect(await code(list(', filter: { eq: { no_such_column: 1 } }')), name).toBe('VALIDATION');
      expect(await code(list(`, filter: { eq: { ${column}: 7 } }`)), name).toBe('VALIDATION');
      expect(await code(`query { list${name} { items { id } } }`, {}), name).toBe('VALIDATION');
    }
  });
});
