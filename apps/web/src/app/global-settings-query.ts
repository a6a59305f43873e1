import { queryOptions } from '@tanstack/react-query';
import { graphql, type ResultOf, request } from '../lib/graphql';

const listGlobalSettingsQuery = graphql(`
  query ListGlobalSettings($tenant_uuid: ID!) {
    listGlobalSettings(tenant_uuid: $tenant_uuid) {
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

export type GlobalSetting = ResultOf<typeof listGlobalSettingsQuery>['listGlobalSettings'][number];

/** Spec §9: tenant setting 17 shows snackbar messages; on unless the company turned it off. */
export const SNACKBAR_SETTING_ID = 17;

export const globalSettingsKeys = {
  all: ['global-settings'] as const,
  tenant: (tenant: string) => ['global-settings', tenant] as const,
};

export function globalSettingsQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: globalSettingsKeys.tenant(tenant),
    queryFn: async () => (await request(listGlobalSettingsQuery, { tenant_uuid: tenant })).listGlobalSettings,
    staleTime: 5 * 60_000,
  });
}

/** A boolean setting's value: custom_value 'true' or 'false'; unset keeps the default. */
export function settingIsOn(settings: readonly GlobalSetting[] | undefined, id: number, fallback: boolean): boolean {
  const value = settings?.find((setting) => setting.codx_tenant_options_values_id === id)?.custom_value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}
