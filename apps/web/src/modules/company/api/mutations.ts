import { graphql, request, type VariablesOf } from '../../../lib/graphql';

const createTenantMutation = graphql(`
  mutation CreateTenant($company: String!) {
    createTenant(company: $company) { tenant_uuid company }
  }
`);

const deleteTenantMutation = graphql(`
  mutation DeleteTenant($tenant_uuid: ID!, $user_email: String!) {
    deleteTenant(tenant_uuid: $tenant_uuid, user_email: $user_email)
  }
`);

const updateTenantSettingsMutation = graphql(`
  mutation UpdateTenantSettings($tenant_uuid: ID!, $global_settings: [TenantSettingInput!]!) {
    updateTenantSettings(tenant_uuid: $tenant_uuid, global_settings: $global_settings) {
      codx_tenant_options_values_id
      title
      description
      group
      value_type
      options
      custom_value
      pass_through_value
    }
  }
`);

export type TenantSettingInput = VariablesOf<typeof updateTenantSettingsMutation>['global_settings'][number];

export const createTenant = async (company: string) => (await request(createTenantMutation, { company })).createTenant;
export const deleteTenant = (tenant: string, email: string) => request(deleteTenantMutation, { tenant_uuid: tenant, user_email: email });
export const updateTenantSettings = async (tenant: string, settings: TenantSettingInput[]) =>
  (await request(updateTenantSettingsMutation, { tenant_uuid: tenant, global_settings: settings })).updateTenantSettings;

// Departments and divisions: the generic record operations (people_admin writes).
const createDepartmentsMutation = graphql(`
  mutation CreateDepartments($tenant_uuid: ID!, $data: [DepartmentsInput!]!) {
    createDepartments(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);
const updateDepartmentsMutation = graphql(`
  mutation UpdateDepartments($tenant_uuid: ID!, $data: [DepartmentsUpdateInput!]!) {
    updateDepartments(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);
const deleteDepartmentsMutation = graphql(`
  mutation DeleteDepartments($tenant_uuid: ID!, $data: [DepartmentsDeleteInput!]!) {
    deleteDepartments(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);
const createDivisionsMutation = graphql(`
  mutation CreateDivisions($tenant_uuid: ID!, $data: [DivisionsInput!]!) {
    createDivisions(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);
const updateDivisionsMutation = graphql(`
  mutation UpdateDivisions($tenant_uuid: ID!, $data: [DivisionsUpdateInput!]!) {
    updateDivisions(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);
const deleteDivisionsMutation = graphql(`
  mutation DeleteDivisions($tenant_uuid: ID!, $data: [DivisionsDeleteInput!]!) {
    deleteDivisions(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

export interface NamedRecordApi {
  create(tenant: string, name: string): Promise<unknown>;
  update(tenant: string, change: { id: number; name?: string; status?: number }): Promise<unknown>;
  remove(tenant: string, id: number): Promise<unknown>;
}

export const departmentsApi: NamedRecordApi = {
  create: (tenant, name) => request(createDepartmentsMutation, { tenant_uuid: tenant, data: [{ department: name }] }),
  update: (tenant, { id, name, status }) =>
    request(updateDepartmentsMutation, { tenant_uuid: tenant, data: [{ id, department: name, status }] }),
  remove: (tenant, id) => request(deleteDepartmentsMutation, { tenant_uuid: tenant, data: [{ id }] }),
};

export const divisionsApi: NamedRecordApi = {
  create: (tenant, name) => request(createDivisionsMutation, { tenant_uuid: tenant, data: [{ division: name }] }),
  update: (tenant, { id, name, status }) =>
    request(updateDivisionsMutation, { tenant_uuid: tenant, data: [{ id, division: name, status }] }),
  remove: (tenant, id) => request(deleteDivisionsMutation, { tenant_uuid: tenant, data: [{ id }] }),
};

// Modules on or off for the company (TenantsModules record operations, admin_access).
const createTenantsModulesMutation = graphql(`
  mutation CreateTenantsModules($tenant_uuid: ID!, $data: [TenantsModulesInput!]!) {
    createTenantsModules(tenant_uuid: $tenant_uuid, data: $data) { id modules_id status }
  }
`);
const updateTenantsModulesMutation = graphql(`
  mutation UpdateTenantsModules($tenant_uuid: ID!, $data: [TenantsModulesUpdateInput!]!) {
    updateTenantsModules(tenant_uuid: $tenant_uuid, data: $data) { id modules_id status }
  }
`);

/** Switches a module: updates the company's row when it has one, else creates it. */
export async function setModuleStatus(tenant: string, modulesId: number, rowId: number | undefined, on: boolean): Promise<void> {
  const status = on ? 1 : 0;
  if (rowId === undefined) await request(createTenantsModulesMutation, { tenant_uuid: tenant, data: [{ modules_id: modulesId, status }] });
  else await request(updateTenantsModulesMutation, { tenant_uuid: tenant, data: [{ id: rowId, status }] });
}

// Custom links (people_admin writes).
const createCustomLinksMutation = graphql(`
  mutation CreateCustomLinks($tenant_uuid: ID!, $data: [CustomLinksInput!]!) {
    createCustomLinks(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);
const updateCustomLinksMutation = graphql(`
  mutation UpdateCustomLinks($tenant_uuid: ID!, $data: [CustomLinksUpdateInput!]!) {
    updateCustomLinks(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);
const deleteCustomLinksMutation = graphql(`
  mutation DeleteCustomLinks($tenant_uuid: ID!, $data: [CustomLinksDeleteInput!]!) {
    deleteCustomLinks(tenant_uuid: $tenant_uuid, data: $data) { id }
  }
`);

export const createCustomLink = (tenant: string, link: { employees_id: number; title: string; url: string }) =>
  request(createCustomLinksMutation, { tenant_uuid: tenant, data: [{ ...link, status: 1 }] });
export const updateCustomLink = (tenant: string, link: { id: number; title?: string; url?: string; status?: number }) =>
  request(updateCustomLinksMutation, { tenant_uuid: tenant, data: [link] });
export const deleteCustomLink = (tenant: string, id: number) => request(deleteCustomLinksMutation, { tenant_uuid: tenant, data: [{ id }] });
