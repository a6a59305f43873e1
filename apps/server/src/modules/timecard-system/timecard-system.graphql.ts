import type { z } from 'zod';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../graphql/errors.js';
import { type Rule, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { parsed } from '../../graphql/validation.js';
import { importLog, preview, runImport } from './timecard-system.import.js';
import { map, mapping } from './timecard-system.mapping.js';
import {
  importLogSchema,
  importPayloadSchema,
  TIMECARD_SYSTEM_MESSAGES as M,
  TIMECARD_API_ACTIONS,
  TIMECARD_CONNECTION_EVENTS,
  type TimecardApiAction,
  type TimecardConnectionEvent,
  timecardMapSchema,
} from './timecard-system.rules.js';
import {
  type ConnectionResult,
  setTimecardSystem,
  type TimecardSystemStatus,
  timecardSystemConnection,
  timecardSystemStatus,
} from './timecard-system.service.js';

/**
 * The external time-card system, QuickBooks Time (spec §7, issue 23). Spec §6: only admins get the integration
 * checks, so every operation here is for admin_access. Tokens never leave the server.
 */
const ADMIN: Rule = { area: 'company', action: 'write' };

const ConnectionResultRef = builder.objectRef<ConnectionResult>('TimecardSystemConnectionResult').implement({
  description: "connect answers redirect_uri (QuickBooks Time's consent page); check answers 'Connected' or the reason.",
  fields: (t) => ({
    message: t.exposeString('message', { nullable: true }),
    redirect_uri: t.exposeString('redirect_uri', { nullable: true }),
  }),
});

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

const ApiResultRef = builder.objectRef<{ action: string; message: string | null; data: unknown }>('TimecardSystemApiResult').implement({
  description: "timecardSystemApi's answer: message is 'Connected' when QuickBooks Time was reachable, else the reason.",
  fields: (t) => ({
    action: t.exposeString('action'),
    message: t.exposeString('message', { nullable: true }),
    data: t.field({ type: 'JSON', nullable: true, resolve: (r) => r.data }),
  }),
});

/** A payload as its schema reads it (an absent payload is an empty one), or VALIDATION naming the field. */
const parse = <T>(schema: z.ZodType<T>, value: unknown): T => parsed(schema, value ?? {});

tenantQuery('timecardSystemStatus', ADMIN, {
  type: StatusRef,
  description: "The company's QuickBooks Time connection, as stored.",
  resolve: (args, g) => timecardSystemStatus(g.tx, g.ctx.config, args.tenant_uuid),
});

tenantMutation('timecardSystemConnection', ADMIN, {
  type: ConnectionResultRef,
  description:
    "Spec §7: event_type connect (answers redirect_uri, QuickBooks Time's consent page; the optional redirect_uri " +
    'argument is the page of this app to come back to), check, or disconnect (revokes).',
  args: (t) => ({ event_type: t.string({ required: true }), redirect_uri: t.string() }),
  resolve: (args, g) => {
    if (!(TIMECARD_CONNECTION_EVENTS as readonly string[]).includes(args.event_type)) throw new AppError('VALIDATION', M.badEvent);
    return timecardSystemConnection(
      g.tx,
      g.ctx.config,
      args.tenant_uuid,
      g.member.employeeId,
      args.event_type as TimecardConnectionEvent,
      args.redirect_uri,
    );
  },
});

tenantMutation('setTimecardSystem', ADMIN, {
  type: SelectionRef,
  description: 'Spec §7: which time-card system the company uses (tenants.timecardsystems_id); 0 clears it.',
  args: (t) => ({ timecardsystems_id: t.int({ required: true }) }),
  resolve: (args, g) => setTimecardSystem(g.tx, args.tenant_uuid, args.timecardsystems_id),
});

tenantMutation('timecardSystemApi', ADMIN, {
  type: ApiResultRef,
  description:
    'Spec §7 timecardSystemApi. action: mapping (QuickBooks Time users and jobcodes beside people and jobs, with ' +
    'suggestions by name), map {kind user|jobcode, remote_id, local_id|null, costcodes_id?}, preview {start_date, ' +
    'end_date} (the dry run of a pay period), import (the same, carried out; idempotent by timesheet id; conflicts ' +
    'with hours typed in the app are reported, never overwritten), log {limit?}.',
  args: (t) => ({ action: t.string({ required: true }), payload: t({ type: 'JSON' }) }),
  resolve: async (args, g) => {
    const action = args.action as TimecardApiAction;
    if (!(TIMECARD_API_ACTIONS as readonly string[]).includes(action)) throw new AppError('VALIDATION', M.badAction);
    const { tx, ctx } = g;
    const tenant = args.tenant_uuid;
    switch (action) {
      case 'mapping': {
        const { message, ...data } = await mapping(tx, ctx.config, tenant);
        return { action, message, data };
      }
      case 'map':
        return { action, message: null, data: await map(tx, tenant, parse(timecardMapSchema, args.payload)) };
      case 'preview': {
        const { message, ...data } = await preview(tx, ctx.config, tenant, parse(importPayloadSchema, args.payload));
        return { action, message, data };
      }
      case 'import': {
        const payload = parse(importPayloadSchema, args.payload);
        const { message, ...data } = await runImport(tx, ctx.config, tenant, g.member.employeeId, payload);
        return { action, message, data };
      }
      case 'log': {
        const { limit } = parse(importLogSchema, args.payload);
        return { action, message: null, data: { entries: await importLog(tx, tenant, limit) } };
      }
    }
  },
});
