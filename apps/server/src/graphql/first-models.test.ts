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
