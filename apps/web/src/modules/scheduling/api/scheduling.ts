import { graphql, type ResultOf, request } from '../../../lib/graphql';

/** Everything of one tenant's schedule starts with ['scheduling', tenant]: one invalidation after a write. */
export const scheduleKeys = {
  all: (tenant: string) => ['scheduling', tenant] as const,
  board: (tenant: string, from: string, to: string) => ['scheduling', tenant, 'board', from, to] as const,
  crews: (tenant: string, from: string, to: string) => ['scheduling', tenant, 'crews', from, to] as const,
  mine: (tenant: string, from: string, to: string) => ['scheduling', tenant, 'mine', from, to] as const,
};

const scheduleBoardQuery = graphql(`
  query ScheduleBoard($tenant_uuid: ID!, $from: String!, $to: String) {
    getScheduleBoard(tenant_uuid: $tenant_uuid, from: $from, to: $to) {
      from to
      jobs { id label address budgeted_hours foremen }
      people { id name trades departments divisions }
      entries { id jobs_id employees_id date event_type confirmation_status confirmed_on confirmation_reason }
      departments { id label }
      divisions { id label }
    }
  }
`);

const myCrewsQuery = graphql(`
  query MyCrews($tenant_uuid: ID!, $from: String!, $to: String) {
    getMyCrews(tenant_uuid: $tenant_uuid, from: $from, to: $to) {
      from to
      jobs { id label address budgeted_hours foremen }
      people { id name trades }
      entries { id jobs_id employees_id date event_type confirmation_status confirmed_on confirmation_reason }
    }
  }
`);

const myScheduleQuery = graphql(`
  query MySchedule($tenant_uuid: ID!, $from: String!, $to: String) {
    getMySchedule(tenant_uuid: $tenant_uuid, from: $from, to: $to) {
      id date jobs_id job_label address foremen event_type confirmation_status confirmed_on confirmation_reason
    }
  }
`);

const updateScheduleMutation = graphql(`
  mutation UpdateSchedule(
    $tenant_uuid: ID!
    $add: [ScheduleEntryInput!]
    $remove: [ScheduleEntryInput!]
    $allow_double_booking: Boolean
  ) {
    updateSchedule(tenant_uuid: $tenant_uuid, add: $add, remove: $remove, allow_double_booking: $allow_double_booking) {
      added { id }
      removed { id }
      updated { id }
      unchanged
      failed { kind index code message label jobs_id employees_id date }
    }
  }
`);

export const respondMutation = graphql(`
  mutation RespondToSchedule($tenant_uuid: ID!, $id: Int!, $status: ScheduleAnswer!, $reason: String) {
    respondToSchedule(tenant_uuid: $tenant_uuid, id: $id, status: $status, reason: $reason) {
      id confirmation_status confirmed_on confirmation_reason
    }
  }
`);

type Board = ResultOf<typeof scheduleBoardQuery>['getScheduleBoard'];
export type BoardEntry = Board['entries'][number];
export type BoardJob = Board['jobs'][number];
export type BoardPerson = Board['people'][number];
export type MyDay = ResultOf<typeof myScheduleQuery>['getMySchedule'][number];
export type ScheduleResult = ResultOf<typeof updateScheduleMutation>['updateSchedule'];
export type NewEntry = { jobs_id: number; employees_id: number; date: string };

export const fetchBoard = async (tenant: string, from: string, to: string) =>
  (await request(scheduleBoardQuery, { tenant_uuid: tenant, from, to })).getScheduleBoard;
export const fetchCrews = async (tenant: string, from: string, to: string) =>
  (await request(myCrewsQuery, { tenant_uuid: tenant, from, to })).getMyCrews;
export const fetchMySchedule = async (tenant: string, from: string, to: string) =>
  (await request(myScheduleQuery, { tenant_uuid: tenant, from, to })).getMySchedule;

export const updateSchedule = async (tenant: string, add: NewEntry[], remove: number[], allowDoubleBooking = false) =>
  (
    await request(updateScheduleMutation, {
      tenant_uuid: tenant,
      add: add.length ? add : null,
      remove: remove.length ? remove.map((id) => ({ id })) : null,
      allow_double_booking: allowDoubleBooking,
    })
  ).updateSchedule;

export const respondToSchedule = async (tenant: string, id: number, status: 'confirmed' | 'declined', reason?: string) =>
  (await request(respondMutation, { tenant_uuid: tenant, id, status, reason: reason ?? null })).respondToSchedule;
