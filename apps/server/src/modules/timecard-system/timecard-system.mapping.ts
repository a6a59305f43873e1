import { CONNECTED, suggestRemote } from '@groundwork/core/accounting';
import { fromText } from '@groundwork/core/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import { costcodes } from '../costcodes/costcodes.table.js';
import { jobsOf, type Named, peopleOf } from '../integrations/integrations.mapping.js';
import { TIMECARD_SYSTEM_MESSAGES as M, type TimecardMapPayload, type TimecardMappingKind } from './timecard-system.rules.js';
import { withApi } from './timecard-system.service.js';
import { timecardSystemMappings } from './timecard-system.table.js';

/** The mapping screen's data: QuickBooks Time users and jobcodes beside our people and jobs, with suggestions by name. */

export type Link = { local_id: number; remote_name: string | null; costcodes_id: number | null };

/** The company's links, by kind and remote id. */
export async function linksOf(tx: Tx, tenant: string) {
  const rows = await tx.select().from(timecardSystemMappings).where(eq(timecardSystemMappings.tenant_uuid, tenant));
  const byKind = new Map<string, Map<string, Link>>();
  for (const r of rows) {
    if (!byKind.has(r.kind)) byKind.set(r.kind, new Map());
    byKind.get(r.kind)?.set(r.remote_id, { local_id: r.local_id, remote_name: r.remote_name, costcodes_id: r.costcodes_id });
  }
  return (kind: TimecardMappingKind) => byKind.get(kind) ?? new Map<string, Link>();
}

type RemoteRow = { remote_id: string; name: string; local_id: number | null; suggestion: Named | null };

function rowsOf(remotes: { id: number; name: string }[], locals: Named[], links: Map<string, Link>): RemoteRow[] {
  const candidates = locals.map((l) => ({ id: String(l.id), name: l.name }));
  return remotes.map((r) => {
    const link = links.get(String(r.id));
    const guess = link ? null : suggestRemote(r.name, candidates);
    return {
      remote_id: String(r.id),
      name: r.name,
      local_id: link?.local_id ?? null,
      suggestion: guess ? { id: Number(guess.id), name: guess.name } : null,
    };
  });
}

export async function mapping(tx: Tx, config: Config, tenant: string) {
  const links = await linksOf(tx, tenant);
  const result = await withApi(tx, config, tenant, async (api) => {
    const [users, jobcodes] = [await api.users(), await api.jobcodes()];
    const people = await peopleOf(tx, tenant);
    const ourJobs = await jobsOf(tx, tenant);
    const userNames = users
      .filter((u) => u.active !== false)
      .map((u) => ({ id: u.id, name: [u.first_name, u.last_name].filter(Boolean).join(' ') || (u.username ?? `#${u.id}`) }));
    const codes = jobcodes.filter((j) => j.active !== false).map((j) => ({ id: j.id, name: j.name }));
    return {
      users: rowsOf(userNames, people, links('user')),
      jobcodes: rowsOf(codes, ourJobs, links('jobcode')),
      people,
      jobs: ourJobs,
    };
  });
  return 'message' in result
    ? { message: result.message, users: [], jobcodes: [], people: [], jobs: [] }
    : { message: CONNECTED, ...result };
}

export async function map(tx: Tx, tenant: string, p: TimecardMapPayload) {
  const where = and(
    eq(timecardSystemMappings.tenant_uuid, tenant),
    eq(timecardSystemMappings.kind, p.kind),
    eq(timecardSystemMappings.remote_id, p.remote_id),
  );
  if (p.local_id === null) {
    await tx.delete(timecardSystemMappings).where(where);
    return { kind: p.kind, remote_id: p.remote_id, local_id: null };
  }
  const locals = p.kind === 'user' ? await peopleOf(tx, tenant) : await jobsOf(tx, tenant);
  if (!locals.some((l) => l.id === p.local_id)) throw new AppError('NOT_FOUND', fromText(M.unknownRecord));
  if (p.costcodes_id != null) {
    const [code] = await tx
      .select({ id: costcodes.id })
      .from(costcodes)
      .where(and(eq(costcodes.tenant_uuid, tenant), eq(costcodes.id, p.costcodes_id)));
    if (!code || p.kind !== 'jobcode') throw new AppError('NOT_FOUND', fromText(M.unknownRecord));
  }
  const set = { local_id: p.local_id, remote_name: p.remote_name ?? null, costcodes_id: p.costcodes_id ?? null };
  await tx
    .insert(timecardSystemMappings)
    .values({ tenant_uuid: tenant, kind: p.kind, remote_id: p.remote_id, ...set })
    .onConflictDoUpdate({
      target: [timecardSystemMappings.tenant_uuid, timecardSystemMappings.kind, timecardSystemMappings.remote_id],
      set: { ...set, updated_on: sql`now()` },
    });
  return { kind: p.kind, remote_id: p.remote_id, local_id: p.local_id };
}
