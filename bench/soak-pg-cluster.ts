import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A throwaway PostgreSQL cluster for the kill soak (bench/soak-kill.ts): initdb into a temporary folder, listening on
 * 127.0.0.1 only on a free port, so the soak can SIGKILL its postmaster (or stop it with `-m immediate`) without
 * touching any other server on the machine. Run as the `postgres` user when this process is root (initdb refuses root).
 */
export type Cluster = {
  url: string;
  port: number;
  /** SIGKILL of the postmaster, or `pg_ctl stop -m immediate`: the way it went down. */
  crash(how: 'sigkill' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error('no PostgreSQL binaries: set PG_BIN to the folder holding initdb and pg_ctl');
  return path.join(root, versions[0], 'bin');
}

async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 200; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  const root = mkdtempSync(path.join(tmpdir(), 'gw-soak-cluster-'));
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  // Root: the folder goes to postgres, and every command runs as postgres.
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args]) : spawnSync(full, args);
    return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
  };
  const init = run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  if (!init.ok) throw new Error(`initdb failed: ${init.out}`);
  const port = await freePort(55_432);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c max_connections=60`;
  const start = async () => {
    // After a SIGKILL of the postmaster its backends may hold the shared memory a moment longer: try again.
    for (let i = 0; ; i++) {
      const r = run('pg_ctl', ['-D', data, '-l', path.join(root, 'log'), '-w', '-t', '60', '-o', options, 'start']);
      if (r.ok) return;
      if (i >= 60) throw new Error(`pg_ctl start failed: ${r.out}\n${readFileSync(path.join(root, 'log'), 'utf8').slice(-2000)}`);
      await sleep(500);
    }
  };
  await start();
  const postmasterPid = () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async crash(how) {
      if (how === 'immediate') {
        const r = run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        if (!r.ok) throw new Error(`pg_ctl stop -m immediate failed: ${r.out}`);
        return;
      }
      const pid = postmasterPid();
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await sleep(50);
      }
    },
    start,
    async destroy() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
