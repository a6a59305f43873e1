import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The header the PostGraphile peer takes its tenant from (it has no sessions; see startPostGraphile). */
export const TENANT_HEADER = 'x-bench-tenant';

/**
 * PostGraphile's generated orderBy only offers columns, and its condition only equality, so neither can say
 * `lower(coalesce(firstname, ''))` or `status <> 0`. These computed-column functions (bench database only,
 * created after migrate) carry the app's sort keys and the jobs soft-delete filter; the smart tags turn on
 * ordering by the sort keys (+orderBy) and a `condition: { active: true }` on jobs (+filterBy). They are
 * one-expression SQL functions, so the planner inlines them and the app's expression indexes
 * (employees_tenant_name_idx, jobs_tenant_sort_idx) serve the same plan as the raw route.
 */
export const SORT_FUNCTIONS_SQL = `
create function employees_first_sort(e employees) returns text language sql stable as $$ select lower(coalesce(e.firstname, '')) $$;
create function employees_last_sort(e employees) returns text language sql stable as $$ select lower(coalesce(e.lastname, '')) $$;
create function jobs_sort_key(j jobs) returns text language sql stable as $$ select lower(coalesce(nullif(j.job_abbr, ''), j.job)) $$;
create function jobs_active(j jobs) returns boolean language sql stable as $$ select j.status <> 0 $$;
comment on function employees_first_sort(employees) is E'@behavior +orderBy';
comment on function employees_last_sort(employees) is E'@behavior +orderBy';
comment on function jobs_sort_key(jobs) is E'@behavior +orderBy';
comment on function jobs_active(jobs) is E'@behavior +filterBy';
grant execute on function employees_first_sort(employees), employees_last_sort(employees), jobs_sort_key(jobs), jobs_active(jobs) to app_user;
`;

export type PostGraphileServer = { url: string; close: () => Promise<void> };

/**
 * PostGraphile v5 (amber preset) on a plain Node http server over the bench database, as a peer of the app.
 * Introspection runs on the pool's own login role (the bench's superuser, which sees every table); each
 * request then runs, like the app's withTenant, in a transaction that sets app.tenant_uuid and the role
 * app_user (grafast's pgSettings: begin; select set_config(k, v, true) …; query; commit), so the same
 * forced RLS applies. Unlike the app it checks no session or membership: the tenant comes from a header.
 */
/** The part of PostGraphile's API the bench uses (its own types live in bench/peer's install, not the project's). */
type PeerPreset = Record<string, unknown>;
type Peer = {
  postgraphile: (preset: PeerPreset) => {
    createServ: (grafserv: unknown) => { addTo: (server: Server, addExitHandler: boolean) => Promise<void> };
    getSchema: () => Promise<unknown>;
    release: () => Promise<void>;
  };
  makePgService: (options: {
    connectionString: string;
    poolConfig: { max: number };
    schemas: string[];
    pubsub: boolean;
    pgSettings: (ctx: { node?: { req: IncomingMessage } }) => Record<string, string | undefined>;
  }) => PeerPreset & { release?: () => Promise<void> };
  grafserv: unknown;
  PostGraphileAmberPreset: PeerPreset;
};

const PEER_DIR = fileURLToPath(new URL('./peer/', import.meta.url));

/**
 * PostGraphile 5 declares node >= 22, so it is not in the project's install (npm ci would warn on every machine);
 * bench/peer pins it with a lockfile of its own and is installed here on the first bench run.
 */
async function loadPeer(): Promise<Peer> {
  if (!existsSync(`${PEER_DIR}node_modules/postgraphile/package.json`)) {
    console.log('postgraphile: installing the bench peer into bench/peer (first run only)');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: PEER_DIR, stdio: 'inherit' });
  }
  return (await import(new URL('./peer/index.js', import.meta.url).href)) as Peer;
}

export async function startPostGraphile(opts: { connectionString: string; poolSize: number }): Promise<PostGraphileServer> {
  polyfillPromiseWithResolvers();
  // Loaded only now, after the polyfill, and with GRAPHILE_ENV set (grafast reads it when it loads).
  process.env.GRAPHILE_ENV ??= process.env.NODE_ENV === 'production' ? 'production' : 'development';
  const { postgraphile, makePgService, grafserv, PostGraphileAmberPreset } = await loadPeer();
  const pgService = makePgService({
    connectionString: opts.connectionString,
    poolConfig: { max: opts.poolSize },
    schemas: ['public'],
    // No LISTEN client: the bench has no subscriptions.
    pubsub: false,
    pgSettings: (ctx) => {
      const tenant = ctx.node?.req.headers[TENANT_HEADER];
      return { role: 'app_user', 'app.tenant_uuid': typeof tenant === 'string' ? tenant : undefined };
    },
  });
  const preset: PeerPreset = {
    extends: [PostGraphileAmberPreset],
    pgServices: [pgService],
    grafserv: { graphqlPath: '/graphql', graphiql: false, watch: false },
    grafast: { explain: false },
  };
  const pgl = postgraphile(preset);
  // pgl.release() releases grafserv only; the service's pool is ours to end (after it, in reverse order).
  const closers: (() => Promise<unknown>)[] = [async () => pgService.release?.(), async () => pgl.release()];
  const server = createServer();
  try {
    const serv = pgl.createServ(grafserv);
    // Builds the schema (introspection) before the first request, so start-up failures surface here.
    await pgl.getSchema();
    await serv.addTo(server, false);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
  } catch (err) {
    for (const close of [...closers].reverse()) await close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    // The server closes before the pool it uses ends.
    close: async () => {
      for (const close of [...closers].reverse()) await close();
    },
  };
}

/**
 * PostGraphile 5 declares node >= 22 (its engines field) and calls Promise.withResolvers, which Node 20 (our
 * floor, and this machine's node) lacks. Without it @dataplan/pg's executor throws before it sends any SQL,
 * swallows the error and every list resolves to null with a masked "Cannot read properties of undefined
 * (reading 'items')". This is the standard behaviour, installed only when missing. Of the other recent
 * additions searched for in grafast, @dataplan/pg, grafserv and graphile-build(-pg), only Symbol.asyncDispose
 * is used, and Node 20 has it; the bench checks the pages and the tenant wall before it measures anything.
 */
function polyfillPromiseWithResolvers(): void {
  const P = Promise as unknown as { withResolvers?: unknown };
  if (typeof P.withResolvers === 'function') return;
  P.withResolvers = function withResolvers<T>(this: PromiseConstructor) {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new this<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
