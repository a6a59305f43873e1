import { JOIN_LINK_NAME_MAX, joinLinkFields, joinUrl } from '@groundwork/core/join';
import { atField, fromText, type Message, msg } from '@groundwork/core/messages';
import { ADMIN_ACCESS } from '@groundwork/core/permissions';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { builder } from '../../graphql/builder.js';
import { AppError, forbidden, notFound } from '../../graphql/errors.js';
import { type Gated, type Rule, tenantMutation, tenantQuery } from '../../graphql/gate.js';
import { employeeOps } from '../employees/employees.graphql.js';
import { employees } from '../employees/employees.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { usergroups } from '../usergroups/usergroups.table.js';
import { admit, announceApproval, newJoinCode } from './join.service.js';
import { joinLinks, joinRequests } from './join.table.js';

/** Join links and pending people are people admins' business (spec §6 people_admin, or admin_access). */
const PEOPLE_ADMINS: Rule = { area: 'people', action: 'write' };
/** Approving adds a member (and groups): cached members of the company are dropped once it commits. */
const APPROVE: Rule = { area: 'people', action: 'write', changesAccess: true };

const validation = (message: Message, field?: string) => new AppError('VALIDATION', message, field ? { field } : {});

type Link = typeof joinLinks.$inferSelect & { url: string; pending: number };
type Request = typeof joinRequests.$inferSelect & { link_name: string };

const JoinLinkRef = builder.objectRef<Link>('JoinLink').implement({
  description: "A company's sign-up link (/join?company=<code>) and its settings.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    code: t.exposeString('code'),
    url: t.exposeString('url', { description: 'The public link a poster and its QR code hold.' }),
    status: t.exposeInt('status', { description: '1 on, 0 turned off (the code then answers like an unknown one).' }),
    auto_approve: t.exposeBoolean('auto_approve', { description: 'Joiners become members at once, with usergroup_ids.' }),
    usergroup_ids: t.exposeIntList('usergroup_ids'),
    pending: t.exposeInt('pending', { description: 'How many people wait for approval through this link.' }),
    created_on: t.exposeString('created_on'),
    updated_on: t.exposeString('updated_on'),
  }),
});

const JoinRequestRef = builder.objectRef<Request>('JoinRequest').implement({
  description: 'Someone who asked to join through a link and waits for a people admin.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    join_links_id: t.exposeInt('join_links_id'),
    link_name: t.exposeString('link_name'),
    username: t.exposeString('username', { description: 'The e-mail or phone number they sign in with.' }),
    firstname: t.exposeString('firstname'),
    lastname: t.exposeString('lastname'),
    created_on: t.exposeString('created_on', { description: 'When they asked to join.' }),
  }),
});

async function loadLinks(tx: Tx, g: Gated, id?: number): Promise<Link[]> {
  const tenant = g.member.tenantUuid;
  const rows = await tx
    .select({
      link: joinLinks,
      // Written out in full: drizzle renders a column inside sql`` unqualified, which here would name the request's own id.
      pending: sql<number>`(select count(*)::int from join_requests r where r.tenant_uuid = join_links.tenant_uuid and r.join_links_id = join_links.id)`,
    })
    .from(joinLinks)
    .where(and(eq(joinLinks.tenant_uuid, tenant), id === undefined ? undefined : eq(joinLinks.id, id)))
    .orderBy(desc(joinLinks.status), asc(joinLinks.id));
  return rows.map((r) => ({ ...r.link, pending: Number(r.pending), url: joinUrl(g.ctx.config.appOrigin, r.link.code) }));
}

async function oneLink(tx: Tx, g: Gated, id: number): Promise<Link> {
  const [link] = await loadLinks(tx, g, id);
  if (!link) throw notFound(msg('join.linkNotFound'));
  return link;
}

/**
 * The groups a link hands out must exist in the company; choosing them is handing out permissions, which only
 * full admins do (as updateUserGroupsForUser), so a people admin may keep a link's groups but not change them.
 */
async function checkGroups(tx: Tx, g: Gated, ids: readonly number[], current: readonly number[] = []): Promise<number[]> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const same = wanted.length === current.length && wanted.every((id, i) => id === [...current].sort((a, b) => a - b)[i]);
  if (!same && !g.member.permissions.has(ADMIN_ACCESS)) throw forbidden();
  if (!wanted.length) return wanted;
  const known = await tx
    .select({ id: usergroups.id })
    .from(usergroups)
    .where(and(eq(usergroups.tenant_uuid, g.member.tenantUuid), inArray(usergroups.id, wanted)));
  const missing = wanted.filter((id) => !known.some((k) => k.id === id));
  if (missing.length) throw validation(msg('people.unknownGroup', { names: missing.join(', ') }), 'usergroup_ids');
  return wanted;
}

function checkName(name: string): string {
  const parsed = joinLinkFields.shape.name.safeParse(name);
  if (!parsed.success)
    throw validation(
      atField('name', parsed.error.issues[0] ? fromText(parsed.error.issues[0].message) : msg('form.max', { max: JOIN_LINK_NAME_MAX })),
      'name',
    );
  return parsed.data;
}

tenantQuery('listJoinLinks', PEOPLE_ADMINS, {
  type: [JoinLinkRef],
  description: "The company's join links, those turned on first (people admins).",
  resolve: (_args, g) => loadLinks(g.tx, g),
});

