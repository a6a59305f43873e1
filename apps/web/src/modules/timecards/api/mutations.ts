import { graphql, request, type VariablesOf } from '../../../lib/graphql';

export const saveDayMutation = graphql(`
  mutation CreateOrUpdateTimecardDayEntry(
    $tenant_uuid: ID!
    $employees_id: Int!
    $payperiod_start_date: String!
    $payperiod_end_date: String!
    $timecard_date: String!
    $timecard_entries: [TimecardDayEntryInput!]!
    $crew_employee_ids: [Int!]
  ) {
    createOrUpdateTimecardDayEntry(
      tenant_uuid: $tenant_uuid
      employees_id: $employees_id
      payperiod_start_date: $payperiod_start_date
      payperiod_end_date: $payperiod_end_date
      timecard_date: $timecard_date
      timecard_entries: $timecard_entries
      crew_employee_ids: $crew_employee_ids
    ) {
      users_timecard { id employees_id }
      users_timecard_entries { id employees_id }
    }
  }
`);

const signTimecardMutation = graphql(`
  mutation SignTimecard($tenant_uuid: ID!, $users_timecard_id: Int!, $signature_image: String!, $usernote: String) {
    signTimecard(tenant_uuid: $tenant_uuid, users_timecard_id: $users_timecard_id, signature_image: $signature_image, usernote: $usernote) {
      id
      signed_on
    }
  }
`);

const reopenTimecardMutation = graphql(`
  mutation ReopenTimecard($tenant_uuid: ID!, $users_timecard_id: Int!) {
    reopenTimecard(tenant_uuid: $tenant_uuid, users_timecard_id: $users_timecard_id) { id signed_on }
  }
`);

export type DayEntryLine = VariablesOf<typeof saveDayMutation>['timecard_entries'][number];
export type SaveDayVariables = Omit<VariablesOf<typeof saveDayMutation>, 'tenant_uuid'>;

/** Replaces one person's day (or, with crew_employee_ids, each crew member's) with the given lines. */
export const saveDay = (tenant: string, day: SaveDayVariables) => request(saveDayMutation, { tenant_uuid: tenant, ...day });

export const signTimecard = (tenant: string, users_timecard_id: number, signature_image: string, usernote: string | null) =>
  request(signTimecardMutation, { tenant_uuid: tenant, users_timecard_id, signature_image, usernote });

export const reopenTimecard = (tenant: string, users_timecard_id: number) =>
  request(reopenTimecardMutation, { tenant_uuid: tenant, users_timecard_id });
