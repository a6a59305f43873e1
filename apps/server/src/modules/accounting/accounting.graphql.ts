import {
  ACCOUNTING_MESSAGES,
  API_ACTIONS,
  CONNECTION_EVENTS,
  logPayloadSchema,
  mapPayloadSchema,
  syncPayloadSchema,
} from '@groundwork/core/accounting';
import { builder } from '../../graphql/builder.js';
import { tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { ADMIN, answer, apiMutation, connectionMutation, parse } from '../integrations/integrations.graphql.js';
import { map, mapping } from './accounting.mapping.js';
import { type AccountingStatus, accountingStatus, accountingSystemConnection, setAccountingSystem } from './accounting.service.js';
import { preview, push, syncLog } from './accounting.sync.js';

/** The accounting integration, QuickBooks Online (spec §7, issue 23); admins only, like every integration. */

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

tenantQuery('accountingSystemStatus', ADMIN, {
  type: StatusRef,
  description: "The company's accounting connection and its disconnected flag (read by admins at start-up).",
  resolve: (args, g) => accountingStatus(g.tx, g.ctx.config, args.tenant_uuid),
});

connectionMutation({
  name: 'accountingSystemConnection',
  type: {
    name: 'AccountingSystemConnectionResult',
    description:
      "connect answers redirect_uri (QuickBooks' consent page); check answers 'Connected' or the reason; disconnect 'Disconnected'.",
  },
  description:
    "Spec §7: event_type connect (answers redirect_uri, QuickBooks' consent page; the optional redirect_uri argument " +
    'is the page of this app to come back to), check, or disconnect.',
  events: CONNECTION_EVENTS,
  badEvent: ACCOUNTING_MESSAGES.badEvent,
  run: (g, tenant, event, redirectUri) => accountingSystemConnection(g.tx, g.ctx.config, tenant, g.member.employeeId, event, redirectUri),
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

apiMutation({
  name: 'accountingSystemApi',
  type: {
    name: 'AccountingSystemApiResult',
    description: "accountingSystemApi's answer: message is 'Connected' when QuickBooks was reachable, else the reason; data by action.",
  },
  description:
    'Spec §7 accountingSystemApi. action: mapping (local records, QuickBooks entities, links, suggestions by name), ' +
    'map {kind, local_id, remote_id|null}, preview {types?, from?, to?} (the dry run), push (the same, carried out; ' +
    'idempotent by record and version), log {limit?}.',
  actions: API_ACTIONS,
  badAction: ACCOUNTING_MESSAGES.badAction,
  steps: {
    mapping: ({ tx, ctx }, tenant) => answer(mapping(tx, ctx.config, tenant)),
    map: async ({ tx }, tenant, payload) => ({ message: null, data: await map(tx, tenant, parse(mapPayloadSchema, payload)) }),
    preview: ({ tx, ctx }, tenant, payload) => answer(preview(tx, ctx.config, tenant, parse(syncPayloadSchema, payload))),
    push: ({ tx, ctx }, tenant, payload) => answer(push(tx, ctx.config, tenant, parse(syncPayloadSchema, payload))),
    log: async ({ tx }, tenant, payload) => {
      const { limit } = parse(logPayloadSchema, payload);
      return { message: null, data: { entries: await syncLog(tx, tenant, limit) } };
    },
  },
});
