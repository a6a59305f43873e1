import { builder } from '../../graphql/builder.js';
import { tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { ADMIN, answer, apiMutation, connectionMutation, parse } from '../integrations/integrations.graphql.js';
import { importLog, preview, runImport } from './timecard-system.import.js';
import { map, mapping } from './timecard-system.mapping.js';
import {
  importLogSchema,
  importPayloadSchema,
  TIMECARD_SYSTEM_MESSAGES as M,
  TIMECARD_API_ACTIONS,
  TIMECARD_CONNECTION_EVENTS,
  timecardMapSchema,
} from './timecard-system.rules.js';
import { setTimecardSystem, type TimecardSystemStatus, timecardSystemConnection, timecardSystemStatus } from './timecard-system.service.js';

/** The external time-card system, QuickBooks Time (spec §7, issue 23); admins only, like every integration. */

const StatusRef = builder.objectRef<TimecardSystemStatus>('TimecardSystemStatus').implement({
  description: 'The QuickBooks Time connection as stored, without calling it: disconnected_reason when it refused our grant.',
  fields: (t) => ({
    configured: t.exposeBoolean('configured'),
    connected: t.exposeBoolean('connected'),
    disconnected_reason: t.exposeString('disconnected_reason', { nullable: true }),
    connected_on: t.exposeString('connected_on', { nullable: true }),
    timecardsystems_id: t.exposeInt('timecardsystems_id', { nullable: true }),
  }),
});

const SelectionRef = builder
  .objectRef<{ timecardsystems_id: number | null; timecardsystems_title: string | null }>('TimecardSystemSelection')
  .implement({
    fields: (t) => ({
      timecardsystems_id: t.exposeInt('timecardsystems_id', { nullable: true }),
      timecardsystems_title: t.exposeString('timecardsystems_title', { nullable: true }),
    }),
  });

tenantQuery('timecardSystemStatus', ADMIN, {
  type: StatusRef,
  description: "The company's QuickBooks Time connection, as stored.",
  resolve: (args, g) => timecardSystemStatus(g.tx, g.ctx.config, args.tenant_uuid),
});

connectionMutation({
  name: 'timecardSystemConnection',
  type: {
    name: 'TimecardSystemConnectionResult',
    description: "connect answers redirect_uri (QuickBooks Time's consent page); check answers 'Connected' or the reason.",
  },
  description:
    "Spec §7: event_type connect (answers redirect_uri, QuickBooks Time's consent page; the optional redirect_uri " +
    'argument is the page of this app to come back to), check, or disconnect (revokes).',
  events: TIMECARD_CONNECTION_EVENTS,
  badEvent: M.badEvent,
  run: (g, tenant, event, redirectUri) => timecardSystemConnection(g.tx, g.ctx.config, tenant, g.member.employeeId, event, redirectUri),
});

tenantMutation('setTimecardSystem', ADMIN, {
  type: SelectionRef,
  description: 'Spec §7: which time-card system the company uses (tenants.timecardsystems_id); 0 clears it.',
  args: (t) => ({ timecardsystems_id: t.int({ required: true }) }),
  resolve: (args, g) => setTimecardSystem(g.tx, args.tenant_uuid, args.timecardsystems_id),
});

apiMutation({
  name: 'timecardSystemApi',
  type: {
    name: 'TimecardSystemApiResult',
    description: "timecardSystemApi's answer: message is 'Connected' when QuickBooks Time was reachable, else the reason.",
  },
  description:
    'Spec §7 timecardSystemApi. action: mapping (QuickBooks Time users and jobcodes beside people and jobs, with ' +
    'suggestions by name), map {kind user|jobcode, remote_id, local_id|null, costcodes_id?}, preview {start_date, ' +
    'end_date} (the dry run of a pay period), import (the same, carried out; idempotent by timesheet id; conflicts ' +
    'with hours typed in the app are reported, never overwritten), log {limit?}.',
  actions: TIMECARD_API_ACTIONS,
  badAction: M.badAction,
  steps: {
    mapping: ({ tx, ctx }, tenant) => answer(mapping(tx, ctx.config, tenant)),
    map: async ({ tx }, tenant, payload) => ({ message: null, data: await map(tx, tenant, parse(timecardMapSchema, payload)) }),
    preview: ({ tx, ctx }, tenant, payload) => answer(preview(tx, ctx.config, tenant, parse(importPayloadSchema, payload))),
    import: ({ tx, ctx, member }, tenant, payload) =>
      answer(runImport(tx, ctx.config, tenant, member.employeeId, parse(importPayloadSchema, payload))),
    log: async ({ tx }, tenant, payload) => {
      const { limit } = parse(importLogSchema, payload);
      return { message: null, data: { entries: await importLog(tx, tenant, limit) } };
    },
  },
});