tenantMutation('createJoinLink', PEOPLE_ADMINS, {
  type: JoinLinkRef,
  description: 'A new join link with a fresh random code.',
  args: (arg) => ({
    name: arg.string({ required: true }),
    auto_approve: arg.boolean({ required: false }),
    usergroup_ids: arg.intList({ required: false }),
  }),
  resolve: async (args, g) => {
    const name = checkName(args.name);
    const groups = await checkGroups(g.tx, g, args.usergroup_ids ?? []);
    const [row] = await g.tx
      .insert(joinLinks)
      .values({
        tenant_uuid: g.member.tenantUuid,
        code: newJoinCode(),
        name,
        auto_approve: args.auto_approve ?? false,
        usergroup_ids: groups,
      })
      .returning({ id: joinLinks.id });
    return oneLink(g.tx, g, row.id);
  },
});

tenantMutation('updateJoinLink', PEOPLE_ADMINS, {
  type: JoinLinkRef,
  description: 'Renames a link, turns it on (status 1) or off (0), or changes whether and with which groups joiners get in at once.',
  args: (arg) => ({
    id: arg.int({ required: true }),
    name: arg.string({ required: false }),
    status: arg.int({ required: false }),
    auto_approve: arg.boolean({ required: false }),
    usergroup_ids: arg.intList({ required: false }),
  }),
  resolve: async (args, g) => {
    const current = await oneLink(g.tx, g, args.id);
    if (args.status != null && args.status !== 0 && args.status !== 1)
      throw validation(atField('status', msg('common.mustBeZeroOne')), 'status');
    const set: Partial<typeof joinLinks.$inferInsert> = {};
    if (args.name != null) set.name = checkName(args.name);
    if (args.status != null) set.status = args.status;
    if (args.auto_approve != null) set.auto_approve = args.auto_approve;
    if (args.usergroup_ids != null) set.usergroup_ids = await checkGroups(g.tx, g, args.usergroup_ids, current.usergroup_ids);
    await g.tx
      .update(joinLinks)
      .set({ ...set, updated_on: sql`now()` })
      .where(and(eq(joinLinks.tenant_uuid, g.member.tenantUuid), eq(joinLinks.id, args.id)));
    return oneLink(g.tx, g, args.id);
  },
});

tenantMutation('rotateJoinLink', PEOPLE_ADMINS, {
  type: JoinLinkRef,
  description: 'Gives the link a new code: the old code, its posters and QR codes stop working at once.',
  args: (arg) => ({ id: arg.int({ required: true }) }),
  resolve: async (args, g) => {
    await oneLink(g.tx, g, args.id);
    await g.tx
      .update(joinLinks)
      .set({ code: newJoinCode(), updated_on: sql`now()` })
      .where(and(eq(joinLinks.tenant_uuid, g.member.tenantUuid), eq(joinLinks.id, args.id)));
    return oneLink(g.tx, g, args.id);
  },
});

tenantQuery('listJoinRequests', PEOPLE_ADMINS, {
  type: [JoinRequestRef],
  description: 'People waiting for approval, oldest first, with the link they came through.',
  resolve: async (_args, { tx, member }) =>
    (await tx
      .select({
        tenant_uuid: joinRequests.tenant_uuid,
        id: joinRequests.id,
        join_links_id: joinRequests.join_links_id,
        cognito_uuid: joinRequests.cognito_uuid,
        username: joinRequests.username,
        firstname: joinRequests.firstname,
        lastname: joinRequests.lastname,
        created_on: joinRequests.created_on,
        link_name: joinLinks.name,
      })
      .from(joinRequests)
      .innerJoin(joinLinks, and(eq(joinLinks.tenant_uuid, joinRequests.tenant_uuid), eq(joinLinks.id, joinRequests.join_links_id)))
      .where(eq(joinRequests.tenant_uuid, member.tenantUuid))
      .orderBy(asc(joinRequests.created_on), asc(joinRequests.id))) as Request[],
});

async function takeRequest(tx: Tx, tenant: string, id: number) {
  const [request] = await tx
    .delete(joinRequests)
    .where(and(eq(joinRequests.tenant_uuid, tenant), eq(joinRequests.id, id)))
    .returning();
  if (!request) throw notFound(msg('join.noLongerWaiting'));
  return request;
}

tenantMutation('approveJoinRequest', APPROVE, {
  type: employeeOps.objectRef,
  description:
    "Makes a pending person a member, in their link's groups, and tells them by e-mail or text; returns their new person record.",
  args: (arg) => ({ id: arg.int({ required: true }) }),
  resolve: async (args, g) => {
    const tenant = g.member.tenantUuid;
    const request = await takeRequest(g.tx, tenant, args.id);
    const [link] = await g.tx
      .select({ usergroup_ids: joinLinks.usergroup_ids })
      .from(joinLinks)
      .where(and(eq(joinLinks.tenant_uuid, tenant), eq(joinLinks.id, request.join_links_id)));
    const { id } = await admit(g.tx, tenant, request, link?.usergroup_ids ?? []);
    const [row] = await g.tx
      .select()
      .from(employees)
      .where(and(eq(employees.tenant_uuid, tenant), eq(employees.id, id)));
    const [company] = await g.tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
    g.afterCommit(async () =>
      announceApproval(
        { mailer: g.ctx.mailer, sms: g.ctx.sms },
        request.username,
        company?.company ?? 'Groundwork',
        g.ctx.config.appOrigin,
        // Read once the transaction is over (the account is global).
        await g.ctx.accounts.languageOf(request.cognito_uuid),
      ),
    );
    return row;
  },
});

tenantMutation('declineJoinRequest', PEOPLE_ADMINS, {
  type: 'Boolean',
  description: 'Removes a pending person; they are not told, and may ask again through a link that still works.',
  args: (arg) => ({ id: arg.int({ required: true }) }),
  resolve: async (args, g) => {
    await takeRequest(g.tx, g.member.tenantUuid, args.id);
    return true;
  },
});
