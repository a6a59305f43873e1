import {
  ACCOUNTING_MESSAGES,
  API_ACTIONS,
  type ApiAction,
  CONNECTION_EVENTS,
  type ConnectionEvent,
  logPayloadSchema,
  mapPayloadSchema,
  syncPayloadSchema,
} from '@groundwork/core/accounting';
import type { z } from 'zod';
import { builder } from '../../graphql/builder.js';
import { AppError } from '../../graphql/errors.js';
import { type Rule, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { parsed } from '../../graphql/validation.js';
import { map, mapping } from './accounting.mapping.js';
import {
  type AccountingStatus,
  accountingStatus,
  accountingSystemConnection,
  type ConnectionResult,
  setAccountingSystem,
} from './accounting.service.js';
import { preview, push, syncLog } from './accounting.sync.js';

/**
 * The accounting integration, QuickBooks Online (spec §7, issue 23). Spec §6: only admins get the integration
 * checks, so every operation here is for admin_access (every global admin holds it). Tokens never leave the server.
 */
const ADMIN: Rule = { area: 'company', action: 'write' };

const ConnectionResultRef = builder.objectRef<ConnectionResult>('AccountingSystemConnectionResult').implement({
  description:
    "connect answers redirect_uri (QuickBooks' consent page); check answers 'Connected' or the reason; disconnect 'Disconnected'.",
  fields: (t) => ({
    message: t.exposeString('message', { nullable: true }),
    redirect_uri: t.exposeString('redirect_uri', { nullable: true }),
  }),
});

const StatusRef = builder.objectRef<AccountingStatus>('AccountingSystemStatus').implement({
  description: 'The connection as stored, without calling QuickBooks: qbo_disconnected is set when QuickBooks refused our grant.',
  fields: (t) => ({
    configured: t.exposeBoolean('configured'),
    connected: t.exposeBoolean('connected'),
    qbo_disconnected: t.exposeBoolean('qbo_disconnected'),
    realm_id: t.exposeString('realm_id', { nullable: true }),
    connected_on: t.exposeString('connected_on', { nullable: true }),
    accountingsystems_id: t.exposeInt('accountingsystems_id', { nullable: true }),
  }),
});

const SelectionRef = builder
  .objectRef<{ accounting_system_id: number | null; accounting_system_title: string | null }>('AccountingSystemSelection')
  .implement({
    fields: (t) => ({
      accounting_system_id: t.exposeInt('accounting_system_id', { nullable: true }),
      accounting_system_title: t.exposeString('accounting_system_title', { nullable: true }),
    }),
  });

const ApiResultRef = builder.objectRef<{ action: string; message: string | null; data: unknown }>('AccountingSystemApiResult').implement({
  description: "accountingSystemApi's answer: message is 'Connected' when QuickBooks was reachable, else the reason; data by action.",
  fields: (t) => ({
    action: t.exposeString('action'),
    message: t.exposeString('message', { nullable: true }),
    data: t.field({ type: 'JSON', nullable: true, resolve: (r) => r.data }),
  }),
});

/** A payload as its schema reads it (an absent payload is an empty one), or VALIDATION naming the field. */
const parse = <T>(schema: z.ZodType<T>, value: unknown): T => parsed(schema, value ?? {});

tenantQuery('accountingSystemStatus', ADMIN, {
  type: StatusRef,
  description: "The company's accounting connection and its disconnected flag (read by admins at start-up).",
  resolve: (args, g) => accountingStatus(g.tx, g.ctx.config, args.tenant_uuid),
});

tenantMutation('accountingSystemConnection', ADMIN, {
  type: ConnectionResultRef,
  description:
    "Spec §7: event_type connect (answers redirect_uri, QuickBooks' consent page; the optional redirect_uri argument " +
    'is the page of this app to come back to), check, or disconnect.',
  args: (t) => ({ event_type: t.string({ required: true }), redirect_uri: t.string() }),
  resolve: (args, g) => {
    if (!(CONNECTION_EVENTS as readonly string[]).includes(args.event_type)) throw new AppError('VALIDATION', ACCOUNTING_MESSAGES.badEvent);
    return accountingSystemConnection(
      g.tx,
      g.ctx.config,
      args.tenant_uuid,
      g.member.employeeId,
      args.event_type as ConnectionEvent,
      args.redirect_uri,
    );
  },
});

tenantMutation('setAccountingSystem', ADMIN, {
  type: SelectionRef,
  description: 'Spec §7: which accounting system the company uses (tenants.accountingsystems_id); 0 clears it.',
  args: (t) => ({
    accounting_system_id: t.int({ required: true }),
    accounting_system_title: t.string({ required: true }),
  }),
  resolve: (args, g) => setAccountingSystem(g.tx, args.tenant_uuid, args.accounting_system_id, args.accounting_system_title),
});

tenantMutation('accountingSystemApi', ADMIN, {
  type: ApiResultRef,
  description:
    'Spec §7 accountingSystemApi. action: mapping (local records, QuickBooks entities, links, suggestions by name), ' +
    'map {kind, local_id, remote_id|null}, preview {types?, from?, to?} (the dry run), push (the same, carried out; ' +
    'idempotent by record and version), log {limit?}.',
  args: (t) => ({ action: t.string({ required: true }), payload: t({ type: 'JSON' }) }),
  resolve: async (args, g) => {
    const action = args.action as ApiAction;
    if (!(API_ACTIONS as readonly string[]).includes(action)) throw new AppError('VALIDATION', ACCOUNTING_MESSAGES.badAction);
    const { tx, ctx } = g;
    const tenant = args.tenant_uuid;
    switch (action) {
      case 'mapping': {
        const { message, ...data } = await mapping(tx, ctx.config, tenant);
        return { action, message, data };
      }
      case 'map':
        return { action, message: null, data: await map(tx, tenant, parse(mapPayloadSchema, args.payload)) };
      case 'preview': {
        const { message, ...data } = await preview(tx, ctx.config, tenant, parse(syncPayloadSchema, args.payload));
        return { action, message, data };
      }
      case 'push': {
        const { message, ...data } = await push(tx, ctx.config, tenant, parse(syncPayloadSchema, args.payload));
        return { action, message, data };
      }
      case 'log': {
        const { limit } = parse(logPayloadSchema, args.payload);
        return { action, message: null, data: { entries: await syncLog(tx, tenant, limit) } };
      }
    }
  },
});
